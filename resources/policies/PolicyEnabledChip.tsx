import { StatusChip } from '../../src/ui/status/StatusChip';

export function PolicyEnabledChip({ enabled }: { enabled: boolean }) {
  return enabled ? <StatusChip label="Enabled" tone="success" /> : <StatusChip label="Disabled" tone="neutral" />;
}
