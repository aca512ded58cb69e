import { Link } from '@mui/material';
import type { ReactNode } from 'react';

/** A figure in a table that opens the prompts behind it. */
export function DrillLink({ label, onOpen, children }: { label: string; onOpen: () => void; children: ReactNode }) {
  return (
    <Link component="button" type="button" underline="hover" aria-label={label} onClick={onOpen} sx={{ font: 'inherit', verticalAlign: 'baseline' }}>
      {children}
    </Link>
  );
}
