import { z } from 'zod';
import { Role } from '../enums';
import { IdSchema } from './common';
import { OrgRoleSchema } from './directory';
import { IsoDateSchema, optionalText, requiredText } from './fields';

// OpenID Connect identity providers of an organization (the "Directory/IDPs" page).

export const IDP_PRESETS = ['oidc', 'google'] as const;
export type IdpPreset = (typeof IDP_PRESETS)[number];
export const IDP_PRESET_LABELS: Record<IdpPreset, string> = { oidc: 'OpenID Connect', google: 'Google Workspace' };
export const GOOGLE_ISSUER = 'https://accounts.google.com';
export const DEFAULT_IDP_SCOPES = 'openid email profile';

/** Where the browser starts a sign-in with a provider. */
export const idpLoginPath = (idpId: string) => `/auth/${encodeURIComponent(idpId)}/login`;
/** The redirect URI to register at the provider. */
export const idpCallbackPath = (idpId: string) => `/auth/${encodeURIComponent(idpId)}/callback`;

/** https, or plain http only for a provider on this machine (development and tests). */
export function isAcceptableIssuer(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.search || url.hash || url.username || url.password) return false;
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

const DOMAIN_PATTERN = /^(?=.{1,253}$)([a-z0-9-]{1,63}\.)+[a-z]{2,63}$/;
const SCOPE_TOKEN = /^[\x21\x23-\x5B\x5D-\x7E]+$/;

export const IdpPresetSchema = z.enum(IDP_PRESETS, { error: 'Preset must be oidc or google' });

export const RoleMappingSchema = z.object({
  ClaimValue: requiredText('Claim value', 200),
  Role: OrgRoleSchema,
});
export type RoleMapping = z.infer<typeof RoleMappingSchema>;

export const IdentityProviderSchema = z.object({
  id: IdSchema,
  Name: z.string(),
  Preset: IdpPresetSchema,
  Issuer: z.string(),
  ClientId: z.string(),
  /** Whether a client secret is stored; the secret itself is never returned. */
  ClientSecretSet: z.boolean(),
  Scopes: z.string(),
  RoleClaim: z.string().nullable(),
  RoleMapping: z.array(RoleMappingSchema),
  GroupClaim: z.string().nullable(),
  DefaultRole: OrgRoleSchema,
  AllowedDomains: z.string().nullable(),
  OrganizationId: IdSchema,
  CustomerId: IdSchema,
  Enabled: z.boolean(),
  /** Read-only: the redirect URI to register at the provider. */
  CallbackUrl: z.string(),
  CreatedAt: IsoDateSchema,
  UpdatedAt: IsoDateSchema,
});
export type IdentityProvider = z.infer<typeof IdentityProviderSchema>;

const IssuerSchema = z
  .string({ error: 'Issuer must be text' })
  .trim()
  .max(500, 'Issuer must be at most 500 characters')
  .nullish()
  .transform((value) => (value ? value : null))
  .refine((value) => value === null || isAcceptableIssuer(value), 'Issuer must be an https URL such as https://login.example.com');

const ScopesSchema = z
  .string({ error: 'Scopes must be text' })
  .trim()
  .max(500, 'Scopes must be at most 500 characters')
  .nullish()
  .transform((value) => [...new Set((value || DEFAULT_IDP_SCOPES).split(/\s+/).filter(Boolean))].join(' '))
  .refine((value) => value.split(' ').every((scope) => SCOPE_TOKEN.test(scope)), 'Scopes must be separated by spaces')
  .refine((value) => value.split(' ').includes('openid'), 'Scopes must include openid');

const AllowedDomainsSchema = z
  .string({ error: 'Allowed domains must be text' })
  .trim()
  .max(2000, 'Allowed domains must be at most 2000 characters')
  .nullish()
  .transform((value) => {
    const domains = (value ?? '').toLowerCase().split(/[\s,]+/).filter(Boolean);
    return domains.length ? [...new Set(domains)].join(',') : null;
  })
  .refine((value) => value === null || value.split(',').every((domain) => DOMAIN_PATTERN.test(domain)), 'Allowed domains must look like example.com, separated by commas');

const inputShape = {
  Name: requiredText('Name', 80),
  Preset: IdpPresetSchema.default('oidc'),
  /** Ignored for the google preset, which always uses https://accounts.google.com. */
  Issuer: IssuerSchema,
  ClientId: requiredText('Client ID', 255),
  Scopes: ScopesSchema,
  RoleClaim: optionalText('Role claim', 100),
  RoleMapping: z.array(RoleMappingSchema, { error: 'Role mapping must be a list' }).max(50, 'Role mapping may have at most 50 entries').default([]),
  GroupClaim: optionalText('Group claim', 100),
  DefaultRole: OrgRoleSchema.default(Role.USER),
  AllowedDomains: AllowedDomainsSchema,
  /** Required from a customer admin (one of their organizations); an organization admin always manages their own. */
  OrganizationId: IdSchema.nullish(),
  Enabled: z.boolean({ error: 'Enabled must be true or false' }).default(true),
};

const issuerRequiredUnlessGoogle = (value: { Preset: IdpPreset; Issuer: string | null }) => value.Preset === 'google' || value.Issuer !== null;
const issuerRequiredParams = () => ({
  path: ['Issuer'],
  message: 'Issuer is required',
  // Checked even when other fields failed, so that the form shows every field's message at once.
  when: (payload: z.core.ParsePayload) => !payload.issues.some((issue) => issue.path?.[0] === 'Preset' || issue.path?.[0] === 'Issuer'),
});

/** Update: an empty or missing ClientSecret keeps the stored one. */
export const IdentityProviderInputSchema = z
  .object({
    ...inputShape,
    ClientSecret: z
      .string({ error: 'Client secret must be text' })
      .trim()
      .max(2000, 'Client secret must be at most 2000 characters')
      .nullish()
      .transform((value) => (value ? value : null)),
  })
  .refine(issuerRequiredUnlessGoogle, issuerRequiredParams());
export type IdentityProviderInput = z.input<typeof IdentityProviderInputSchema>;

/** Create: the client secret is required. It is write-only and stored encrypted. */
export const IdentityProviderCreateSchema = z
  .object({ ...inputShape, ClientSecret: requiredText('Client secret', 2000) })
  .refine(issuerRequiredUnlessGoogle, issuerRequiredParams());
export type IdentityProviderCreate = z.input<typeof IdentityProviderCreateSchema>;
