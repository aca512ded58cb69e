// Keeps the rollups: the facts of finished prompts are added to their hour and UTC day, whole and per item, in the
// background (`aggregatePending`, also run first by a metrics query); `rebuildRollups` recomputes them from the raw rows (migration, benchmark, repair).
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { isPostgres } from '../db/connection';
import type { Aggregate, ItemAggregate } from './aggregate';
import { addFact, addFactToItem, emptyAggregate, emptyItem } from './aggregate';
import type { EncodedRow, StoredRow } from './aggregate-encoding';
import { decodeAggregate, decodeItem, encodeAggregate, encodeItem } from './aggregate-encoding';
import type { Segments } from './buckets';
import { DAY_MS, HOUR_MS } from './buckets';
import type { MeasuredFact, PackedFactRow, PromptFact } from './facts';
import { packedFactReader } from './facts';
import { loadFacts, packedValues, writeFacts } from './facts.repository';

export const ROLLUP_DIMENSIONS = ['all', 'user', 'app', 'llm', 'model', 'policy', 'attribute'] as const;
export type RollupDimension = (typeof ROLLUP_DIMENSIONS)[number];
export const SPANS = { h: HOUR_MS, d: DAY_MS } as const;
export type Span = keyof typeof SPANS;

/** The rollup slots a range's segments name: its whole UTC days, then its whole hours. */
export const slotsOf = (segments: Pick<Segments, 'days' | 'hours'>): [Span, number][] => [
  ...segments.days.map((start): [Span, number] => ['d', start]),
  ...segments.hours.map((start): [Span, number] => ['h', start]),
];

/** The items of each dimension a fact counts for. */
export function itemsOf(fact: MeasuredFact): [RollupDimension, string][] {
  const items: [RollupDimension, string][] = [['all', ''], ['user', fact.userId]];
  if (fact.appId) items.push(['app', fact.appId]);
  if (fact.llmId !== null) items.push(['llm', String(fact.llmId)]);
  if (fact.modelName !== null) items.push(['model', fact.modelName]);
  for (const policyId of fact.policyIds) items.push(['policy', policyId]);
  for (const attributeId of fact.attributeIds) items.push(['attribute', String(attributeId)]);
  return items;
}

interface RollupKey {
  organization_id: string;
  dimension: RollupDimension;
  span: Span;
  start_at: number;
  item: string;
}

const keysOf = (organizationId: string, fact: PromptFact): RollupKey[] =>
  (Object.keys(SPANS) as Span[]).flatMap((span) =>
    itemsOf(fact).map(([dimension, item]) => ({ organization_id: organizationId, dimension, span, start_at: Math.floor(fact.createdAt / SPANS[span]) * SPANS[span], item })),
  );

/** A rollup row's key as one string (grouping, ordering). */
const rollupId = (key: Pick<RollupKey, 'dimension' | 'span' | 'start_at' | 'item'>) => `${key.dimension}\u0000${key.span}\u0000${key.start_at}\u0000${key.item}`;

const emptyFor = (dimension: RollupDimension): Aggregate | ItemAggregate => (dimension === 'all' ? emptyAggregate() : emptyItem());

const encodeFor = (dimension: RollupDimension, value: Aggregate | ItemAggregate): StoredRow =>
  dimension === 'all' ? encodeAggregate(value as Aggregate) : encodeItem(value);

function addAll(dimension: RollupDimension, row: EncodedRow, facts: readonly MeasuredFact[]): StoredRow {
  if (dimension === 'all') {
    const aggregate = decodeAggregate(row);
    for (const fact of facts) addFact(aggregate, fact);
    return encodeAggregate(aggregate);
  }
  const item = decodeItem(row);
  for (const fact of facts) addFactToItem(item, fact);
  return encodeItem(item);
}

/** Prompts counted per aggregation transaction: a backlog is worked through in bounded steps. */
const AGGREGATE_BATCH = 2000;
const CLAIMED = 2;

