import { Box, Button, Typography } from '@mui/material';
import { useNotify, useUpdate } from 'react-admin';
import type { App } from '../../../domain';
import { errorMessage } from '../../forms/serverErrors';

/** Turns an active copilot off, or a disabled one back on (the server allows it once the set-up is complete). */
export function CopilotStatusButton({ app }: { app: App }) {
  const notify = useNotify();
  const [update, { isPending }] = useUpdate();
  const next = app.Status === 'disabled' ? 'active' : 'disabled';
  const onClick = () =>
    update(
      'admin/apps',
      { id: app.id, data: { Name: app.Name, Description: app.Description, Status: next }, previousData: app },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => notify(next === 'disabled' ? 'Copilot disabled' : 'Copilot enabled', { type: 'success' }),
        onError: (error) => notify(errorMessage(error), { type: 'error' }),
      },
    );
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
      <Typography variant="body2" color="text.secondary" sx={{ flex: 1, minWidth: 240 }}>
        {app.Status === 'disabled' ? 'Disabled: nobody can use the copilot and its token is refused.' : 'Active: its users and its API token can use it.'}
      </Typography>
      <Button color={next === 'disabled' ? 'error' : 'primary'} variant="outlined" disabled={isPending} onClick={() => void onClick()}>
        {next === 'disabled' ? 'Disable copilot' : 'Enable copilot'}
      </Button>
    </Box>
  );
}
