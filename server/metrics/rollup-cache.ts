// An in-process cache of decoded rollup rows, by slot: one dimension's rows of one hour or UTC day. Every rollup
// write stamps its rows with the organization's version counter (metrics_rollup_versions, bumped by each write and
// by a rebuild, never reset). A query reads the counter; when it moved since the cache last looked, the slots of the
// rows written since (`version >` what it saw) are dropped — a rebuild drops the organization's whole cache. So a
// cached slot is what the database holds, and several servers on one database stay correct without telling each
// other anything; in the steady state a query fetches only the slots written since the previous one.
import type { Aggregate, ItemAggregate } from './aggregate';
import type { EncodedRow } from './aggregate-encoding';
import { decodeAggregate, decodeItem } from './aggregate-encoding';
import { MergeMemo } from './merge-memo';

/** Stored bytes of the decoded slots kept (their decoded arrays take about four times that). */
const DEFAULT_BUDGET_BYTES = 48 * 1024 * 1024;
/**
 * Bytes of the derived slots kept (filtered windows, derived-slots.ts), in a pool of their own so that dashboards
 * filtered many ways never push out what the unfiltered ones read.
 */
const DEFAULT_DERIVED_BUDGET_BYTES = 64 * 1024 * 1024;

export interface DecodedRow {
  dimension: string;
  span: string;
  start_at: number;
  item: string;
  /** Shared by every query reading the slot: read only. */
  value: Aggregate | ItemAggregate;
  /** Stored size, for the caches' budgets. */
  bytes: number;
}

export interface FetchedRow {
  dimension: string;
  span: string;
  start_at: number;
  item: string;
  data: string;
  /** null: read without values (a counts-only query). */
  dist_values: Uint8Array | null;
}

interface CachedSlot {
  organizationId: string;
  withValues: boolean;
  rows: DecodedRow[];
  bytes: number;
  /** Derived slots (derived-slots.ts): the stored slot whose writes make them stale, `baseKeyOf`. */
  base: string | null;
}

/** An hour or day of an organization, whatever the dimension: what a write makes stale. */
const baseKeyOf = (organizationId: string, span: string, startAt: number): string => `${organizationId}\u0000${span}\u0000${startAt}`;

interface OrganizationState {
  /** The organization's counter value up to which every write has been applied to the cached slots. */
  seen: number;
}

export const slotKeyOf = (organizationId: string, dimension: string, span: string, startAt: number): string => `${organizationId}\u0000${dimension}\u0000${span}\u0000${startAt}`;

export class RollupCache {
  private readonly slots = new Map<string, CachedSlot>();
  private readonly derivedSlots = new Map<string, CachedSlot>();
  private derivedBytes = 0;
  private readonly organizations = new Map<string, OrganizationState>();
  /** The derived slots held per hour or day (baseKeyOf). */
  private readonly derived = new Map<string, Set<string>>();
  private bytes = 0;
  hits = 0;
  misses = 0;
  /** Groups of these rows merged, kept between queries (merge-memo.ts). */
  readonly merges = new MergeMemo();

  constructor(
    private readonly budgetBytes = DEFAULT_BUDGET_BYTES,
    private readonly derivedBudgetBytes = DEFAULT_DERIVED_BUDGET_BYTES,
  ) {}

  knows(organizationId: string): boolean {
    return this.organizations.has(organizationId);
  }

  /** What the cache last applied for the organization (0: nothing yet). */
  seenOf(organizationId: string): number {
    return this.organizations.get(organizationId)?.seen ?? 0;
  }

  /**
   * Applies what the database says happened since `seenOf`: the counter now at `version`, and either the slots written
   * since (`changed`) or, after a rebuild, everything (`changed` null).
   */
  advance(organizationId: string, version: number, changed: { dimension: string; span: string; start_at: number }[] | null): void {
    const state = this.organizations.get(organizationId);
    if (changed === null) {
      // Everything dropped, so setting `seen` lower than another query did (a slower, older read) is safe too.
      for (const slots of [this.slots, this.derivedSlots]) for (const [key, slot] of slots) if (slot.organizationId === organizationId) this.drop(key);
      this.merges.forget(organizationId);
      if (state) state.seen = version;
      else this.organizations.set(organizationId, { seen: version });
      return;
    }
    for (const row of changed) {
      this.drop(slotKeyOf(organizationId, row.dimension, row.span, Number(row.start_at)));
      // Every finished prompt writes its hour's and day's 'all' rows: whatever was derived from that hour or day goes.
      const derived = this.derived.get(baseKeyOf(organizationId, row.span, Number(row.start_at)));
      if (derived) for (const key of [...derived]) this.drop(key);
    }
    if (!state) this.organizations.set(organizationId, { seen: version });
    else if (version > state.seen) state.seen = version;
  }