/**
 * The background half of the rollups: the facts of finished prompts not yet counted (`rolled_up` 0, written with the
 * prompt by LifecycleRepository.finish) are added to their hour and day rows, whole and per item, one transaction per
 * organization and batch. Idempotent and safe on several servers at once: a transaction first claims its prompts
 * (0 → 2; on PostgreSQL the rows stay locked until it commits, so another aggregator skips them, and SQLite's write
 * lock is taken by that first statement), writes the rows (locked FOR UPDATE on PostgreSQL, in key order), then
 * marks them counted (2 → 1). A metrics query calls it for its organization first (metrics.compute.ts), so figures
 * include the tail the timer has not reached yet. Answers how many prompts it counted.
 */
export async function aggregatePending(db: Kysely<Database>, organizationId?: string): Promise<number> {
  let pending = db.selectFrom('prompts').select('organization_id').distinct().where('rolled_up', '=', 0).where('status', '!=', 'in_progress');
  if (organizationId) pending = pending.where('organization_id', '=', organizationId);
  let counted = 0;
  for (const { organization_id: id } of await pending.execute()) {
    for (;;) {
      const batch = await db.transaction().execute((trx) => aggregateBatch(trx, id));
      counted += batch;
      if (batch < AGGREGATE_BATCH) break;
    }
  }
  return counted;
}

async function aggregateBatch(trx: Kysely<Database>, organizationId: string): Promise<number> {
  const candidates = trx.selectFrom('prompts').select('id').where('rolled_up', '=', 0).where('organization_id', '=', organizationId).where('status', '!=', 'in_progress').limit(AGGREGATE_BATCH);
  const claimed = await trx.updateTable('prompts').set({ rolled_up: CLAIMED }).where('id', 'in', candidates).where('rolled_up', '=', 0).where('status', '!=', 'in_progress').executeTakeFirst();
  const count = Number(claimed.numUpdatedRows);
  if (!count) return 0;
  const rows = await trx
    .selectFrom('metrics_facts')
    .select(['prompt_id', 'created_at', 'user_id', 'app_id', 'llm_id', 'model_name', 'lists'])
    .select(packedValues(trx).as('packed'))
    .where('prompt_id', 'in', trx.selectFrom('prompts').select('id').where('rolled_up', '=', CLAIMED).where('organization_id', '=', organizationId))
    .execute();
  const groups = new Map<string, { key: RollupKey; facts: PromptFact[] }>();
  for (const row of rows) {
    const fact: PromptFact = { ...packedFactReader()(row as PackedFactRow), id: row.prompt_id };
    for (const key of keysOf(organizationId, fact)) {
      const id = rollupId(key);
      const group = groups.get(id);
      if (group) group.facts.push(fact);
      else groups.set(id, { key, facts: [fact] });
    }
  }
  if (groups.size) await addToRollups(trx, organizationId, groups);
  await trx.updateTable('prompts').set({ rolled_up: 1 }).where('rolled_up', '=', CLAIMED).where('organization_id', '=', organizationId).execute();
  return count;
}

const KEY_COLUMNS = ['organization_id', 'dimension', 'span', 'start_at', 'item'] as const;
/** Rollup rows written per statement (9 values each). */
const WRITE_BATCH = 200;

/**
 * Adds each group's facts to its rollup row, in a few statements per batch rather than three per row: the missing rows
 * are inserted empty, all of them are read (locked on PostgreSQL), and written back with the facts added.
 */
