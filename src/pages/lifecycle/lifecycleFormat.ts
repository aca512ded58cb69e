import {
  LIFECYCLE_SERVICE_STATUS_LABELS,
  POLICY_ACTION_LABELS,
  POLICY_ACTIONS,
  PromptCycleStatus,
  VERIFICATION_ACTION_LABELS,
  VERIFICATION_METRIC_LABELS,
  VERIFICATION_RESPONSE_TYPE_LABELS,
  VERIFICATION_RESULT_STATE_LABELS,
} from '../../../domain';
import type { LifecycleService, LifecycleServiceStatus, PolicyAction, PromptStage } from '../../../domain';
import type { StatusTone } from '../../ui/status/StatusChip';

export const SERVICE_LABELS: Record<LifecycleService, string> = {
  prompt_guard: 'Prompt guard',
  corporate_data_repository: 'Corporate data repository',
  policy_engine: 'Policy engine',
  llm: 'Language model',
  verification_service: 'Verification service',
  copyright_checker: 'Copyright checker',
  control_server: 'Control server',
  web_search: 'Web search',
};

const CYCLE_NAMES = Object.fromEntries(Object.entries(PromptCycleStatus).map(([name, value]) => [value, name])) as Record<number, string>;

/** §4 cycle status: WAITING, SUCCESS, FAILED, SKIPPED. */
export const cycleStatusName = (value: number) => CYCLE_NAMES[value] ?? `Status ${value}`;

export const CYCLE_TONES: Record<number, StatusTone> = {
  [PromptCycleStatus.WAITING]: 'progress',
  [PromptCycleStatus.SUCCESS]: 'success',
  [PromptCycleStatus.FAILED]: 'error',
  [PromptCycleStatus.SKIPPED]: 'neutral',
};

/** §4 service status label: "Cannot Determine", "Skipped by applied policy rules", … */
export const serviceStatusLabel = (status: LifecycleServiceStatus) => LIFECYCLE_SERVICE_STATUS_LABELS[status];

export const PROMPT_STATUS_TONES: Record<string, StatusTone> = { success: 'success', failed: 'error', in_progress: 'progress' };
export const PROMPT_STATUS_LABELS: Record<string, string> = { success: 'Success', failed: 'Failed', in_progress: 'In progress' };

export function formatTokens(stage: Pick<PromptStage, 'TokensIn' | 'TokensOut'>): string {
  if (stage.TokensIn === null && stage.TokensOut === null) return '—';
  return `${stage.TokensIn ?? 0} in / ${stage.TokensOut ?? 0} out`;
}

export const formatLatency = (ms: number | null) => (ms === null ? '—' : `${ms} ms`);

/** A policy action as a finding shows it: the label without its explanation ("Redact", "Anonymize", "Block the prompt"). */
const shortPolicyAction = (action: PolicyAction) => POLICY_ACTION_LABELS[action].replace(/ \(.*\)$/, '');

/**
 * The §4 and product labels of the coded values stages record (verification states and actions, policy actions), so
 * that the page reads "Not Verifiable" and "Show the response" rather than `not_verifiable` and `show_response`.
 * Unknown values are shown as recorded.
 */
const VALUE_LABELS: Record<string, Record<string, string>> = {
  State: VERIFICATION_RESULT_STATE_LABELS,
  ResponseType: VERIFICATION_RESPONSE_TYPE_LABELS,
  VerificationAction: VERIFICATION_ACTION_LABELS,
  PolicyAction: Object.fromEntries(POLICY_ACTIONS.map((action) => [action, shortPolicyAction(action)])),
  Metric: VERIFICATION_METRIC_LABELS,
};

export function codedValueLabel(kind: keyof typeof VALUE_LABELS | string, value: unknown): string | undefined {
  return typeof value === 'string' ? VALUE_LABELS[kind]?.[value] : undefined;
}
