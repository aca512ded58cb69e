import { VerificationStatus } from '../../domain/enums';
import type {
  ApiVersion,
  MetricIntensity,
  VerificationAction,
  VerificationMetric,
  VerificationOutcome,
  VerificationResult,
  VerificationStatusValue,
} from '../../domain/schemas/verifiers';
import { LOWER_IS_BETTER_METRICS, VERIFICATION_ACTION_STRICTNESS } from '../../domain/schemas/verifiers';
import type { FetchLike } from '../outbound';
import { BUILT_IN_CHECKS } from './checks';
import type { CheckResult } from './checks';
import { callExternalVerifier, EXTERNAL_TIMEOUT_MS, ExternalVerifierError } from './external-client';

/** What the runner needs of a verifier: the stored settings with the API key decrypted. */
export interface VerifierRuntime {
  id: string;
  name: string;
  metricTypes: readonly VerificationMetric[];
  intensity: MetricIntensity;
  apiVersion: ApiVersion;
  action: VerificationAction;
  threshold: number;
  endpoint: string | null;
  apiKey: string | null;
  /** Why the verifier cannot run (its stored key is unreadable): each metric reports this error instead. */
  unusable?: string;
}

export interface VerifyInput {
  prompt: string;
  answer: string;
  /** The retrieved context chunks; empty when the prompt used no corporate data. */
  context: readonly string[];
}

export interface VerifyOptions {
  /** The guarded outbound fetch that external services are called through. */
  fetch: FetchLike;
  externalTimeoutMs?: number;
}

/** Score (higher is better) from a metric's natural reading. */
export function scoreOf(metric: VerificationMetric, value: number): number {
  return LOWER_IS_BETTER_METRICS.includes(metric) ? 100 - value : value;
}

/**
 * Runs every verifier on the answer (external services in parallel) and sums up:
 * - Status (§4): None when no verifier checked anything; FullyVerified when every metric was scored,
 *   PartiallyVerified when some were; otherwise FailedToVerify if a check failed to run, else NotVerifiable.
 * - ResponseType: invalid when a scored metric failed its threshold, valid when all scored ones passed, else unknown.
 * - Action: the strictest action of the verifiers that failed the answer; show_response otherwise.
 */
export async function verify(input: VerifyInput, verifiers: readonly VerifierRuntime[], options: VerifyOptions): Promise<VerificationOutcome> {
  const perVerifier = await Promise.all(verifiers.map((verifier) => runVerifier(input, verifier, options.fetch, options.externalTimeoutMs ?? EXTERNAL_TIMEOUT_MS)));
  const results = perVerifier.flat();
  const failedBy = new Set(results.filter((result) => result.Passed === false).map((result) => result.VerifierId));
  const actions = verifiers.filter((verifier) => failedBy.has(verifier.id)).map((verifier) => verifier.action);
  return {
    Status: statusOf(results),
    ResponseType: failedBy.size ? 'invalid' : results.some((result) => result.Passed === true) ? 'valid' : 'unknown',
    Action: VERIFICATION_ACTION_STRICTNESS.find((action) => actions.includes(action)) ?? 'show_response',
    Results: results,
  };
}

export function statusOf(results: readonly VerificationResult[]): VerificationStatusValue {
  if (!results.length) return VerificationStatus.None;
  const scored = results.filter((result) => result.State === 'verified').length;
  if (scored === results.length) return VerificationStatus.FullyVerified;
  if (scored > 0) return VerificationStatus.PartiallyVerified;
  return results.some((result) => result.State === 'error') ? VerificationStatus.FailedToVerify : VerificationStatus.NotVerifiable;
}

async function runVerifier(input: VerifyInput, verifier: VerifierRuntime, fetch: FetchLike, timeoutMs: number): Promise<VerificationResult[]> {
  const base = { VerifierId: verifier.id, VerifierName: verifier.name };
  const failure = (detail: string, source: VerificationResult['Source']): VerificationResult[] =>
    verifier.metricTypes.map((metric) => ({ ...base, Metric: metric, State: 'error', Value: null, Score: null, Passed: null, Source: source, Detail: detail }));
  if (verifier.unusable) return failure(verifier.unusable, verifier.endpoint ? 'external' : 'built-in');
  if (!verifier.endpoint) {
    // Object.assign, not spreads before properties: Node 20's V8 builds such literals slowly, and this runs per metric.
    const builtIn = Object.assign({}, input, { intensity: verifier.intensity });
    return verifier.metricTypes.map((metric) => Object.assign({}, base, judged(metric, BUILT_IN_CHECKS[metric](builtIn), verifier.threshold), { Source: 'built-in' as const }));
  }
  try {
    const scores = await callExternalVerifier({ ...input, endpoint: verifier.endpoint, apiKey: verifier.apiKey, apiVersion: verifier.apiVersion, intensity: verifier.intensity, metrics: verifier.metricTypes }, fetch, timeoutMs);
    return verifier.metricTypes.map((metric) => {
      const score = scores.get(metric);
      const check: CheckResult = score
        ? { state: 'verified', value: score.value, detail: `external service: ${score.detail ?? 'scored'}` }
        : { state: 'not_verifiable', value: null, detail: 'external service: this metric was not scored' };
      return { ...base, ...judged(metric, check, verifier.threshold), Source: 'external' as const };
    });
  } catch (error) {
    const message = error instanceof ExternalVerifierError ? error.message : 'The verification service could not be called.';
    const safe = verifier.apiKey ? message.split(verifier.apiKey).join('***') : message;
    return failure(safe, 'external');
  }
}

function judged(metric: VerificationMetric, check: CheckResult, threshold: number): Omit<VerificationResult, 'VerifierId' | 'VerifierName' | 'Source'> {
  if (check.state !== 'verified') return { Metric: metric, State: 'not_verifiable', Value: null, Score: null, Passed: null, Detail: check.detail };
  const score = scoreOf(metric, check.value);
  return { Metric: metric, State: 'verified', Value: check.value, Score: score, Passed: score >= threshold, Detail: check.detail };
}
