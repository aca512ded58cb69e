import { LAST_SYNC_STATUS_LABELS, LastSyncStatus } from '../../domain';
import type { DataSource } from '../../domain';
import type { StatusTone } from '../../src/ui/status/StatusChip';
import { StatusChip } from '../../src/ui/status/StatusChip';
import { formatDateTime } from './dataSourceFormat';

const TONES: Record<DataSource['LastSyncStatus'], StatusTone> = {
  [LastSyncStatus.UNKNOWN]: 'neutral',
  [LastSyncStatus.IN_PROGRESS]: 'progress',
  [LastSyncStatus.COMPLETED]: 'success',
  [LastSyncStatus.ERROR]: 'error',
};

/** §4 Last sync as a chip; when, and the sync's message (e.g. why a connector was unreachable), on hover. */
export function LastSyncChip({ source }: { source: Pick<DataSource, 'LastSyncStatus' | 'LastSyncAt' | 'LastSyncMessage'> }) {
  const when = source.LastSyncAt ? `Last sync ${formatDateTime(source.LastSyncAt)}` : 'Never synced';
  const tooltip = source.LastSyncMessage ? `${when}: ${source.LastSyncMessage}` : when;
  return <StatusChip label={LAST_SYNC_STATUS_LABELS[source.LastSyncStatus]} tone={TONES[source.LastSyncStatus]} tooltip={tooltip} />;
}
