import { COMMON_WORDS, FIRST_NAMES, LAST_NAMES, NEVER_NAMES, COUNTRIES, REGIONS, CITIES } from './gazetteer';
import type { NerContext } from './ner-context';
import { isNameGap } from './ner-context';
import type { Token } from './tokens';
import { isCapitalised } from './tokens';
import { STRONG_PLACE_CUE } from './places';

const PREFIXES = /^(?:mr|mrs|ms|miss|dr|prof|mx|mister)$/;
const PARTICLES = new Set(['van', 'von', 'der', 'den', 'de', 'da', 'di', 'del', 'della', 'la', 'le', 'du', 'ten', 'ter', 'bin', 'ibn', 'al', 'dos', 'das', 'do', 'y']);
const SUFFIXES = /^(?:jr|sr|ii|iii|iv|md|phd|esq)$/i;
// A cue this strong makes the next capitalised word a name even when no dictionary knows it.
const STRONG_CUE = /(?:\bmy name is|\bname is|\bname:|\bnamed(?: him| her)?|\bcalled|\bcall me|\bdear|\bhi|\bhello|\bhey|\bsincerely,?|\bregards,?|\bcontact person:?|\bsigned,?|\bstarring|\b(?:directed|written|painted|composed|signed) by|\bsays|\baccording to|\bthis is|\bi'm|\bi am)\s*$/;
const WEAK_CUE = /(?:\bthanks|\bthank you|\bsaid|\bby|\bwith|\bmeet|\bask|\btell|\bto|\band|\bgiven|,)\s*$/;
const CUE_AFTER = /^(?:'s\b|’s\b| (?:said|says|shouted|asked|replied|wrote|told|had given|and [A-Z]))/;
// Endings typical of family names in many languages; unknown capitalised words with them are likely surnames.
const SURNAME_ENDING = /(?:ov|ova|ev|eva|in|ina|sson|sen|dóttir|dottir|ić|ic|vić|ski|ska|sky|cki|cka|enko|shvili|poulos|escu|ez|es|oğlu|yan|ian|stein|berg|mann|ová|ák|ek)$/;
const PLACE_CUE = /(?:\b(?:in|from|to|at|near|visit(?:ed|ing)?|city of|town of|born in|based in|arrived at|moved to|trip to|flight to|capital of)\s+)$/;

export function findPeople(ctx: NerContext): void {
  const { tokens } = ctx;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (!token || !ctx.isFree(token.start, token.end)) continue;
    if (PREFIXES.test(token.lower) && isCapitalised(token, ctx.casing)) {
      i = afterPrefix(ctx, i);
      continue;
    }
    if (!isCapitalised(token, ctx.casing) || NEVER_NAMES.has(token.lower)) continue;
    if (token.shape === 'upper' && !ctx.casing.mostlyUpper) continue;
    // Fast exit for the many capitalised ordinary words at sentence starts.
    const known = FIRST_NAMES.has(token.lower) || LAST_NAMES.has(token.lower);
    if (!known && (COMMON_WORDS.has(token.lower) || ctx.casing.allLower) && !STRONG_CUE.test(ctx.before(i))) continue;
    if (STRONG_PLACE_CUE.test(ctx.before(i, 24))) continue;
    const last = extendName(ctx, i);
    const score = scoreName(ctx, i, last);
    if (score > 0) {
      ctx.emit('PERSON', token.start, nameEnd(ctx, last), score);
      i = last;
    }
  }
  extendNameLists(ctx);
}

const LIST_GAP = /^(?:, |,? and |,? & |,? or )$/;

/** In "Kovalev, Lee and Phillips" one recognised name vouches for the capitalised words listed with it. */
function extendNameLists(ctx: NerContext): void {
  const queue = ctx.out.filter((e) => e.type === 'PERSON').map((e) => ({ start: e.start, end: e.end }));
  for (let depth = 0; queue.length > 0 && depth < 200; depth++) {
    const person = queue.shift() as { start: number; end: number };
    const after = tokenIndexAt(ctx, person.end);
    const before = tokenIndexAt(ctx, person.start) - 1;
    for (const i of [after, before]) {
      const token = ctx.tokens[i];
      if (!token) continue;
      const gap = i === after ? ctx.text.slice(person.end, token.start) : ctx.text.slice(token.end, person.start);
      if (!LIST_GAP.test(gap) || !isCapitalised(token, ctx.casing) || !ctx.isFree(token.start, token.end) || NEVER_NAMES.has(token.lower)) continue;
      if (COUNTRIES.has(token.lower) || token.shape === 'upper') continue;
      ctx.emit('PERSON', token.start, token.end, 0.5);
      queue.push({ start: token.start, end: token.end });
    }
  }
}

/** Index of the first token starting at or after `offset` (binary search; tokens are in text order). */
function tokenIndexAt(ctx: NerContext, offset: number): number {
  let low = 0;
  let high = ctx.tokens.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((ctx.tokens[mid] as Token).start < offset) low = mid + 1;
    else high = mid;
  }
  return low;
}

