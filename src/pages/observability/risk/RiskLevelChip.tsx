import { Chip } from '@mui/material';
import { RISK_LEVEL_LABELS } from '../../../../domain';
import type { RiskLevel } from '../../../../domain';

const COLORS = { HIGH: 'error', MEDIUM: 'warning', LOW: 'success' } as const;

/** High / Medium / Low (§2.8 risk text labels). */
export function RiskLevelChip({ level }: { level: RiskLevel }) {
  return <Chip size="small" color={COLORS[level]} label={RISK_LEVEL_LABELS[level]} variant="outlined" />;
}
