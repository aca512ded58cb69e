import { z } from 'zod';

// Gateway rate limits, set per organization (the default of its members), per access token and per copilot.
// null: not set at this level; the effective limit is the most specific one set, else the organization's, else the
// deployment's (GATEWAY_RATE_LIMIT_RPM requests a minute, no token limit).

export const MAX_REQUESTS_PER_MINUTE = 100_000;
export const MAX_TOKENS_PER_MINUTE = 100_000_000;

const limit = (label: string, max: number) => {
  const message = `${label} must be a whole number from 1 to ${max.toLocaleString('en-US')}, or empty for the default`;
  return z
    .number({ error: message })
    .int(message)
    .min(1, message)
    .max(max, message)
    .nullable()
    .optional();
};

/** null clears a limit (the next level applies); a field left out keeps what is stored (null when creating). */
export const RateLimitsInputSchema = z.object({
  RequestsPerMinute: limit('Requests per minute', MAX_REQUESTS_PER_MINUTE),
  TokensPerMinute: limit('Tokens per minute', MAX_TOKENS_PER_MINUTE),
});
export type RateLimitsInput = z.input<typeof RateLimitsInputSchema>;

export const RateLimitsSchema = z.object({ RequestsPerMinute: z.number().int().nullable(), TokensPerMinute: z.number().int().nullable() });
export type RateLimits = z.infer<typeof RateLimitsSchema>;

export const RATE_LIMIT_HELP = {
  RequestsPerMinute: 'Gateway calls a minute. Empty: the default.',
  TokensPerMinute: 'Prompt and completion tokens a minute; a call that goes over is served, the next one waits. Empty: no token limit unless set above.',
} as const;
