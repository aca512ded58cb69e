// One finished prompt reduced to what the metrics measure. The raw path and the rollups both go through `factOf`,
// so the two can only differ by what they read, never by how they count.
import { PromptCycleStatus } from '../../domain/enums';
import { METRIC_STAGES, METRIC_STAGE_PREFIX, METRIC_STAGE_SERVICES, attributeId } from '../../domain/schemas/metrics';
import type { MetricsFactsTable } from '../db/schema';

export const QUALITY_METRICS = ['accuracy', 'hallucination', 'toxicity', 'bias'] as const;
/** Quality values are kept in thousandths so sums stay integers and merge exactly in any order. */
export const QUALITY_SCALE = 1000;
/** The lifecycle service of the copyright check (also the PolicyId of an answer it withheld). */
export const COPYRIGHT_STAGE_SERVICE = 'copyright_checker';

export type StageStatus = 'ok' | 'skip' | 'fail';

export interface StageFact {
  /** null while the stage is WAITING (never for a finished prompt the pipeline wrote). */
  status: StageStatus | null;
  /** tokens in + out, when the stage ran (ok or fail) and reported any. */
  tokens: number | null;
  /** milliseconds, when the stage ran (ok or fail). */
  latency: number | null;
}

/** What the metrics count of a finished prompt (all but its id). */
export interface MeasuredFact {
  createdAt: number;
  userId: string;
  appId: string | null;
  llmId: number | null;
  modelName: string | null;
  malicious: boolean;
  blocked: boolean;
  anonymized: boolean;
  redacted: boolean;
  /** A policy rule stopped the prompt before the language model: blocked with the llm stage SKIPPED. */
  policySkip: boolean;
  /** Passages of the answer the copyright check matched (0 when none, or the check did not run). */
  copyrightMatches: number;
  /** The copyright check withheld the answer (blocked by PolicyId copyright_checker). */
  copyrightWithheld: boolean;
  /** In METRIC_STAGES order. */
  stages: StageFact[];
  /** In QUALITY_METRICS order, thousandths; null when no verifier scored that metric. */
  quality: (number | null)[];
  /** Tokens of every measured stage together (the risk factor "tokens"). */
  totalTokens: number;
  policyIds: string[];
  /** METRIC_ATTRIBUTES ids; 0 for a type outside the list. */
  attributeIds: number[];
  /** Tool calls and results, in TOOL_COUNT_FIELDS order (counts per call or result, not flags). */
  tools: number[];
}

export interface PromptFact extends MeasuredFact {
  id: string;
  /** A red-teaming attack (prompts.red_team_job_id): stored with its flag, counted only when a query asks for it. */
  redTeam?: boolean;
}

export interface PromptRow {
  id: string;
  created_at: number | string;
  user_id: string;
  app_id: string | null;
  language_model_id: number | string | null;
  model_name: string | null;
  blocked_json: string | null;
  malicious: number | string;
  anonymized: number | string;
  redacted: number | string;
  red_team_job_id?: string | null;
  tool_calls?: number | string;
  tool_calls_anonymized?: number | string;
  tool_results?: number | string;
  tool_results_malicious?: number | string;
  tool_results_anonymized?: number | string;
}

/** The stored tool columns (prompts and metrics_facts), in the order `toolCounts` reads them. */
export const TOOL_COLUMNS = ['tool_calls', 'tool_calls_anonymized', 'tool_results', 'tool_results_malicious', 'tool_results_anonymized'] as const;
export type ToolColumn = (typeof TOOL_COLUMNS)[number];

/**
 * TOOL_COUNT_FIELDS from the stored columns (TOOL_COLUMNS order): every tool call of a blocked prompt was withheld
 * from the app (the whole answer is), so blockedToolCalls is derived, not stored.
 */
export function toolCounts(stored: readonly number[], blocked: boolean): number[] {
  const [calls = 0, callsAnonymized = 0, results = 0, resultsMalicious = 0, resultsAnonymized = 0] = stored;
  return [calls, blocked ? calls : 0, callsAnonymized, results, resultsMalicious, resultsAnonymized];
}

