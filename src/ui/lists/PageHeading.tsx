import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** The h1 of an admin screen with a one-line explanation, above its list or form. */
export function PageHeading({ title, subtitle }: { title: string; subtitle?: ReactNode }) {
  return (
    <Box sx={{ pt: 2, pb: 0.5 }}>
      <Typography variant="h5" component="h1">
        {title}
      </Typography>
      {subtitle && (
        <Typography variant="body2" color="text.secondary">
          {subtitle}
        </Typography>
      )}
    </Box>
  );
}
