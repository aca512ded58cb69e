import { z } from 'zod';
import type { VerificationStatus } from '../enums';
import { API_VERSIONS, METRIC_INTENSITIES, VERIFICATION_ACTIONS, VERIFICATION_METRIC_TYPES, VERIFICATION_RESPONSE_TYPES } from '../enums';
import { IdSchema } from './common';
import { IsoDateSchema, requiredText } from './fields';
import { isAcceptableBaseUrl } from './language-models';

// Verification sources (/admin/verifier/{VerifierId?}): which metrics are checked on every answer, how strictly,
// and what happens to an answer that fails.

export type VerificationMetric = (typeof VERIFICATION_METRIC_TYPES)[number];
export type MetricIntensity = (typeof METRIC_INTENSITIES)[number];
export type ApiVersion = (typeof API_VERSIONS)[number];
export type VerificationAction = (typeof VERIFICATION_ACTIONS)[number];
export type VerificationResponseType = (typeof VERIFICATION_RESPONSE_TYPES)[number];
export type VerificationStatusValue = (typeof VerificationStatus)[keyof typeof VerificationStatus];

export const VERIFICATION_METRIC_LABELS: Record<VerificationMetric, string> = {
  hallucination: 'Hallucination',
  toxicity: 'Toxicity',
  bias: 'Bias',
  factuality: 'Factuality',
  relevancy: 'Relevancy',
  accuracy: 'Accuracy',
  response_accuracy: 'Response accuracy',
};

export const VERIFICATION_RESPONSE_TYPE_LABELS: Record<VerificationResponseType, string> = {
  invalid: 'Invalid',
  unknown: 'Unknown',
  valid: 'Valid',
};

export const VERIFICATION_ACTION_LABELS: Record<VerificationAction, string> = {
  show_response: 'Show the response',
  warn_user: 'Show the response with a warning',
  block_response: 'Block the response',
};

/** Stricter first: when several verifiers fail an answer, the strictest action applies. */
export const VERIFICATION_ACTION_STRICTNESS: readonly VerificationAction[] = ['block_response', 'warn_user', 'show_response'];

/**
 * Metrics whose natural reading is "lower is better": a toxicity of 0 is a clean answer. Every result carries both
 * the natural `Value` and a `Score` where higher is always better (Score = 100 − Value for these metrics).
 */
export const LOWER_IS_BETTER_METRICS: readonly VerificationMetric[] = ['hallucination', 'toxicity', 'bias'];

export const VERIFIER_DEFAULT_THRESHOLD = 70;

/**
 * The one threshold rule, for every metric: an answer passes a metric when its Score (0..100, higher is better)
 * is at or above the Threshold. For the "lower is better" metrics the Score is 100 − Value, so a toxicity, bias
 * or hallucination Value above 100 − Threshold fails (Threshold 70: more than 30 % toxicity fails).
 */
export const THRESHOLD_RULE_TEXT =
  'Every metric is scored 0–100 where higher is better, and an answer passes when its score is at or above the ' +
  'threshold. Hallucination, toxicity and bias are measured "lower is better", so their score is 100 minus the ' +
  'measured value: with threshold 70 an answer fails when more than 30 % of it is hallucinated, toxic or biased. ' +
  'Factuality, relevancy, accuracy and response accuracy are measured "higher is better" and fail below the threshold.';

/** What intensity changes in the built-in checks; an external service receives it as given. */
export const INTENSITY_RULE_TEXT =
  'Intensity sets how much the built-in checks count: toxicity counts severe terms only (Low), moderate and severe ' +
  '(Medium) or also mild ones (High); bias counts sweeping generalisations such as "all X are" (Low), also ' +
  'stereotypes such as "X are naturally …" or "typical X" (Medium), and also hedged ones such as "most X are" (High); ' +
  'grounding needs 30 % (Low), 50 % (Medium) or 70 % (High) of a sentence\'s words in the retrieved context to count ' +
  'it as supported. Relevancy does not depend on intensity.';

export const VerificationMetricSchema = z.enum(VERIFICATION_METRIC_TYPES, { error: `Metric types must be among ${VERIFICATION_METRIC_TYPES.join(', ')}` });
export const MetricIntensitySchema = z.enum(METRIC_INTENSITIES, { error: 'Intensity must be High, Medium or Low' });
export const ApiVersionSchema = z.enum(API_VERSIONS, { error: 'API version must be v1 or v2' });
export const VerificationActionSchema = z.enum(VERIFICATION_ACTIONS, { error: 'Action must be show_response, warn_user or block_response' });

