import { Alert, AlertTitle } from '@mui/material';
import type { PolicyTestResult } from '../../../domain';

/** The final decision for the sample prompt, in one line, with the reason when it is blocked. */
export function decisionTitle(result: PolicyTestResult): string {
  if (result.Blocked && result.BlockedBy) return `Blocked by rule "${result.BlockedBy.RuleName}" of "${result.BlockedBy.PolicyName}"`;
  const changed = [
    result.AnonymizedTypes.length > 0 ? `anonymized ${result.AnonymizedTypes.join(', ')}` : null,
    result.RedactedTypes.length > 0 ? `redacted ${result.RedactedTypes.join(', ')}` : null,
  ].filter(Boolean);
  const passes = changed.length > 0 ? `Passes with changes: ${changed.join('; ')}` : 'Passes unchanged';
  return result.Flagged ? `${passes} — flagged for review` : passes;
}

export function TestDecision({ result }: { result: PolicyTestResult }) {
  const severity = result.Blocked ? 'error' : result.Flagged ? 'warning' : 'success';
  return (
    <Alert severity={severity} aria-label="Decision">
      <AlertTitle sx={{ mb: result.BlockedBy ? 0.5 : 0 }}>{decisionTitle(result)}</AlertTitle>
      {result.BlockedBy?.Reason}
    </Alert>
  );
}
