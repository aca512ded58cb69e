import { Alert, Box, Button, LinearProgress, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import type { BatchUploadState } from './useBatchUpload';

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** The files of the last upload: done of the total, indexed and failed, and each failed file with its reason. */
export function BatchUploadProgress({ state, running, onDismiss }: { state: BatchUploadState; running: boolean; onDismiss: () => void }) {
  const failures = [...state.refused, ...state.batches.flatMap((batch) => batch.Files.filter((file) => file.Status === 'failed').map((file) => ({ Path: file.Path, Error: file.Error ?? 'Failed' })))];
  const total = state.refused.length + state.batches.reduce((sum, batch) => sum + batch.Total, 0);
  const done = state.refused.length + state.batches.reduce((sum, batch) => sum + batch.Done, 0);
  const indexed = state.batches.reduce((sum, batch) => sum + batch.Indexed, 0);
  const summary = state.sending ? `Uploading… ${done} of ${total} files done` : `${done} of ${total} files done: ${indexed} indexed, ${failures.length} failed`;

  return (
    <Box role="region" aria-label="Upload progress" sx={{ mb: 1 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="body2" aria-live="polite">
          {summary}
        </Typography>
        {!running && (
          <Button size="small" onClick={onDismiss}>
            Dismiss
          </Button>
        )}
      </Stack>
      <LinearProgress
        variant={state.sending && !total ? 'indeterminate' : 'determinate'}
        value={total ? (done / total) * 100 : 0}
        aria-label={`${plural(done, 'file')} of ${total} done`}
        sx={{ my: 0.5 }}
      />
      {failures.length > 0 && (
        <Alert severity={indexed ? 'warning' : 'error'} sx={{ mt: 1 }}>
          {`${plural(failures.length, 'file')} could not be indexed:`}
          <List dense disablePadding aria-label="Files that failed">
            {failures.map((failure, index) => (
              <ListItem key={`${failure.Path}-${index}`} disableGutters sx={{ py: 0 }}>
                <ListItemText primary={failure.Path} secondary={failure.Error} slotProps={{ primary: { variant: 'body2' } }} />
              </ListItem>
            ))}
          </List>
        </Alert>
      )}
    </Box>
  );
}
