import { z } from 'zod';
import { RISK_FACTORS } from '../risk';
import type { RiskFactor, RiskFactorSetting } from '../risk';
import { DEFAULT_RISK_FACTOR_SETTINGS } from '../risk';
import { POLICY_ENTITY_TYPES } from './policies';

// Observability contract (§2.8, §3.2, §3.5, §3.6, §7.5, §9). GraphQL at POST /api/v1/gql/query (cookie session),
// fields camelCase. Operations the SPA sends: `query Metrics(...) { metrics(...) }`,
// `query PromptIDs(...) { metricsPromptIDs(...) }`, `query ResolveIDs(...) { resolveIDs(...) }`.
// REST beside it (under /api/v1):
//   GET /observability/risk-settings?organizationID=  → RiskSettings (the organization's saved factor settings or §9 defaults)
//   PUT /observability/risk-settings?organizationID=  RiskSettings → RiskSettings (ORG_ADMIN; CUSTOMER_ADMIN for their customer's orgs)
//   GET /observability/critical-events               ra-data-simple-rest list of CriticalEvent (filter: Kind, q, UserId, From, To)
// organizationID in the query string is needed only by a CUSTOMER_ADMIN; others use their own organization.

/** Metrics stages (§3.2) and the lifecycle service each one measures. */
export const METRIC_STAGES = ['CS', 'CDR', 'PE', 'LLM', 'VS'] as const;
export type MetricStage = (typeof METRIC_STAGES)[number];
export const METRIC_STAGE_SERVICES: Record<MetricStage, string> = {
  CS: 'prompt_guard',
  CDR: 'corporate_data_repository',
  PE: 'policy_engine',
  LLM: 'llm',
  VS: 'verification_service',
};
export const METRIC_STAGE_LABELS: Record<MetricStage, string> = {
  CS: 'Prompt Guard',
  CDR: 'Corporate Data',
  PE: 'Policy Engine',
  LLM: 'Language Model',
  VS: 'Verification',
};
/** Field-name prefix of a stage in the GraphQL response: csTokens, cdrLatency, peStatus, llmTokens, vsLatency. */
export const METRIC_STAGE_PREFIX: Record<MetricStage, string> = { CS: 'cs', CDR: 'cdr', PE: 'pe', LLM: 'llm', VS: 'vs' };

export const STAGE_FILTERS = ['ALL', 'CS', 'CDR', 'PE', 'LLM'] as const;
export const STATUS_FILTERS = ['ALL', 'OK', 'SKIP', 'FAIL'] as const;
export const LLM_QUALITY_METRICS = ['ACCURACY', 'HALLUCINATION', 'TOXICITY', 'BIAS'] as const;
export const PROMPT_KINDS = ['OVERALL', 'MALICIOUS', 'BLOCKED', 'ANONYMIZED', 'REDACTED'] as const;
export type PromptKind = (typeof PROMPT_KINDS)[number];
export const TOKEN_METRICS = ['TOTAL_TOKENS', 'AVERAGE_TOKENS'] as const;

export const DATE_RANGES = ['TODAY', 'LAST_24_HOURS', 'THIS_WEEK', 'LAST_7_DAYS', 'THIS_MONTH', 'LAST_30_DAYS', 'LAST_60_DAYS', 'LAST_90_DAYS'] as const;
export type DateRange = (typeof DATE_RANGES)[number];
export const DATE_RANGE_LABELS: Record<DateRange, string> = {
  TODAY: 'Today',
  LAST_24_HOURS: 'Last 24 hours',
  THIS_WEEK: 'This week',
  LAST_7_DAYS: 'Last 7 days',
  THIS_MONTH: 'This month',
  LAST_30_DAYS: 'Last 30 days',
  LAST_60_DAYS: 'Last 60 days',
  LAST_90_DAYS: 'Last 90 days',
};
/** §9 bucket interval per window (ISO 8601 durations). */
export const DATE_RANGE_INTERVALS: Record<DateRange, string> = {
  TODAY: 'PT1H',
  LAST_24_HOURS: 'PT1H',
  THIS_WEEK: 'PT6H',
  LAST_7_DAYS: 'PT6H',
  THIS_MONTH: 'P1D',
  LAST_30_DAYS: 'P1D',
  LAST_60_DAYS: 'P2D',
  LAST_90_DAYS: 'P3D',
};
export const DEFAULT_DATE_RANGE: DateRange = 'LAST_7_DAYS';
export const METRICS_DATE_FORMAT = 'MMMM d, yyyy';
export const ALL_LANGUAGE_MODELS_LABEL = 'All Language Models';

