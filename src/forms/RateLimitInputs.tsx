import { Stack } from '@mui/material';
import { NumberInput } from 'react-admin';

/**
 * The two gateway limits of an organization, an access token or a copilot. Empty means "not set here": the next
 * level's limit applies, which the helper texts name. No min/max attributes: the browser's own check would stop the
 * submit before the domain schema's message could show.
 */
export function RateLimitInputs({ requestsHelperText, tokensHelperText }: { requestsHelperText: string; tokensHelperText: string }) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <NumberInput source="RequestsPerMinute" label="Requests per minute" step={1} helperText={requestsHelperText} sx={{ width: 280 }} />
      <NumberInput source="TokensPerMinute" label="Tokens per minute" step={1} helperText={tokensHelperText} sx={{ width: 280 }} />
    </Stack>
  );
}

/** "120 requests a minute", "no limit": a limit as the lists and helper texts show it. */
export function formatRateLimit(value: number | null, unit: 'requests' | 'tokens', unset: string): string {
  return value === null ? unset : `${value.toLocaleString('en-US')} ${unit} a minute`;
}
