import CheckCircleIcon from '@mui/icons-material/CheckCircleOutline';
import { Stack, Typography } from '@mui/material';
import { PasswordInput } from 'react-admin';

export interface ApiKeyInputProps {
  /** Whether the record already has a key stored (the key itself is never returned). */
  stored: boolean;
  required: boolean;
  source?: string;
  label?: string;
  /** Helper text while no key is stored. */
  emptyHelp?: string;
}

/** A write-only secret: a password field that is always empty; on edit, empty keeps the stored value. */
export function ApiKeyInput({ stored, required, source = 'ApiKey', label = 'API key', emptyHelp }: ApiKeyInputProps) {
  const help = stored ? 'A key is stored — leave empty to keep it.' : (emptyHelp ?? (required ? 'Stored encrypted; it is never shown again.' : 'Optional. Stored encrypted; it is never shown again.'));
  return (
    <Stack sx={{ width: '100%' }}>
      <PasswordInput source={source} label={label} autoComplete="new-password" helperText={help} isRequired={required && !stored} fullWidth />
      {stored && (
        <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', color: 'success.main', mt: -0.5, mb: 1 }}>
          <CheckCircleIcon fontSize="small" />
          <Typography variant="body2">Set</Typography>
        </Stack>
      )}
    </Stack>
  );
}
