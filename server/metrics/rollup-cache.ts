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
}

interface OrganizationState {
  /** The organization's counter value up to which every write has been applied to the cached slots. */
  seen: number;
}

export const slotKeyOf = (organizationId: string, dimension: string, span: string, startAt: number): string => `${organizationId}\u0000${dimension}\u0000${span}\u0000${startAt}`;

export class RollupCache {
  private readonly slots = new Map<string, CachedSlot>();
  private readonly organizations = new Map<string, OrganizationState>();
  private bytes = 0;
  hits = 0;
  misses = 0;
  /** Groups of these rows merged, kept between queries (merge-memo.ts). */
  readonly merges = new MergeMemo();

  constructor(private readonly budgetBytes = DEFAULT_BUDGET_BYTES) {}

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
      for (const [key, slot] of this.slots) if (slot.organizationId === organizationId) this.drop(key);
      this.merges.forget(organizationId);
      if (state) state.seen = version;
      else this.organizations.set(organizationId, { seen: version });
      return;
    }
    for (const row of changed) this.drop(slotKeyOf(organizationId, row.dimension, row.span, Number(row.start_at)));
    if (!state) this.organizations.set(organizationId, { seen: version });
    else if (version > state.seen) state.seen = version;
  }

  /** The slot's decoded rows when held (with values if they are needed). */
  get(organizationId: string, dimension: string, span: string, startAt: number, withValues: boolean): DecodedRow[] | null {
    const key = slotKeyOf(organizationId, dimension, span, startAt);
    const slot = this.slots.get(key);
    if (!slot || (withValues && !slot.withValues)) {
      this.misses += 1;
      return null;
    }
    // Map order is the recency order: the least recently used slot is evicted first.
    this.slots.delete(key);
    this.slots.set(key, slot);
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
    if (this.seenOf(organizationId) > readAt) return decoded;
    const key = slotKeyOf(organizationId, dimension, span, startAt);
    this.drop(key);
    const bytes = 100 + decoded.reduce((total, row) => total + row.bytes, 0);
    this.slots.set(key, { organizationId, withValues, rows: decoded, bytes });
    this.bytes += bytes;
    for (const [oldest] of this.slots) {
      if (this.bytes <= this.budgetBytes) break;
      this.drop(oldest);
    }
    return decoded;
  }

  private drop(key: string): void {
    const slot = this.slots.get(key);
    if (!slot) return;
    this.slots.delete(key);
    this.bytes -= slot.bytes;
  }

  get size(): number {
    return this.slots.size;
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
