// The window's aggregates: per time bucket and per item of each dimension. Unfiltered windows read whole hours and
// UTC days from the rollups and only the edges (less than an hour each) from the raw rows; filtered windows, and the
// `raw` mode the tests compare against, count the raw rows directly. Both paths add the same facts the same way.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Aggregate, ItemAggregate } from './aggregate';
import { addFact, addFactToItem, emptyAggregate, emptyItem, mergeAggregate, mergeItem } from './aggregate';
import type { DecodedRow, FetchedRow, RollupCache } from './rollup-cache';
import { rollupCacheFor } from './rollup-cache';
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
  /**
   * The whole window from its own whole days and hours (rollups path): the same prompts as the buckets merged, in a
   * few dozen rows rather than every bucket's hours, so its medians and histograms search few parts.
   */
  total?: Aggregate;
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
  const rawRanges = mergeRanges([...perBucket.flatMap((segments) => segments.raw), ...windowSegments.raw]);
  const readAt = await syncCache(db, rollupCacheFor(db), query.organizationId);
  const [wholeRows, itemRows, facts] = await Promise.all([
    readRollups(db, query.organizationId, 'all', unionOf([...perBucket, windowSegments]), options.distributions !== false, readAt),
    withItems ? readRollups(db, query.organizationId, 'items', windowSegments, options.distributions !== false, readAt) : [],
    loadFacts(db, { organizationId: query.organizationId, ranges: rawRanges }),
  ]);
  const whole = new Map(wholeRows.map((row) => [`${row.span}${row.start_at}`, row.value as Aggregate]));
  perBucket.forEach((segments, index) => {
    const aggregate = buckets[index]!.aggregate;
    for (const day of segments.days) {
      const row = whole.get(`d${day}`);
      if (row) mergeAggregate(aggregate, row);
    }
    for (const hour of segments.hours) {
      const row = whole.get(`h${hour}`);
      if (row) mergeAggregate(aggregate, row);
    }
  });
  const total = emptyAggregate();
  for (const day of windowSegments.days) {
    const row = whole.get(`d${day}`);
    if (row) mergeAggregate(total, row);
  }
  for (const hour of windowSegments.hours) {
    const row = whole.get(`h${hour}`);
    if (row) mergeAggregate(total, row);
  }
  for (const fact of facts) {
    const index = bucketIndexOf(ranges, fact.createdAt);
    if (index >= 0 && perBucket[index]!.raw.some((range) => fact.createdAt >= range.start && fact.createdAt < range.end)) addFact(buckets[index]!.aggregate, fact);
    if (windowSegments.raw.some((range) => fact.createdAt >= range.start && fact.createdAt < range.end)) {
      addFact(total, fact);
      if (withItems) addToItems(items, fact);
    }
  }
  // Rows may be shared with other queries (rollup-cache.ts): merged into new aggregates, never changed.
  for (const row of itemRows) {
    const map = items[row.dimension as ItemDimension];
    let item = map.get(row.item);
    if (!item) {
      item = emptyItem();
      map.set(row.item, item);
    }
    mergeItem(item, row.value);
  }
  return { buckets, items: withItems ? items : null, source: 'rollups', total };
}

function unionOf(all: Segments[]): Segments {
  return { days: [...new Set(all.flatMap((segments) => segments.days))], hours: [...new Set(all.flatMap((segments) => segments.hours))], raw: [] };
}

type RollupRow = DecodedRow;

/**
 * Brings the handle's cache up to the organization's rollup version (rollup-cache.ts) and answers that version: the
 * slots fetched after it are current at least up to it.
 */
async function syncCache(db: Kysely<Database>, cache: RollupCache, organizationId: string): Promise<number> {
  const counter = await db.selectFrom('metrics_rollup_versions').select(['version', 'rebuilt_at']).where('organization_id', '=', organizationId).executeTakeFirst();
  const version = Number(counter?.version ?? 0);
  const seen = cache.seenOf(organizationId);
  if (version === seen) return version;
  if (!cache.knows(organizationId) || version < seen || Number(counter?.rebuilt_at ?? 0) > seen) {
    cache.advance(organizationId, version, null);
    return version;
  }
  const changed = await db
    .selectFrom('metrics_rollups')
    .select(['dimension', 'span', 'start_at'])
    .distinct()
    .where('organization_id', '=', organizationId)
    .where('version', '>', seen)
    .execute();
  cache.advance(organizationId, version, changed);
  return version;
}

async function readRollups(db: Kysely<Database>, organizationId: string, which: 'all' | 'items', segments: Segments, withValues: boolean, readAt: number): Promise<RollupRow[]> {
  const cache = rollupCacheFor(db);
  const dimensions: readonly RollupDimension[] = which === 'all' ? ['all'] : ITEM_DIMENSIONS;
  const slots: [Span, number][] = [...segments.days.map((start): [Span, number] => ['d', start]), ...segments.hours.map((start): [Span, number] => ['h', start])];
  const rows: RollupRow[] = [];
  const missing = new Map<RollupDimension, Record<Span, number[]>>();
  for (const dimension of dimensions) {
    for (const [span, start] of slots) {
      const cached = cache.get(organizationId, dimension, span, start, withValues);
      if (cached) {
        for (const row of cached) rows.push(row);
        continue;
      }
      let starts = missing.get(dimension);
      if (!starts) {
        starts = { d: [], h: [] };
        missing.set(dimension, starts);
      }
      starts[span].push(start);
    }
  }
  // One query per dimension, so each run is an index range (organization, dimension, span, start).
  await Promise.all(
    [...missing].map(async ([dimension, starts]) => {
      const runs: [Span, Bucket][] = [
        ...runsOf(starts.d, DAY_MS).map((run): [Span, Bucket] => ['d', run]),
        ...runsOf(starts.h, HOUR_MS).map((run): [Span, Bucket] => ['h', run]),
      ];
      const fetched = await db
        .selectFrom('metrics_rollups')
        .select(['dimension', 'span', 'start_at', 'item', 'data'])
        .$if(withValues, (select) => select.select('dist_values'))
        .where('organization_id', '=', organizationId)
        .where('dimension', '=', dimension)
        .where((eb) => eb.or(runs.map(([span, run]) => eb.and([eb('span', '=', span), eb('start_at', '>=', run.start), eb('start_at', '<', run.end)]))))
        .execute();
      const bySlot = new Map<string, FetchedRow[]>();
      for (const row of fetched) {
        const slot = `${row.span}${Number(row.start_at)}`;
        let list = bySlot.get(slot);
        if (!list) {
          list = [];
          bySlot.set(slot, list);
        }
        list.push({ ...row, dist_values: 'dist_values' in row ? (row.dist_values as Uint8Array) : null });
      }
      for (const span of ['d', 'h'] as const) {
        for (const start of starts[span]) {
          for (const row of cache.put(organizationId, dimension, span, start, bySlot.get(`${span}${start}`) ?? [], withValues, readAt)) rows.push(row);
        }
      }
    }),
  );
  return rows;
}

/** The whole window: the buckets merged. */
export function windowTotal(aggregates: WindowAggregates): Aggregate {
  if (aggregates.total) return aggregates.total;
  const total = emptyAggregate();
  for (const { aggregate } of aggregates.buckets) mergeAggregate(total, aggregate);
  return total;
}