async function addToRollups(trx: Kysely<Database>, organizationId: string, groups: Map<string, { key: RollupKey; facts: PromptFact[] }>): Promise<void> {
  const postgres = isPostgres(trx);
  const version = await nextVersion(trx, organizationId);
  // Key order: two aggregators of one organization meet each other's rows in the same order and cannot deadlock
  // (on PostgreSQL an insert meeting another's uncommitted row waits for it; existing rows are locked slot by slot, in
  // the database's own order of items, and the slots in this order).
  const entries = [...groups].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([id, group]) => ({ id, ...group }));
  for (let index = 0; index < entries.length; index += WRITE_BATCH) {
    const empty = entries.slice(index, index + WRITE_BATCH).map(({ key }) => ({ ...key, prompts: 0, version, ...encodeFor(key.dimension, emptyFor(key.dimension)) }));
    await trx.insertInto('metrics_rollups').values(empty).onConflict((oc) => oc.columns(KEY_COLUMNS).doNothing()).execute();
  }
  const stored = new Map<string, EncodedRow & { prompts: number }>();
  for (const slot of slotsOfEntries(entries)) {
    // All of a slot's items in one statement (at most one per prompt of the batch: within the drivers' limits).
    let select = trx
      .selectFrom('metrics_rollups')
      .select(['item', 'prompts', 'data', 'dist_values'])
      .where('organization_id', '=', organizationId)
      .where('dimension', '=', slot.dimension)
      .where('span', '=', slot.span)
      .where('start_at', '=', slot.start_at)
      .where('item', 'in', slot.items)
      .orderBy('item');
    if (postgres) select = select.forUpdate();
    for (const row of await select.execute()) stored.set(rollupId({ ...slot, item: row.item }), { ...row, prompts: Number(row.prompts) });
  }
  for (let index = 0; index < entries.length; index += WRITE_BATCH) {
    const added = entries.slice(index, index + WRITE_BATCH).map(({ id, key, facts }) => {
      const row = stored.get(id);
      if (!row) throw new Error('A rollup row inserted in this transaction could not be read back.');
      return { ...key, prompts: row.prompts + facts.length, version, ...addAll(key.dimension, row, facts) };
    });
    await trx
      .insertInto('metrics_rollups')
      .values(added)
      .onConflict((oc) =>
        oc.columns(KEY_COLUMNS).doUpdateSet((eb) => ({
          prompts: eb.ref('excluded.prompts'),
          version: eb.ref('excluded.version'),
          data: eb.ref('excluded.data'),
          dist_values: eb.ref('excluded.dist_values'),
        })),
      )
      .execute();
  }
}

/** The entries' slots (dimension, span, start) with their items, in the entries' order. */
function slotsOfEntries(entries: readonly { key: RollupKey }[]): { dimension: RollupDimension; span: Span; start_at: number; items: string[] }[] {
  const slots: { dimension: RollupDimension; span: Span; start_at: number; items: string[] }[] = [];
  for (const { key } of entries) {
    const last = slots.at(-1);
    if (last && last.dimension === key.dimension && last.span === key.span && last.start_at === key.start_at) last.items.push(key.item);
    else slots.push({ dimension: key.dimension, span: key.span, start_at: key.start_at, items: [key.item] });
  }
  return slots;
}

/** Runs `aggregatePending` every `everyMs` in the background (one run at a time); answers the function stopping it. */
export function scheduleAggregation(db: Kysely<Database>, everyMs: number, onError: (error: unknown) => void): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = aggregatePending(db)
      .catch(onError)
      .finally(() => {
        running = null;
      });
  }, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}

/**
 * Bumps the organization's rollup version and answers it: the version every row written now carries. It only grows
 * (a rebuild bumps it too), so a cached row whose version the database still shows is the row (rollup-cache.ts).
 */
export async function nextVersion(db: Kysely<Database>, organizationId: string, rebuild = false): Promise<number> {
  const row = await db
    .insertInto('metrics_rollup_versions')
    .values({ organization_id: organizationId, version: 1, rebuilt_at: rebuild ? 1 : 0 })
    .onConflict((oc) =>
      oc.column('organization_id').doUpdateSet((eb) => ({
        version: eb('metrics_rollup_versions.version', '+', 1),
        ...(rebuild ? { rebuilt_at: eb('metrics_rollup_versions.version', '+', 1) } : {}),
      })),
    )
    .returning('version')
    .executeTakeFirstOrThrow();
  return Number(row.version);
}

const REBUILD_CHUNK_MS = 6 * HOUR_MS;
const INSERT_BATCH = 200;

/**
 * Recomputes every rollup and fact row (metrics_facts, metrics_fact_items) of one organization, or all, from the raw
 * rows. Answers how many prompts it counted.
 */
