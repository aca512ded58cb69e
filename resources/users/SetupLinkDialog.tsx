import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import { useId } from 'react';
import { CopyableValue } from '../../src/ui/clipboard/CopyableValue';

export interface SetupLinkDialogProps {
  name: string;
  email: string;
  link: string;
  onClose: () => void;
}

/** The one-time link a new local user sets their first password with; the console never shows it again. */
export function SetupLinkDialog({ name, email, link, onClose }: SetupLinkDialogProps) {
  const titleId = useId();
  return (
    <Dialog open aria-labelledby={titleId} maxWidth="sm" fullWidth onClose={(_event, reason) => reason !== 'backdropClick' && onClose()}>
      <DialogTitle id={titleId}>Set-up link for {name}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography>
            Send this link to {email}. With it, {name} sets a password and signs in for the first time.
          </Typography>
          <CopyableValue label="Set-up link" value={link} />
          <Alert severity="warning">This link is shown once. Copy it now: it cannot be shown again.</Alert>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
