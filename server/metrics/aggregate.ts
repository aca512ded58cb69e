// Mergeable aggregates: exact counts, sums, sums of squares, min/max and every value (as sorted parts), so an hour's or a
// day's rollup row merges with others into exactly what the raw rows give (medians and histograms included).
import type { MeasuredFact } from './facts';
import { QUALITY_METRICS } from './facts';
import { METRIC_STAGES, TOOL_COUNT_FIELDS } from '../../domain/schemas/metrics';

/**
 * A distribution of integer values: exact scalars plus the values themselves, as sorted parts (one per rollup row
 * read) and the values added here (unsorted, until read). Parts are never merged: counts below a value are summed over the parts by
 * binary search, which is all medians, histograms and risk hits need — so reading many rows costs their decoding,
 * not a merge of every value.
 */
export interface Dist {
  n: number;
  sum: number;
  sumSq: number;
  min: number;
  max: number;
  /** Values added here, in the order added: a typed array (no map entry per value), sorted once when first read. */
  added: Int32Array;
  addedLength: number;
  parts: DistPart[];
  /** Distributions merged into this one, read when its values are first needed. */
  sources: Dist[];
  /** Decodes the stored values of the row this distribution came from (all of that row's, once). */
  load: (() => void) | null;
  /**
   * Merge the parts into one when they are next read: set on distributions kept between queries (merge-memo.ts),
   * where one merge spares every later query a search per part.
   */
  compact: boolean;
}

/** Sorted distinct values and the running count up to and including each. */
export interface DistPart {
  values: Int32Array;
  cumulative: Int32Array;
}

/** Shared by every distribution with no values of its own yet: a query decodes tens of thousands of them. */
export const NO_VALUES = new Int32Array(0);

export const emptyDist = (): Dist => ({ n: 0, sum: 0, sumSq: 0, min: Infinity, max: -Infinity, added: NO_VALUES, addedLength: 0, parts: [], sources: [], load: null, compact: false });

/** Adds a value (`times` times: each is kept, so keep `times` small). */
export function addValue(dist: Dist, value: number, times = 1): void {
  dist.n += times;
  dist.sum += value * times;
  dist.sumSq += value * value * times;
  if (value < dist.min) dist.min = value;
  if (value > dist.max) dist.max = value;
  for (let copy = 0; copy < times; copy += 1) {
    if (dist.addedLength === dist.added.length) {
      const grown = new Int32Array(Math.max(8, dist.added.length * 2));
      grown.set(dist.added);
      dist.added = grown;
    }
    dist.added[dist.addedLength++] = value;
  }
}

/** Unsorted values as a part: sorted, each distinct value once with the running count. */
export function partOf(unsorted: Int32Array): DistPart {
  const sorted = unsorted.slice().sort();
  const values = new Int32Array(sorted.length);
  const cumulative = new Int32Array(sorted.length);
  let distinct = 0;
  for (let index = 0; index < sorted.length; index += 1) {
    if (distinct > 0 && values[distinct - 1] === sorted[index]) cumulative[distinct - 1] = index + 1;
    else {
      values[distinct] = sorted[index]!;
      cumulative[distinct] = index + 1;
      distinct += 1;
    }
  }
  return distinct === sorted.length ? { values, cumulative } : { values: values.slice(0, distinct), cumulative: cumulative.slice(0, distinct) };
}

/**
 * The parts of a distribution: its stored values decoded, its added values as one part and its sources' parts,
 * each done once. Until then a distribution is only its scalars, so queries that ask for counts decode nothing.
 */
export function partsOf(dist: Dist): DistPart[] {
  dist.load?.();
  if (dist.addedLength) {
    dist.parts.push(partOf(dist.added.subarray(0, dist.addedLength)));
    dist.added = NO_VALUES;
    dist.addedLength = 0;
  }
  if (dist.sources.length) {
    for (const source of dist.sources) dist.parts.push(...partsOf(source));
    dist.sources = [];
  }
  // A new array, not the old one changed: a query may still be iterating the parts it was given.
  if (dist.compact && dist.parts.length > 1) dist.parts = [mergeParts(dist.parts)];
  return dist.parts;
}

