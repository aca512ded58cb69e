import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** Dims a chart that has nothing measured behind it and says so over it, so that filler values are not read as data. */
export function NoDataOverlay({ show, text, children }: { show: boolean; text: string; children: ReactNode }) {
  if (!show) return <>{children}</>;
  return (
    <Box sx={{ position: 'relative' }}>
      {/* Inert as well as hidden: the chart's own controls (its "Show as table") must not take focus behind the note. */}
      <Box aria-hidden inert sx={{ opacity: 0.3, pointerEvents: 'none' }}>
        {children}
      </Box>
      <Box sx={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}>
        <Typography role="note" variant="body2" sx={{ bgcolor: 'background.paper', px: 2, py: 1, borderRadius: 1, boxShadow: 1, maxWidth: 420, textAlign: 'center' }}>
          {text}
        </Typography>
      </Box>
    </Box>
  );
}
