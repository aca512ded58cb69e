import type { AppStatus } from '../../../domain';
import { StatusChip } from '../../ui/status/StatusChip';
import type { StatusTone } from '../../ui/status/StatusChip';

const LABELS: Record<AppStatus, { label: string; tone: StatusTone }> = {
  draft: { label: 'Draft', tone: 'warning' },
  active: { label: 'Active', tone: 'success' },
  disabled: { label: 'Disabled', tone: 'neutral' },
};

export function CopilotStatusChip({ status }: { status: AppStatus }) {
  return <StatusChip label={LABELS[status].label} tone={LABELS[status].tone} />;
}
