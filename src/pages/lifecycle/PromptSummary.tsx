import { Box, Chip, Paper, Stack, Typography } from '@mui/material';
import { format } from 'date-fns';
import type { ReactNode } from 'react';
import { CHAT_MESSAGE_TYPE_LABELS } from '../../../domain';
import type { PromptDetails } from '../../../domain';
import { StatusChip } from '../../ui/status/StatusChip';
import { PROMPT_STATUS_LABELS, PROMPT_STATUS_TONES } from './lifecycleFormat';

const when = (iso: string | null) => (iso ? format(new Date(iso), 'MMM d, yyyy HH:mm:ss') : '—');

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 160 }}>
      <Typography variant="caption" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography variant="body2" component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** Policy names from the policy stage's detail, where it recorded them; the ids otherwise. */
function policyNames(details: PromptDetails): string[] {
  const recorded = details.Stages.find((stage) => stage.Service === 'policy_engine')?.Detail?.Policies;
  const names = new Map<string, string>();
  if (Array.isArray(recorded)) {
    for (const policy of recorded) {
      if (typeof policy === 'object' && policy && 'PolicyId' in policy && 'PolicyName' in policy) names.set(String(policy.PolicyId), String(policy.PolicyName));
    }
  }
  return details.PolicyIds.map((id) => names.get(id) ?? id);
}

/** Who sent the prompt, through what, with which outcome and which governance flags. */
export function PromptSummary({ details }: { details: PromptDetails }) {
  const flags = [
    details.Blocked && { label: `Blocked by ${details.Blocked.PolicyName}`, color: 'error' as const },
    details.Malicious && { label: 'Malicious', color: 'error' as const },
    details.Flagged && { label: 'Flagged', color: 'warning' as const },
    details.Anonymized && { label: 'Anonymized', color: 'info' as const },
    details.Redacted && { label: 'Redacted', color: 'warning' as const },
  ].filter((flag) => !!flag);
  const policies = policyNames(details);
  return (
    <Paper variant="outlined" component="section" aria-label="Prompt summary" sx={{ p: 2 }}>
      <Stack component="dl" direction="row" sx={{ m: 0, flexWrap: 'wrap', gap: 2.5 }}>
        <Item label="User">{details.UserEmail ?? details.UserId}</Item>
        <Item label="Model">{details.ModelName ?? '—'}</Item>
        <Item label="App">{details.AppName ?? '—'}</Item>
        <Item label="Message type">{CHAT_MESSAGE_TYPE_LABELS[details.MessageType]}</Item>
        <Item label="Status">
          <StatusChip label={PROMPT_STATUS_LABELS[details.Status] ?? details.Status} tone={PROMPT_STATUS_TONES[details.Status] ?? 'neutral'} />
        </Item>
        <Item label="Created">{when(details.CreatedAt)}</Item>
        <Item label="Finished">{when(details.FinishedAt)}</Item>
      </Stack>
      {details.Blocked && (
        <Typography variant="body2" color="error" sx={{ mt: 2 }}>
          {details.Blocked.Reason}
        </Typography>
      )}
      <Stack direction="row" sx={{ mt: 2, gap: 1, flexWrap: 'wrap', alignItems: 'center' }} aria-label="Flags">
        {flags.length ? flags.map((flag) => <Chip key={flag.label} size="small" color={flag.color} label={flag.label} />) : <Typography variant="body2" color="text.secondary">No policy changed this prompt.</Typography>}
      </Stack>
      <Stack direction="row" sx={{ mt: 1.5, gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <Typography variant="caption" color="text.secondary">
          Attributes:
        </Typography>
        {details.Attributes.length ? details.Attributes.map((attribute) => <Chip key={attribute} size="small" variant="outlined" label={attribute} />) : <Typography variant="body2">none found</Typography>}
        <Typography variant="caption" color="text.secondary" sx={{ ml: 2 }}>
          Policies:
        </Typography>
        {policies.length ? policies.map((policy) => <Chip key={policy} size="small" variant="outlined" label={policy} />) : <Typography variant="body2">none applied</Typography>}
      </Stack>
    </Paper>
  );
}
