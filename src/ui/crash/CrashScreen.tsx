import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Accordion, AccordionDetails, AccordionSummary, Box, Button, Paper, Stack, Typography } from '@mui/material';
import type { ErrorInfo } from 'react';
import { CRASH_TEXT, CRASH_TITLE } from '../../../domain';

export interface CrashScreenProps {
  error?: unknown;
  errorInfo?: ErrorInfo;
}

function describe(error: unknown): { message: string; stack: string } {
  if (error instanceof Error) return { message: error.message, stack: error.stack ?? '' };
  return { message: error === undefined ? '' : String(error), stack: '' };
}

/** §8's fatal render error screen: react-admin's error component and the top-level error boundary. */
export function CrashScreen({ error, errorInfo }: CrashScreenProps) {
  const { message, stack } = describe(error);
  const details = [stack, errorInfo?.componentStack?.trim()].filter(Boolean).join('\n\nComponent stack:\n');
  return (
    <Box role="alert" sx={{ display: 'flex', justifyContent: 'center', p: { xs: 2, md: 6 } }}>
      <Paper variant="outlined" sx={{ maxWidth: 760, width: '100%', p: { xs: 3, md: 4 } }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 2 }}>
          <ErrorOutlineIcon color="error" fontSize="large" />
          <Typography variant="h5" component="h1">
            {CRASH_TITLE}
          </Typography>
        </Stack>
        <Typography sx={{ mb: 2 }}>{CRASH_TEXT}</Typography>
        {message && (
          <Typography data-testid="crash-message" sx={{ fontFamily: 'monospace', color: 'error.main', mb: 2, wordBreak: 'break-word' }}>
            {message}
          </Typography>
        )}
        {details && (
          <Accordion disableGutters variant="outlined" sx={{ mb: 3 }}>
            <AccordionSummary expandIcon={<ExpandMoreIcon />}>Error details</AccordionSummary>
            <AccordionDetails>
              <Box
                component="pre"
                data-testid="crash-stack"
                sx={{ m: 0, maxHeight: 320, overflow: 'auto', fontFamily: 'monospace', fontSize: 12, whiteSpace: 'pre-wrap' }}
              >
                {details}
              </Box>
            </AccordionDetails>
          </Accordion>
        )}
        <Stack direction="row" spacing={1}>
          <Button variant="contained" onClick={() => window.location.reload()}>
            Refresh
          </Button>
          <Button href="/" color="inherit">
            Go to the home page
          </Button>
        </Stack>
      </Paper>
    </Box>
  );
}
