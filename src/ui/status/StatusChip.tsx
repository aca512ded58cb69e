import { Chip, Tooltip } from '@mui/material';
import type { ChipProps } from '@mui/material';
import type { ReactNode } from 'react';

export type StatusTone = 'neutral' | 'progress' | 'success' | 'error' | 'warning';

const CHIP_COLOR: Record<StatusTone, ChipProps['color']> = {
  neutral: 'default',
  progress: 'info',
  success: 'success',
  error: 'error',
  warning: 'warning',
};

export interface StatusChipProps {
  label: string;
  tone: StatusTone;
  /** Details on hover (and for screen readers as the chip's description). */
  tooltip?: ReactNode;
  icon?: ChipProps['icon'];
}

/** A small coloured status label, e.g. a sync state, with optional details in a tooltip. */
export function StatusChip({ label, tone, tooltip, icon }: StatusChipProps) {
  const chip = <Chip label={label} color={CHIP_COLOR[tone]} size="small" variant={tone === 'neutral' ? 'outlined' : 'filled'} icon={icon} />;
  if (!tooltip) return chip;
  return (
    <Tooltip title={tooltip} describeChild>
      {chip}
    </Tooltip>
  );
}
