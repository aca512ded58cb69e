// Test fixtures: prompts written through the real LifecycleRepository (create, stage updates, finish), so the
// rollups are kept by the same code path as in production; plus the copilots, models and policies they name.
import type { Kysely } from 'kysely';
import { PromptCycleStatus } from '../../domain/enums';
import type { LifecycleService } from '../../domain/schemas/lifecycle';
import { newId } from '../db/ids';
import type { Database } from '../db/schema';
import { LifecycleRepository } from '../pipeline/lifecycle.repository';
import type { ToolTraffic } from '../pipeline/lifecycle.repository';
import { DEFAULT_RISK_SETTINGS } from '../../domain/schemas/metrics';
import { parseInterval } from './buckets';
import type { MetricsArgs } from './metrics.args';

/** Metrics arguments of a window with the §9 defaults (ascending, top 50), as the resolver would parse them. */
export function windowArgs(from: string, to: string, zone: string, interval: string): MetricsArgs {
  return {
    from: Date.parse(from),
    to: Date.parse(to),
    zone,
    interval: parseInterval(interval),
    intervalText: interval,
    ascending: true,
    tokenSpec: { min: 0, max: 100, binsCount: 10 },
    latencyBins: 25,
    llmSpec: { min: 0, max: 100, binsCount: 20 },
    filters: {},
    topN: 50,
    risk: DEFAULT_RISK_SETTINGS,
  };
}

export async function insertApp(db: Kysely<Database>, organizationId: string, name: string): Promise<string> {
  const id = newId();
  await db
    .insertInto('apps')
    .values({ id, organization_id: organizationId, name, description: `${name} description`, status: 'active', completed_step: 7, data_access_json: '[]', rag_json: '{}', default_language_model_id: null, prompt_type: 1, predefined_prompts_json: '[]', created_at: 0, updated_at: 0 })
    .execute();
  return id;
}

export async function insertModel(db: Kysely<Database>, organizationId: string, name: string): Promise<number> {
  const row = await db
    .insertInto('language_models')
    .values({ organization_id: organizationId, name, provider: 'demo', model: name, base_url: null, api_version: null, api_key_enc: null, max_tokens: 1000, temperature: 0, enabled: 1, config_status: 4, config_message: null, tested_at: null, created_at: 0, updated_at: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function insertPolicy(db: Kysely<Database>, organizationId: string, name: string): Promise<string> {
  const id = newId();
  await db
    .insertInto('policies')
    .values({ id, organization_id: organizationId, name, description: null, type: 'Group Policy', enabled: 1, priority: 10, all_targets: 1, rules_json: '[]', created_at: 0, updated_at: 0 })
    .execute();
  return id;
}

/** [status, latency ms, tokens in, tokens out]; status ok/skip/fail. */
export type StageSpec = ['ok' | 'skip' | 'fail', number | null, number | null, number | null];

export interface PromptSpec {
  organizationId: string;
  userId: string;
  at: string;
  appId?: string | null;
  llmId?: number | null;
  model?: string;
  status?: 'success' | 'failed' | 'in_progress';
  blocked?: boolean;
  malicious?: boolean;
  anonymized?: boolean;
  redacted?: boolean;
  attributes?: string[];
  policyIds?: string[];
  stages?: Partial<Record<'prompt_guard' | 'corporate_data_repository' | 'policy_engine' | 'llm' | 'verification_service', StageSpec>>;
  /** Verified Values per metric (several entries of a metric: several verifiers). */
  quality?: { metric: string; value: number | null }[];
  /** A red-teaming job's attack (prompts.red_team_job_id). */
  redTeamJobId?: string;
  /** The copyright check's stage: passages matched, and whether it withheld the answer (blocked by copyright_checker). */
  copyright?: { matches: number; withheld?: boolean };
  /** The prompt's tool calls and results (counted in the metrics). */
  tools?: ToolTraffic;
}

const CYCLE = { ok: PromptCycleStatus.SUCCESS, skip: PromptCycleStatus.SKIPPED, fail: PromptCycleStatus.FAILED } as const;
const SERVICE_STATUS = { ok: 'success', skip: 'skipped', fail: 'failed' } as const;

export async function seedPrompt(db: Kysely<Database>, spec: PromptSpec): Promise<string> {
  const lifecycle = new LifecycleRepository(db);
  const at = Date.parse(spec.at);
  const id = await lifecycle.create(
    { organizationId: spec.organizationId, userId: spec.userId, conversationId: null, appId: spec.appId ?? null, languageModelId: spec.llmId ?? null, messageType: 'PROMPT_LLM', ...(spec.redTeamJobId ? { redTeamJobId: spec.redTeamJobId } : {}) },
    at,
  );
  for (const [service, stage] of Object.entries(spec.stages ?? {}) as [LifecycleService, StageSpec][]) {
    const [status, latencyMs, tokensIn, tokensOut] = stage;
    let detail: Record<string, unknown> | null = null;
    if (service === 'llm' && status !== 'skip') detail = { Model: spec.model ?? 'unknown', Sent: [], Answer: 'text' };
    if (service === 'verification_service' && spec.quality) {
      detail = {
        Status: 4,
        ResponseType: 'valid',
        Action: 'show_response',
        Results: spec.quality.map((item) => ({ VerifierId: 'v', VerifierName: 'v', Metric: item.metric, State: item.value === null ? 'error' : 'verified', Value: item.value, Score: item.value, Passed: true, Source: 'built-in', Detail: '' })),
      };
    }
    await lifecycle.updateStage(id, service, { cycleStatus: CYCLE[status], serviceStatus: SERVICE_STATUS[status], reason: status === 'fail' ? `${service} failed` : null, latencyMs, tokensIn, tokensOut, detail });
  }
  if (spec.copyright) {
    const matches = Array.from({ length: spec.copyright.matches }, (_, index) => ({ Kind: 'work', WorkId: null, SourceName: `Work ${index}`, LicenceId: null, AnswerStart: index * 10, AnswerEnd: index * 10 + 9, SourceStart: 0, SourceEnd: 9, Coverage: 0.1, CopiedWords: 20, Excerpt: 'x', Status: 3 }));
    await lifecycle.updateStage(id, 'copyright_checker', { cycleStatus: PromptCycleStatus.SUCCESS, serviceStatus: 'success', reason: null, latencyMs: 1, tokensIn: 0, tokensOut: 0, detail: { Matches: matches, Coverage: 0.1, Action: 'show_response', WorksChecked: 1, LicencesChecked: true, Status: 3 } });
  }
  if (spec.status === 'in_progress') return id;
  await lifecycle.finish(
    id,
    {
      status: spec.status ?? 'success',
      blocked: spec.copyright?.withheld
        ? { PolicyId: 'copyright_checker', PolicyName: 'Copyright check', Reason: 'The answer reproduces a work' }
        : spec.blocked
          ? { PolicyId: spec.policyIds?.[0] ?? 'policy', PolicyName: 'Blocking policy', Reason: 'Blocked by rule' }
          : null,
      malicious: spec.malicious ?? false,
      flagged: false,
      anonymized: spec.anonymized ?? false,
      redacted: spec.redacted ?? false,
      attributes: spec.attributes ?? [],
      policyIds: spec.policyIds ?? [],
      ...(spec.tools ? { tools: spec.tools } : {}),
    },
    at + 1000,
  );
  return id;
}