  /** The slot's decoded rows when held (with values if they are needed). */
  get(organizationId: string, dimension: string, span: string, startAt: number, withValues: boolean): DecodedRow[] | null {
    const key = slotKeyOf(organizationId, dimension, span, startAt);
    const slots = this.slots.has(key) ? this.slots : this.derivedSlots;
    const slot = slots.get(key);
    if (!slot || (withValues && !slot.withValues)) {
      this.misses += 1;
      return null;
    }
    // Map order is the recency order: the least recently used slot is evicted first.
    slots.delete(key);
    slots.set(key, slot);
    this.hits += 1;
    return slot.rows;
  }

  /**
   * Decodes a slot's fetched rows; keeps them when nothing was applied after `readAt` (the counter value read before
   * the fetch), since a write applied since may be missing from what was fetched.
   */
  put(organizationId: string, dimension: string, span: string, startAt: number, rows: FetchedRow[], withValues: boolean, readAt: number): DecodedRow[] {
    const decoded = rows.map((row) => ({
      dimension: row.dimension,
      span: row.span,
      start_at: Number(row.start_at),
      item: row.item,
      value: row.dimension === 'all' ? decodeAggregate(row as EncodedRow) : decodeItem(row as EncodedRow),
      bytes: row.data.length + (row.dist_values?.length ?? 0) + 100,
    }));
    this.keep(organizationId, dimension, span, startAt, decoded, withValues, readAt, null);
    return decoded;
  }

  /**
   * Keeps rows computed in process for an hour or day (derived-slots.ts: a filtered window's slots) under their own
   * dimension name, dropped with any write into that hour or day — exactly when the stored rows would be.
   */
  putDerived(organizationId: string, dimension: string, span: string, startAt: number, rows: DecodedRow[], readAt: number): void {
    this.keep(organizationId, dimension, span, startAt, rows, true, readAt, baseKeyOf(organizationId, span, startAt));
  }

  private keep(organizationId: string, dimension: string, span: string, startAt: number, rows: DecodedRow[], withValues: boolean, readAt: number, base: string | null): void {
    if (this.seenOf(organizationId) > readAt) return;
    const key = slotKeyOf(organizationId, dimension, span, startAt);
    this.drop(key);
    const bytes = 100 + rows.reduce((total, row) => total + row.bytes, 0);
    const slots = base ? this.derivedSlots : this.slots;
    slots.set(key, { organizationId, withValues, rows, bytes, base });
    if (base) this.derivedBytes += bytes;
    else this.bytes += bytes;
    if (base) {
      let keys = this.derived.get(base);
      if (!keys) {
        keys = new Set();
        this.derived.set(base, keys);
      }
      keys.add(key);
    }
    for (const [oldest] of slots) {
      if (base ? this.derivedBytes <= this.derivedBudgetBytes : this.bytes <= this.budgetBytes) break;
      this.drop(oldest);
    }
  }

  private drop(key: string): void {
    const slots = this.slots.has(key) ? this.slots : this.derivedSlots;
    const slot = slots.get(key);
    if (!slot) return;
    slots.delete(key);
    if (slot.base) this.derivedBytes -= slot.bytes;
    else this.bytes -= slot.bytes;
    if (slot.base) {
      const keys = this.derived.get(slot.base);
      keys?.delete(key);
      if (keys && !keys.size) this.derived.delete(slot.base);
    }
  }

  /** Slots held, stored and derived. */
  get size(): number {
    return this.slots.size + this.derivedSlots.size;
  }
}

// One cache per database handle: two app instances on one database keep separate caches, as two servers would.
const caches = new WeakMap<object, RollupCache>();

export function rollupCacheFor(db: object): RollupCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new RollupCache();
    caches.set(db, cache);
  }
  return cache;
}
