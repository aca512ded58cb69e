import { z } from 'zod';
import { IdSchema, RoleSchema } from './common';

export const EmailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .email('Enter a valid email address')
  .transform((email) => email.toLowerCase());

export const PASSWORD_MIN_LENGTH = 10;
export const NewPasswordSchema = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(128, 'Use at most 128 characters');

export const LoginRequestSchema = z.object({
  Email: EmailSchema,
  Password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(256, 'Password is too long'),
});
export type LoginRequest = z.input<typeof LoginRequestSchema>;

export const ForgotPasswordRequestSchema = z.object({ Email: EmailSchema });
export type ForgotPasswordRequest = z.input<typeof ForgotPasswordRequestSchema>;

export const ResetPasswordRequestSchema = z.object({
  Token: z.string({ error: 'The reset link is incomplete' }).min(20, 'The reset link is incomplete').max(200),
  Password: NewPasswordSchema,
});
export type ResetPasswordRequest = z.input<typeof ResetPasswordRequestSchema>;

export const CurrentUserSchema = z.object({
  id: IdSchema,
  Email: z.string(),
  Name: z.string(),
  FirstName: z.string(),
  LastName: z.string(),
  Role: RoleSchema,
  CustomerId: IdSchema.nullable(),
  OrganizationId: IdSchema.nullable(),
  Organization: z.object({ id: IdSchema, Name: z.string() }).nullable(),
  Customer: z.object({ id: IdSchema, Name: z.string() }).nullable(),
  Image: z.string().nullable(),
});
export type CurrentUser = z.infer<typeof CurrentUserSchema>;

/** What the SPA keeps in localStorage under AuthStorage (§3.1). */
export const AuthStorageSchema = z.object({
  id: IdSchema,
  Role: RoleSchema,
  CustomerId: IdSchema.nullable(),
  OrganizationId: IdSchema.nullable(),
  Name: z.string(),
  FirstName: z.string(),
  LastName: z.string(),
  OrganizationName: z.string().nullable(),
});
export type AuthStorage = z.infer<typeof AuthStorageSchema>;

/** What the sign-in page shows of a provider: a button with its name that starts the sign-in. Nothing else. */
export const IdentityProviderSummarySchema = z.object({
  id: IdSchema,
  Name: z.string(),
  LoginUrl: z.string(),
});
export const ConfiguredIdpsSchema = z.array(IdentityProviderSummarySchema);
export type IdentityProviderSummary = z.infer<typeof IdentityProviderSummarySchema>;

const EMAIL_DOMAIN_PATTERN = /^(?=.{1,253}$)([a-z0-9-]{1,63}\.)+[a-z]{2,63}$/;

/** GET /api/v1/idps/configured?domain=…: the providers offered to addresses of one email domain. */
export const ConfiguredIdpsQuerySchema = z.object({
  domain: z
    .string({ error: 'domain is required' })
    .trim()
    .toLowerCase()
    .regex(EMAIL_DOMAIN_PATTERN, 'domain must look like example.com'),
});
export type ConfiguredIdpsQuery = z.infer<typeof ConfiguredIdpsQuerySchema>;

/** The domain of a complete-looking email address, lower-cased; undefined while the address is incomplete. */
export function emailDomainOf(email: string): string | undefined {
  const at = email.trim().lastIndexOf('@');
  if (at <= 0) return undefined;
  const domain = email.trim().slice(at + 1).toLowerCase();
  return EMAIL_DOMAIN_PATTERN.test(domain) ? domain : undefined;
}
