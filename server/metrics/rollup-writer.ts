// Keeps the rollups: a finished prompt is added to its hour and UTC day, whole and per item, in the transaction that
// finishes it; `rebuildRollups` recomputes them from the raw rows (migration, benchmark, repair).
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { isPostgres } from '../db/connection';
import type { Aggregate, ItemAggregate } from './aggregate';
import { addFact, addFactToItem, emptyAggregate, emptyItem } from './aggregate';
import type { EncodedRow, StoredRow } from './aggregate-encoding';
import { decodeAggregate, decodeItem, encodeAggregate, encodeItem } from './aggregate-encoding';
import type { Segments } from './buckets';
import { DAY_MS, HOUR_MS } from './buckets';
import type { MeasuredFact, PromptFact } from './facts';
import { modelNameOf } from './facts';
import { loadFacts, writeFacts } from './facts.repository';

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

const encodeFor = (dimension: RollupDimension, value: Aggregate | ItemAggregate): StoredRow =>
  dimension === 'all' ? encodeAggregate(value as Aggregate) : encodeItem(value);

function addTo(dimension: RollupDimension, row: EncodedRow, fact: PromptFact): StoredRow {
  if (dimension === 'all') {
    const aggregate = decodeAggregate(row);
    addFact(aggregate, fact);
    return encodeAggregate(aggregate);
  }
  const item = decodeItem(row);
  addFactToItem(item, fact);
  return encodeItem(item);
}

/**
 * Called inside the transaction that finishes a prompt (LifecycleRepository.finish / failInterrupted): records the
 * model name the llm stage answered with, then counts the prompt in its rollups. Rows are locked (PostgreSQL) so
 * two prompts finishing at once both count.
 */
export async function recordFinishedPrompt(trx: Kysely<Database>, promptId: string): Promise<void> {
  const prompt = await trx.selectFrom('prompts').select(['organization_id', 'status', 'created_at']).where('id', '=', promptId).executeTakeFirst();
  if (!prompt || prompt.status === 'in_progress') return;
  const claimed = await trx.updateTable('prompts').set({ rolled_up: 1 }).where('id', '=', promptId).where('rolled_up', '=', 0).executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 0) return;
  const llm = await trx.selectFrom('prompt_stages').select('detail_json').where('prompt_id', '=', promptId).where('service', '=', 'llm').executeTakeFirst();
  await trx.updateTable('prompts').set({ model_name: modelNameOf(llm?.detail_json ?? null) }).where('id', '=', promptId).execute();
  const createdAt = Number(prompt.created_at);
  const [fact] = await loadFacts(trx, { organizationId: prompt.organization_id, ranges: [{ start: createdAt, end: createdAt + 1 }], promptIds: [promptId] });
  if (!fact) return;
  await writeFacts(trx, prompt.organization_id, [fact]);
  const postgres = isPostgres(trx);
  const version = await nextVersion(trx, prompt.organization_id);
  for (const key of keysOf(prompt.organization_id, fact)) {
    await trx
      .insertInto('metrics_rollups')
      .values({ ...key, prompts: 0, version, ...encodeFor(key.dimension, key.dimension === 'all' ? emptyAggregate() : emptyItem()) })
      .onConflict((oc) => oc.columns(['organization_id', 'dimension', 'span', 'start_at', 'item']).doNothing())
      .execute();
    let select = trx
      .selectFrom('metrics_rollups')
      .select(['data', 'dist_values'])
      .where('organization_id', '=', key.organization_id)
      .where('dimension', '=', key.dimension)
      .where('span', '=', key.span)
      .where('start_at', '=', key.start_at)
      .where('item', '=', key.item);
    if (postgres) select = select.forUpdate();
    const row = await select.executeTakeFirstOrThrow();
    await trx
      .updateTable('metrics_rollups')
      .set((eb) => ({ ...addTo(key.dimension, row, fact), prompts: eb('prompts', '+', 1), version }))
      .where('organization_id', '=', key.organization_id)
      .where('dimension', '=', key.dimension)
      .where('span', '=', key.span)
      .where('start_at', '=', key.start_at)
      .where('item', '=', key.item)
      .execute();
  }
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
          const id = `${key.dimension}\u0000${key.span}\u0000${key.start_at}\u0000${key.item}`;
          let entry = pending.get(id);
          if (!entry) {
            entry = { key, value: key.dimension === 'all' ? emptyAggregate() : emptyItem() };
            pending.set(id, entry);
          }
          if (key.dimension === 'all') addFact(entry.value as Aggregate, fact);
          else addFactToItem(entry.value, fact);
        }
      }
      counted += facts.length;
      await writeFacts(db, organization.organization_id, facts);
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
