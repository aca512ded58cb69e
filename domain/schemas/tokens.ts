import { z } from 'zod';
import { TOKEN_EXPIRY_DAYS } from '../constants';
import { IdSchema } from './common';
import { IsoDateSchema, requiredText } from './fields';

export const TOKEN_PREFIX = 'gck_';
export const TOKEN_STATUSES = ['active', 'expired', 'revoked'] as const;

export const TokenExpiryDaysSchema = z.union(
  TOKEN_EXPIRY_DAYS.map((days) => z.literal(days)) as unknown as [z.ZodLiteral<0>, z.ZodLiteral<7>],
  { error: `Expiry must be one of ${TOKEN_EXPIRY_DAYS.join(', ')} days (0 = never)` },
);

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
});
export type AccessToken = z.infer<typeof AccessTokenSchema>;

export const AccessTokenCreateSchema = z.object({
  Name: requiredText('Name', 80),
  ExpiryDays: TokenExpiryDaysSchema,
});
export type AccessTokenCreate = z.input<typeof AccessTokenCreateSchema>;

/** The creation answer: the only time the secret is ever shown. */
export const AccessTokenCreatedSchema = AccessTokenSchema.extend({ Secret: z.string() });
