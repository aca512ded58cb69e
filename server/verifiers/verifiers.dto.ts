import { VERIFICATION_METRIC_TYPES } from '../../domain/enums';
import type { ApiVersion, MetricIntensity, VerificationAction, VerificationMetric, Verifier } from '../../domain/schemas/verifiers';
import { iso } from '../http/rest';
import type { VerifierRow } from './verifiers.repository';

export function metricTypesOf(row: VerifierRow): VerificationMetric[] {
  const stored = JSON.parse(row.metric_types_json) as unknown;
  return Array.isArray(stored) ? VERIFICATION_METRIC_TYPES.filter((metric) => stored.includes(metric)) : [];
}

/** The admin's view: never the key, only whether one is stored. */
export function toVerifier(row: VerifierRow): Verifier {
  return {
    id: row.id,
    Name: row.name,
    MetricTypes: metricTypesOf(row),
    Intensity: row.intensity as MetricIntensity,
    ApiVersion: row.api_version as ApiVersion,
    Action: row.action as VerificationAction,
    Threshold: row.threshold,
    Endpoint: row.endpoint,
    ApiKeySet: row.api_key_enc !== null && row.api_key_enc.length > 0,
    Enabled: row.enabled === 1,
    CreatedAt: iso(Number(row.created_at)),
    UpdatedAt: iso(Number(row.updated_at)),
  };
}
