import { Chip } from '@mui/material';
import type { AccessToken } from '../../domain';

const LOOK: Record<AccessToken['Status'], { label: string; color: 'success' | 'warning' | 'default' }> = {
  active: { label: 'Active', color: 'success' },
  expired: { label: 'Expired', color: 'warning' },
  revoked: { label: 'Revoked', color: 'default' },
};

export function TokenStatusChip({ status }: { status: AccessToken['Status'] }) {
  const { label, color } = LOOK[status];
  return <Chip size="small" variant="outlined" label={label} color={color} />;
}
