import RefreshIcon from '@mui/icons-material/Refresh';
import { Alert, Box, Button, Card, CardContent, CircularProgress, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import type { MetricsLoad } from '../scope/useMetrics';

export interface WidgetCardProps {
  title: string;
  subtitle?: ReactNode;
  /** The widget's query: its load state, error, partial-data warnings and retry. */
  load: Pick<MetricsLoad, 'state' | 'error' | 'warnings' | 'retry'>;
  /** OK but nothing to show. */
  empty?: boolean;
  emptyText?: string;
  /** Controls in the header (a metric switch, a CSV button). */
  actions?: ReactNode;
  children?: ReactNode;
}

/** A dashboard widget: its title, and its body by load state — waiting, loading, error with retry, empty, or the data. */
export function WidgetCard({ title, subtitle, load, empty, emptyText, actions, children }: WidgetCardProps) {
  const { state, error, warnings, retry: onRetry } = load;
  const headingId = `widget-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId} sx={{ height: '100%' }}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', justifyContent: 'space-between', mb: 1, flexWrap: 'wrap' }}>
          <Box>
            <Typography id={headingId} variant="h6" component="h2">
              {title}
            </Typography>
            {subtitle && (
              <Typography variant="body2" color="text.secondary">
                {subtitle}
              </Typography>
            )}
          </Box>
          {state === 'OK' && !empty && actions}
        </Stack>
        {state === 'INITIAL' && <Typography color="text.secondary">Waiting for the organization and filters…</Typography>}
        {state === 'LOADING' && (
          <Box role="status" aria-label={`Loading ${title}`} sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
            <CircularProgress size={28} />
          </Box>
        )}
        {state === 'ERROR' && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" startIcon={<RefreshIcon />} onClick={onRetry}>
                Retry
              </Button>
            }
          >
            {error ?? 'The metrics could not be loaded.'}
          </Alert>
        )}
        {state === 'OK' && warnings.length > 0 && (
          <Alert severity="warning" sx={{ mb: 1 }}>
            Some figures are missing: {warnings[0]}
          </Alert>
        )}
        {state === 'OK' && empty && <Typography color="text.secondary">{emptyText ?? 'No prompts in this window.'}</Typography>}
        {state === 'OK' && !empty && children}
      </CardContent>
    </Card>
  );
}
