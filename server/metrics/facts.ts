// One finished prompt reduced to what the metrics measure. The raw path and the rollups both go through `factOf`,
// so the two can only differ by what they read, never by how they count.
import { PromptCycleStatus } from '../../domain/enums';
import { METRIC_STAGES, METRIC_STAGE_SERVICES, attributeId } from '../../domain/schemas/metrics';

export const QUALITY_METRICS = ['accuracy', 'hallucination', 'toxicity', 'bias'] as const;
/** Quality values are kept in thousandths so sums stay integers and merge exactly in any order. */
export const QUALITY_SCALE = 1000;

export type StageStatus = 'ok' | 'skip' | 'fail';

export interface StageFact {
  /** null while the stage is WAITING (never for a finished prompt the pipeline wrote). */
  status: StageStatus | null;
  /** tokens in + out, when the stage ran (ok or fail) and reported any. */
  tokens: number | null;
  /** milliseconds, when the stage ran (ok or fail). */
  latency: number | null;
}

export interface PromptFact {
  id: string;
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
  /** In METRIC_STAGES order. */
  stages: StageFact[];
  /** In QUALITY_METRICS order, thousandths; null when no verifier scored that metric. */
  quality: (number | null)[];
  /** Tokens of every measured stage together (the risk factor "tokens"). */
  totalTokens: number;
  policyIds: string[];
  /** METRIC_ATTRIBUTES ids; 0 for a type outside the list. */
  attributeIds: number[];
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
    stages: stageFacts,
    quality: qualityOf(byService.get(METRIC_STAGE_SERVICES.VS)?.detail_json ?? null),
    totalTokens: stageFacts.reduce((sum, stage) => sum + (stage.tokens ?? 0), 0),
    policyIds: [...new Set(policyIds)].sort(),
    attributeIds: [...new Set(attributes.map((name) => attributeId(name)))].sort((a, b) => a - b),
  };
}

/** What metrics_facts.fact holds: the fact less its columns (id, created at, user, copilot, llm, model name). */
export interface StoredFact {
  prompt_id: string;
  created_at: number | string;
  user_id: string;
  app_id: string | null;
  llm_id: number | string | null;
  model_name: string | null;
  fact: string;
}

const STATUS_CODES: (StageStatus | null)[] = [null, 'ok', 'skip', 'fail'];
const FLAGS = { malicious: 1, blocked: 2, anonymized: 4, redacted: 8, policySkip: 16 } as const;

/**
 * One flat JSON array: flags, then per stage its status code, tokens and latency, then the quality values, then the
 * policy ids and attribute ids (each list prefixed by its length). Flat, so reading thousands is one parse each.
 */
export function encodeFact(fact: PromptFact): string {
  let flags = 0;
  for (const [name, bit] of Object.entries(FLAGS)) if (fact[name as keyof typeof FLAGS]) flags |= bit;
  const stages = fact.stages.flatMap((stage) => [STATUS_CODES.indexOf(stage.status), stage.tokens, stage.latency]);
  return JSON.stringify([flags, ...stages, ...fact.quality, fact.policyIds.length, ...fact.policyIds, fact.attributeIds.length, ...fact.attributeIds]);
}

export function decodeFact(row: StoredFact): PromptFact {
  const values = JSON.parse(row.fact) as (number | string | null)[];
  const flags = values[0] as number;
  let at = 1;
  const stages: StageFact[] = METRIC_STAGES.map(() => {
    const stage = { status: STATUS_CODES[values[at] as number] ?? null, tokens: values[at + 1] as number | null, latency: values[at + 2] as number | null };
    at += 3;
    return stage;
  });
  const quality = values.slice(at, at + QUALITY_METRICS.length) as (number | null)[];
  at += QUALITY_METRICS.length;
  const policyCount = values[at] as number;
  const policyIds = values.slice(at + 1, at + 1 + policyCount) as string[];
  at += 1 + policyCount;
  const attributeIds = values.slice(at + 1, at + 1 + (values[at] as number)) as number[];
  return {
    id: row.prompt_id,
    createdAt: Number(row.created_at),
    userId: row.user_id,
    appId: row.app_id,
    llmId: num(row.llm_id),
    modelName: row.model_name,
    malicious: (flags & FLAGS.malicious) !== 0,
    blocked: (flags & FLAGS.blocked) !== 0,
    anonymized: (flags & FLAGS.anonymized) !== 0,
    redacted: (flags & FLAGS.redacted) !== 0,
    policySkip: (flags & FLAGS.policySkip) !== 0,
    stages,
    quality,
    totalTokens: stages.reduce((sum, stage) => sum + (stage.tokens ?? 0), 0),
    policyIds,
    attributeIds,
  };
}
