// The window's aggregates: per time bucket and per item of each dimension. Unfiltered windows read whole hours and
// UTC days from the rollups and only the edges (less than an hour each) from the raw rows; filtered windows, and the
// `raw` mode the tests compare against, count the raw rows directly. Both paths add the same facts the same way.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Aggregate, ItemAggregate } from './aggregate';
import { addFact, addFactToItem, emptyAggregate, emptyItem, mergeAggregate, mergeItem } from './aggregate';
import { decodeAggregate, decodeItem } from './aggregate-encoding';
import type { Bucket, Interval, Segments } from './buckets';
import { DAY_MS, HOUR_MS, bucketsOf, mergeRanges, runsOf, segmentsOf } from './buckets';
import type { PromptFact } from './facts';
import type { MetricsFilters } from './facts.repository';
import { hasFilters, loadFacts } from './facts.repository';
import type { RollupDimension, Span } from './rollup-writer';
import { itemsOf } from './rollup-writer';

export type ItemDimension = Exclude<RollupDimension, 'all'>;
export const ITEM_DIMENSIONS: readonly ItemDimension[] = ['user', 'app', 'llm', 'model', 'policy', 'attribute'];

export interface WindowQuery {
  organizationId: string;
  from: number;
  to: number;
  zone: string;
  interval: Interval;
  filters: MetricsFilters;
}

export interface WindowAggregates {
  /** Ascending time order. */
  buckets: { bucket: Bucket; aggregate: Aggregate }[];
  /** null when not read (ComputeOptions.items false). */
  items: Record<ItemDimension, Map<string, ItemAggregate>> | null;
  /** How the figures were read, for the README's honesty and the tests. */
  source: 'rollups' | 'raw';
}

const emptyItems = (): Record<ItemDimension, Map<string, ItemAggregate>> => ({ user: new Map(), app: new Map(), llm: new Map(), model: new Map(), policy: new Map(), attribute: new Map() });

function addToItems(items: Record<ItemDimension, Map<string, ItemAggregate>>, fact: PromptFact): void {
  for (const [dimension, id] of itemsOf(fact)) {
    if (dimension === 'all') continue;
    let item = items[dimension].get(id);
    if (!item) {
      item = emptyItem();
      items[dimension].set(id, item);
    }
    addFactToItem(item, fact);
  }
}

/** Index of the bucket holding `at` (buckets ascending and contiguous). */
function bucketIndexOf(buckets: Bucket[], at: number): number {
  let low = 0;
  let high = buckets.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (at < buckets[middle]!.start) high = middle - 1;
    else if (at >= buckets[middle]!.end) low = middle + 1;
    else return middle;
  }
  return -1;
}

export interface ComputeOptions {
  /** Count the raw rows even without filters (the tests' reference). */
  raw?: boolean;
  /**
   * false when the query selects no median, histogram, statistic or leaderboard: the rollups' stored values are then
   * not read at all, and touching a distribution fails loudly rather than answering from nothing.
   */
  distributions?: boolean;
  /** false when the query selects no top list or leaderboard: the per-item rollups are then not read. */
  items?: boolean;
}

