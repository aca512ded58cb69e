import { COMMON_WORDS, NEVER_NAMES } from './gazetteer';
import type { NerContext } from './ner-context';
import { isNameGap } from './ner-context';
import { isCapitalised } from './tokens';

const SUFFIXES = new Set(
  ('inc incorporated llc ltd limited corp corporation co company companies group gmbh ag sa plc llp lp nv bv ab oy as spa srl ' +
    'partners associates holdings technologies technology solutions systems labs laboratories industries enterprises ventures ' +
    'consulting foundation institute university college bank agency networks research insurance logistics energy media software ' +
    'pharmaceuticals pharma capital trust association society council committee hospital clinic academy airlines motors studios ' +
    'services international analytics insights maintenance report publishing productions entertainment brands stores markets ' +
    'communications telecom financial investments properties realty construction manufacturing foods beverages organization organisation')
    .split(' '),
);
const ABBREVIATED = new Set(['inc', 'ltd', 'corp', 'co', 'llc', 'plc']);
const LEADING = /^(?:ministry|department|university|bank|institute|office|bureau|college|school|museum|council|federation|academy)$/;
const WELL_KNOWN = new Set(
  ('google microsoft ibm bbc cnn nasa fbi cia nato unicef unesco deloitte kpmg pwc accenture intel samsung sony toyota canon nokia ' +
    'siemens garmin netflix facebook twitter tesla spacex openai anthropic nvidia uber airbnb paypal mastercard blackrock walmart ' +
    'nike adidas ikea boeing airbus greenpeace linkedin instagram youtube github reuters bloomberg volkswagen bmw honda hsbc barclays ' +
    'citigroup verizon comcast disney pfizer moderna novartis unilever nestle nestlé ericsson philips huawei alibaba tencent baidu ' +
    'spotify dropbox salesforce adobe cisco dell lenovo qualcomm xerox fedex ups dhl starbucks mcdonalds mcdonald’s transunion equifax experian nielsen')
    .split(' '),
);
const CONTEXT_BEFORE = /(?:\baddress of|\blater became|\b\d{4}s, |\bwork(?:s|ed|ing)? (?:at|for)|\bemployed (?:at|by)|\bjoined|\bceo of|\bfounder of|\bcompany called|\bhired by|\bintern(?:ed|ing)? at|\bspent (?:a|one|two|three) (?:year|month)s? at|\brecorded for|\bbrainchild of) $/i;

export function findOrganizations(ctx: NerContext): void {
  const { tokens, casing } = ctx;
  const mayHaveCueAfter = CUE_AFTER_WORDS.test(ctx.text);
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (!token || !isCapitalised(token, casing) || !ctx.isFree(token.start, token.end)) continue;
    if (SUFFIXES.has(token.lower) && i > 0) {
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
    if (WELL_KNOWN.has(token.lower) && (token.shape !== 'lower' || casing.allLower)) {
      ctx.emit('ORGANIZATION', token.start, token.end, 0.75);
      continue;
    }
    if ((CONTEXT_BEFORE.test(ctx.before(i, 40)) || (mayHaveCueAfter && contextAfter(ctx, i))) && !COMMON_WORDS.has(token.lower)) {
      let last = i;
      while (last - i < 3 && isNameGap(ctx.gapAfter(last)) && isOrgWord(ctx, last + 1)) last++;
      ctx.emit('ORGANIZATION', token.start, tokens[last]?.end ?? token.end, 0.55);
    }
  }
}

// "The Fastcase office is at", "Osisoft is the brainchild of", "Bekins invested heavily".
const CONTEXT_AFTER = /^(?: office (?:is|was) (?:at|in|on)| is the brainchild| (?:has )?invested (?:heavily|in)| (?:was|is) (?:founded|acquired|headquartered|incorporated))\b/;

const CUE_AFTER_WORDS = /\b(?:office|brainchild|invested|founded|acquired|headquartered|incorporated)\b/;

function contextAfter(ctx: NerContext, i: number): boolean {
  let last = i;
  while (last - i < 3 && isNameGap(ctx.gapAfter(last)) && isOrgWord(ctx, last + 1)) last++;
  const end = ctx.tokens[last]?.end ?? 0;
  return CONTEXT_AFTER.test(ctx.text.slice(end, end + 30));
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
    if (!isOrgWord(ctx, first - 1)) break;
    first--;
  }
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
