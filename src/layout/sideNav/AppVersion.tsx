import { Typography } from '@mui/material';
import { DEFAULT_APP_VERSION } from '../../../domain';
import { useAppMeta } from '../../startup/AppMetaContext';

export function AppVersion({ compact }: { compact: boolean }) {
  const version = useAppMeta().Version || DEFAULT_APP_VERSION;
  return (
    <Typography variant="caption" color="text.secondary" noWrap data-testid="app-version" sx={{ px: 2, py: 1.5 }}>
      {compact ? `v${version}` : `Version ${version}`}
    </Typography>
  );
}
