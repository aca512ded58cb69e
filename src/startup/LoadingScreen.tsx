import { Box, CircularProgress, Typography } from '@mui/material';
import { LOADING_TEXT } from '../../domain';

/** Full-page wait while the metadata or the session is being read (§2.2). */
export function LoadingScreen() {
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 2 }}
    >
      <CircularProgress size={32} />
      <Typography color="text.secondary">{LOADING_TEXT}</Typography>
    </Box>
  );
}
