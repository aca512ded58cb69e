import { Chip, Link, Stack, TableCell, TableRow, Typography } from '@mui/material';
import { useQueries } from '@tanstack/react-query';
import { format } from 'date-fns';
import { Link as RouterLink } from 'react-router-dom';
import { promptLifecyclePath } from '../../../../domain';
import type { PromptDetails } from '../../../../domain';
import { getPromptDetails } from '../scope/observabilityApi';

/** What happened to a prompt, in words: blocked, malicious, anonymized, redacted, failed. */
export function promptOutcomes(details: PromptDetails): string[] {
  const outcomes: string[] = [];
  if (details.Blocked) outcomes.push('Blocked');
  if (details.Malicious) outcomes.push('Malicious');
  if (details.Anonymized) outcomes.push('Anonymized');
  if (details.Redacted) outcomes.push('Redacted');
  if (details.Status === 'failed') outcomes.push('Failed');
  if (details.Status === 'in_progress') outcomes.push('In progress');
  return outcomes.length ? outcomes : ['Passed'];
}

/** The lifecycle record of each listed prompt (GET /api/v1/prompts/:pid), one query per prompt. */
export function usePromptDetails(promptIds: readonly string[]) {
  return useQueries({
    queries: promptIds.map((promptId) => ({
      queryKey: ['observability', 'prompt', promptId],
      queryFn: ({ signal }: { signal: AbortSignal }) => getPromptDetails(promptId, signal),
      retry: false,
      refetchOnWindowFocus: false,
    })),
  });
}

/** One prompt of a drill-down with the link to its lifecycle page. */
export function PromptRow({ promptId, record, failed }: { promptId: string; record: PromptDetails | undefined; failed: boolean }) {
  return (
    <TableRow>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{record ? format(new Date(record.CreatedAt), 'MMM d, yyyy HH:mm') : '…'}</TableCell>
      <TableCell>{record?.UserEmail ?? (record ? record.UserId : '')}</TableCell>
      <TableCell sx={{ maxWidth: 320 }}>
        {failed ? (
          <Typography variant="body2" color="text.secondary">
            Details unavailable ({promptId})
          </Typography>
        ) : (
          <Typography variant="body2" noWrap title={record?.Prompt ?? undefined}>
            {record?.Prompt ?? ''}
          </Typography>
        )}
      </TableCell>
      <TableCell>
        {record && (
          <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap' }}>
            {promptOutcomes(record).map((outcome) => (
              <Chip key={outcome} size="small" label={outcome} color={outcome === 'Blocked' || outcome === 'Malicious' || outcome === 'Failed' ? 'error' : 'default'} />
            ))}
          </Stack>
        )}
      </TableCell>
      <TableCell>
        <Link component={RouterLink} to={promptLifecyclePath(promptId, record?.ConversationId ?? null)} aria-label={`Lifecycle of prompt ${promptId}`}>
          Lifecycle
        </Link>
      </TableCell>
    </TableRow>
  );
}
