import { Chip } from '@mui/material';
import type { ChipProps } from '@mui/material';
import type { AppliedPolicyAction, PolicyActionShown } from '../../../../domain';

const ACTION_LABELS: Record<PolicyActionShown, string> = {
  blocked: 'Blocked',
  redacted: 'Redacted',
  anonymized: 'Anonymized',
  flagged: 'Flagged',
};

const ACTION_COLORS: Record<PolicyActionShown, ChipProps['color']> = {
  blocked: 'error',
  redacted: 'warning',
  anonymized: 'info',
  flagged: 'warning',
};

/** "Anonymized: PERSON, EMAIL_ADDRESS — Default protection" */
export function policyActionText(action: AppliedPolicyAction): string {
  const subjects = action.Subjects.length ? `: ${action.Subjects.join(', ')}` : '';
  return `${ACTION_LABELS[action.Action]}${subjects} — ${action.PolicyName}`;
}

/** What the policies did to the prompt, one chip per action. */
export function PolicyActionChips({ actions }: { actions: readonly AppliedPolicyAction[] }) {
  return actions.map((action) => (
    <Chip
      key={`${action.PolicyId}-${action.Action}`}
      size="small"
      variant="outlined"
      color={ACTION_COLORS[action.Action]}
      label={policyActionText(action)}
    />
  ));
}
