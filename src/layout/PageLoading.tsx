import { Box, LinearProgress } from '@mui/material';

/** Shown at once while a page's code loads on demand (react-admin's own fallback appears only after a second). */
export function PageLoading() {
  return (
    <Box sx={{ pt: 2 }}>
      <LinearProgress aria-label="Loading the page" />
    </Box>
  );
}
