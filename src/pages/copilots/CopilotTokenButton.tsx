import KeyIcon from '@mui/icons-material/VpnKeyOutlined';
import { Button } from '@mui/material';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import type { App, AppTokenCreated } from '../../../domain';
import { errorMessage } from '../../forms/serverErrors';
import { useConfirm } from '../../ui/confirm';
import { createCopilotToken } from './copilotApi';
import { CopilotTokenDialog } from './CopilotTokenDialog';

/** Creates the copilot's API token, or rotates it (after a confirmation: the old one stops working). */
export function CopilotTokenButton({ app, onCreated }: { app: App; onCreated: () => void }) {
  const notify = useNotify();
  const confirm = useConfirm();
  const [created, setCreated] = useState<AppTokenCreated>();
  const [pending, setPending] = useState(false);

  const onClick = async () => {
    if (app.TokenSet && !(await confirm({ title: 'Rotate the API token?', message: 'The current token stops working at once. This action cannot be reversed.' }))) return;
    setPending(true);
    try {
      setCreated(await createCopilotToken(app.id));
      notify('API token created', { type: 'success' });
    } catch (error) {
      notify(errorMessage(error), { type: 'error' });
    } finally {
      setPending(false);
    }
  };

  return (
    <>
      <Button variant="contained" startIcon={<KeyIcon />} disabled={pending} onClick={() => void onClick()}>
        {app.TokenSet ? 'Rotate API token' : 'Create API token'}
      </Button>
      {created && (
        <CopilotTokenDialog
          name={app.Name}
          token={created}
          onClose={() => {
            setCreated(undefined);
            onCreated();
          }}
        />
      )}
    </>
  );
}
