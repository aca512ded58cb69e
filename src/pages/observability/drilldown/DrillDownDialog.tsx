import { Alert, Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useState } from 'react';
import { useGetOne } from 'react-admin';
import { promptIdVariables } from '../../../../dataProvider/metricsQueries';
import type { MetricsRecord } from '../../../../dataProvider/metricsResources';
import type { MetricsPromptIDs } from '../../../../domain/schemas/metrics-types';
import type { DrillDownRequest } from './DrillDownContext';
import { promptLifecyclePath } from '../../../../domain';
import { CsvExportButton } from '../../../ui/csv';
import { promptOutcomes, PromptRow, usePromptDetails } from './PromptRow';

export const DRILL_DOWN_PAGE_SIZE = 10;

export function DrillDownDialog({ request, onClose }: { request: DrillDownRequest; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const variables = promptIdVariables(request.variables, request.target, page, DRILL_DOWN_PAGE_SIZE);
  const query = useGetOne<MetricsRecord<MetricsPromptIDs>>(
    'metricsPromptIDs',
    { id: JSON.stringify(variables), meta: { variables } },
    { retry: false, gcTime: 0, refetchOnWindowFocus: false },
  );
  const listing = query.data?.answer;
  const promptIds = listing?.promptIDs ?? [];
  const details = usePromptDetails(promptIds);
  const rows = promptIds.map((pid, index) => ({ pid, record: details[index]?.data }));
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="drill-down-title">
      <DialogTitle id="drill-down-title">Prompts: {request.title}</DialogTitle>
      <DialogContent dividers>
        {query.isFetching && (
          <Box role="status" aria-label="Loading prompts" sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
            <CircularProgress size={28} />
          </Box>
        )}
        {!query.isFetching && query.isError && (
          <Alert severity="error" action={<Button color="inherit" size="small" onClick={() => void query.refetch()}>Retry</Button>}>
            {query.error.message}
          </Alert>
        )}
        {!query.isFetching && listing && listing.promptIDs.length === 0 && <Typography color="text.secondary">No prompts behind this figure.</Typography>}
        {!query.isFetching && listing && listing.promptIDs.length > 0 && (
          <Table size="small" aria-label="Prompts">
            <TableHead>
              <TableRow>
                <TableCell>Time</TableCell>
                <TableCell>User</TableCell>
                <TableCell>Prompt</TableCell>
                <TableCell>Outcome</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {promptIds.map((pid, index) => (
                <PromptRow key={pid} promptId={pid} record={details[index]?.data} failed={details[index]?.isError ?? false} />
              ))}
            </TableBody>
          </Table>
        )}
      </DialogContent>
      <DialogActions>
        {listing && listing.totalPromptIDs > 0 && (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mr: 'auto', pl: 1 }}>
            <Button size="small" disabled={!listing.hasPrevious || query.isFetching} onClick={() => setPage(page - 1)}>
              Previous
            </Button>
            <Typography variant="body2">
              Page {listing.currentPage} of {listing.totalPages} ({listing.totalPromptIDs} {listing.totalPromptIDs === 1 ? 'prompt' : 'prompts'})
            </Typography>
            <Button size="small" disabled={!listing.hasNext || query.isFetching} onClick={() => setPage(page + 1)}>
              Next
            </Button>
          </Stack>
        )}
        {promptIds.length > 0 && (
          <CsvExportButton
            title={`Prompts ${request.title} page ${page}`}
            rows={rows}
            columns={[
              { header: 'Prompt id', value: (row) => row.pid },
              { header: 'Time', value: (row) => row.record?.CreatedAt },
              { header: 'User', value: (row) => row.record?.UserEmail ?? row.record?.UserId },
              { header: 'Prompt', value: (row) => row.record?.Prompt },
              { header: 'Outcome', value: (row) => (row.record ? promptOutcomes(row.record).join(' ') : null) },
              { header: 'Lifecycle', value: (row) => promptLifecyclePath(row.pid, row.record?.ConversationId ?? null) },
            ]}
          />
        )}
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
