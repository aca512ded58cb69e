// Street keywords, and the anchors of the address cores that are whole words (see address.ts), found in one pass.
export const ENGLISH_SUFFIX =
  'street|st|avenue|ave|road|rd|lane|ln|drive|dr|boulevard|blvd|way|court|ct|place|pl|terrace|crescent|close|parkway|pkwy|' +
  'highway|hwy|square|sq|circle|cir|trail|alley|row|mews|walk|grove|gardens|heights|parade|esplanade|quay|wharf|creek|loop|path|pike|plaza|cove|run';
export const LEADING_KEYWORD =
  'rue|avenue|av|bd|boulevard|chemin|allée|impasse|quai|via|viale|piazza|corso|largo|vicolo|strada|calle|carrer|avenida|paseo|camino|' +
  'plaza|travesía|rua|travessa|estrada|praça|alameda|ul|ulica|aleja|ulitsa|odos|leoforos|rambla|ronda|passeig|rruga|sokak|caddesi';

export const ENGLISH_SUFFIX_ANCHOR = new RegExp(`\\b(?:${ENGLISH_SUFFIX})\\b`, 'gi');
export const LEADING_KEYWORD_ANCHOR = new RegExp(`\\b(?:${LEADING_KEYWORD})\\.? `, 'gi');
export const BOX_ANCHOR = /\bbox \d/gi;
export const NAMED_STREET_ANCHOR = /\b(?:Street|Road|Avenue|Lane|Boulevard|Drive)\b/g;
export const FPO_ANCHOR = /\bFPO\b/g;
const STREET_SUFFIX_WORDS = ['Street', 'Road', 'Avenue', 'Lane', 'Boulevard', 'Drive', 'Way', 'Court', 'Terrace', 'Crescent', 'Parkway', 'Highway', 'Close', 'Square'];
/** The street words after which postal.ts looks for a street named like a person ("Emily Carter Road"). */
export const STREET_SUFFIX_ANCHOR = new RegExp(`\\b(?:${STREET_SUFFIX_WORDS.join('|')})\\b`, 'g');

export type Hit = [index: number, length: number];

const isAsciiWord = (word: string) => /^[a-z]+$/.test(word);
const ENGLISH_WORDS: ReadonlySet<string> = new Set(ENGLISH_SUFFIX.split('|'));
const LEADING_WORDS: ReadonlySet<string> = new Set(LEADING_KEYWORD.split('|').filter(isAsciiWord));
const NAMED_STREETS: ReadonlySet<string> = new Set(['Street', 'Road', 'Avenue', 'Lane', 'Boulevard', 'Drive']);
const STREET_SUFFIXES: ReadonlySet<string> = new Set(STREET_SUFFIX_WORDS);
// Every hit of the anchors above, but the keywords with letters beyond ASCII, is a whole run of ASCII word characters
// (what \b bounds) that this pattern finds; the keyword decides which anchors it is a hit of.
const KEYWORD_RUN = new RegExp(`\\b(?:${[...new Set([...ENGLISH_WORDS, ...LEADING_WORDS, 'box', 'fpo'])].join('|')})\\b`, 'gi');
// "allée", "travesía", "praça": \b sees only part of them as a word, so a pattern of their own finds them, and only runs
// when the text holds one of their letters beyond ASCII.
const OTHER_LEADING = LEADING_KEYWORD.split('|').filter((word) => !isAsciiWord(word));
const OTHER_LEADING_ANCHOR = new RegExp(`\\b(?:${OTHER_LEADING.join('|')})\\.? `, 'gi');
const OTHER_LEADING_LETTERS = new RegExp(`[${[...new Set(OTHER_LEADING.join('').replace(/[a-z]/g, ''))].join('')}]`, 'i');

/**
 * The hits of ENGLISH_SUFFIX_ANCHOR, LEADING_KEYWORD_ANCHOR, BOX_ANCHOR, NAMED_STREET_ANCHOR, FPO_ANCHOR and
 * STREET_SUFFIX_ANCHOR, each list as text.matchAll(anchor) gives it (address-anchors.test.ts checks that), from one pass
 * instead of six.
 */
export function keywordAnchorHits(text: string): Map<RegExp, Hit[]> {
  const english: Hit[] = [];
  let leading: Hit[] = [];
  const box: Hit[] = [];
  const named: Hit[] = [];
  const fpo: Hit[] = [];
  const streets: Hit[] = [];
  for (const m of text.matchAll(KEYWORD_RUN)) {
    const word = m[0];
    const start = m.index;
    const end = start + word.length;
    const lower = word.toLowerCase();
    if (ENGLISH_WORDS.has(lower)) english.push([start, word.length]);
    if (NAMED_STREETS.has(word)) named.push([start, word.length]);
    if (word === 'FPO') fpo.push([start, 3]);
    if (STREET_SUFFIXES.has(word)) streets.push([start, word.length]);
    const next = text.charCodeAt(end);
    if (LEADING_WORDS.has(lower)) {
      // The keyword, an optional "." and a space.
      if (next === 32) leading.push([start, word.length + 1]);
      else if (next === 46 && text.charCodeAt(end + 1) === 32) leading.push([start, word.length + 2]);
    }
    if (lower === 'box' && next === 32 && isDigitCode(text.charCodeAt(end + 1))) box.push([start, 5]);
  }
  if (OTHER_LEADING_LETTERS.test(text)) {
    // No hit of these overlaps a hit of the ASCII keywords, so the two lists merge by position.
    for (const m of text.matchAll(OTHER_LEADING_ANCHOR)) leading.push([m.index, m[0].length]);
    leading = leading.sort((a, b) => a[0] - b[0]);
  }
  return new Map<RegExp, Hit[]>([
    [ENGLISH_SUFFIX_ANCHOR, english],
    [LEADING_KEYWORD_ANCHOR, leading],
    [BOX_ANCHOR, box],
    [NAMED_STREET_ANCHOR, named],
    [FPO_ANCHOR, fpo],
    [STREET_SUFFIX_ANCHOR, streets],
  ]);
}

function isDigitCode(code: number): boolean {
  return code >= 48 && code <= 57;
}
