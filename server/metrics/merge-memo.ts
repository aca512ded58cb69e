// Merged rollup rows kept between queries. A bucket of a local day is 24 hour rows; a 30-day window's total is
// ~30 day rows and ~24 hour rows; a leaderboard's user is one row per slot. Merging them is cheap, but every median,
// histogram and risk hit then searches each row's values. So each group of slots is merged once and kept, keyed by
// the identity of the decoded rows it was made of (rollup-cache.ts replaces a row object whenever the database says
// the row changed): a group whose rows are all the same objects is the same sum. From its second use its
// distributions are merged into one part each (Dist.compact), so a query then searches one part per distribution.
//
// The newest slot of a group is left out of the kept merge and added per query: a busy organization writes into the
// current hour all the time, and that must not throw away the merge of the other 23 hours or 30 days.
import type { Aggregate, ItemAggregate } from './aggregate';
import { emptyAggregate, emptyItem, markCompact, mergeAggregate, mergeItem } from './aggregate';
import type { DecodedRow } from './rollup-cache';

/** Stored bytes of the rows behind the kept merges (their merged values take at most about four times that). */
const DEFAULT_BUDGET_BYTES = 32 * 1024 * 1024;

/** Groups shorter than this are not worth keeping: their rows are searched directly. */
const MIN_KEPT_SOURCES = 3;

interface Entry<T> {
  sources: readonly object[];
  merged: T;
  bytes: number;
  uses: number;
}

/** One slot's decoded rows (a dimension's rows of one hour or UTC day), as the cache holds them. */
export type SlotRows = readonly DecodedRow[];

const sameSources = (a: readonly object[], b: readonly object[]): boolean => a.length === b.length && a.every((source, index) => source === b[index]);

export class MergeMemo {
  private readonly entries = new Map<string, Entry<unknown>>();
  private bytes = 0;
  hits = 0;
  misses = 0;

  constructor(private readonly budgetBytes = DEFAULT_BUDGET_BYTES) {}

  /**
   * The 'all' rows of a group of slots (time order) as a few aggregates to merge: the kept merge of all but the
   * newest, and the newest. Read only: they are shared with other queries.
   */
  aggregatesOf(key: string, rows: readonly DecodedRow[]): Aggregate[] {
    if (rows.length < MIN_KEPT_SOURCES) return rows.map((row) => row.value as Aggregate);
    const older = rows.slice(0, -1);
    const merged = this.kept(key, older, () => {
      const aggregate = emptyAggregate();
      for (const row of older) mergeAggregate(aggregate, row.value as Aggregate);
      return aggregate;
    }, markCompact);
    return [merged, rows[rows.length - 1]!.value as Aggregate];
  }

  /**
   * One dimension's rows of a group of slots (time order) as fresh per-item aggregates: the kept merge of all but
   * the newest slot, copied, with the newest slot's rows merged in. The copies are the caller's to add to.
   */
  itemsOf(key: string, slots: readonly SlotRows[]): Map<string, ItemAggregate> {
    const items = new Map<string, ItemAggregate>();
    const add = (id: string, from: ItemAggregate) => {
      let item = items.get(id);
      if (!item) {
        item = emptyItem();
        items.set(id, item);
      }
      mergeItem(item, from);
    };
    if (slots.length < MIN_KEPT_SOURCES) {
      for (const rows of slots) for (const row of rows) add(row.item, row.value);
      return items;
    }
    const older = slots.slice(0, -1);
    const merged = this.kept(key, older, () => {
      const byItem = new Map<string, ItemAggregate>();
      for (const rows of older) {
        for (const row of rows) {
          let item = byItem.get(row.item);
          if (!item) {
            item = emptyItem();
            byItem.set(row.item, item);
          }
          mergeItem(item, row.value);
        }
      }
      return byItem;
    }, (byItem) => byItem.forEach(markCompact));
    for (const [id, item] of merged) add(id, item);
    for (const row of slots[slots.length - 1]!) add(row.item, row.value);
    return items;
  }

  private kept<T>(key: string, sources: readonly (DecodedRow | SlotRows)[], build: () => T, compact: (merged: T) => void): T {
    const entry = this.entries.get(key) as Entry<T> | undefined;
    if (entry && sameSources(entry.sources, sources)) {
      this.hits += 1;
      entry.uses += 1;
      if (entry.uses === 2) compact(entry.merged);
      this.entries.delete(key);
      this.entries.set(key, entry);
      return entry.merged;
    }
    this.misses += 1;
    const merged = build();
    this.drop(key);
    const bytes = sources.reduce((total: number, source) => total + (Array.isArray(source) ? (source as SlotRows).reduce((sum, row) => sum + row.bytes, 0) : (source as DecodedRow).bytes), 100);
    this.entries.set(key, { sources, merged, bytes, uses: 1 });
    this.bytes += bytes;
    for (const [oldest] of this.entries) {
      if (this.bytes <= this.budgetBytes) break;
      this.drop(oldest);
    }
    return merged;
  }

  /** Forgets an organization's merges (after a rebuild their rows are gone anyway; this frees them at once). */
  forget(organizationId: string): void {
    for (const key of [...this.entries.keys()]) if (key.startsWith(`${organizationId}\u0000`)) this.drop(key);
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }

  get size(): number {
    return this.entries.size;
  }
}