export interface StageRow {
  prompt_id: string;
  service: string;
  cycle_status: number | string;
  latency_ms: number | string | null;
  tokens_in: number | string | null;
  tokens_out: number | string | null;
  detail_json: string | null;
}

const num = (value: number | string | null): number | null => (value === null ? null : Number(value));

function statusOf(cycleStatus: number): StageStatus | null {
  if (cycleStatus === PromptCycleStatus.SUCCESS) return 'ok';
  if (cycleStatus === PromptCycleStatus.SKIPPED) return 'skip';
  if (cycleStatus === PromptCycleStatus.FAILED) return 'fail';
  return null;
}

function stageFact(row: StageRow | undefined): StageFact {
  if (!row) return { status: null, tokens: null, latency: null };
  const status = statusOf(Number(row.cycle_status));
  const ran = status === 'ok' || status === 'fail';
  const tokensIn = num(row.tokens_in);
  const tokensOut = num(row.tokens_out);
  const latency = num(row.latency_ms);
  return {
    status,
    tokens: ran && (tokensIn !== null || tokensOut !== null) ? (tokensIn ?? 0) + (tokensOut ?? 0) : null,
    latency: ran && latency !== null ? latency : null,
  };
}

/** Mean Value of the verified results of each quality metric, in thousandths. */
export function qualityOf(detailJson: string | null): (number | null)[] {
  if (!detailJson) return QUALITY_METRICS.map(() => null);
  let results: unknown;
  try {
    results = (JSON.parse(detailJson) as { Results?: unknown }).Results;
  } catch {
    results = undefined;
  }
  const list = Array.isArray(results) ? (results as { Metric?: unknown; State?: unknown; Value?: unknown }[]) : [];
  return QUALITY_METRICS.map((metric) => {
    const values = list.filter((item) => item.Metric === metric && item.State === 'verified' && typeof item.Value === 'number' && Number.isFinite(item.Value)).map((item) => item.Value as number);
    if (!values.length) return null;
    return Math.round((values.reduce((sum, value) => sum + value, 0) / values.length) * QUALITY_SCALE);
  });
}

/** The passages the copyright_checker stage's detail lists. */
export function copyrightMatchesOf(detailJson: string | null): number {
  if (!detailJson) return 0;
  try {
    const matches = (JSON.parse(detailJson) as { Matches?: unknown }).Matches;
    return Array.isArray(matches) ? matches.length : 0;
  } catch {
    return 0;
  }
}

/** The block's PolicyId names the copyright check (server/copyright/copyright-stage.ts COPYRIGHT_BLOCK_ID). */
function withheldByCopyright(blockedJson: string | null): boolean {
  if (!blockedJson) return false;
  try {
    return (JSON.parse(blockedJson) as { PolicyId?: unknown }).PolicyId === COPYRIGHT_STAGE_SERVICE;
  } catch {
    return false;
  }
}

/** The model name the llm stage recorded (what the provider answered with). */
export function modelNameOf(llmDetailJson: string | null): string | null {
  if (!llmDetailJson) return null;
  try {
    const model = (JSON.parse(llmDetailJson) as { Model?: unknown }).Model;
    return typeof model === 'string' && model.trim() ? model.trim().slice(0, 200) : null;
  } catch {
    return null;
  }
}

