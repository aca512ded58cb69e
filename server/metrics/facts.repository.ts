// SQL that reads finished prompts as facts: from the raw rows (`loadFacts`: the reference, and what the writer
// derives everything from) and from metrics_facts (`scanFacts`: filtered windows and raw edges; `whereFacts`: drill-downs).
import { sql } from 'kysely';
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { Database } from '../db/schema';
import { isPostgres } from '../db/connection';
import { attributeName } from '../../domain/schemas/metrics';
import type { Bucket } from './buckets';
import type { PromptFact, PromptRow, StageRow } from './facts';
import type { MeasuredFact, PackedFactRow } from './facts';
import { insertRows } from '../db/compiled-once';
import { FACT_FLAGS, PACKED_COLUMNS, TOOL_COLUMNS, factOf, factRow, packedFactReader } from './facts';

export interface MetricsFilters {
  userId?: string | undefined;
  appId?: string | undefined;
  policyId?: string | undefined;
  attributeIds?: number[] | undefined;
  llmId?: number | undefined;
  modelName?: string | undefined;
  /**
   * Red-teaming attacks (prompts.red_team_job_id) are left out of every figure unless asked for: `include` counts them
   * with the organization's own prompts, `only` counts nothing else. Not a filter of the derived slots (`hasFilters`):
   * computeWindow adds them to the unfiltered figures from their facts.
   */
  redTeam?: 'include' | 'only' | undefined;
}

export const hasFilters = (filters: MetricsFilters): boolean =>
  Boolean(filters.userId || filters.appId || filters.policyId || filters.attributeIds?.length || filters.llmId !== undefined || filters.modelName !== undefined);

export interface FactQuery {
  organizationId: string;
  /** Created-at ranges [start, end); none means no prompt. */
  ranges: Bucket[];
  filters?: MetricsFilters;
  promptIds?: string[];
}

type PromptsQuery = SelectQueryBuilder<Database, 'prompts', object>;

/** The finished prompts a query names: organization, created-at ranges, filters. */
export function wherePrompts<Q extends PromptsQuery>(query: Q, input: FactQuery): Q {
  const filters = input.filters ?? {};
  let q = query.where('prompts.organization_id', '=', input.organizationId).where('prompts.status', '!=', 'in_progress') as Q;
  // Red-team prompts (0017) are part of the observability figures only when a filter asks for them.
  if (filters.redTeam === undefined) q = q.where('prompts.red_team_job_id', 'is', null) as Q;
  else if (filters.redTeam === 'only') q = q.where('prompts.red_team_job_id', 'is not', null) as Q;
  q = q.where((eb) => eb.or(input.ranges.map((range) => eb.and([eb('prompts.created_at', '>=', range.start), eb('prompts.created_at', '<', range.end)])))) as Q;
  if (input.promptIds) q = q.where('prompts.id', 'in', input.promptIds.length ? input.promptIds : ['']) as Q;
  if (filters.userId) q = q.where('prompts.user_id', '=', filters.userId) as Q;
  if (filters.appId) q = q.where('prompts.app_id', '=', filters.appId) as Q;
  if (filters.llmId !== undefined) q = q.where('prompts.language_model_id', '=', filters.llmId) as Q;
  if (filters.modelName !== undefined) q = q.where('prompts.model_name', '=', filters.modelName) as Q;
  if (filters.policyId) {
    const policyId = filters.policyId;
    q = q.where((eb) => eb.exists(eb.selectFrom('prompt_policies').select('prompt_policies.prompt_id').whereRef('prompt_policies.prompt_id', '=', 'prompts.id').where('prompt_policies.policy_id', '=', policyId))) as Q;
  }
  if (filters.attributeIds?.length) {
    // Prompts with any of the attributes; an id outside the list matches nothing.
    const names = filters.attributeIds.map(attributeName).filter((name): name is NonNullable<typeof name> => name !== undefined);
    q = q.where((eb) =>
      eb.exists(eb.selectFrom('prompt_attributes').select('prompt_attributes.prompt_id').whereRef('prompt_attributes.prompt_id', '=', 'prompts.id').where('prompt_attributes.attribute', 'in', names.length ? names : [''])),
    ) as Q;
  }
  return q;
}

