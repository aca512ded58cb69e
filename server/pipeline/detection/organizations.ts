import { COMMON_WORDS, FIRST_NAMES, LAST_NAMES, NEVER_NAMES, isKnownPlace } from './gazetteer';
import type { NerContext } from './ner-context';
import { isNameGap } from './ner-context';
import { brandShapedSpan, isBrandShaped, knownCompanyEnd, withoutPossessive } from './org-names';
import { isCapitalised } from './tokens';
import type { Token } from './tokens';

const SUFFIXES = new Set(
  ('inc incorporated llc ltd limited corp corporation co company companies group gmbh ag sa plc llp lp nv bv ab oy as spa srl ' +
    'partners associates holdings technologies technology solutions systems labs laboratories industries enterprises ventures ' +
    'consulting foundation institute university college bank agency networks research insurance logistics energy media software ' +
    'pharmaceuticals pharma capital trust association society council committee hospital clinic academy airlines motors studios ' +
    'services international analytics insights maintenance report publishing productions entertainment brands stores markets ' +
    'communications telecom financial investments properties realty construction manufacturing foods beverages organization organisation ' +
    'biosciences sciences therapeutics diagnostics robotics electronics aerospace resources')
    .split(' '),
);
const ABBREVIATED = new Set(['inc', 'ltd', 'corp', 'co', 'llc', 'plc']);
/** Company forms that are everyday words or syllables when nothing is capitalised ("add her as guardian"). */
const AMBIGUOUS_LOWER = new Set(['as', 'ab', 'ag', 'sa', 'co', 'oy', 'nv', 'bv', 'lp', 'spa', 'company', 'group', 'report', 'media']);
const LEADING = /^(?:ministry|department|university|bank|institute|office|bureau|college|school|museum|council|federation|academy)$/;
const WELL_KNOWN = new Set(
  ('google microsoft ibm bbc cnn nasa fbi cia nato unicef unesco deloitte kpmg pwc accenture intel samsung sony toyota canon nokia ' +
    'siemens garmin netflix facebook twitter tesla spacex openai anthropic nvidia uber airbnb paypal mastercard blackrock walmart ' +
    'nike adidas ikea boeing airbus greenpeace linkedin instagram youtube github reuters bloomberg volkswagen bmw honda hsbc barclays ' +
    'citigroup verizon comcast disney pfizer moderna novartis unilever nestle nestlé ericsson philips huawei alibaba tencent baidu ' +
    'spotify dropbox salesforce adobe cisco dell lenovo qualcomm xerox fedex ups dhl starbucks mcdonalds mcdonald’s transunion equifax experian nielsen')
    .split(' '),
);
const CONTEXT_BEFORE = /(?:\baddress of|\blater became|\b\d{4}s, |\bwork(?:s|ed|ing)? (?:at|for)|\bemployed (?:at|by)|\bjoined|\bceo of|\bfounder of|\bcompany called|\bhired by|\bintern(?:ed|ing)? at|\bspent (?:a|one|two|three) (?:year|month)s? at|\b(?:following|next|previous|first|last|one|two|three|a) (?:year|month|summer|semester|season)s? (?:at|with)|\brecorded for|\bbrainchild of) $/i;
/**
 * Whether `before` can match CONTEXT_BEFORE, judged by its last two characters: every cue ends in "of", "became",
 * "s, ", "at", "for", "by", "joined", "called" or "with" and a space. The pattern then runs on far fewer words.
 */
