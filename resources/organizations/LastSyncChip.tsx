import { LAST_SYNC_STATUS_LABELS, LastSyncStatus } from '../../domain';
import type { Organization } from '../../domain';
import type { StatusTone } from '../../src/ui/status/StatusChip';
import { StatusChip } from '../../src/ui/status/StatusChip';
import { formatSyncTime } from './syncFormat';

const TONES: Record<Organization['LastSyncStatus'], StatusTone> = {
  [LastSyncStatus.UNKNOWN]: 'neutral',
  [LastSyncStatus.IN_PROGRESS]: 'progress',
  [LastSyncStatus.COMPLETED]: 'success',
  [LastSyncStatus.ERROR]: 'error',
};

/** §4 Last sync as a chip (Unknown / In progress / Completed / Error); when and the message on hover. */
export function LastSyncChip({ organization }: { organization: Pick<Organization, 'LastSyncStatus' | 'LastSyncAt' | 'LastSyncMessage'> }) {
  const { LastSyncStatus: status, LastSyncAt, LastSyncMessage } = organization;
  const when = LastSyncAt ? `Last sync ${formatSyncTime(LastSyncAt)}` : 'Never synced';
  const tooltip = LastSyncMessage ? `${when}: ${LastSyncMessage}` : when;
  return <StatusChip label={LAST_SYNC_STATUS_LABELS[status]} tone={TONES[status]} tooltip={tooltip} />;
}