/** The facts of the prompts a query names (created-at order), from the raw rows. */
export async function loadFacts(db: Kysely<Database>, input: FactQuery): Promise<PromptFact[]> {
  if (!input.ranges.length) return [];
  const promptIds = () => wherePrompts(db.selectFrom('prompts').select('prompts.id'), input);
  const [prompts, stages, attributes, policies] = await Promise.all([
    wherePrompts(
      db
        .selectFrom('prompts')
        .select(['prompts.id', 'prompts.created_at', 'prompts.user_id', 'prompts.app_id', 'prompts.language_model_id', 'prompts.model_name', 'prompts.blocked_json', 'prompts.malicious', 'prompts.anonymized', 'prompts.redacted', 'prompts.red_team_job_id'])
        .select(TOOL_COLUMNS.map((column) => `prompts.${column}` as const)),
      input,
    )
      .orderBy('prompts.created_at')
      .orderBy('prompts.id')
      .execute(),
    db
      .selectFrom('prompt_stages')
      .select(['prompt_id', 'service', 'cycle_status', 'latency_ms', 'tokens_in', 'tokens_out'])
      // Only the verification stage's detail (its results) and the copyright check's (its matches) are read; the llm
      // stage's detail holds whole conversations.
      .select(sql<string | null>`case when service in ('verification_service', 'copyright_checker') then detail_json else null end`.as('detail_json'))
      .where('service', 'in', ['prompt_guard', 'corporate_data_repository', 'policy_engine', 'llm', 'verification_service', 'copyright_checker'])
      .where('prompt_id', 'in', promptIds())
      .execute(),
    db.selectFrom('prompt_attributes').select(['prompt_id', 'attribute']).where('prompt_id', 'in', promptIds()).execute(),
    db.selectFrom('prompt_policies').select(['prompt_id', 'policy_id']).where('prompt_id', 'in', promptIds()).execute(),
  ]);
  const group = <T extends { prompt_id: string }>(rows: T[]) => {
    const map = new Map<string, T[]>();
    for (const row of rows) {
      const list = map.get(row.prompt_id);
      if (list) list.push(row);
      else map.set(row.prompt_id, [row]);
    }
    return map;
  };
  const stagesOf = group(stages as StageRow[]);
  const attributesOf = group(attributes);
  const policiesOf = group(policies);
  return prompts.map((prompt) =>
    factOf(
      prompt as PromptRow,
      stagesOf.get(prompt.id) ?? [],
      (attributesOf.get(prompt.id) ?? []).map((row) => row.attribute),
      (policiesOf.get(prompt.id) ?? []).map((row) => row.policy_id),
    ),
  );
}

/** Attribute filter ids that name an attribute (an id outside the list matches nothing). */
const knownAttributeIds = (ids: number[]): string[] => ids.filter((id) => attributeName(id) !== undefined).map(String);

/** The measured columns as one JSON array: one value per row to materialise instead of twenty (the driver's cost). */
export function packedValues(db: Kysely<Database>) {
  return sql<string | (number | null)[]>`${sql.raw(isPostgres(db) ? 'json_build_array' : 'json_array')}(${sql.join(PACKED_COLUMNS.map((column) => sql.ref(`metrics_facts.${column}`)))})`;
}

/**
 * Visits what the metrics count of the prompts a query names, from metrics_facts, in no particular order: one index
 * range per created-at range, on the filter's column when there is one, policies and attributes through
 * metrics_fact_items. The fact visited is reused for the next row (packedFactReader): count it, do not keep it.
 */
