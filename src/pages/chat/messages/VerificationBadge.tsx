import { Box } from '@mui/material';
import { VERIFICATION_METRIC_LABELS, VERIFICATION_STATUS_LABELS, VerificationStatus } from '../../../../domain';
import type { VerificationOutcome } from '../../../../domain';
import { StatusChip } from '../../../ui/status/StatusChip';
import type { StatusTone } from '../../../ui/status/StatusChip';

const STATUS_TONES: Record<number, StatusTone> = {
  [VerificationStatus.FullyVerified]: 'success',
  [VerificationStatus.PartiallyVerified]: 'progress',
  [VerificationStatus.FailedToVerify]: 'error',
  [VerificationStatus.NotVerifiable]: 'neutral',
  [VerificationStatus.None]: 'neutral',
};

export const verificationLabel = (status: number) => VERIFICATION_STATUS_LABELS[status] ?? VERIFICATION_STATUS_LABELS[VerificationStatus.None]!;

/** An answer that failed a metric is shown as a warning whatever the status, so the colour never reassures wrongly. */
export function verificationTone(outcome: VerificationOutcome): StatusTone {
  if (outcome.ResponseType === 'invalid') return 'warning';
  return STATUS_TONES[outcome.Status] ?? 'neutral';
}

function resultLine(result: VerificationOutcome['Results'][number]): string {
  const metric = VERIFICATION_METRIC_LABELS[result.Metric];
  if (result.State !== 'verified' || result.Score === null) return `${metric}: ${result.Detail}`;
  return `${metric}: score ${Math.round(result.Score)} — ${result.Passed ? 'passed' : 'failed'}`;
}

/** The §4 verification status of an answer, with each metric's result on hover. */
export function VerificationBadge({ outcome }: { outcome: VerificationOutcome }) {
  const tooltip = outcome.Results.length ? (
    <Box component="ul" sx={{ m: 0, pl: 2 }}>
      {outcome.Results.map((result) => (
        <li key={`${result.VerifierId}-${result.Metric}`}>{resultLine(result)}</li>
      ))}
    </Box>
  ) : undefined;
  return <StatusChip label={verificationLabel(outcome.Status)} tone={verificationTone(outcome)} tooltip={tooltip} />;
}
