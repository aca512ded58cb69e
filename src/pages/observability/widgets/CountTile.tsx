import { ButtonBase, Typography } from '@mui/material';

interface CountTileProps {
  label: string;
  count: number;
  /** What a screen reader hears ("Blocked: 3 prompts"). */
  ariaLabel: string;
  /** Opens the drill-down of this count. */
  onOpen(): void;
  /** A coloured left edge naming the kind (the prompt counts'). */
  accent?: string;
}

/** One figure of a widget's totals: its label and count, a button that drills down to what it counts. */
export function CountTile({ label, count, ariaLabel, onOpen, accent }: CountTileProps) {
  return (
    <ButtonBase
      onClick={onOpen}
      aria-label={ariaLabel}
      sx={{ display: 'block', textAlign: 'left', p: 1.5, borderRadius: 1, border: 1, borderColor: 'divider', ...(accent ? { borderLeft: 4, borderLeftColor: accent } : {}) }}
    >
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h5" component="p">
        {count.toLocaleString('en-US')}
      </Typography>
    </ButtonBase>
  );
}
