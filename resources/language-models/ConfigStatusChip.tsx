import type { ConfigStatusValue } from '../../domain';
import { StatusChip } from '../../src/ui/status/StatusChip';
import { CONFIG_STATUS_LABELS, CONFIG_STATUS_TONES } from './configStatus';

/** The config status as a chip; the last test's message (the provider's answer or error) on hover. */
export function ConfigStatusChip({ status, message }: { status: ConfigStatusValue; message: string | null }) {
  return <StatusChip label={CONFIG_STATUS_LABELS[status]} tone={CONFIG_STATUS_TONES[status]} tooltip={message ?? undefined} />;
}
