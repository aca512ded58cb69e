/**
 * Coordinated names share their kind: in "Uber, Importio and Futureadvisor" the two unknown names next to a known
 * company are companies too. Runs after the other organisation finders, before people and places claim words.
 */
import { COMMON_WORDS, FIRST_NAMES, NEVER_NAMES, isKnownPlace } from './gazetteer';
import type { NerContext } from './ner-context';
import { isNameGap } from './ner-context';
import { isCapitalised } from './tokens';

const CONJUNCTIONS = new Set(['and', 'or']);

export function findCoordinatedOrganizations(ctx: NerContext): void {
  if (ctx.casing.allLower || ctx.casing.mostlyUpper) return;
  const queue = ctx.out.filter((e) => e.type === 'ORGANIZATION').map((e) => ({ start: e.start, end: e.end }));
  for (let guard = 0; queue.length > 0 && guard < 32; guard++) {
    const org = queue.pop();
    if (!org) break;
    for (const found of [runAfter(ctx, org.end), runBefore(ctx, org.start)]) {
      if (!found) continue;
      ctx.emit('ORGANIZATION', found.start, found.end, 0.5);
      queue.push(found);
    }
  }
}

function tokenIndexAt(ctx: NerContext, offset: number, side: 'start' | 'end'): number {
  const { tokens } = ctx;
  let lo = 0;
  let hi = tokens.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const at = tokens[mid]?.[side] ?? 0;
    if (at === offset) return mid;
    if (at < offset) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/** Index of the first word after token `last` past a list joiner (", ", " and ", ", and ", " & "), or -1. */
function afterJoiner(ctx: NerContext, last: number): number {
  const gap = ctx.gapAfter(last).replace(/^\./, '');
  if (gap === ' & ') return last + 1;
  const next = ctx.tokens[last + 1];
  if (next && CONJUNCTIONS.has(next.lower) && (gap === ' ' || gap === ', ')) return ctx.gapAfter(last + 1) === ' ' ? last + 2 : -1;
  return gap === ', ' ? last + 1 : -1;
}

/** Index of the last word before token `first` past a list joiner, or -1. */
function beforeJoiner(ctx: NerContext, first: number): number {
  if (first <= 0) return -1;
  const gap = ctx.gapAfter(first - 1);
  if (gap === ' & ' || gap === ', ') return first - 1;
  const previous = ctx.tokens[first - 1];
  if (previous && CONJUNCTIONS.has(previous.lower) && gap === ' ' && first >= 2) {
    const before = ctx.gapAfter(first - 2);
    return before === ' ' || before === ', ' ? first - 2 : -1;
  }
  return -1;
}

/** A free capitalised run of one to four words right after "<org>, " / " and ", that is no known place or person. */
function runAfter(ctx: NerContext, end: number): { start: number; end: number } | undefined {
  // "Qado Energy Inc., Carfax": the full stop of an abbreviation belongs to the name.
  const last = tokenIndexAt(ctx, ctx.text[end - 1] === '.' ? end - 1 : end, 'end');
  const first = last < 0 ? -1 : afterJoiner(ctx, last);
  if (first < 0 || !isCandidate(ctx, first)) return undefined;
  let stop = first;
  while (stop - first < 3 && isNameGap(ctx.gapAfter(stop)) && isCandidate(ctx, stop + 1)) stop++;
  return accept(ctx, first, stop);
}

function runBefore(ctx: NerContext, start: number): { start: number; end: number } | undefined {
  const next = tokenIndexAt(ctx, start, 'start');
  const stop = next < 0 ? -1 : beforeJoiner(ctx, next);
  if (stop < 0 || !isCandidate(ctx, stop)) return undefined;
  let first = stop;
  while (stop - first < 3 && isNameGap(ctx.gapAfter(first - 1)) && isCandidate(ctx, first - 1)) first--;
  // "in Aapajärvi, Crowdanalytix is ...": the word before the comma is where, not who.
  if (/\b(?:in|from|near|to|of|at)\s$/.test(ctx.before(first, 6))) return undefined;
  return accept(ctx, first, stop);
}

function isCandidate(ctx: NerContext, i: number): boolean {
  const token = ctx.tokens[i];
  return token !== undefined && (token.shape === 'title' || token.shape === 'upper') && isCapitalised(token, ctx.casing) &&
    !NEVER_NAMES.has(token.lower) && ctx.isFree(token.start, token.end);
}

function accept(ctx: NerContext, first: number, stop: number): { start: number; end: number } | undefined {
  const head = ctx.tokens[first];
  const tail = ctx.tokens[stop];
  if (!head || !tail) return undefined;
  const lower = ctx.text.slice(head.start, tail.end).toLowerCase();
  // "Acme Ltd, London" and "Acme and John Smith" are a place and a person; "Sadly, Acme ..." is an adverb.
  if (isKnownPlace(lower) || (stop > first && FIRST_NAMES.has(head.lower)) || (stop === first && COMMON_WORDS.has(head.lower))) return undefined;
  return { start: head.start, end: tail.end };
}
