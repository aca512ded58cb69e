import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** A titled group of inputs in a long form. */
export function FormSection({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <Box sx={{ width: '100%' }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mt: 1 }}>
        {title}
      </Typography>
      {subtitle && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {subtitle}
        </Typography>
      )}
      <Box sx={{ mt: subtitle ? 0 : 1 }}>{children}</Box>
    </Box>
  );
}