/** §3.2 allowed bucket intervals. */
export const METRIC_INTERVALS = [
  ...[1, 2, 3, 4, 5, 6, 10, 12, 15, 20, 30].map((n) => `PT${n}S`),
  ...[1, 2, 3, 4, 5, 6, 10, 12, 15, 20, 30].map((n) => `PT${n}M`),
  ...[1, 2, 3, 4, 6, 8, 12].map((n) => `PT${n}H`),
  'P1D',
  'P2D',
  'P3D',
  'P1W',
] as const;

/** §9 defaults. */
export const METRICS_DEFAULTS = {
  ascending: true,
  topN: 10,
  tokenStats: { min: 0, max: 100, binsCount: 10 },
  latencyStats: { min: 0, max: 10_000, binsCount: 25 },
  llmStats: { min: 0, max: 100, binsCount: 20 },
  driftWindowSize: 7,
  driftThreshold: 5,
  driftIgnore: { enabled: false, value: 0 },
} as const;

/**
 * Attributes (entity and finding types found in prompts) travel as integers (§3.5 attributeIDs): the id is the
 * position in this list plus one. Append only; never reorder. An id outside the list is an "Unknown Attribute".
 */
export const METRIC_ATTRIBUTES = [...POLICY_ENTITY_TYPES, 'SECRET', 'KEYWORD', 'REGEX', 'PROMPT_INJECTION'] as const;
export const attributeId = (name: string): number => METRIC_ATTRIBUTES.indexOf(name as (typeof METRIC_ATTRIBUTES)[number]) + 1;
export const attributeName = (id: number): string | undefined => METRIC_ATTRIBUTES[id - 1];

/** Labels for ids that no longer resolve (deleted) or never did (unknown), §2.8. */
export const MISSING_ENTITY_LABELS = {
  deleted: { user: 'Deleted User', copilot: 'Deleted App', policy: 'Deleted Policy', llm: 'Deleted Language Model' },
  unknown: { user: 'Unknown User', copilot: 'Unknown App', policy: 'Unknown Policy', attribute: 'Unknown Attribute', llm: 'Unknown Language Model' },
} as const;

/** Dimensions of the top-N lists and risk leaderboards. */
export const TOP_DIMENSIONS = ['Users', 'Copilots', 'Policies', 'Attributes', 'LLMs', 'LLMModels'] as const;
export type TopDimension = (typeof TOP_DIMENSIONS)[number];
/** Prompt-kind infix of a top list's field name: topUsers, topMaliciousUsers, topBlockedPolicies, … */
export const TOP_KIND_INFIX: Record<PromptKind, string> = { OVERALL: '', MALICIOUS: 'Malicious', BLOCKED: 'Blocked', ANONYMIZED: 'Anonymized', REDACTED: 'Redacted' };
export const topFieldName = (kind: PromptKind, dimension: TopDimension): string => `top${TOP_KIND_INFIX[kind]}${dimension}`;
export const RISK_DIMENSIONS = ['Users', 'Copilots', 'Policies', 'LLMs', 'LLMModels'] as const;
export type RiskDimension = (typeof RISK_DIMENSIONS)[number];
export const riskFieldName = (dimension: RiskDimension): string => `topRisk${dimension}`;

/**
 * Drill-down (PromptIDs) widget ids, the same names as the response fields:
 * - prompt counts: prompts, maliciousPrompts, blockedPrompts, anonymizedPrompts, redactedPrompts
 *   (seriesIndex = a time bucket; omitted = the whole window)
 * - per stage (prefix cs, cdr, pe, llm, vs): <prefix>Status (itemIndex 0 ok, 1 skip, 2 fail; seriesIndex optional),
 *   <prefix>Latency (binIndex of autoHistogram), <prefix>Tokens (binIndex of histogram)
 * - LLM quality: llmAccuracy, llmHallucination, llmToxicity, llmBias (binIndex of histogram)
 * - top lists: topUsers, topMaliciousUsers, … (itemIndex = position in the list)
 * - leaderboards: topRiskUsers, topRiskCopilots, topRiskPolicies, topRiskLLMs, topRiskLLMModels (itemIndex)
 */
export const PROMPT_COUNT_FIELDS = ['prompts', 'maliciousPrompts', 'blockedPrompts', 'anonymizedPrompts', 'redactedPrompts'] as const;
export const LLM_QUALITY_FIELDS = ['llmAccuracy', 'llmHallucination', 'llmToxicity', 'llmBias'] as const;
/** Copyright check counts of a bucket or the window (no drill-down). */
export const COPYRIGHT_COUNT_FIELDS = ['copyrightMatches', 'copyrightMatchedPrompts', 'copyrightWithheldPrompts'] as const;
/**
 * Agent traffic (issue 17), counted per tool call or result, not per prompt (a prompt may carry several):
 * toolCalls the model made; blockedToolCalls of them withheld from the app (the answer was blocked);
 * anonymizedToolCalls whose arguments the policies changed (anonymized or redacted) before the app got them;
 * toolResults the app sent back; maliciousToolResults the prompt guard found an injection in;
 * anonymizedToolResults the policies changed (anonymized or redacted) before the model saw them.
 */
