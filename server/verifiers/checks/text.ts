// The small text toolkit of the built-in checks: sentences and content words (lowercase, accents folded,
// stopwords dropped, plurals folded). Kept here, not shared with retrieval, so that scores stay stable.

const STOPWORDS = new Set(
  `a about above after again against all also am an and any are as at be because been before being below between both but by
  can cannot could did do does doing down during each few for from further had has have having he her here hers herself him
  himself his how i if in into is it its itself just let me more most my myself no nor not of off on once only or other our
  ours ourselves out over own same she should so some such than that the their theirs them themselves then there these they
  this those through to too under until up very was we were what when where which while who whom why will with would you
  your yours yourself yourselves may might must shall via per etc yes ok okay please thank thanks tell give show explain
  describe`.split(/\s+/).filter(Boolean),
);

const WORD_PATTERN = /[\p{L}\p{N}]+/gu;

const NON_ASCII = /[^ -~\t\n\r]/;

/** Lowercase with accents folded and apostrophes dropped ("Don’t" → "dont"). ASCII text has no accent to fold. */
export function fold(text: string): string {
  const unaccented = NON_ASCII.test(text) ? text.normalize('NFKD').replace(/\p{M}+/gu, '') : text;
  return unaccented.toLowerCase().replace(/['’]/g, '');
}

/** Folds a plural onto its singular: "policies" → "policy", "reports" → "report"; leaves "status", "class" alone. */
export function singular(word: string): string {
  // A number never ends in "s": the first test leaves numbers alone too.
  if (word.length <= 3 || !word.endsWith('s')) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (word.endsWith('ss') || word.endsWith('us') || word.endsWith('is')) return word;
  return word.slice(0, -1);
}

/** Content words in order, repeats kept: no stopwords, no one-letter words (digits are kept). */
export function contentWords(text: string): string[] {
  const words: string[] = [];
  for (const match of fold(text).matchAll(WORD_PATTERN)) {
    const word = match[0];
    if ((word.length < 2 && !(word >= '0' && word <= '9')) || STOPWORDS.has(word)) continue;
    words.push(singular(word));
  }
  return words;
}

export const distinctWords = (text: string): Set<string> => new Set(contentWords(text));

/** Sentences: split after . ! ? followed by white space, and at line breaks. */
export function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+|\n+/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.length > 0);
}

export const percent = (part: number, whole: number): number => (whole === 0 ? 0 : Math.round((100 * part) / whole));