/** Two sorted parts as one: values of both in order, counts of a value found in both added. */
function mergeTwo(a: DistPart, b: DistPart): DistPart {
  const values = new Int32Array(a.values.length + b.values.length);
  const cumulative = new Int32Array(values.length);
  let i = 0;
  let j = 0;
  let length = 0;
  let running = 0;
  let beforeA = 0;
  let beforeB = 0;
  while (i < a.values.length || j < b.values.length) {
    const fromA = j >= b.values.length || (i < a.values.length && a.values[i]! <= b.values[j]!);
    const fromB = i >= a.values.length || (j < b.values.length && b.values[j]! <= a.values[i]!);
    let value = 0;
    if (fromA) {
      value = a.values[i]!;
      running += a.cumulative[i]! - beforeA;
      beforeA = a.cumulative[i]!;
      i += 1;
    }
    if (fromB) {
      value = b.values[j]!;
      running += b.cumulative[j]! - beforeB;
      beforeB = b.cumulative[j]!;
      j += 1;
    }
    values[length] = value;
    cumulative[length] = running;
    length += 1;
  }
  return length === values.length ? { values, cumulative } : { values: values.slice(0, length), cumulative: cumulative.slice(0, length) };
}

/** Sorted parts as one, merged pairwise (each value copied about log2(parts) times). */
export function mergeParts(parts: DistPart[]): DistPart {
  let level = parts;
  while (level.length > 1) {
    const next: DistPart[] = [];
    for (let index = 0; index < level.length; index += 2) next.push(index + 1 < level.length ? mergeTwo(level[index]!, level[index + 1]!) : level[index]!);
    level = next;
  }
  return level[0] ?? { values: new Int32Array(0), cumulative: new Int32Array(0) };
}

export function mergeDist(into: Dist, from: Dist): void {
  if (!from.n) return;
  into.n += from.n;
  into.sum += from.sum;
  into.sumSq += from.sumSq;
  if (from.min < into.min) into.min = from.min;
  if (from.max > into.max) into.max = from.max;
  into.sources.push(from);
}

/** How many values are at most `value`. */
export function countAtMost(dist: Dist, value: number): number {
  if (!dist.n || value < dist.min) return 0;
  if (value >= dist.max) return dist.n;
  let count = 0;
  for (const part of partsOf(dist)) {
    const { values, cumulative } = part;
    let low = 0;
    let high = values.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (values[middle]! <= value) low = middle + 1;
      else high = middle;
    }
    if (low > 0) count += cumulative[low - 1]!;
  }
  return count;
}

/** The k-th smallest value (1-based): the least integer with at least k values at or below it. */
export function kthValue(dist: Dist, k: number): number {
  const parts = partsOf(dist);
  if (parts.length === 1) {
    // One part: the first value whose running count reaches k.
    const { values, cumulative } = parts[0]!;
    let low = 0;
    let high = values.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (cumulative[middle]! >= k) high = middle;
      else low = middle + 1;
    }
    return values[low]!;
  }
  let low = dist.min;
  let high = dist.max;
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    if (countAtMost(dist, middle) >= k) high = middle;
    else low = middle + 1;
  }
  return low;
}

/** Every value with its count, ascending (merging the parts; for rewriting one row only). */
export function frequencies(dist: Dist): Map<number, number> {
  const merged = new Map<number, number>();
  for (const part of partsOf(dist)) {
    let previous = 0;
    part.values.forEach((value, index) => {
      const count = part.cumulative[index]! - previous;
      previous = part.cumulative[index]!;
      merged.set(value, (merged.get(value) ?? 0) + count);
    });
  }
  return merged;
}

/** What a leaderboard needs of one user, copilot, policy, model…: counts and the risk factors' distributions. */
export interface ItemAggregate {
  prompts: number;
  malicious: number;
  blocked: number;
  anonymized: number;
  redacted: number;
  policySkips: number;
  totalTokens: Dist;
  /** QUALITY_METRICS order. */
  quality: Dist[];
}

/** Everything a time bucket shows. */
export interface Aggregate extends ItemAggregate {
  minDate: number | null;
  maxDate: number | null;
  /** METRIC_STAGES order: [ok, skip, fail]. */
  status: [number, number, number][];
  /** Copyright check: passages matched, prompts whose answer had a match, answers withheld. */
  copyright: [number, number, number];
  tokens: Dist[];
  latency: Dist[];
  /** Tool calls and results, TOOL_COUNT_FIELDS order (sums of per-prompt counts). */
  tools: number[];
}

