import { z } from 'zod';
import type { ApiVersion, MetricIntensity, VerificationMetric } from '../../domain/schemas/verifiers';
import { VERIFICATION_METRIC_TYPES } from '../../domain/enums';
import type { FetchLike } from '../outbound';
import { OutboundLimitError, outboundErrorIn } from '../outbound';

// The wire contract with an external verification service:
//   POST <Endpoint>  { prompt, answer, context: string[], metrics: string[], apiVersion, intensity }
//   Authorization: Bearer <ApiKey> when a key is stored
//   200 { results: [{ metric, value: 0..100 (the metric's natural reading), detail?: string }] }
// A metric missing from the results is reported as not verifiable; anything else that goes wrong is an error.

export const EXTERNAL_TIMEOUT_MS = 10_000;
export const MAX_REPLY_BYTES = 256 * 1024;

export interface ExternalRequest {
  endpoint: string;
  apiKey: string | null;
  apiVersion: ApiVersion;
  intensity: MetricIntensity;
  metrics: readonly VerificationMetric[];
  prompt: string;
  answer: string;
  context: readonly string[];
}

export type ExternalScores = Map<VerificationMetric, { value: number; detail: string | null }>;

const ReplySchema = z.object({
  results: z.array(
    z.object({
      metric: z.string(),
      value: z.number().min(0).max(100),
      detail: z.string().max(1000).nullish(),
    }),
  ),
});

export class ExternalVerifierError extends Error {}

/**
 * Calls the service once, through the guarded outbound fetch, under the time limit; throws ExternalVerifierError with
 * a message safe to show.
 */
export async function callExternalVerifier(request: ExternalRequest, send: FetchLike, timeoutMs = EXTERNAL_TIMEOUT_MS): Promise<ExternalScores> {
  let response: Response;
  try {
    response = await send(request.endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        ...(request.apiKey ? { authorization: `Bearer ${request.apiKey}` } : {}),
      },
      body: JSON.stringify({
        prompt: request.prompt,
        answer: request.answer,
        context: request.context,
        metrics: request.metrics,
        apiVersion: request.apiVersion,
        intensity: request.intensity,
      }),
      // An admin-set endpoint must not bounce the answer (and the key) somewhere else.
      redirect: 'error',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const refused = outboundErrorIn(error);
    if (refused) throw new ExternalVerifierError(refused.message);
    if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
      throw new ExternalVerifierError(`The verification service did not answer within ${Math.round(timeoutMs / 100) / 10} s.`);
    }
    throw new ExternalVerifierError('The verification service could not be reached.');
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    throw new ExternalVerifierError(`The verification service answered HTTP ${response.status}.`);
  }
  const text = await response.text().catch((error: unknown) => (error instanceof OutboundLimitError ? null : ''));
  if (text === null || text.length > MAX_REPLY_BYTES) throw new ExternalVerifierError('The verification service answered more than 256 KB.');
  let parsed: z.infer<typeof ReplySchema>;
  try {
    parsed = ReplySchema.parse(JSON.parse(text));
  } catch {
    throw new ExternalVerifierError('The verification service answered something other than { results: [{ metric, value 0..100 }] }.');
  }
  const scores: ExternalScores = new Map();
  for (const result of parsed.results) {
    const metric = VERIFICATION_METRIC_TYPES.find((known) => known === result.metric);
    if (metric && request.metrics.includes(metric)) scores.set(metric, { value: result.value, detail: result.detail ?? null });
  }
  return scores;
}
