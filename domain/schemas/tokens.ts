import { z } from 'zod';
import { TOKEN_EXPIRY_DAYS } from '../constants';
import { TOKEN_SCOPES } from '../enums';
import { IdSchema } from './common';
import { IsoDateSchema, requiredText } from './fields';
import { RateLimitsInputSchema } from './rate-limits';

export const TOKEN_PREFIX = 'gck_';
export const TOKEN_STATUSES = ['active', 'expired', 'revoked'] as const;
export const DEFAULT_TOKEN_SCOPES = ['gateway'] as const;
export const ADMIN_TOKEN_MUST_EXPIRE = 'A token with the admin scope must expire: choose 7 to 365 days';

export const TokenExpiryDaysSchema = z.union(
  TOKEN_EXPIRY_DAYS.map((days) => z.literal(days)) as unknown as [z.ZodLiteral<0>, z.ZodLiteral<7>],
  { error: `Expiry must be one of ${TOKEN_EXPIRY_DAYS.join(', ')} days (0 = never)` },
);

const ScopesMessage = `Scopes must be one or both of ${TOKEN_SCOPES.join(', ')}`;
export const TokenScopesSchema = z
  .array(z.enum(TOKEN_SCOPES, { error: ScopesMessage }), { error: ScopesMessage })
  .min(1, 'Choose at least one scope')
  .max(TOKEN_SCOPES.length, ScopesMessage)
  .transform((scopes) => TOKEN_SCOPES.filter((scope) => scopes.includes(scope)));

export const AccessTokenSchema = z.object({
  id: IdSchema,
  Name: z.string(),
  /** The first characters of the secret, enough to recognise it: "gck_a1b2c3…". */
  MaskedSecret: z.string(),
  ExpiryDays: z.number().int(),
  ExpiresAt: IsoDateSchema.nullable(),
  LastUsedAt: IsoDateSchema.nullable(),
  RevokedAt: IsoDateSchema.nullable(),
  Status: z.enum(TOKEN_STATUSES),
  CreatedAt: IsoDateSchema,
  Scopes: z.array(z.enum(TOKEN_SCOPES)),
  /** The token's own gateway limits; null: its organization's. */
  RequestsPerMinute: z.number().int().nullable(),
  TokensPerMinute: z.number().int().nullable(),
});
export type AccessToken = z.infer<typeof AccessTokenSchema>;

export const AccessTokenCreateSchema = z
  .object({
    Name: requiredText('Name', 80),
    ExpiryDays: TokenExpiryDaysSchema,
    Scopes: TokenScopesSchema.default([...DEFAULT_TOKEN_SCOPES]),
  })
  .extend(RateLimitsInputSchema.shape)
  // An admin credential that never expires outlives every review of it.
  .refine((token) => !(token.Scopes.includes('admin') && token.ExpiryDays === 0), { path: ['ExpiryDays'], message: ADMIN_TOKEN_MUST_EXPIRE });
export type AccessTokenCreate = z.input<typeof AccessTokenCreateSchema>;

/** The creation answer: the only time the secret is ever shown. */
export const AccessTokenCreatedSchema = AccessTokenSchema.extend({ Secret: z.string() });
