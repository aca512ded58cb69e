import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import { useId } from 'react';
import type { AppTokenCreated } from '../../../domain';
import { CopyableValue } from '../../ui/clipboard/CopyableValue';
import { exampleCopilotCall } from './copilotApi';

/** The one moment the copilot's secret is visible, with a copy button and an example call. */
export function CopilotTokenDialog({ name, token, onClose }: { name: string; token: AppTokenCreated; onClose: () => void }) {
  const titleId = useId();
  return (
    <Dialog open aria-labelledby={titleId} maxWidth="md" fullWidth disableEscapeKeyDown>
      <DialogTitle id={titleId}>{`API token of "${name}"`}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Alert severity="warning">Copy the secret now. It is shown only once: the console keeps only a hash of it.</Alert>
          <CopyableValue label="Secret" value={token.Secret} />
          <CopyableValue label="Example call" value={exampleCopilotCall(window.location.origin, token.Secret)} />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={onClose}>
          I have copied it
        </Button>
      </DialogActions>
    </Dialog>
  );
}