function afterPrefix(ctx: NerContext, i: number): number {
  const prefix = ctx.tokens[i] as Token;
  const dot = ctx.text[prefix.end] === '.' ? 1 : 0;
  const next = ctx.tokens[i + 1];
  if (!next || ctx.text.slice(prefix.end + dot, next.start) !== ' ' || !isCapitalised(next, ctx.casing)) return i;
  let last = i + 1;
  while (last - i < 3 && !isPossessive(ctx.tokens[last]) && isNameGap(ctx.gapAfter(last)) && isNamePart(ctx, last + 1) && !isStructuralWord(ctx.tokens[last + 1])) last++;
  // The title (Mr., Dr.) is a span of its own next to the name, as annotated corpora label it apart.
  ctx.emit('PERSON', prefix.start, prefix.end + dot, 0.6);
  ctx.emit('PERSON', next.start, nameEnd(ctx, last), 0.85);
  return last;
}

function isStructuralWord(token: Token | undefined): boolean {
  return token !== undefined && /^(?:apt|suite|unit|box|street|road|avenue)$/.test(token.lower);
}

function isNamePart(ctx: NerContext, i: number): boolean {
  const token = ctx.tokens[i];
  if (!token || !ctx.isFree(token.start, token.end) || NEVER_NAMES.has(token.lower) && !PARTICLES.has(token.lower)) return false;
  // Without capitals only dictionary names continue a name ("mr. martin is ...").
  if (ctx.casing.allLower && !FIRST_NAMES.has(token.lower) && !LAST_NAMES.has(token.lower) && !PARTICLES.has(token.lower)) return false;
  if (ctx.casing.allLower && COMMON_WORDS.has(token.lower) && !FIRST_NAMES.has(token.lower)) return false;
  return isCapitalised(token, ctx.casing);
}

/** Last index of the name that starts at token i: given names, particles ("van der") and a surname. */
function extendName(ctx: NerContext, i: number): number {
  let last = i;
  const givenHead = FIRST_NAMES.has((ctx.tokens[i] as Token).lower);
  while (last - i < 3 && !isPossessive(ctx.tokens[last]) && isNameGap(ctx.gapAfter(last))) {
    let j = last + 1;
    while (ctx.tokens[j] && PARTICLES.has(ctx.tokens[j]?.lower ?? '') && isNameGap(ctx.gapAfter(j)) && j - last < 3) j++;
    const next = ctx.tokens[j];
    if (!next || !isCapitalised(next, ctx.casing) || !ctx.isFree(next.start, next.end) || isStructuralWord(next)) break;
    if (NEVER_NAMES.has(next.lower) || (next.shape === 'upper' && !ctx.casing.mostlyUpper && next.text.length > 1)) break;
    const known = FIRST_NAMES.has(next.lower) || LAST_NAMES.has(next.lower);
    if (!known && COMMON_WORDS.has(next.lower)) break;
    // After a given name, an unknown word is most likely the family name ("natasha higuchi", "Angela Langen").
    if (!known && ctx.casing.allLower && !(givenHead && next.text.length >= 3 && !isPlace(next.lower))) break;
    if (!known && isPlace(next.lower) && !(givenHead && !COUNTRIES.has(next.lower) && !REGIONS.has(next.lower))) break;
    last = j;
  }
  return last;
}

