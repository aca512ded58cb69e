// The one tokeniser of the inverted index: documents are indexed and queries are searched with the same steps
// (lowercase, accents and punctuation stripped, stopwords dropped, light suffix stemming).

const STOPWORDS = new Set(
  `a about above after again against all am an and any are aren't as at be because been before being below between both but by
  can cannot could did do does doing down during each few for from further had has have having he her here hers herself him
  himself his how i if in into is it its itself just let me more most my myself no nor not of off on once only or other ought
  our ours ourselves out over own same she should so some such than that the their theirs them themselves then there these
  they this those through to too under until up very was we were what when where which while who whom why will with would
  you your yours yourself yourselves also may might must shall via per etc`
    .split(/\s+/)
    .map((word) => word.replace(/'/g, ''))
    .filter(Boolean),
);

const MAX_TERM_LENGTH = 40;
const TOKEN_PATTERN = /[\p{L}\p{N}]+/gu;

/** Removes a few common English inflections; deliberately light so that unrelated words do not merge. */
export function stem(word: string): string {
  if (word.length <= 3 || /^\d+$/.test(word)) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (word.endsWith('sses') || /(x|ch|sh|z)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !/(ss|us|is)$/.test(word)) word = word.slice(0, -1);
  for (const suffix of ['ingly', 'edly', 'ing', 'ed']) {
    if (word.endsWith(suffix) && word.length - suffix.length >= 3) {
      const base = word.slice(0, -suffix.length);
      if (!/[aeiouy]/.test(base)) return word;
      // "running" → "run", "stopped" → "stop"
      return /([b-df-hj-np-tv-z])\1$/.test(base) && !/(ll|ss|zz)$/.test(base) ? base.slice(0, -1) : base;
    }
  }
  if (word.endsWith('ly') && word.length > 5) return word.slice(0, -2);
  return word;
}

/** Index terms of a text, in order, repeats kept. */
export function tokenize(text: string): string[] {
  const terms: string[] = [];
  const folded = text.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase().replace(/['’]/g, '');
  for (const match of folded.matchAll(TOKEN_PATTERN)) {
    const word = match[0];
    if (word.length < 2 && !/\d/.test(word)) continue;
    if (STOPWORDS.has(word)) continue;
    terms.push(stem(word).slice(0, MAX_TERM_LENGTH));
  }
  return terms;
}

/** How often each term occurs, and the text's length in terms (BM25's document length). */
export function termFrequencies(text: string): { frequencies: Map<string, number>; length: number } {
  const terms = tokenize(text);
  const frequencies = new Map<string, number>();
  for (const term of terms) frequencies.set(term, (frequencies.get(term) ?? 0) + 1);
  return { frequencies, length: terms.length };
}

/** Distinct query terms, at most `max`, in the order written. */
export function queryTerms(query: string, max = 32): string[] {
  return [...new Set(tokenize(query))].slice(0, max);
}
