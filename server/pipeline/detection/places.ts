import { CITIES, COMMON_WORDS, COUNTRIES, FIRST_NAMES, LAST_NAMES, NEVER_NAMES, REGIONS } from './gazetteer';
import type { NerContext } from './ner-context';
import { isCapitalised } from './tokens';

const PLACE_CUE = /(?:\b(?:in|from|to|at|near|visit(?:ed|ing)?|of|city of|town of|born in|based in|arrived at|moved to|trip to|flight to|capital of|home city)\s+)$/;
const LINKING = new Set(['of', 'the', 'and', 'de', 'del', 'la', 'le', 'les', 'do', 'da', 'sur', 'am', 'an', 'im', 'upon', 'on', 'di', 'des', 'du']);

/** Cues after which an unknown capitalised word is taken for a place. */
export const STRONG_PLACE_CUE =
  /(?:\bgrew up in|\bi'm in|\bi am in|\bwe're in|\blives? in|\bliving in|\bmoved (?:here )?(?:to|from)|\bborn in|\blocated in|\btrip to|\bflight to|\barrived (?:at|in)|\bcity of|\btown of|\bvillage of|\boriginally from|\bcomes? from|\btravel(?:l?ing)? to|\bhome city|\byear in|\bheadquartered in)\s+$/;

/**
 * `unambiguousOnly` runs before person detection: it takes only multi-word places and countries or regions
 * that are not also given names, so that "Czech Republic" is not read as a person.
 */
export function findLocations(ctx: NerContext, unambiguousOnly = false): void {
  const { tokens } = ctx;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (!token || !isCapitalised(token, ctx.casing) || !ctx.isFree(token.start, token.end)) continue;
    // "New", "San", "Saint" never stand alone, but open "New York" and "San José".
    const grammarWord = NEVER_NAMES.has(token.lower);
    if (grammarWord && !ctx.opensPlaceName(i)) continue;
    const match = longestPlace(ctx, i);
    if (grammarWord && (!match || match.last === i)) continue;
    if (!match) {
      if (!unambiguousOnly && STRONG_PLACE_CUE.test(ctx.before(i, 24)) && !COMMON_WORDS.has(token.lower) && token.text.length > 2) {
        ctx.emit('LOCATION', token.start, token.end, 0.45);
      }
      continue;
    }
    if (unambiguousOnly && match.last === i && (match.kind === 'city' || FIRST_NAMES.has(match.name) || LAST_NAMES.has(match.name))) continue;
    const score = scorePlace(ctx, i, match.last, match.kind, match.name);
    if (score > 0) {
      ctx.emit('LOCATION', token.start, (tokens[match.last] ?? token).end, score);
      i = match.last;
    }
  }
}

type Kind = 'country' | 'region' | 'city';

function longestPlace(ctx: NerContext, i: number): { last: number; kind: Kind; name: string } | undefined {
  let best: { last: number; kind: Kind; name: string } | undefined;
  if (!ctx.opensPlaceName(i)) return undefined;
  let name = '';
  for (let j = i; j < ctx.tokens.length && j - i < 6; j++) {
    const token = ctx.tokens[j];
    if (!token) break;
    if (j > i) {
      const gap = ctx.gapAfter(j - 1);
      if (gap !== ' ') break;
      if (!isCapitalised(token, ctx.casing) && !LINKING.has(token.lower)) break;
      if (!ctx.isFree(token.start, token.end)) break;
    }
    name = j === i ? token.lower : `${name} ${token.lower}`;
    const kind: Kind | undefined = COUNTRIES.has(name) ? 'country' : REGIONS.has(name) ? 'region' : CITIES.has(name) ? 'city' : undefined;
    if (kind && !LINKING.has(token.lower)) best = { last: j, kind, name };
  }
  return best;
}

function scorePlace(ctx: NerContext, first: number, last: number, kind: Kind, name: string): number {
  const head = ctx.tokens[first];
  if (!head) return 0;
  const cue = PLACE_CUE.test(ctx.before(first));
  const single = first === last;
  const ambiguous = single && (COMMON_WORDS.has(name) || FIRST_NAMES.has(name) || LAST_NAMES.has(name));
  if (single && COMMON_WORDS.has(name) && ctx.casing.allLower) return 0;
  if (kind !== 'city') {
    if (ambiguous && !cue && COMMON_WORDS.has(name) && ctx.startsSentence(first)) return 0;
    return ambiguous && !cue ? 0.6 : 0.85;
  }
  if (single && name.length < 4) return 0;
  if (cue) return ambiguous && COMMON_WORDS.has(name) ? 0.45 : 0.75;
  if (ambiguous) return 0;
  if (ctx.casing.allLower) return 0.5;
  return head.shape === 'upper' ? 0.7 : 0.6;
}
