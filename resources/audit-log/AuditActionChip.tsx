import type { StatusTone } from '../../src/ui/status/StatusChip';
import { StatusChip } from '../../src/ui/status/StatusChip';
import { auditActionLabel } from './auditLabels';

const TONES: Record<string, StatusTone> = { create: 'success', update: 'progress', delete: 'error', revoke: 'warning', sync: 'neutral' };

export function AuditActionChip({ action }: { action: string }) {
  return <StatusChip label={auditActionLabel(action)} tone={TONES[action] ?? 'neutral'} />;
}