function mayEndWithContextCue(before: string): boolean {
  const n = before.length;
  return n >= 2 && before.charCodeAt(n - 1) === 32 && CONTEXT_CUE_LAST_LETTERS.includes(before.charAt(n - 2));
}
const CONTEXT_CUE_LAST_LETTERS = 'fetrydhFETRYDH ';
// "Ludwig is from Redfin": someone being from a name that is no known place speaks for their employer.
const FROM_BEFORE = /\b(?:is|are|am|was|were|i'm|we're|they're|he's|she's) from $/;
// Words that may open or join a name found by its context ("New Media Parents", "North American Van Lines").
const NAME_JOINERS = new Set(['new', 'north', 'south', 'east', 'west', 'old', 'saint', 'san', 'santa', 'st', 'van', 'von', 'de', 'del', 'la', 'le', 'and', 'of', 'for']);

export function findOrganizations(ctx: NerContext): void {
  const { tokens, casing } = ctx;
  const cueStarts = cueAfterStarts(ctx.text);
  const addressStarts = new Set(ctx.out.filter((e) => e.type === 'ADDRESS').map((e) => e.start));
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (!token || !isCapitalised(token, casing) || !ctx.isFree(token.start, token.end)) continue;
    if (SUFFIXES.has(token.lower) && i > 0 && !(casing.allLower && AMBIGUOUS_LOWER.has(token.lower))) {
      const first = walkBack(ctx, i);
      if (first < i) {
        const start = tokens[first]?.start ?? token.start;
        let end = token.end;
        if (ABBREVIATED.has(token.lower) && ctx.text[end] === '.') end++;
        ctx.emit('ORGANIZATION', start, end, 0.8);
        continue;
      }
    }
    if (LEADING.test(token.lower) && tokens[i + 1]?.lower === 'of' && isNameGap(ctx.gapAfter(i))) {
      const end = leadingOfEnd(ctx, i);
      if (end > 0) {
        ctx.emit('ORGANIZATION', token.start, end, 0.8);
        continue;
      }
    }
    const capitalised = token.shape !== 'lower' || casing.allLower;
    const wellKnownEnd = capitalised ? knownCompanyEnd(token, WELL_KNOWN) : 0;
    const brandEnd = wellKnownEnd || (capitalised ? knownCompanyEnd(token) : 0);
    if (brandEnd > 0 && ctx.isFree(token.start, brandEnd) && (wellKnownEnd > 0 || !insideLongerName(ctx, i, brandEnd))) {
      ctx.emit('ORGANIZATION', token.start, withSuffixes(ctx, brandEnd), 0.75);
      continue;
    }
    if (!casing.mostlyUpper && isBrandShaped(ctx, i) && !insideLongerName(ctx, i, token.end) && !PLACE_OR_ROLE_BEFORE.test(ctx.before(i, 16))) {
      const { start, end } = brandShapedSpan(ctx.text, token);
      // More than twenty letters and digits in a row are an identifier or encoded data, not a name.
      if (end - start <= 20 && ctx.isFree(start, end)) {
        ctx.emit('ORGANIZATION', start, withSuffixes(ctx, end), 0.5);
        continue;
      }
    }
    const before = ctx.before(i, 40);
    const fromCue = FROM_BEFORE.test(before);
    const addressEnd = beforeAddress(ctx, i, addressStarts);
    if (fromCue || (mayEndWithContextCue(before) && CONTEXT_BEFORE.test(before)) || (cueStarts.size > 0 && contextAfter(ctx, i, cueStarts)) || addressEnd > 0) {
      if (NEVER_NAMES.has(token.lower) && !(NAME_JOINERS.has(token.lower) && token.shape === 'title' && isNameGap(ctx.gapAfter(i)) && isOrgWord(ctx, i + 1))) continue;
      const last = runEnd(ctx, i);
      // One everyday word ("The Big office is at") is too weak, unless written as an acronym ("SAP") or run into
      // digits before an address ("Ideas42, 30 Veslebakken 48"); "Social Explorer" is a name.
      const acronym = token.shape === 'upper' && token.text.length <= 5 && !casing.mostlyUpper;
      if (last === i && COMMON_WORDS.has(token.lower) && !acronym && addressEnd <= token.end) continue;
      const lastToken = tokens[last] ?? token;
      const runText = ctx.text.slice(token.start, lastToken.end).toLowerCase();
      // "is from" also introduces a home town: a known place stays a place.
      if (fromCue && (isKnownPlace(runText) || isKnownPlace(token.lower) || isPersonName(token.lower) || (casing.allLower && COMMON_WORDS.has(token.lower)))) continue;
      const end = Math.max(addressEnd, lastToken.end - (withoutPossessive(lastToken.lower) !== undefined ? 2 : 0));
      ctx.emit('ORGANIZATION', token.start, end, 0.55);
    }
  }
}

