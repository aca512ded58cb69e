import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import { useId } from 'react';
import type { AccessToken } from '../../domain';
import { CopyableValue } from '../../src/ui/clipboard/CopyableValue';

export interface TokenSecretDialogProps {
  token: Pick<AccessToken, 'Name' | 'Scopes'> & { Secret: string };
  onClose: () => void;
}

/** The one moment the secret is visible: after creation, with a copy button and a ready-to-run example. */
export function TokenSecretDialog({ token, onClose }: TokenSecretDialogProps) {
  const titleId = useId();
  // A call the token may make: the gateway's model list, or (admin scope only) the caller's profile.
  const path = token.Scopes.includes('gateway') ? '/api/v1/openai/models' : '/api/v1/me';
  const example = `curl -H "Authorization: Bearer ${token.Secret}" ${window.location.origin}${path}`;
  return (
    <Dialog open aria-labelledby={titleId} maxWidth="sm" fullWidth disableEscapeKeyDown>
      <DialogTitle id={titleId}>{`Access token "${token.Name}" created`}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Alert severity="warning">
            Copy the secret now. It is shown only once: the console stores only a hash of it and cannot show it again.
          </Alert>
          <CopyableValue label="Secret" value={token.Secret} />
          <CopyableValue label="Example request" value={example} />
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
