// A filtered window's hours and days (a dashboard narrowed to one language model, copilot, user…), computed in
// process from metrics_facts and kept in the rollup cache under a name of their own, so a filtered window reads like
// an unfiltered one: cached slots, kept merges (merge-memo.ts), raw edges. The cache drops them with any write into
// their hour or day (rollup-cache.ts: every finished prompt writes its hour's and day's 'all' rows), so they are
// exactly what the facts hold. Queries that need the same slots at once (a dashboard loads its widgets together)
// wait for one computation instead of each reading the facts.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Aggregate, Dist, ItemAggregate } from './aggregate';
import { addFact, addFactToItem, emptyAggregate, emptyItem, markCompact, mergeAggregate, partsOf } from './aggregate';
import type { Segments } from './buckets';
import { mergeRanges } from './buckets';
import type { MetricsFilters } from './facts.repository';
import { scanFacts } from './facts.repository';
import type { MeasuredFact } from './facts';
import type { SlotRows } from './merge-memo';
import type { DecodedRow, RollupCache } from './rollup-cache';
import type { RollupDimension, Span } from './rollup-writer';
import { SPANS, itemsOf, slotsOf } from './rollup-writer';

/** One name per combination of filters (attribute ids as a set). */
export function filterKeyOf(filters: MetricsFilters): string {
  const attributes = filters.attributeIds?.length ? [...new Set(filters.attributeIds)].sort((a, b) => a - b) : null;
  return JSON.stringify([filters.userId ?? null, filters.appId ?? null, filters.policyId ?? null, attributes, filters.llmId ?? null, filters.modelName ?? null]);
}

/** The cache's dimension name of a filtered slot's rows. */
export const derivedName = (filterKey: string, dimension: RollupDimension): string => `${filterKey}\u0001${dimension}`;

const inFlight = new WeakMap<RollupCache, Map<string, Promise<unknown>>>();

function inFlightOf(cache: RollupCache): Map<string, Promise<unknown>> {
  let pending = inFlight.get(cache);
  if (!pending) {
    pending = new Map();
    inFlight.set(cache, pending);
  }
  return pending;
}

/** Folds the values into one sorted part (typed arrays: a tenth of a map's memory) and answers its size. */
const distBytes = (dist: Dist): number => 48 + partsOf(dist).reduce((sum, part) => sum + part.values.length * 8, 0);
const itemBytes = (item: ItemAggregate): number => 100 + distBytes(item.totalTokens) + item.quality.reduce((sum, dist) => sum + distBytes(dist), 0);
const aggregateBytes = (aggregate: Aggregate): number => itemBytes(aggregate) + [...aggregate.tokens, ...aggregate.latency].reduce((sum, dist) => sum + distBytes(dist), 0);

interface Wanted {
  span: Span;
  start: number;
  dimensions: Set<RollupDimension>;
}

interface ComputedSlot extends Wanted {
  /** Whether any item dimension is wanted (not only 'all'). */
  withItems: boolean;
  all: Aggregate;
  items: Map<RollupDimension, Map<string, ItemAggregate>>;
}