// "The Fastcase office is at", "Osisoft is the brainchild of", "Bekins invested heavily".
// Phrases after a name that make it an organisation: "The Fastcase office is at", "Factset is a 501(c)3",
// "Acme is a startup", "Acme's CEO". Found in one pass over the text; a name qualifies when one starts where it ends.
const CONTEXT_AFTER = [
  / (?:office (?:is|was) (?:at|in|on)|is the brainchild|(?:has )?invested (?:heavily|in)|(?:was|is) (?:founded|acquired|headquartered|incorporated)|(?:is|was) an? (?:\w+ )?(?:non-?profit|501\(c\)\(?3\)?|company|start-?up|firm|charity|corporation|manufacturer|retailer|bank|consultancy|subsidiary|conglomerate|airline|publisher|organi[sz]ation))(?![\p{L}])/giu,
  /['’]s (?:ceo|cfo|founders?|headquarters|employees|board|shareholders|stock|shares|spokes(?:person|man|woman))(?![\p{L}])/giu,
];
// Words one of the phrases needs: most texts have none, and then the patterns need not run.
const CUE_WORDS = /office|brainchild|invested|founded|acquired|headquartered|incorporated|profit|501|company|start|firm|charity|corporation|manufacturer|retailer|bank|consultancy|subsidiary|conglomerate|airline|publisher|organi|ceo|cfo|founder|employees|board|shareholders|stock|shares|spokes/i;

function cueAfterStarts(text: string): ReadonlySet<number> {
  const starts = new Set<number>();
  if (!CUE_WORDS.test(text)) return starts;
  for (const pattern of CONTEXT_AFTER) for (const m of text.matchAll(pattern)) starts.add(m.index);
  return starts;
}

/**
 * "meet at Solarlist, 04 55 Halsey Road": a name between "at" and the address that follows it (the address may
 * begin after a building number it did not take, "43 P.O. Box 41"). Returns the end of the name, digits run into it
 * included ("Ideas42"), or 0.
 */
function beforeAddress(ctx: NerContext, i: number, addressStarts: ReadonlySet<number>): number {
  if (addressStarts.size === 0 || !/\bat $/.test(ctx.before(i, 4))) return 0;
  let end = ctx.tokens[runEnd(ctx, i)]?.end ?? 0;
  while (end < ctx.text.length && isDigitAt(ctx.text, end)) end++;
  const after = /^,\s*(?:\d+\s+)?/.exec(ctx.text.slice(end, end + 12));
  if (!after) return 0;
  const comma = end + (/^,\s*/.exec(after[0])?.[0].length ?? 0);
  return addressStarts.has(comma) || addressStarts.has(end + after[0].length) ? end : 0;
}

/** "The letter is from Johnson": a known given or family name is a person, not an employer. */
function isPersonName(lower: string): boolean {
  return FIRST_NAMES.has(lower) || LAST_NAMES.has(lower);
}

function isDigitAt(text: string, index: number): boolean {
  const code = text.charCodeAt(index);
  return code >= 48 && code <= 57;
}

/** Last word of the capitalised run from token i (up to four words, a possessive ends it, joiners only inside). */
function runEnd(ctx: NerContext, i: number): number {
  let last = i;
  while (last - i < 3 && withoutPossessive(ctx.tokens[last]?.lower ?? '') === undefined && isNameGap(ctx.gapAfter(last))) {
    const next = last + 1;
    if (isOrgWord(ctx, next) && !(ctx.casing.allLower && COMMON_WORDS.has(ctx.tokens[next]?.lower ?? ''))) last = next;
    else if (isJoinerWord(ctx, next) && isNameGap(ctx.gapAfter(next)) && isOrgWord(ctx, next + 1)) last = next + 1;
    else break;
  }
  return last;
}

/** "Of", "And", "North", "Van" written with a capital inside a name ("Department Of Better Technology"). */
function isJoinerWord(ctx: NerContext, i: number): boolean {
  const token = ctx.tokens[i];
  return token !== undefined && token.shape === 'title' && !ctx.casing.allLower && NAME_JOINERS.has(token.lower) && ctx.isFree(token.start, token.end);
}

function contextAfter(ctx: NerContext, i: number, cueStarts: ReadonlySet<number>): boolean {
  const last = runEnd(ctx, i);
  const token = ctx.tokens[last];
  if (!token) return false;
  // "Merriwold's CEO": the tokenizer keeps the possessive on the word.
  return cueStarts.has(token.end) || (withoutPossessive(token.lower) !== undefined && cueStarts.has(token.end - 2));
}

// "grew up in Archerwill", "moved here from Arminghall", "the Platemaker": a place or a role, not a company.
const PLACE_OR_ROLE_BEFORE = /\b(?:in|from|near|to|into|the|a|an)\s$/;

/**
 * Whether the name at token i .. `end` is only part of a longer capitalised name we do not know ("Kevin Cockburn",
 * "United Arab Emirates"): then the words around it decide, not the gazetteer.
 */
function insideLongerName(ctx: NerContext, i: number, end: number): boolean {
  const previous = ctx.tokens[i - 1];
  // A capital that only starts the sentence ("Contact Aecom Ltd") does not make a word part of a name.
  const sentenceWord = previous !== undefined && ctx.startsSentence(i - 1) && COMMON_WORDS.has(previous.lower);
  if (previous && !sentenceWord && isCapitalised(previous, ctx.casing) && isNameGap(ctx.gapAfter(i - 1)) && !NEVER_NAMES.has(previous.lower)) return true;
  if (/\b(?:mr|mrs|ms|dr|prof)\.? $/.test(ctx.before(i, 6))) return true;
  let j = i;
  while (j < ctx.tokens.length && (ctx.tokens[j]?.end ?? 0) < end) j++;
  const next = ctx.tokens[j + 1];
  return next !== undefined && ctx.gapAfter(j) === ' ' && next.shape === 'title' && !SUFFIXES.has(next.lower) && !NEVER_NAMES.has(next.lower);
}

/** `end` moved past company suffixes right after it ("Garmin Ltd.", "Yamaha Corporation"). */
function withSuffixes(ctx: NerContext, end: number): number {
  let i = firstTokenFrom(ctx, end);
  let stop = end;
  while (i >= 0 && i < ctx.tokens.length) {
    const next = ctx.tokens[i];
    const gap = ctx.text.slice(stop, next?.start ?? stop);
    if (!next || !(gap === ' ' || gap === ', ') || !SUFFIXES.has(next.lower) || !isCapitalised(next, ctx.casing) || !ctx.isFree(next.start, next.end)) break;
    if (gap === ', ' && !ABBREVIATED.has(next.lower)) break;
    stop = next.end;
    if (ABBREVIATED.has(next.lower) && ctx.text[stop] === '.') stop++;
    i++;
  }
  return stop;
}

/** ctx.tokens.findIndex((t) => t.start >= offset) by binary search (tokens are in text order). */
function firstTokenFrom(ctx: NerContext, offset: number): number {
  const { tokens } = ctx;
  let low = 0;
  let high = tokens.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((tokens[mid] as Token).start < offset) low = mid + 1;
    else high = mid;
  }
  return low < tokens.length ? low : -1;
}

