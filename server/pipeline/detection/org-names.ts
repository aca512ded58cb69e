/**
 * Organisation names told by the name itself:
 * - known companies (data/organizations.json, built by scripts/build-org-gazetteer.ts);
 * - brand-shaped words: an unknown capitalised word made of two dictionary words ("Buildzoom", "Flightstats"; not at
 *   the start of a sentence, where "Nevermind" is just a word), inner capitals ("MysticWeb") or letters run into
 *   digits ("Ideas42", "6Sigma"). Person and place names are rarely shaped so, and known ones are excluded.
 */
import companies from './data/organizations.json';
import { COMMON_WORDS, FIRST_NAMES, LAST_NAMES, NEVER_NAMES, isKnownPlace } from './gazetteer';
import type { NerContext } from './ner-context';
import type { Token } from './tokens';

const COMPANIES: ReadonlySet<string> = new Set(companies);

/** The word without a possessive "'s" ("google's" → "google"), or undefined when it has none. */
export function withoutPossessive(lower: string): string | undefined {
  const n = lower.length;
  if (n < 3 || lower.charCodeAt(n - 1) !== 115) return undefined;
  const mark = lower.charCodeAt(n - 2);
  return mark === 39 || mark === 0x2019 ? lower.slice(0, -2) : undefined;
}

/** End of a known company name at this word, a possessive "'s" left out ("Google's"), or 0. */
export function knownCompanyEnd(token: Token, known: ReadonlySet<string> = COMPANIES): number {
  if (known.has(token.lower)) return token.end;
  const bare = withoutPossessive(token.lower);
  return bare !== undefined && known.has(bare) ? token.end - 2 : 0;
}

// Local bindings: these run for most capitalised words, and an imported binding may be read through an accessor.
const COMMON = COMMON_WORDS;
const FIRST = FIRST_NAMES;
const LAST = LAST_NAMES;
const NEVER = NEVER_NAMES;

function isOrdinaryName(lower: string): boolean {
  return COMMON.has(lower) || FIRST.has(lower) || LAST.has(lower) || NEVER.has(lower) || isKnownPlace(lower);
}

/** Two dictionary words run together ("flight" + "stats"), the first of four letters or more ("Zoolander" is not). */
function isCompound(lower: string): boolean {
  if (lower.length < 7 || lower.length > 20) return false;
  for (let k = 4; k <= lower.length - 3; k++) {
    const head = lower.slice(0, k);
    const tail = lower.slice(k);
    if (COMMON.has(head) && (COMMON.has(tail) || (tail.endsWith('s') && COMMON.has(tail.slice(0, -1))))) return true;
  }
  return false;
}

const SURNAME_PREFIX = /^(?:Mc|Mac|De|Di|Da|Du|La|Le|Van|Von|St|O)\p{Lu}/u;

/** "MysticWeb", "SmartAsset", not the surnames "McKeon", "DeRose", "MacLeod", "LaFleur", "VanDyke". */
function hasInnerCapital(word: string): boolean {
  for (let i = 1; i < word.length - 1; i++) {
    const code = word.charCodeAt(i);
    const previous = word.charCodeAt(i - 1);
    if (code >= 65 && code <= 90 && previous >= 97 && previous <= 122) return !SURNAME_PREFIX.test(word);
  }
  return false;
}

function capitals(word: string): number {
  let count = 0;
  for (let i = 0; i < word.length; i++) {
    const code = word.charCodeAt(i);
    if (code >= 65 && code <= 90) count++;
  }
  return count;
}

function isDigitCode(code: number): boolean {
  return code >= 48 && code <= 57;
}

/** Whether a capitalised, otherwise unknown word looks like a company or product name. */
export function isBrandShaped(ctx: NerContext, i: number): boolean {
  const token = ctx.tokens[i];
  if (token?.shape !== 'title') return false;
  const text = ctx.text;
  const length = token.text.length;
  // Long runs with many capitals are encoded data (base64), not names.
  const inner = length >= 5 && length <= 20 && hasInnerCapital(token.text) && capitals(token.text) <= 3;
  // "Ideas42", "6Sigma", "5Psolutions": letters run into digits, the word long enough not to be a code.
  const digits = length >= 4 && (isDigitCode(text.charCodeAt(token.end)) || isDigitCode(text.charCodeAt(token.start - 1)));
  if (!inner && !digits && (length < 7 || length > 20 || ctx.startsSentence(i))) return false;
  if (isOrdinaryName(token.lower)) return false;
  return inner || digits || isCompound(token.lower);
}

/** The span of a brand-shaped word: the whole run of letters and digits around it. */
export function brandShapedSpan(text: string, token: Token): { start: number; end: number } {
  let start = token.start;
  let end = token.end;
  while (start > 0 && (isDigitCode(text.charCodeAt(start - 1)) || /[\p{L}]/u.test(text[start - 1] ?? ''))) start--;
  while (end < text.length && (isDigitCode(text.charCodeAt(end)) || /[\p{L}]/u.test(text[end] ?? ''))) end++;
  // A possessive stays outside the name ("TechRadar's").
  if (/['’]s$/.test(text.slice(start, end))) end -= 2;
  return { start, end };
}
