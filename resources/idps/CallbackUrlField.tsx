import { Alert, Box } from '@mui/material';
import { useRecordContext } from 'react-admin';
import type { IdentityProvider } from '../../domain';
import { CopyableValue } from '../../src/ui/clipboard/CopyableValue';

/** The read-only redirect URI to register at the provider (known once the provider is saved). */
export function CallbackUrlField() {
  const provider = useRecordContext<IdentityProvider>();
  if (!provider?.CallbackUrl) {
    return <Alert severity="info" sx={{ width: '100%' }}>The callback URL to register at your provider appears here after saving.</Alert>;
  }
  return (
    <Box sx={{ width: '100%', mb: 1 }}>
      <CopyableValue label="Callback URL" value={provider.CallbackUrl} />
      <Box component="p" sx={{ typography: 'caption', color: 'text.secondary', mt: 0.5, mb: 0 }}>
        Register this redirect URI at your provider.
      </Box>
    </Box>
  );
}
