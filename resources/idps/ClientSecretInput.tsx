import CheckCircleIcon from '@mui/icons-material/CheckCircleOutline';
import { Stack, Typography } from '@mui/material';
import { PasswordInput, useRecordContext } from 'react-admin';
import type { IdentityProvider } from '../../domain';

/** Write-only: the stored secret is never shown; on edit an empty field keeps it. */
export function ClientSecretInput({ isNew }: { isNew: boolean }) {
  const provider = useRecordContext<IdentityProvider>();
  const stored = !isNew && provider?.ClientSecretSet === true;
  return (
    <Stack sx={{ width: '100%' }}>
      <PasswordInput
        source="ClientSecret"
        label="Client secret"
        autoComplete="new-password"
        helperText={isNew ? 'Stored encrypted; it is never shown again.' : 'Leave empty to keep the stored secret.'}
        fullWidth
      />
      {stored && (
        <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', color: 'success.main', mt: -0.5, mb: 1 }}>
          <CheckCircleIcon fontSize="small" />
          <Typography variant="body2">A secret is stored</Typography>
        </Stack>
      )}
    </Stack>
  );
}