export function factOf(prompt: PromptRow, stages: StageRow[], attributes: string[], policyIds: string[]): PromptFact {
  const byService = new Map(stages.map((stage) => [stage.service, stage]));
  const stageFacts = METRIC_STAGES.map((stage) => stageFact(byService.get(METRIC_STAGE_SERVICES[stage])));
  const blocked = prompt.blocked_json !== null;
  const llm = stageFacts[METRIC_STAGES.indexOf('LLM')]!;
  return {
    id: prompt.id,
    ...(prompt.red_team_job_id ? { redTeam: true } : {}),
    createdAt: Number(prompt.created_at),
    userId: prompt.user_id,
    appId: prompt.app_id,
    llmId: num(prompt.language_model_id),
    modelName: prompt.model_name,
    malicious: Number(prompt.malicious) === 1,
    blocked,
    anonymized: Number(prompt.anonymized) === 1,
    redacted: Number(prompt.redacted) === 1,
    policySkip: blocked && llm.status === 'skip',
    copyrightMatches: copyrightMatchesOf(byService.get(COPYRIGHT_STAGE_SERVICE)?.detail_json ?? null),
    copyrightWithheld: withheldByCopyright(prompt.blocked_json),
    stages: stageFacts,
    quality: qualityOf(byService.get(METRIC_STAGE_SERVICES.VS)?.detail_json ?? null),
    totalTokens: stageFacts.reduce((sum, stage) => sum + (stage.tokens ?? 0), 0),
    policyIds: [...new Set(policyIds)].sort(),
    attributeIds: [...new Set(attributes.map((name) => attributeId(name)))].sort((a, b) => a - b),
    tools: toolCounts(TOOL_COLUMNS.map((column) => Number(prompt[column] ?? 0)), blocked),
  };
}

/** A metrics_facts column holding one measured value. */
export type FactColumn = Extract<keyof MetricsFactsTable, `${string}_status` | `${string}_tokens` | `${string}_latency` | `q_${string}`>;

/** The metrics_facts columns of each stage, in METRIC_STAGES order. */
export const STAGE_COLUMNS = METRIC_STAGES.map((stage) => {
  const prefix = METRIC_STAGE_PREFIX[stage];
  return { status: `${prefix}_status` as FactColumn, tokens: `${prefix}_tokens` as FactColumn, latency: `${prefix}_latency` as FactColumn };
});
/** The metrics_facts column of each quality metric, in QUALITY_METRICS order. */
export const QUALITY_COLUMNS = QUALITY_METRICS.map((metric) => `q_${metric}` as FactColumn);

/** metrics_facts.flags bits. */
export const FACT_FLAGS = { malicious: 1, blocked: 2, anonymized: 4, redacted: 8, policySkip: 16, redTeam: 32, copyrightWithheld: 64 } as const;
/** metrics_facts stage status codes (index = code; 0 is never stored: null is). */
export const STATUS_CODES: readonly (StageStatus | null)[] = [null, 'ok', 'skip', 'fail'];

/** A fact as its metrics_facts row. */
export function factRow(fact: PromptFact, organizationId: string): MetricsFactsTable {
  let flags = 0;
  for (const [name, bit] of Object.entries(FACT_FLAGS)) if (fact[name as keyof typeof FACT_FLAGS]) flags |= bit;
  const row: Record<string, unknown> = {
    prompt_id: fact.id,
    organization_id: organizationId,
    created_at: fact.createdAt,
    user_id: fact.userId,
    app_id: fact.appId,
    llm_id: fact.llmId,
    model_name: fact.modelName,
    flags,
    lists: fact.policyIds.length || fact.attributeIds.length ? JSON.stringify([fact.policyIds, fact.attributeIds]) : null,
    copyright_matches: fact.copyrightMatches || null,
  };
  const [calls, , callsAnonymized, results, resultsMalicious, resultsAnonymized] = fact.tools;
  [calls, callsAnonymized, results, resultsMalicious, resultsAnonymized].forEach((value, index) => {
    row[TOOL_COLUMNS[index]!] = value ?? 0;
  });
  fact.stages.forEach((stage, index) => {
    const columns = STAGE_COLUMNS[index]!;
    row[columns.status] = stage.status === null ? null : STATUS_CODES.indexOf(stage.status);
    row[columns.tokens] = stage.tokens;
    row[columns.latency] = stage.latency;
  });
  fact.quality.forEach((value, index) => {
    row[QUALITY_COLUMNS[index]!] = value;
  });
  return row as unknown as MetricsFactsTable;
}

