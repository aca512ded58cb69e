import { METRIC_STAGE_LABELS, METRIC_STAGE_PREFIX, METRIC_STAGES } from '../../../../domain';
import type { MetricStage } from '../../../../domain';

export const PROMPT_COUNT_LABELS = {
  prompts: 'All prompts',
  maliciousPrompts: 'Malicious',
  blockedPrompts: 'Blocked',
  anonymizedPrompts: 'Anonymized',
  redactedPrompts: 'Redacted',
} as const;
export type PromptCountField = keyof typeof PROMPT_COUNT_LABELS;

/** The agent-traffic figures (TOOL_COUNT_FIELDS), counted per call or result. */
export const TOOL_COUNT_LABELS = {
  toolCalls: 'Tool calls',
  blockedToolCalls: 'Withheld calls',
  anonymizedToolCalls: 'Anonymized calls',
  toolResults: 'Tool results',
  maliciousToolResults: 'Malicious results',
  anonymizedToolResults: 'Anonymized results',
} as const;

export interface StageInfo {
  stage: MetricStage;
  label: string;
  prefix: string;
}
export const STAGES: StageInfo[] = METRIC_STAGES.map((stage) => ({ stage, label: METRIC_STAGE_LABELS[stage], prefix: METRIC_STAGE_PREFIX[stage] }));

/** Milliseconds as seconds, §2.8: "Latency is shown in seconds (median divided by 1000)". */
export const toSeconds = (ms: number): number => ms / 1000;
export const formatSeconds = (ms: number): string => `${Number(toSeconds(ms).toFixed(3))} s`;

/** Tables of figures: numbers never break inside a cell. */
export const FIGURES_TABLE_SX = { '& .MuiTableCell-alignRight': { whiteSpace: 'nowrap' } } as const;

export const formatNumber = (value: number, digits = 1): string =>
  Number.isInteger(value) ? value.toLocaleString('en-US') : value.toLocaleString('en-US', { maximumFractionDigits: digits });

export const DIMENSION_LABELS = {
  Users: 'Users',
  Copilots: 'Apps',
  Policies: 'Policies',
  Attributes: 'Attributes',
  LLMs: 'Language models',
  LLMModels: 'Models',
} as const;

export const KIND_TAB_LABELS = { OVERALL: 'All', MALICIOUS: 'Malicious', BLOCKED: 'Blocked', ANONYMIZED: 'Anonymized', REDACTED: 'Redacted' } as const;