/** What an organization admin sees and edits; the API key itself is never returned. */
export const VerifierSchema = z.object({
  id: IdSchema,
  Name: z.string(),
  MetricTypes: z.array(VerificationMetricSchema),
  Intensity: MetricIntensitySchema,
  ApiVersion: ApiVersionSchema,
  Action: VerificationActionSchema,
  Threshold: z.number().int(),
  /** The external verification service; null means the built-in checks run. */
  Endpoint: z.string().nullable(),
  ApiKeySet: z.boolean(),
  Enabled: z.boolean(),
  CreatedAt: IsoDateSchema,
  UpdatedAt: IsoDateSchema,
});
export type Verifier = z.infer<typeof VerifierSchema>;

const EndpointSchema = z
  .string({ error: 'Endpoint must be text' })
  .trim()
  .max(500, 'Endpoint must be at most 500 characters')
  .nullish()
  .transform((value) => (value ? value : null))
  .refine((value) => value === null || isAcceptableBaseUrl(value), 'Endpoint must be an http(s) URL without user name, password or query, such as https://verify.example.com/v1/verify');

export const VerifierInputSchema = z.object({
  Name: requiredText('Name', 80),
  MetricTypes: z
    .array(VerificationMetricSchema, { error: 'Metric types must be a list' })
    .min(1, 'Choose at least one metric type')
    .max(VERIFICATION_METRIC_TYPES.length)
    .transform((metrics) => VERIFICATION_METRIC_TYPES.filter((metric) => metrics.includes(metric))),
  Intensity: MetricIntensitySchema.default('Medium'),
  ApiVersion: ApiVersionSchema.default('v1'),
  Action: VerificationActionSchema.default('warn_user'),
  Threshold: z
    .number({ error: 'Threshold must be a whole number from 0 to 100' })
    .int('Threshold must be a whole number from 0 to 100')
    .min(0, 'Threshold must be a whole number from 0 to 100')
    .max(100, 'Threshold must be a whole number from 0 to 100')
    .default(VERIFIER_DEFAULT_THRESHOLD),
  Endpoint: EndpointSchema,
  /** Write-only, stored encrypted; empty or missing keeps the stored key. Sent as a bearer token to the Endpoint. */
  ApiKey: z
    .string({ error: 'API key must be text' })
    .trim()
    .max(4000, 'API key must be at most 4000 characters')
    .nullish()
    .transform((value) => (value ? value : null)),
  /** Forgets the stored key (an endpoint that needs none). */
  ClearApiKey: z.boolean({ error: 'Clear API key must be true or false' }).default(false),
  Enabled: z.boolean({ error: 'Enabled must be true or false' }).default(true),
});
export type VerifierInput = z.input<typeof VerifierInputSchema>;

// ---- the verification outcome (the pipeline's verification_service stage) ----------------------------------

export const VERIFICATION_RESULT_SOURCES = ['built-in', 'external'] as const;
/** verified: a score exists; not_verifiable: nothing to check against (e.g. no retrieved context); error: the check failed to run. */
export const VERIFICATION_RESULT_STATES = ['verified', 'not_verifiable', 'error'] as const;
/** The §4 wording: Not Verifiable as the verification status says it; an error is a Failed To Verify. */
export const VERIFICATION_RESULT_STATE_LABELS: Record<(typeof VERIFICATION_RESULT_STATES)[number], string> = {
  verified: 'Verified',
  not_verifiable: 'Not Verifiable',
  error: 'Failed To Verify',
};

export const VerificationResultSchema = z.object({
  VerifierId: z.string(),
  VerifierName: z.string(),
  Metric: VerificationMetricSchema,
  State: z.enum(VERIFICATION_RESULT_STATES),
  /** The metric's natural reading, 0..100 (a toxicity of 12 means 12 % toxic); null when not verified. */
  Value: z.number().nullable(),
  /** 0..100, higher is better; compared with the verifier's threshold. */
  Score: z.number().nullable(),
  Passed: z.boolean().nullable(),
  Source: z.enum(VERIFICATION_RESULT_SOURCES),
  Detail: z.string(),
});
export type VerificationResult = z.infer<typeof VerificationResultSchema>;

export const VerificationOutcomeSchema = z.object({
  /** §4: None (no verifier ran), NotVerifiable, FailedToVerify, PartiallyVerified (some metrics scored), FullyVerified (every metric scored). */
  Status: z.number().int(),
  /** valid: every scored metric passed; invalid: one failed; unknown: nothing could be scored. */
  ResponseType: z.enum(VERIFICATION_RESPONSE_TYPES),
  /** The strictest action among the verifiers that failed the answer; show_response otherwise. */
  Action: VerificationActionSchema,
  Results: z.array(VerificationResultSchema),
});
export type VerificationOutcome = z.infer<typeof VerificationOutcomeSchema>;