export async function scanFacts(db: Kysely<Database>, input: FactQuery, visit: (fact: MeasuredFact) => void): Promise<void> {
  const filters = input.filters ?? {};
  const lists = await Promise.all(
    input.ranges.map((range) => {
      const facts = db.selectFrom('metrics_facts').select(['created_at', 'user_id', 'app_id', 'llm_id', 'model_name', 'lists']).select(packedValues(db).as('packed'));
      return whereFacts(db, facts, input.organizationId, range, filters, input.promptIds).execute();
    }),
  );
  const read = packedFactReader();
  for (const rows of lists) for (const row of rows) visit(read(row as PackedFactRow));
}

type FactsQuery = SelectQueryBuilder<Database, 'metrics_facts', object>;

/** The metrics_facts rows of an organization in one created-at range under the filters. */
export function whereFacts<Q extends FactsQuery>(db: Kysely<Database>, query: Q, organizationId: string, range: Bucket, filters: MetricsFilters, promptIds?: string[]): Q {
  let q = query.where('metrics_facts.organization_id', '=', organizationId).where('metrics_facts.created_at', '>=', range.start).where('metrics_facts.created_at', '<', range.end) as Q;
  if (promptIds) q = q.where('metrics_facts.prompt_id', 'in', promptIds.length ? promptIds : ['']) as Q;
  const redTeam = sql<number>`metrics_facts.flags & ${sql.lit(FACT_FLAGS.redTeam)}`;
  if (filters.redTeam === undefined) q = q.where(redTeam, '=', 0) as Q;
  else if (filters.redTeam === 'only') q = q.where(redTeam, '<>', 0) as Q;
  if (filters.userId) q = q.where('metrics_facts.user_id', '=', filters.userId) as Q;
  if (filters.appId) q = q.where('metrics_facts.app_id', '=', filters.appId) as Q;
  if (filters.llmId !== undefined) q = q.where('metrics_facts.llm_id', '=', filters.llmId) as Q;
  if (filters.modelName !== undefined) q = q.where('metrics_facts.model_name', '=', filters.modelName) as Q;
  const withItem = (dimension: 'policy' | 'attribute', items: string[]) =>
    db
      .selectFrom('metrics_fact_items')
      .select('metrics_fact_items.prompt_id')
      .where('metrics_fact_items.organization_id', '=', organizationId)
      .where('metrics_fact_items.dimension', '=', dimension)
      .where('metrics_fact_items.item', 'in', items.length ? items : [''])
      .where('metrics_fact_items.created_at', '>=', range.start)
      .where('metrics_fact_items.created_at', '<', range.end);
  if (filters.policyId) q = q.where('metrics_facts.prompt_id', 'in', withItem('policy', [filters.policyId])) as Q;
  if (filters.attributeIds?.length) q = q.where('metrics_facts.prompt_id', 'in', withItem('attribute', knownAttributeIds(filters.attributeIds))) as Q;
  return q;
}

const FACT_BATCH = 200;

/** Stores facts in metrics_facts and metrics_fact_items (inside the caller's transaction). */
export async function writeFacts(db: Kysely<Database>, organizationId: string, facts: PromptFact[]): Promise<void> {
  for (let index = 0; index < facts.length; index += FACT_BATCH) {
    const batch = facts.slice(index, index + FACT_BATCH);
    await insertRows(db, 'metrics_facts', batch.map((fact) => factRow(fact, organizationId)));
    const items = batch.flatMap((fact) => [
      ...fact.policyIds.map((item) => ({ organization_id: organizationId, dimension: 'policy', item, created_at: fact.createdAt, prompt_id: fact.id })),
      ...fact.attributeIds.map((id) => ({ organization_id: organizationId, dimension: 'attribute', item: String(id), created_at: fact.createdAt, prompt_id: fact.id })),
    ]);
    for (let start = 0; start < items.length; start += FACT_BATCH) await insertRows(db, 'metrics_fact_items', items.slice(start, start + FACT_BATCH));
  }
}