function isPossessive(token: Token | undefined): boolean {
  return token !== undefined && /['’]s$/.test(token.lower);
}

function nameEnd(ctx: NerContext, last: number): number {
  const token = ctx.tokens[last] as Token;
  if (isPossessive(token)) return token.end - 2;
  const next = ctx.tokens[last + 1];
  if (next && SUFFIXES.test(next.text) && isNameGap(ctx.gapAfter(last)) && next.text !== next.lower) return next.end + (ctx.text[next.end] === '.' && next.lower !== 'md' ? 1 : 0);
  return token.end;
}

function isPlace(lower: string): boolean {
  return COUNTRIES.has(lower) || REGIONS.has(lower) || CITIES.has(lower);
}

function scoreName(ctx: NerContext, first: number, last: number): number {
  const parts = ctx.tokens.slice(first, last + 1).filter((t) => !PARTICLES.has(t.lower) || t.shape !== 'lower');
  const head = parts[0] as Token;
  const before = ctx.before(first);
  const strongCue = STRONG_CUE.test(before);
  const given = FIRST_NAMES.has(head.lower);
  const family = LAST_NAMES.has(head.lower);
  if (parts.length >= 2) {
    const tail = parts[parts.length - 1] as Token;
    const knownParts = parts.filter((t) => FIRST_NAMES.has(t.lower) || LAST_NAMES.has(t.lower)).length;
    if (knownParts === 0 && !strongCue) return 0;
    if (parts.every((t) => COMMON_WORDS.has(t.lower)) && !strongCue) return 0;
    if (isPlace(parts.map((t) => t.lower).join(' ')) && !given) return 0;
    // Without capitals, a given name vouches for one unknown family name after it ("natasha higuchi").
    const givenWithFamily = given && parts.length === 2 && !COMMON_WORDS.has(tail.lower) && !isPlace(tail.lower);
    if (ctx.casing.allLower && knownParts < parts.length && !givenWithFamily) return 0;
    if (!given && !strongCue && COMMON_WORDS.has(head.lower)) return 0;
    return given && LAST_NAMES.has(tail.lower) ? 0.9 : 0.75;
  }
  if (strongCue) return COMMON_WORDS.has(head.lower) && !given ? 0 : 0.8;
  const after = ctx.text.slice(head.end, head.end + 16);
  if (!given && !family) {
    if (COMMON_WORDS.has(head.lower) || isPlace(head.lower) || ctx.casing.allLower || head.text.length < 4) return 0;
    if (SURNAME_ENDING.test(head.lower) && (WEAK_CUE.test(before) || CUE_AFTER.test(after) || !ctx.startsSentence(first))) return 0.5;
    return CUE_AFTER.test(after) && WEAK_CUE.test(before) ? 0.45 : 0;
  }
  if (COMMON_WORDS.has(head.lower)) return 0;
  if (head.text.length < 3) return 0;
  if (isPlace(head.lower) && (PLACE_CUE.test(before) || COUNTRIES.has(head.lower) || REGIONS.has(head.lower))) return 0;
  const cue = WEAK_CUE.test(before);
  if (ctx.casing.allLower) return cue && given ? 0.55 : given && family ? 0 : given ? 0.5 : 0;
  return given ? 0.7 : cue || !ctx.startsSentence(first) ? 0.6 : 0.45;
}
