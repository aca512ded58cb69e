// The window's aggregates: per time bucket and per item of each dimension. Windows are read as whole hours and UTC
// days plus edges (less than an hour each) counted from metrics_facts. The hours and days come from the stored
// rollups, or, for a filtered window, are computed from metrics_facts once and cached (derived-slots.ts). The `raw`
// mode the tests compare against counts the raw rows directly. Every path adds the same facts the same way.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Aggregate, ItemAggregate } from './aggregate';
import { addFact, addFactToItem, emptyAggregate, emptyItem, mergeAggregate, mergeItem } from './aggregate';
import type { DecodedRow, FetchedRow, RollupCache } from './rollup-cache';
import type { SlotRows } from './merge-memo';
import type { DerivedRequest } from './derived-slots';
import { derivedName, filterKeyOf, readDerived } from './derived-slots';
import { rollupCacheFor } from './rollup-cache';
import type { Bucket, Interval, Segments } from './buckets';
import { DAY_MS, HOUR_MS, bucketsOf, mergeRanges, runsOf, segmentsOf } from './buckets';
import type { MeasuredFact } from './facts';
import type { MetricsFilters } from './facts.repository';
import { hasFilters, loadFacts, scanFacts } from './facts.repository';
import type { RollupDimension, Span } from './rollup-writer';
import { aggregatePending, itemsOf, slotsOf } from './rollup-writer';

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
  /** How the figures were read, for the README's honesty and the tests: stored rollups, hours and days derived from metrics_facts (filtered windows), or the raw rows. */
  source: 'rollups' | 'facts' | 'raw';
  /**
   * The whole window from its own whole days and hours (rollups path): the same prompts as the buckets merged, in a
   * few dozen rows rather than every bucket's hours, so its medians and histograms search few parts.
   */
  total?: Aggregate;
}

const emptyItems = (): Record<ItemDimension, Map<string, ItemAggregate>> => ({ user: new Map(), app: new Map(), llm: new Map(), model: new Map(), policy: new Map(), attribute: new Map() });

function addToItems(items: Record<ItemDimension, Map<string, ItemAggregate>>, fact: MeasuredFact): void {
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
  // Only red-team prompts: few, counted from the raw rows.
  if (options.raw || query.filters.redTeam === 'only') {
    const facts = await loadFacts(db, { organizationId: query.organizationId, ranges: [{ start: query.from, end: query.to }], filters: query.filters });
    for (const fact of facts) {
      const index = bucketIndexOf(ranges, fact.createdAt);
      if (index < 0) continue;
      addFact(buckets[index]!.aggregate, fact);
      if (withItems) addToItems(items, fact);
    }
    return { buckets, items: withItems ? items : null, source: 'raw' };
  }

  // The organization's own prompts from the rollups (or derived slots); red-team prompts, when asked for, are added
  // below from their facts (they never enter the rollups).
  const filters: MetricsFilters = { ...query.filters, redTeam: undefined };
  const perBucket = ranges.map((range) => segmentsOf(range));
  const windowSegments = segmentsOf({ start: query.from, end: query.to });
  const wholeSegments = unionOf([...perBucket, windowSegments]);
  const rawRanges = mergeRanges([...perBucket.flatMap((segments) => segments.raw), ...windowSegments.raw]);
  const cache = rollupCacheFor(db);
  const readAt = await syncCache(db, cache, query.organizationId);
  const withValues = options.distributions !== false;
  // A filtered window's hours and days are computed from the facts (derived-slots.ts), an unfiltered one's read.
  const filterKey = hasFilters(filters) ? filterKeyOf(filters) : null;
  const nameOf = (dimension: RollupDimension) => (filterKey === null ? dimension : derivedName(filterKey, dimension));
  const readSlots = async (): Promise<Map<string, SlotRows>> => {
    if (filterKey !== null) {
      const requests: DerivedRequest[] = [{ dimensions: ['all'], segments: wholeSegments }];
      if (withItems) requests.push({ dimensions: ITEM_DIMENSIONS, segments: windowSegments });
      return readDerived(db, cache, query.organizationId, filters, requests, readAt);
    }
    const [whole, perItem] = await Promise.all([
      readRollups(db, query.organizationId, ['all'], wholeSegments, withValues, readAt),
      withItems ? readRollups(db, query.organizationId, ITEM_DIMENSIONS, windowSegments, withValues, readAt) : new Map<string, SlotRows>(),
    ]);
    return new Map([...whole, ...perItem]);
  };
  // The edges' facts, counted at once (the visited fact is reused): into their bucket and the window's total.
  const total = emptyAggregate();
  const edgeBuckets: Aggregate[] = [];
  const edgeItems = emptyItems();
  const [slotRows] = await Promise.all([
    readSlots(),
    scanFacts(db, { organizationId: query.organizationId, ranges: rawRanges, filters }, (fact) => {
      const index = bucketIndexOf(ranges, fact.createdAt);
      if (index >= 0 && perBucket[index]!.raw.some((range) => fact.createdAt >= range.start && fact.createdAt < range.end)) addFact((edgeBuckets[index] ??= emptyAggregate()), fact);
      if (windowSegments.raw.some((range) => fact.createdAt >= range.start && fact.createdAt < range.end)) {
        addFact(total, fact);
        if (withItems) addToItems(edgeItems, fact);
      }
    }),
  ]);
  const memo = cache.merges;
  const wholeOf = (segments: Segments): Aggregate[] => {
    const slots = slotsInOrder(segments);
    if (!slots.length) return [];
    const rows = slots.map((slot) => slotRows.get(`all${slot}`)?.[0]).filter((row): row is DecodedRow => row !== undefined);
    return memo.aggregatesOf(groupKey(query.organizationId, nameOf('all'), slots), rows);
  };
  perBucket.forEach((segments, index) => {
    const aggregate = buckets[index]!.aggregate;
    for (const from of wholeOf(segments)) mergeAggregate(aggregate, from);
    const edges = edgeBuckets[index];
    if (edges) mergeAggregate(aggregate, edges);
  });
  for (const from of wholeOf(windowSegments)) mergeAggregate(total, from);
  if (withItems) {
    const slots = slotsInOrder(windowSegments);
    for (const dimension of ITEM_DIMENSIONS) {
      if (slots.length) items[dimension] = memo.itemsOf(groupKey(query.organizationId, nameOf(dimension), slots), slots.map((slot) => slotRows.get(`${dimension}${slot}`) ?? NO_ROWS));
      for (const [id, edge] of edgeItems[dimension]) {
        let item = items[dimension].get(id);
        if (!item) {
          item = emptyItem();
          items[dimension].set(id, item);
        }
        mergeItem(item, edge);
      }
    }
  }
  if (query.filters.redTeam === 'include') {
    await scanFacts(db, { organizationId: query.organizationId, ranges: [{ start: query.from, end: query.to }], filters: { ...query.filters, redTeam: 'only' } }, (fact) => {
      const index = bucketIndexOf(ranges, fact.createdAt);
      if (index < 0) return;
      addFact(buckets[index]!.aggregate, fact);
      addFact(total, fact);
      if (withItems) addToItems(items, fact);
    });
  }
  return { buckets, items: withItems ? items : null, source: filterKey === null ? 'rollups' : 'facts', total };
}

