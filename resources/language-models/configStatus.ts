import { ConfigStatus } from '../../domain';
import type { ConfigStatusValue } from '../../domain';
import type { StatusTone } from '../../src/ui/status/StatusChip';

/** §4 Config status: UNKNOWN → TESTING → SUCCESS or ERROR. */
export const CONFIG_STATUS_LABELS: Record<ConfigStatusValue, string> = {
  [ConfigStatus.UNKNOWN]: 'Not tested',
  [ConfigStatus.TESTING]: 'Testing',
  [ConfigStatus.ERROR]: 'Error',
  [ConfigStatus.SUCCESS]: 'Success',
};

export const CONFIG_STATUS_TONES: Record<ConfigStatusValue, StatusTone> = {
  [ConfigStatus.UNKNOWN]: 'neutral',
  [ConfigStatus.TESTING]: 'progress',
  [ConfigStatus.ERROR]: 'error',
  [ConfigStatus.SUCCESS]: 'success',
};
