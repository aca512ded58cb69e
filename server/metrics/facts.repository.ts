// SQL that reads finished prompts as facts: the raw path of the metrics, the drill-downs and the rollup writer.
import { sql } from 'kysely';
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { Database } from '../db/schema';
import { attributeName } from '../../domain/schemas/metrics';
import type { Bucket } from './buckets';
import type { PromptFact, PromptRow, StageRow } from './facts';
import { factOf } from './facts';

export interface MetricsFilters {
  userId?: string | undefined;
  appId?: string | undefined;
  policyId?: string | undefined;
  attributeIds?: number[] | undefined;
  llmId?: number | undefined;
  modelName?: string | undefined;
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

/** The facts of the prompts a query names (created-at order). */
export async function loadFacts(db: Kysely<Database>, input: FactQuery): Promise<PromptFact[]> {
  if (!input.ranges.length) return [];
  const promptIds = () => wherePrompts(db.selectFrom('prompts').select('prompts.id'), input);
  const [prompts, stages, attributes, policies] = await Promise.all([
    wherePrompts(
      db
        .selectFrom('prompts')
        .select(['prompts.id', 'prompts.created_at', 'prompts.user_id', 'prompts.app_id', 'prompts.language_model_id', 'prompts.model_name', 'prompts.blocked_json', 'prompts.malicious', 'prompts.anonymized', 'prompts.redacted']),
      input,
    )
      .orderBy('prompts.created_at')
      .orderBy('prompts.id')
      .execute(),
    db
      .selectFrom('prompt_stages')
      .select(['prompt_id', 'service', 'cycle_status', 'latency_ms', 'tokens_in', 'tokens_out'])
      // Only the verification stage's detail is read (its results); the llm stage's detail holds whole conversations.
      .select(sql<string | null>`case when service = 'verification_service' then detail_json else null end`.as('detail_json'))
      .where('service', 'in', ['prompt_guard', 'corporate_data_repository', 'policy_engine', 'llm', 'verification_service'])
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