const NO_ROWS: SlotRows = [];

/** A group's slots as `${span}${start}`, in time order (a day slot sorts among the hours by its start). */
function slotsInOrder(segments: Segments): string[] {
  return slotsOf(segments)
    .sort((a, b) => a[1] - b[1])
    .map(([span, start]) => `${span}${start}`);
}

/** Groups are contiguous runs of slots: the first, the last and the count name one (merge-memo.ts checks the rows). */
const groupKey = (organizationId: string, dimension: string, slots: string[]): string => `${organizationId}\u0000${dimension}\u0000${slots[0]}\u0000${slots[slots.length - 1]}\u0000${slots.length}`;

function unionOf(all: Segments[]): Segments {
  return { days: [...new Set(all.flatMap((segments) => segments.days))], hours: [...new Set(all.flatMap((segments) => segments.hours))], raw: [] };
}

/**
 * Counts the not-yet-aggregated tail, then brings the handle's cache up to the organization's rollup version (rollup-cache.ts) and answers that version: the
 * slots fetched after it are current at least up to it.
 */
async function syncCache(db: Kysely<Database>, cache: RollupCache, organizationId: string): Promise<number> {
  // The tail: prompts finished since the background aggregator last ran are counted into their rows first.
  await aggregatePending(db, organizationId);
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
    // No DISTINCT (duplicates are harmless): with it SQLite's planner may walk every row of the organization in key
    // order instead of the few rows of the version index.
    .where('organization_id', '=', organizationId)
    .where('version', '>', seen)
    .execute();
  cache.advance(organizationId, version, changed);
  return version;
}

/** The rows of each slot (`${dimension}${span}${start}`) the segments name, from the cache or fetched. */
async function readRollups(db: Kysely<Database>, organizationId: string, dimensions: readonly RollupDimension[], segments: Segments, withValues: boolean, readAt: number): Promise<Map<string, SlotRows>> {
  const cache = rollupCacheFor(db);
  const slots = slotsOf(segments);
  const found = new Map<string, SlotRows>();
  const missing = new Map<RollupDimension, Record<Span, number[]>>();
  for (const dimension of dimensions) {
    for (const [span, start] of slots) {
      const cached = cache.get(organizationId, dimension, span, start, withValues);
      if (cached) {
        found.set(`${dimension}${span}${start}`, cached);
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
        for (const start of starts[span]) found.set(`${dimension}${span}${start}`, cache.put(organizationId, dimension, span, start, bySlot.get(`${span}${start}`) ?? [], withValues, readAt));
      }
    }),
  );
  return found;
}

/** The whole window: the buckets merged. */
export function windowTotal(aggregates: WindowAggregates): Aggregate {
  if (aggregates.total) return aggregates.total;
  const total = emptyAggregate();
  for (const { aggregate } of aggregates.buckets) mergeAggregate(total, aggregate);
  return total;
}