/** The measured columns, in the order `packedValues` reads them as one array. */
export const PACKED_COLUMNS: readonly (FactColumn | ToolColumn | 'flags' | 'copyright_matches')[] = ['flags', ...STAGE_COLUMNS.flatMap((columns) => [columns.status, columns.tokens, columns.latency]), ...QUALITY_COLUMNS, 'copyright_matches', ...TOOL_COLUMNS];

/** A metrics_facts row read for counting: its dimensions, and its measured values as one array (PACKED_COLUMNS). */
export interface PackedFactRow {
  created_at: number | string;
  user_id: string;
  app_id: string | null;
  llm_id: number | string | null;
  model_name: string | null;
  lists: string | null;
  /** JSON text (SQLite) or the parsed array (PostgreSQL's json). */
  packed: string | (number | null)[];
}

const NO_POLICIES: string[] = [];
const NO_ATTRIBUTES: number[] = [];

/**
 * A decoder of packed rows into one fact object it reuses (valid until the next row, read only): counting a hundred
 * thousand rows then allocates little beyond the rows themselves.
 */
export function packedFactReader(): (row: PackedFactRow) => MeasuredFact {
  const stages: StageFact[] = STAGE_COLUMNS.map(() => ({ status: null, tokens: null, latency: null }));
  const quality: (number | null)[] = QUALITY_COLUMNS.map(() => null);
  const tools = toolCounts([], false);
  const fact: MeasuredFact = { createdAt: 0, userId: '', appId: null, llmId: null, modelName: null, malicious: false, blocked: false, anonymized: false, redacted: false, policySkip: false, copyrightMatches: 0, copyrightWithheld: false, stages, quality, totalTokens: 0, policyIds: NO_POLICIES, attributeIds: NO_ATTRIBUTES, tools };
  const qualityAt = 1 + STAGE_COLUMNS.length * 3;
  const copyrightAt = qualityAt + QUALITY_COLUMNS.length;
  const toolsAt = copyrightAt + 1;
  return (row) => {
    const values = (typeof row.packed === 'string' ? JSON.parse(row.packed) : row.packed) as (number | null)[];
    const flags = values[0]!;
    let totalTokens = 0;
    for (let index = 0; index < stages.length; index += 1) {
      const stage = stages[index]!;
      stage.status = STATUS_CODES[values[1 + index * 3] ?? 0] ?? null;
      stage.tokens = values[2 + index * 3] ?? null;
      stage.latency = values[3 + index * 3] ?? null;
      totalTokens += stage.tokens ?? 0;
    }
    for (let index = 0; index < quality.length; index += 1) quality[index] = values[qualityAt + index] ?? null;
    const [policyIds, attributeIds] = row.lists ? (JSON.parse(row.lists) as [string[], number[]]) : [NO_POLICIES, NO_ATTRIBUTES];
    fact.createdAt = Number(row.created_at);
    fact.userId = row.user_id;
    fact.appId = row.app_id;
    fact.llmId = num(row.llm_id);
    fact.modelName = row.model_name;
    fact.malicious = (flags & FACT_FLAGS.malicious) !== 0;
    fact.blocked = (flags & FACT_FLAGS.blocked) !== 0;
    fact.anonymized = (flags & FACT_FLAGS.anonymized) !== 0;
    fact.redacted = (flags & FACT_FLAGS.redacted) !== 0;
    fact.policySkip = (flags & FACT_FLAGS.policySkip) !== 0;
    fact.copyrightWithheld = (flags & FACT_FLAGS.copyrightWithheld) !== 0;
    fact.copyrightMatches = values[copyrightAt] ?? 0;
    const calls = values[toolsAt] ?? 0;
    tools[0] = calls;
    tools[1] = fact.blocked ? calls : 0;
    tools[2] = values[toolsAt + 1] ?? 0;
    tools[3] = values[toolsAt + 2] ?? 0;
    tools[4] = values[toolsAt + 3] ?? 0;
    tools[5] = values[toolsAt + 4] ?? 0;
    fact.totalTokens = totalTokens;
    fact.policyIds = policyIds;
    fact.attributeIds = attributeIds;
    return fact;
  };
}