export const TOOL_COUNT_FIELDS = ['toolCalls', 'blockedToolCalls', 'anonymizedToolCalls', 'toolResults', 'maliciousToolResults', 'anonymizedToolResults'] as const;
export type ToolCountField = (typeof TOOL_COUNT_FIELDS)[number];

// ---- risk settings (saved per organization) -----------------------------------------------------------------------

const finite = (label: string) => z.number({ error: `${label} must be a number` }).finite(`${label} must be a number`);
export const RiskFactorSettingSchema = z
  .object({
    enabled: z.boolean({ error: 'Enabled must be true or false' }),
    valueLo: finite('Value low'),
    valueHi: finite('Value high'),
    scoreLo: finite('Score low').min(0, 'Scores are between 0 and 1').max(1, 'Scores are between 0 and 1'),
    scoreHi: finite('Score high').min(0, 'Scores are between 0 and 1').max(1, 'Scores are between 0 and 1'),
  })
  .refine((value) => value.valueLo < value.valueHi, { path: ['valueHi'], message: 'Value high must be greater than value low' })
  .refine((value) => value.scoreLo !== value.scoreHi, { path: ['scoreHi'], message: 'Score low and high must differ' });

export const RiskSettingsSchema = z.object(
  Object.fromEntries(RISK_FACTORS.map((factor) => [factor, RiskFactorSettingSchema])) as Record<RiskFactor, typeof RiskFactorSettingSchema>,
);
export type RiskSettings = Record<RiskFactor, RiskFactorSetting>;
export const DEFAULT_RISK_SETTINGS: RiskSettings = DEFAULT_RISK_FACTOR_SETTINGS;

export const RISK_FACTOR_LABELS: Record<RiskFactor, string> = {
  llmAccuracy: 'LLM accuracy',
  llmHallucination: 'LLM hallucination',
  llmToxicity: 'LLM toxicity',
  llmBias: 'LLM bias',
  tokens: 'Tokens',
  policySkips: 'Policy skips ratio',
  maliciousPrompts: 'Malicious prompts ratio',
  blockedPrompts: 'Blocked prompts ratio',
  anonymizedPrompts: 'Anonymized prompts ratio',
  redactedPrompts: 'Redacted prompts ratio',
};

/** GraphQL variable names of a factor's settings (§3.5): llmAccuracyEnabled, llmAccuracyValueLo, … */
export function riskVariables(settings: RiskSettings): Record<string, number | boolean> {
  const variables: Record<string, number | boolean> = {};
  for (const factor of RISK_FACTORS) {
    const setting = settings[factor];
    variables[`${factor}Enabled`] = setting.enabled;
    variables[`${factor}ValueLo`] = setting.valueLo;
    variables[`${factor}ValueHi`] = setting.valueHi;
    variables[`${factor}ScoreLo`] = setting.scoreLo;
    variables[`${factor}ScoreHi`] = setting.scoreHi;
  }
  return variables;
}

// ---- critical events ----------------------------------------------------------------------------------------------

export const CRITICAL_EVENT_KINDS = ['blocked', 'malicious', 'failed'] as const;
export type CriticalEventKind = (typeof CRITICAL_EVENT_KINDS)[number];
export const CRITICAL_EVENT_KIND_LABELS: Record<CriticalEventKind, string> = { blocked: 'Blocked', malicious: 'Malicious', failed: 'Failed' };

export const CriticalEventSchema = z.object({
  /** The prompt id (links to /admin/chat/{ConversationId or "-"}/prompt/{id}/details). */
  id: z.string(),
  ConversationId: z.string().nullable(),
  CreatedAt: z.string(),
  Kinds: z.array(z.enum(CRITICAL_EVENT_KINDS)),
  UserId: z.string().nullable(),
  UserEmail: z.string().nullable(),
  AppId: z.string().nullable(),
  AppName: z.string().nullable(),
  LanguageModelId: z.number().int().nullable(),
  ModelName: z.string().nullable(),
  MessageType: z.string(),
  /** The blocking policy's message, the failure reason, or the guard's finding. */
  Reason: z.string().nullable(),
});
export type CriticalEvent = z.infer<typeof CriticalEventSchema>;

/** The lifecycle page of a prompt, whether or not it belongs to a conversation. */
export const promptLifecyclePath = (promptId: string, conversationId: string | null): string =>
  `/admin/chat/${encodeURIComponent(conversationId ?? '-')}/prompt/${encodeURIComponent(promptId)}/details`;
