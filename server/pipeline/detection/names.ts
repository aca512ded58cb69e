import { COMMON_WORDS, FIRST_NAMES, LAST_NAMES, NEVER_NAMES, COUNTRIES, REGIONS, CITIES } from './gazetteer';
import type { NerContext } from './ner-context';
import { isNameGap } from './ner-context';
import type { Token } from './tokens';
import { isCapitalised } from './tokens';
import { STRONG_PLACE_CUE } from './places';
import { findRepeatedNameParts } from './name-mentions';
import { withoutPossessive } from './org-names';

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
// Verbs whose object is a person: they outweigh a place cue ("shouted at Tyler", "said Heidi to Kimberly") and let a
// given name that is also an everyday word count mid-sentence ("had given Maria his address", "told Will").
const PERSON_OBJECT_CUE = /\b(?:(?:shouted|yelled|screamed|stared|glared|smiled|laughed|winked|waved|nodded|snapped) at|(?:said|says|spoke|talked|wrote|replied|introduced|married|engaged|listened) (?:\p{L}+ )?to|(?:gave|given|told|asked|thanked|met|hugged|kissed|invited|emailed|texted|phoned|called|married|helped) )\s*$/u;
// What follows only a person: "Gregorina's address", "Kotoya shouted at", a speaker ("Kalman: \"Who are you?\"") or
// someone addressed ("Mimount, can I speak to your boss?").
const PERSON_AFTER = /^(?:['’]s (?:address|phone|e-?mail|birthday|wife|husband|mother|father|mom|dad|daughter|son|sister|brother|boss|girlfriend|boyfriend|parents)\b| (?:shouted|whispered|yelled|screamed|replied|nodded|sighed|smiled|laughed|giggled|frowned)\b|:\s*\\?["“]|, (?:can|could|would|will) (?:I|you|we)\b)/;
// "had given Ömür his address": a verb about people, then a possessive or article, has the person in between.
const OBJECT_THEN_THING = /^ (?:his|her|their|my|our|your)\b/;

/** PREFIXES.test(lower), run only on the short words opening with "m", "d" or "p" that it can match. */
function isPrefixWord(lower: string): boolean {
  const first = lower.charCodeAt(0);
  return lower.length <= 6 && (first === 109 || first === 100 || first === 112) && PREFIXES.test(lower);
}

/** The word looked up in the name lists: lower-case, a possessive "'s" left out ("Liam's" → "liam"). */
function nameKey(token: Token): string {
  return withoutPossessive(token.lower) ?? token.lower;
}

export function findPeople(ctx: NerContext): void {
  const { tokens } = ctx;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    // Capitals first: most words are lower-case, and reading their characters' marks would find nothing.
    if (!token || !isCapitalised(token, ctx.casing) || !ctx.isFree(token.start, token.end)) continue;
    if (isPrefixWord(token.lower)) {
      i = afterPrefix(ctx, i);
      continue;
    }
    if (NEVER_NAMES.has(token.lower)) continue;
    if (token.shape === 'upper' && !ctx.casing.mostlyUpper) continue;
    // Fast exit for the many capitalised ordinary words at sentence starts.
    const key = nameKey(token);
    const known = FIRST_NAMES.has(key) || LAST_NAMES.has(key);
    if (!known && (COMMON_WORDS.has(key) || ctx.casing.allLower) && !STRONG_CUE.test(ctx.before(i))) continue;
    if (STRONG_PLACE_CUE.test(ctx.before(i, 24))) continue;
    const last = extendName(ctx, i);
    const score = scoreName(ctx, i, last);
    if (score > 0) {
      ctx.emit('PERSON', token.start, nameEnd(ctx, last), score);
      i = last;
    }
  }
  findRepeatedNameParts(ctx);
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
      // "Later, Doe said": a sentence-initial everyday word before the comma is no name of the list.
      if (COMMON_WORDS.has(token.lower) && !FIRST_NAMES.has(token.lower) && ctx.startsSentence(i)) continue;
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
  const head = ctx.tokens[i] as Token;
  const givenHead = FIRST_NAMES.has(nameKey(head));
  while (last - i < 3 && !isPossessive(ctx.tokens[last]) && isNameGap(ctx.gapAfter(last))) {
    let j = last + 1;
    while (ctx.tokens[j] && PARTICLES.has(ctx.tokens[j]?.lower ?? '') && isNameGap(ctx.gapAfter(j)) && j - last < 3) j++;
    const next = ctx.tokens[j];
    if (!next || !isCapitalised(next, ctx.casing) || !ctx.isFree(next.start, next.end) || isStructuralWord(next)) break;
    if (NEVER_NAMES.has(next.lower) || (next.shape === 'upper' && !ctx.casing.mostlyUpper && next.text.length > 1)) break;
    const nextKey = nameKey(next);
    const known = FIRST_NAMES.has(nextKey) || LAST_NAMES.has(nextKey);
    if (!known && COMMON_WORDS.has(nextKey) && !(last === i && isEverydaySurname(ctx, i, j))) break;
    // After a given name, an unknown word is most likely the family name ("natasha higuchi", "Angela Langen").
    if (!known && ctx.casing.allLower && !(givenHead && next.text.length >= 3 && !isPlace(next.lower))) break;
    if (!known && isPlace(next.lower) && !(givenHead && !COUNTRIES.has(next.lower) && !REGIONS.has(next.lower))) break;
    last = j;
  }
  return last;
}

// Everyday words that follow a given name in the names of products, places and buildings ("Claude Code", "Apollo
// Client", "Sophia Street", "Victoria Park"), not as a family name.
const NAME_DESCRIPTORS = new Set(
  ('client server code desktop app apps cloud studio pro plus max mini web mobile assistant bot chat community team support ' +
    'project platform engine kit framework library editor browser player store shop hotel cafe restaurant bar pub park ' +
    'square center centre hall house tower bridge church chapel school college university airport station river lake ' +
    'mountain island bay beach county city town village day week award prize fund foundation group company street road ' +
    'lane avenue drive way court place gardens garden clinic hospital museum theatre theater gallery cup league edition ' +
    'protocol convention treaty agreement accord declaration doctrine principle law effect syndrome disease')
    .split(' '),
);

/**
 * "Jane Doe", "Emma Stone": after a given name that is no everyday word itself, a capitalised everyday word is the family
 * name, unless the text is in title case ("Meet Jane Before Lunch") or the word is a place or a descriptor above.
 */
function isEverydaySurname(ctx: NerContext, i: number, j: number): boolean {
  const head = ctx.tokens[i] as Token;
  const next = ctx.tokens[j] as Token;
  if (j !== i + 1 || ctx.casing.allLower || ctx.casing.mostlyUpper || next.shape !== 'title' || next.text.length < 3) return false;
  if (COMMON_WORDS.has(nameKey(head)) || isPlace(nameKey(next)) || NAME_DESCRIPTORS.has(nameKey(next))) return false;
  const after = ctx.tokens[j + 1];
  if (after && isNameGap(ctx.gapAfter(j)) && after.shape !== 'lower') return false;
  const before = ctx.tokens[i - 1];
  return !(before && isNameGap(ctx.gapAfter(i - 1)) && before.shape !== 'lower' && !ctx.startsSentence(i - 1));
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
  // Lower-case text can make a run of particles alone a candidate ("see a della"): no name is left in it.
  const head = parts[0];
  if (!head) return 0;
  const headKey = nameKey(head);
  const before = ctx.before(first);
  const strongCue = STRONG_CUE.test(before);
  const given = FIRST_NAMES.has(headKey);
  const family = LAST_NAMES.has(headKey);
  if (parts.length >= 2) {
    const keys = parts.map(nameKey);
    const tailKey = keys[keys.length - 1] as string;
    const knownParts = keys.filter((k) => FIRST_NAMES.has(k) || LAST_NAMES.has(k)).length;
    if (knownParts === 0 && !strongCue) return 0;
    if (keys.every((k) => COMMON_WORDS.has(k)) && !strongCue) return 0;
    if (isPlace(keys.join(' ')) && !given) return 0;
    // Without capitals, a given name vouches for one unknown family name after it ("natasha higuchi").
    const givenWithFamily = given && parts.length === 2 && !COMMON_WORDS.has(tailKey) && !isPlace(tailKey);
    if (ctx.casing.allLower && knownParts < parts.length && !givenWithFamily) return 0;
    if (!given && !strongCue && COMMON_WORDS.has(headKey)) return 0;
    return given && LAST_NAMES.has(tailKey) ? 0.9 : 0.75;
  }
  if (strongCue) return COMMON_WORDS.has(headKey) && !given ? 0 : 0.8;
  const after = ctx.text.slice(head.end, head.end + 16);
  // PERSON_AFTER reads past a possessive the token keeps ("Gregorina's address").
  const afterName = ctx.text.slice(nameEnd(ctx, first), head.end + 16);
  const personCue = PERSON_OBJECT_CUE.test(before) && !ctx.casing.allLower;
  if (!given && !family) {
    if (COMMON_WORDS.has(headKey) || isPlace(headKey) || ctx.casing.allLower || head.text.length < 4) return 0;
    if (PERSON_AFTER.test(afterName) || (personCue && OBJECT_THEN_THING.test(after))) return 0.5;
    if (SURNAME_ENDING.test(headKey) && (WEAK_CUE.test(before) || CUE_AFTER.test(after) || !ctx.startsSentence(first))) return 0.5;
    return CUE_AFTER.test(after) && WEAK_CUE.test(before) ? 0.45 : 0;
  }
  // A given name that is an everyday word ("Maria", "Will") counts only as the object of a verb about people.
  if (COMMON_WORDS.has(headKey)) return given && personCue && head.shape === 'title' && !ctx.startsSentence(first) ? 0.6 : 0;
  if (head.text.length < 3) return 0;
  if (isPlace(headKey) && ((PLACE_CUE.test(before) && !personCue) || COUNTRIES.has(headKey) || REGIONS.has(headKey))) return 0;
  const cue = WEAK_CUE.test(before);
  if (ctx.casing.allLower) return cue && given ? 0.55 : given && family ? 0 : given ? 0.5 : 0;
  return given ? 0.7 : cue || !ctx.startsSentence(first) ? 0.6 : 0.45;
}
