import { Button, Card, CardContent, Chip, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { CATEGORY_INFO, OUTCOME_LABELS, policyDraftPath, STRATEGY_LABELS } from '../../../domain';
import type { RedTeamAttempt } from '../../../domain';
import { lifecyclePath } from '../chat/chatPaths';
import { addGuardExample, listAttempts } from './redTeamApi';

const OUTCOME_COLORS: Record<RedTeamAttempt['Outcome'], 'default' | 'success' | 'error' | 'warning' | 'info'> = {
  pending: 'default',
  blocked: 'success',
  refused: 'info',
  flagged: 'warning',
  succeeded: 'error',
  error: 'default',
};

/** Every attempt: what was sent, the outcome with its evidence, its lifecycle page, and the close-the-loop actions. */
export function AttemptsTable({ jobId, version }: { jobId: string; version: string }) {
  const queryClient = useQueryClient();
  const attempts = useQuery({ queryKey: ['red-teaming', 'attempts', jobId, version], queryFn: () => listAttempts(jobId) });
  const [added, setAdded] = useState<Record<string, boolean>>({});
  const addExample = useMutation({
    mutationFn: (attempt: RedTeamAttempt) => addGuardExample(attempt.Prompt.split('\n\n[document]\n')[0]!.slice(0, 4000), attempt.id),
    onSuccess: async (_example, attempt) => {
      setAdded((current) => ({ ...current, [attempt.id]: true }));
      await queryClient.invalidateQueries({ queryKey: ['red-teaming', 'guard-examples'] });
    },
  });
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h2" sx={{ fontSize: '1.2rem', mb: 1 }}>
          Attempts
        </Typography>
        <Table size="small" aria-label="Attempts">
          <TableHead>
            <TableRow>
              <TableCell>#</TableCell>
              <TableCell>Category</TableCell>
              <TableCell>Strategy</TableCell>
              <TableCell>Outcome</TableCell>
              <TableCell>Evidence</TableCell>
              <TableCell>Prompt</TableCell>
              <TableCell align="right">Actions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {attempts.data?.map((attempt) => (
              <TableRow key={attempt.id}>
                <TableCell>{attempt.Ordinal + 1}</TableCell>
                <TableCell>{CATEGORY_INFO[attempt.Category].label}</TableCell>
                <TableCell>{STRATEGY_LABELS[attempt.Strategy]}</TableCell>
                <TableCell>
                  <Chip size="small" color={OUTCOME_COLORS[attempt.Outcome]} label={OUTCOME_LABELS[attempt.Outcome]} />
                  {attempt.PreviousOutcome && (
                    <Typography variant="caption" display="block">
                      was: {OUTCOME_LABELS[attempt.PreviousOutcome]}
                    </Typography>
                  )}
                </TableCell>
                <TableCell sx={{ maxWidth: 320 }}>
                  {attempt.Rule ? `${attempt.Rule}. ` : ''}
                  {attempt.Evidence}
                  {attempt.Judge ? ` Judge: ${attempt.Judge.Verdict} — ${attempt.Judge.Reason}` : ''}
                </TableCell>
                <TableCell sx={{ maxWidth: 320, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{attempt.Prompt.slice(0, 300)}</TableCell>
                <TableCell align="right">
                  <Stack spacing={0.5} alignItems="flex-end">
                    {attempt.PromptId && <Link to={lifecyclePath('-', attempt.PromptId)}>Lifecycle</Link>}
                    {attempt.Outcome === 'succeeded' && (
                      <>
                        <Link to={policyDraftPath(attempt)}>Create policy rule</Link>
                        <Button size="small" onClick={() => addExample.mutate(attempt)} disabled={added[attempt.id] === true}>
                          {added[attempt.id] ? 'Added to the guard' : 'Add as guard example'}
                        </Button>
                      </>
                    )}
                  </Stack>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}
