import { CITIES, COUNTRIES, PLACE_FIRST_WORDS, REGIONS } from './gazetteer';
import type { TextCasing } from './tokens';

/** What follows a street core: unit, postcode, state, a known place, or locality words. */
export type PartKind = 'secondary' | 'postcode' | 'state' | 'place' | 'words';

export interface AddressPart {
  kind: PartKind;
  start: number;
  end: number;
}

export const SECONDARY = /^(?:apt|apartment|suite|ste|unit|flat|floor|fl|room|rm|#)\.? ?[\w-]{1,6}\b/i;
const POSTCODE = /^(?:\d{4,6}(?:-\d{4})?|[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2})(?![\w-])/;
const MILITARY = /^[AFD]PO A[AEP] \d{5}\b/i;
// A state or province code; "nan" is how generated data renders an empty one.
const STATE_CODE = /^(?:[A-Z]{2,3}|\d{2}|nan)\b/;
const STATE_CODE_LOWER = /^(?:[a-z]{2,3}|\d{2})\b/;
// Separators between address parts: commas, spaces, and newlines with the quoting prefixes of letters and e-mails.
const SEPARATOR = /^(?:[ \t]*(?:,|\r?\n(?:>|\?\?\? ?)?)?[ \t]*){1,3}/;
const LOCALITY_WORD_UPPER = /^(?:\p{Lu}[\p{L}\p{M}'’.-]*|nan)(?![\p{L}\p{M}\d])/u;
const LOCALITY_WORD_LOWER = /^\p{L}[\p{L}\p{M}'’.-]*(?![\p{L}\p{M}\d])/u;
const NOT_LOCALITY = new Set(['for', 'in', 'and', 'or', 'but', 'to', 'at', 'on', 'please', 'thanks', 'is', 'was', 'the', 'a', 'an', 'from', 'with', 'by', 'i', 'we', 'my', 'last', 'next', 'this', 'that', 'it', 'if', 'so', 'as', 'be']);

export function separatorLength(text: string, at: number): number {
  return SEPARATOR.exec(text.slice(at, at + 8))?.[0].length ?? 0;
}

/** Extends an address over unit, city, region, postcode and country parts that follow it. */
export function extendAddress(text: string, from: number, casing: TextCasing): { end: number; parts: AddressPart[] } {
  let end = from;
  const parts: AddressPart[] = [];
  for (let step = 0; step < 8; step++) {
    const at = end + separatorLength(text, end);
    const rest = text.slice(at, at + 80);
    const afterSecondary = parts.some((p) => p.kind === 'secondary') && !/\n/.test(text.slice(end, at));
    const next = matchPart(rest, casing, afterSecondary);
    if (!next) break;
    parts.push({ kind: next.kind, start: at, end: at + next.length });
    end = at + next.length;
  }
  return { end, parts };
}

function matchPart(rest: string, casing: TextCasing, afterSecondary: boolean): { kind: PartKind; length: number } | undefined {
  const secondary = SECONDARY.exec(rest);
  if (secondary) return { kind: 'secondary', length: secondary[0].length };
  const fixed = POSTCODE.exec(rest) ?? MILITARY.exec(rest);
  if (fixed) return { kind: 'postcode', length: fixed[0].length };
  const state = (casing.allLower ? STATE_CODE_LOWER : STATE_CODE).exec(rest);
  if (state && followedByPostcodeOrPlace(rest.slice(state[0].length))) return { kind: 'state', length: state[0].length };
  const place = knownPlaceLength(rest);
  if (place > 0) return { kind: 'place', length: place };
  const words = (casing.allLower ? /^\p{L}[\p{L}\p{M}'’.-]*(?: \p{L}[\p{L}\p{M}'’.-]*){0,2}/u : /^\p{Lu}[\p{L}\p{M}'’.-]*(?: \p{Lu}[\p{L}\p{M}'’.-]*){0,2}/u).exec(rest);
  if (words && followedByLocality(rest.slice(words[0].length), casing)) return { kind: 'words', length: words[0].length };
  // After "Apt. 5" on the same line, the capitalised words are the town, state and country ("Suite 603 Calgary AB").
  if (afterSecondary) {
    const word = (casing.allLower ? LOCALITY_WORD_LOWER : LOCALITY_WORD_UPPER).exec(rest);
    if (word && !NOT_LOCALITY.has(word[0].toLowerCase())) return { kind: 'words', length: word[0].length };
  }
  return undefined;
}

function followedByPostcodeOrPlace(rest: string): boolean {
  const sep = SEPARATOR.exec(rest)?.[0] ?? '';
  const after = rest.slice(sep.length);
  return POSTCODE.test(after) || knownPlaceLength(after) > 0;
}

function followedByLocality(rest: string, casing: TextCasing): boolean {
  const sep = SEPARATOR.exec(rest)?.[0] ?? '';
  if (sep === '') return false;
  const after = rest.slice(sep.length);
  if (POSTCODE.test(after) || knownPlaceLength(after) > 0) return true;
  const state = (casing.allLower ? STATE_CODE_LOWER : STATE_CODE).exec(after);
  return state !== null && followedByPostcodeOrPlace(after.slice(state[0].length));
}

/** Letters, marks and the punctuation inside place names ("Saint-Denis", "St. John's"); non-ASCII counts as a letter. */
function isPlaceChar(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || code === 39 || code === 46 || code === 45 || code === 0x2019 || (code >= 0xc0 && code !== 0xd7 && code !== 0xf7 && (code < 0x2000 || code > 0x206f));
}

const wordEnds = new Int32Array(6);

/** Length of the longest known place name (up to six words) at the start of `rest`. */
export function knownPlaceLength(rest: string): number {
  let words = 0;
  let i = 0;
  while (words < 6) {
    const first = rest.charCodeAt(i);
    if (!isPlaceChar(first) || first === 39 || first === 46 || first === 45) break;
    let j = i + 1;
    while (j < rest.length && isPlaceChar(rest.charCodeAt(j))) j++;
    wordEnds[words++] = j;
    if (rest.charCodeAt(j) !== 32) break;
    i = j + 1;
  }
  if (words === 0) return 0;
  // Every name of two or more words opens with one of PLACE_FIRST_WORDS (its first word as written, dots included).
  const longest = words > 1 && PLACE_FIRST_WORDS.has(rest.slice(0, wordEnds[0]).toLowerCase()) ? words : 1;
  for (let n = longest; n >= 1; n--) {
    let end = wordEnds[n - 1] as number;
    while (end > 0 && rest.charCodeAt(end - 1) === 46) end--;
    const lower = rest.slice(0, end).toLowerCase();
    if (n === 1 && !PLACE_FIRST_WORDS.has(lower)) continue;
    if (COUNTRIES.has(lower) || REGIONS.has(lower) || (CITIES.has(lower) && lower.length > 3)) return end;
  }
  return 0;
}