/** Each missing hour's and day's aggregates under the filters, from one read of their facts. */
async function computeSlots(db: Kysely<Database>, organizationId: string, filters: MetricsFilters, missing: Map<string, Wanted>): Promise<ComputedSlot[]> {
  const bySpan: Record<Span, Map<number, ComputedSlot>> = { h: new Map(), d: new Map() };
  for (const wanted of missing.values()) {
    const withItems = [...wanted.dimensions].some((dimension) => dimension !== 'all');
    bySpan[wanted.span].set(wanted.start, { ...wanted, withItems, all: emptyAggregate(), items: new Map() });
  }
  // A day whose 24 hours are computed too gets its whole aggregate from them: a few merges instead of every fact again.
  const fromHours = new Map<ComputedSlot, ComputedSlot[]>();
  for (const day of bySpan.d.values()) {
    if (!day.dimensions.has('all')) continue;
    const hours = Array.from({ length: 24 }, (_, hour) => bySpan.h.get(day.start + hour * SPANS.h));
    if (hours.every((hour) => hour?.dimensions.has('all'))) fromHours.set(day, hours as ComputedSlot[]);
  }
  const addTo = (slot: ComputedSlot, fact: MeasuredFact, items: [RollupDimension, string][]) => {
    if (slot.dimensions.has('all') && !fromHours.has(slot)) addFact(slot.all, fact);
    for (const [dimension, id] of items) {
      if (dimension === 'all' || !slot.dimensions.has(dimension)) continue;
      let byItem = slot.items.get(dimension);
      if (!byItem) {
        byItem = new Map();
        slot.items.set(dimension, byItem);
      }
      let item = byItem.get(id);
      if (!item) {
        item = emptyItem();
        byItem.set(id, item);
      }
      addFactToItem(item, fact);
    }
  };
  const ranges = mergeRanges([...missing.values()].map(({ span, start }) => ({ start, end: start + SPANS[span] })));
  await scanFacts(db, { organizationId, ranges, filters }, (fact) => {
    const hour = bySpan.h.get(Math.floor(fact.createdAt / SPANS.h) * SPANS.h);
    const day = bySpan.d.get(Math.floor(fact.createdAt / SPANS.d) * SPANS.d);
    const items = hour?.withItems || day?.withItems ? itemsOf(fact) : NO_ITEMS;
    if (hour) addTo(hour, fact, items);
    if (day) addTo(day, fact, items);
  });
  for (const [day, hours] of fromHours) {
    for (const hour of hours) mergeAggregate(day.all, hour.all);
    markCompact(day.all);
  }
  return [...bySpan.h.values(), ...bySpan.d.values()];
}

const NO_ITEMS: [RollupDimension, string][] = [];

export interface DerivedRequest {
  dimensions: readonly RollupDimension[];
  segments: Segments;
}

/**
 * The rows of each slot (`${dimension}${span}${start}`, as readRollups answers) of a filtered window: cached, or
 * computed from the facts (one read for every request) and kept when nothing was written since `readAt`.
 */
export async function readDerived(db: Kysely<Database>, cache: RollupCache, organizationId: string, filters: MetricsFilters, requests: DerivedRequest[], readAt: number): Promise<Map<string, SlotRows>> {
  const filterKey = filterKeyOf(filters);
  const found = new Map<string, SlotRows>();
  const lookUp = (): Map<string, Wanted> => {
    const missing = new Map<string, Wanted>();
    for (const { dimensions, segments } of requests) {
      for (const [span, start] of slotsOf(segments)) {
        for (const dimension of dimensions) {
          if (found.has(`${dimension}${span}${start}`)) continue;
          const rows = cache.get(organizationId, derivedName(filterKey, dimension), span, start, true);
          if (rows) {
            found.set(`${dimension}${span}${start}`, rows);
            continue;
          }
          let wanted = missing.get(`${span}${start}`);
          if (!wanted) {
            wanted = { span, start, dimensions: new Set() };
            missing.set(`${span}${start}`, wanted);
          }
          wanted.dimensions.add(dimension);
        }
      }
    }
    return missing;
  };
  let missing = lookUp();
  const pending = inFlightOf(cache);
  const pendingKey = `${organizationId}\u0000${filterKey}`;
  while (missing.size && pending.has(pendingKey)) {
    await pending.get(pendingKey)!.catch(() => undefined);
    missing = lookUp();
  }
  if (!missing.size) return found;
  const computing = computeSlots(db, organizationId, filters, missing);
  pending.set(pendingKey, computing);
  try {
    for (const slot of await computing) {
      const { span, start } = slot;
      for (const dimension of slot.dimensions) {
        const rows: DecodedRow[] =
          dimension === 'all'
            ? slot.all.prompts
              ? [{ dimension, span, start_at: start, item: '', value: slot.all, bytes: aggregateBytes(slot.all) }]
              : []
            : [...(slot.items.get(dimension) ?? new Map<string, ItemAggregate>())].map(([item, value]) => ({ dimension, span, start_at: start, item, value, bytes: itemBytes(value) }));
        cache.putDerived(organizationId, derivedName(filterKey, dimension), span, start, rows, readAt);
        found.set(`${dimension}${span}${start}`, rows);
      }
    }
  } finally {
    if (pending.get(pendingKey) === computing) pending.delete(pendingKey);
  }
  return found;
}