function isOrgWord(ctx: NerContext, i: number): boolean {
  const token = ctx.tokens[i];
  return token !== undefined && isCapitalised(token, ctx.casing) && !NEVER_NAMES.has(token.lower) && ctx.isFree(token.start, token.end);
}

/** Index of the first capitalised word of the name ending before the suffix at `suffixIndex`. */
function walkBack(ctx: NerContext, suffixIndex: number): number {
  let first = suffixIndex;
  while (suffixIndex - first < 4) {
    const gap = ctx.gapAfter(first - 1);
    const prev = ctx.tokens[first - 1];
    if (!prev || !(isNameGap(gap) || gap === ', ' && first === suffixIndex || gap === ' & ')) break;
    if (!isOrgWord(ctx, first - 1) && !(isJoinerWord(ctx, first - 1) && first - 2 >= 0 && isOrgWord(ctx, first - 2) && isNameGap(ctx.gapAfter(first - 2)))) break;
    // Without capitals, everyday words ("we need to add ... as") cannot be told from a name.
    if (ctx.casing.allLower && COMMON_WORDS.has(prev.lower)) break;
    first--;
  }
  while (first < suffixIndex && isJoinerWord(ctx, first) && !isOrgWord(ctx, first)) first++;
  // "Our Company", "The Group": a lone common word before a suffix is not a name.
  const only = ctx.tokens[first];
  const suffix = ctx.tokens[suffixIndex];
  const abbreviated = suffix !== undefined && ABBREVIATED.has(suffix.lower);
  if (first === suffixIndex - 1 && only && !abbreviated && ctx.startsSentence(first) && COMMON_WORDS.has(only.lower)) return suffixIndex;
  return first;
}

function leadingOfEnd(ctx: NerContext, i: number): number {
  let j = i + 2;
  if (ctx.tokens[j]?.lower === 'the') j++;
  let end = 0;
  while (j < ctx.tokens.length && j - i < 6) {
    const token = ctx.tokens[j];
    if (!token || !isCapitalised(token, ctx.casing) || !ctx.isFree(token.start, token.end)) break;
    end = token.end;
    if (!isNameGap(ctx.gapAfter(j))) break;
    j++;
  }
  return end;
}
