import { Card, CardContent, Stack, Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { LastSyncStatus } from '../../domain';
import type { DataSource } from '../../domain';
import { countOf, formatDateTime } from './dataSourceFormat';
import { LastSyncChip } from './LastSyncChip';
import { SyncButton } from './SyncButton';

/** Edit page: what is indexed, how the last sync went (with its message), and Sync. */
export function SyncStatusCard() {
  const source = useRecordContext<DataSource>();
  if (!source) return null;
  return (
    <Card variant="outlined" sx={{ m: 2, mb: 0, maxWidth: 880 }}>
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
          <Stack spacing={0.5} sx={{ minWidth: 0 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
                Sync
              </Typography>
              <LastSyncChip source={source} />
            </Stack>
            <Typography variant="body2" color="text.secondary">
              {`${countOf(source.DocumentCount, 'document')}, ${countOf(source.ChunkCount, 'chunk')} indexed. `}
              {source.LastSyncAt ? `Last sync ${formatDateTime(source.LastSyncAt)}.` : 'Never synced.'}
            </Typography>
            {source.LastSyncMessage && (
              <Typography variant="body2" color={source.LastSyncStatus === LastSyncStatus.ERROR ? 'error' : 'text.secondary'} sx={{ overflowWrap: 'anywhere' }} data-testid="last-sync-message">
                {source.LastSyncMessage}
              </Typography>
            )}
          </Stack>
          <SyncButton variant="outlined" />
        </Stack>
      </CardContent>
    </Card>
  );
}