export const emptyItem = (): ItemAggregate => ({
  prompts: 0,
  malicious: 0,
  blocked: 0,
  anonymized: 0,
  redacted: 0,
  policySkips: 0,
  totalTokens: emptyDist(),
  quality: QUALITY_METRICS.map(emptyDist),
});

export const emptyAggregate = (): Aggregate => ({
  ...emptyItem(),
  minDate: null,
  maxDate: null,
  status: METRIC_STAGES.map(() => [0, 0, 0]),
  copyright: [0, 0, 0],
  tokens: METRIC_STAGES.map(emptyDist),
  latency: METRIC_STAGES.map(emptyDist),
  tools: TOOL_COUNT_FIELDS.map(() => 0),
});

export function addFactToItem(item: ItemAggregate, fact: MeasuredFact): void {
  item.prompts += 1;
  if (fact.malicious) item.malicious += 1;
  if (fact.blocked) item.blocked += 1;
  if (fact.anonymized) item.anonymized += 1;
  if (fact.redacted) item.redacted += 1;
  if (fact.policySkip) item.policySkips += 1;
  addValue(item.totalTokens, fact.totalTokens);
  fact.quality.forEach((value, index) => {
    if (value !== null) addValue(item.quality[index]!, value);
  });
}

export function addFact(aggregate: Aggregate, fact: MeasuredFact): void {
  addFactToItem(aggregate, fact);
  if (aggregate.minDate === null || fact.createdAt < aggregate.minDate) aggregate.minDate = fact.createdAt;
  if (aggregate.maxDate === null || fact.createdAt > aggregate.maxDate) aggregate.maxDate = fact.createdAt;
  if (fact.copyrightMatches) {
    aggregate.copyright[0] += fact.copyrightMatches;
    aggregate.copyright[1] += 1;
  }
  if (fact.copyrightWithheld) aggregate.copyright[2] += 1;
  fact.stages.forEach((stage, index) => {
    if (stage.status === 'ok') aggregate.status[index]![0] += 1;
    if (stage.status === 'skip') aggregate.status[index]![1] += 1;
    if (stage.status === 'fail') aggregate.status[index]![2] += 1;
    if (stage.tokens !== null) addValue(aggregate.tokens[index]!, stage.tokens);
    if (stage.latency !== null) addValue(aggregate.latency[index]!, stage.latency);
  });
  for (let index = 0; index < aggregate.tools.length; index += 1) aggregate.tools[index]! += fact.tools[index] ?? 0;
}

export function mergeItem(into: ItemAggregate, from: ItemAggregate): void {
  into.prompts += from.prompts;
  into.malicious += from.malicious;
  into.blocked += from.blocked;
  into.anonymized += from.anonymized;
  into.redacted += from.redacted;
  into.policySkips += from.policySkips;
  mergeDist(into.totalTokens, from.totalTokens);
  from.quality.forEach((dist, index) => mergeDist(into.quality[index]!, dist));
}

export function mergeAggregate(into: Aggregate, from: Aggregate): void {
  mergeItem(into, from);
  if (from.minDate !== null && (into.minDate === null || from.minDate < into.minDate)) into.minDate = from.minDate;
  if (from.maxDate !== null && (into.maxDate === null || from.maxDate > into.maxDate)) into.maxDate = from.maxDate;
  into.copyright[0] += from.copyright[0];
  into.copyright[1] += from.copyright[1];
  into.copyright[2] += from.copyright[2];
  from.status.forEach((counts, index) => {
    const target = into.status[index]!;
    target[0] += counts[0];
    target[1] += counts[1];
    target[2] += counts[2];
  });
  from.tokens.forEach((dist, index) => mergeDist(into.tokens[index]!, dist));
  from.latency.forEach((dist, index) => mergeDist(into.latency[index]!, dist));
  from.tools.forEach((count, index) => {
    into.tools[index]! += count;
  });
}

/** Marks every distribution of an item or aggregate to be merged into one part when next read (Dist.compact). */
export function markCompact(value: ItemAggregate | Aggregate): void {
  value.totalTokens.compact = true;
  for (const dist of value.quality) dist.compact = true;
  if ('latency' in value) for (const dist of [...value.tokens, ...value.latency]) dist.compact = true;
}
