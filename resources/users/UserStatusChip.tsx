import { StatusChip } from '../../src/ui/status/StatusChip';

export function UserStatusChip({ enabled }: { enabled: boolean }) {
  return enabled ? <StatusChip label="Enabled" tone="success" /> : <StatusChip label="Disabled" tone="neutral" />;
}