export async function rebuildRollups(db: Kysely<Database>, organizationId?: string): Promise<number> {
  let withRows = db.selectFrom('metrics_rollups').select('organization_id').distinct();
  if (organizationId) withRows = withRows.where('organization_id', '=', organizationId);
  const rebuilt = new Set((await withRows.execute()).map((row) => row.organization_id));
  for (const table of ['metrics_rollups', 'metrics_fact_items', 'metrics_facts'] as const) {
    let deletion = db.deleteFrom(table);
    if (organizationId) deletion = deletion.where('organization_id', '=', organizationId);
    await deletion.execute();
  }
  let organizations = db.selectFrom('prompts').select('organization_id').select((eb) => [eb.fn.min('created_at').as('first'), eb.fn.max('created_at').as('last')]).groupBy('organization_id');
  if (organizationId) organizations = organizations.where('organization_id', '=', organizationId);
  let counted = 0;
  for (const organization of await organizations.execute()) {
    rebuilt.add(organization.organization_id);
    const version = await nextVersion(db, organization.organization_id);
    const pending = new Map<string, { key: RollupKey; value: Aggregate | ItemAggregate }>();
    const flush = async (before: number) => {
      const ready = [...pending.entries()].filter(([, entry]) => entry.key.start_at + SPANS[entry.key.span] <= before);
      for (let index = 0; index < ready.length; index += INSERT_BATCH) {
        const batch = ready.slice(index, index + INSERT_BATCH).map(([, { key, value }]) => ({ ...key, prompts: value.prompts, version, ...encodeFor(key.dimension, value) }));
        await db.insertInto('metrics_rollups').values(batch).execute();
      }
      for (const [id] of ready) pending.delete(id);
    };
    const first = Math.floor(Number(organization.first) / DAY_MS) * DAY_MS;
    const last = Number(organization.last);
    for (let start = first; start <= last; start += REBUILD_CHUNK_MS) {
      const facts = await loadFacts(db, { organizationId: organization.organization_id, ranges: [{ start, end: start + REBUILD_CHUNK_MS }] });
      for (const fact of facts) {
        for (const key of keysOf(organization.organization_id, fact)) {
          const id = rollupId(key);
          let entry = pending.get(id);
          if (!entry) {
            entry = { key, value: emptyFor(key.dimension) };
            pending.set(id, entry);
          }
          if (key.dimension === 'all') addFact(entry.value as Aggregate, fact);
          else addFactToItem(entry.value, fact);
        }
      }
      counted += facts.length;
      await writeFacts(db, organization.organization_id, facts);
      // Red-team prompts: their facts (flagged) and no rollup.
      await writeFacts(db, organization.organization_id, await loadFacts(db, { organizationId: organization.organization_id, ranges: [{ start, end: start + REBUILD_CHUNK_MS }], filters: { redTeam: 'only' } }));
      await db
        .updateTable('prompts')
        .set({ rolled_up: 1 })
        .where('organization_id', '=', organization.organization_id)
        .where('status', '!=', 'in_progress')
        .where('created_at', '>=', start)
        .where('created_at', '<', start + REBUILD_CHUNK_MS)
        .execute();
      await flush(start + REBUILD_CHUNK_MS);
    }
    await flush(Infinity);
  }
  // Marked rebuilt once done, so a cache that read part of the rebuild drops it (rollup-cache.ts).
  for (const id of rebuilt) await nextVersion(db, id, true);
  return counted;
}

/**
 * The facts of finished red-team prompts that have none (prompts finished before 0022 wrote no fact for them): flagged,
 * never rolled up. Answers how many it wrote.
 */
export async function writeRedTeamFacts(db: Kysely<Database>): Promise<number> {
  const missing = await db
    .selectFrom('prompts')
    .select(['organization_id', 'id', 'created_at'])
    .where('red_team_job_id', 'is not', null)
    .where('status', '!=', 'in_progress')
    .where((eb) => eb.not(eb.exists(eb.selectFrom('metrics_facts').select('metrics_facts.prompt_id').whereRef('metrics_facts.prompt_id', '=', 'prompts.id'))))
    .execute();
  let written = 0;
  for (let index = 0; index < missing.length; index += INSERT_BATCH) {
    const batch = missing.slice(index, index + INSERT_BATCH);
    for (const organizationId of new Set(batch.map((row) => row.organization_id))) {
      const rows = batch.filter((row) => row.organization_id === organizationId);
      const times = rows.map((row) => Number(row.created_at));
      const facts = await loadFacts(db, { organizationId, ranges: [{ start: Math.min(...times), end: Math.max(...times) + 1 }], promptIds: rows.map((row) => row.id), filters: { redTeam: 'only' } });
      await writeFacts(db, organizationId, facts);
      written += facts.length;
    }
  }
  return written;
}