export async function computeWindow(db: Kysely<Database>, query: WindowQuery, options: ComputeOptions = {}): Promise<WindowAggregates> {
  const ranges = bucketsOf(query.zone, query.interval, query.from, query.to);
  const buckets = ranges.map((bucket) => ({ bucket, aggregate: emptyAggregate() }));
  const withItems = options.items !== false;
  const items = emptyItems();
  if (options.raw || hasFilters(query.filters)) {
    const facts = await loadFacts(db, { organizationId: query.organizationId, ranges: [{ start: query.from, end: query.to }], filters: query.filters });
    for (const fact of facts) {
      const index = bucketIndexOf(ranges, fact.createdAt);
      if (index < 0) continue;
      addFact(buckets[index]!.aggregate, fact);
      if (withItems) addToItems(items, fact);
    }
    return { buckets, items: withItems ? items : null, source: 'raw' };
  }

  const perBucket = ranges.map((range) => segmentsOf(range));
  const windowSegments = segmentsOf({ start: query.from, end: query.to });
  const rawRanges = mergeRanges(perBucket.flatMap((segments) => segments.raw));
  const [wholeRows, itemRows, facts] = await Promise.all([
    readRollups(db, query.organizationId, 'all', unionOf(perBucket), options.distributions !== false),
    withItems ? readRollups(db, query.organizationId, 'items', windowSegments, options.distributions !== false) : [],
    loadFacts(db, { organizationId: query.organizationId, ranges: rawRanges }),
  ]);
  const whole = new Map(wholeRows.map((row) => [`${row.span}${Number(row.start_at)}`, row]));
  perBucket.forEach((segments, index) => {
    const aggregate = buckets[index]!.aggregate;
    for (const day of segments.days) {
      const row = whole.get(`d${day}`);
      if (row) mergeAggregate(aggregate, decodeAggregate(row));
    }
    for (const hour of segments.hours) {
      const row = whole.get(`h${hour}`);
      if (row) mergeAggregate(aggregate, decodeAggregate(row));
    }
  });
  for (const fact of facts) {
    const index = bucketIndexOf(ranges, fact.createdAt);
    if (index >= 0) addFact(buckets[index]!.aggregate, fact);
    if (withItems && windowSegments.raw.some((range) => fact.createdAt >= range.start && fact.createdAt < range.end)) addToItems(items, fact);
  }
  for (const row of itemRows) {
    const map = items[row.dimension as ItemDimension];
    const decoded = decodeItem(row);
    const existing = map.get(row.item);
    if (existing) mergeItem(existing, decoded);
    else map.set(row.item, decoded);
  }
  return { buckets, items: withItems ? items : null, source: 'rollups' };
}

function unionOf(all: Segments[]): Segments {
  return { days: all.flatMap((segments) => segments.days), hours: all.flatMap((segments) => segments.hours), raw: [] };
}

interface RollupRow {
  dimension: string;
  span: string;
  start_at: number;
  item: string;
  data: string;
  /** null when not read (ComputeOptions.distributions false). */
  dist_values: Uint8Array | null;
}

async function readRollups(db: Kysely<Database>, organizationId: string, which: 'all' | 'items', segments: Segments, withValues: boolean): Promise<RollupRow[]> {
  const runs: [Span, Bucket][] = [
    ...runsOf(segments.days, DAY_MS).map((run): [Span, Bucket] => ['d', run]),
    ...runsOf(segments.hours, HOUR_MS).map((run): [Span, Bucket] => ['h', run]),
  ];
  if (!runs.length) return [];
  // One query per dimension, so each range is an index range (organization, dimension, span, start).
  const dimensions: readonly RollupDimension[] = which === 'all' ? ['all'] : ITEM_DIMENSIONS;
  const results = await Promise.all(
    dimensions.map((dimension) =>
      db
        .selectFrom('metrics_rollups')
        .select(['dimension', 'span', 'start_at', 'item', 'data'])
        .$if(withValues, (select) => select.select('dist_values'))
        .where('organization_id', '=', organizationId)
        .where('dimension', '=', dimension)
        .where((eb) => eb.or(runs.map(([span, run]) => eb.and([eb('span', '=', span), eb('start_at', '>=', run.start), eb('start_at', '<', run.end)]))))
        .execute(),
    ),
  );
  return results.flat().map((row) => ({ ...row, dist_values: 'dist_values' in row ? (row.dist_values as Uint8Array) : null }));
}

/** The whole window: the buckets merged. */
export function windowTotal(aggregates: WindowAggregates): Aggregate {
  const total = emptyAggregate();
  for (const { aggregate } of aggregates.buckets) mergeAggregate(total, aggregate);
  return total;
}
