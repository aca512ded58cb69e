// Pure rules that turn a provider's claims into who signs in, with which role and groups.
import { Role } from '../../domain/enums';
import type { RoleMapping } from '../../domain/schemas/idps';
import { OidcSignInError, SIGN_IN_MESSAGES } from './oidc-errors';

export type Claims = Record<string, unknown>;
export type OrgRole = typeof Role.ORG_ADMIN | typeof Role.USER;

export interface FederatedIdentity {
  email: string;
  firstName: string;
  lastName: string;
}

export interface ClaimRules {
  preset: string;
  roleClaim: string | null;
  roleMapping: RoleMapping[];
  defaultRole: OrgRole;
  groupClaim: string | null;
  allowedDomains: string | null;
}

/** Email must be present and not marked unverified; names fall back to the email's local part. */
export function identityFrom(claims: Claims): FederatedIdentity {
  const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
  const verified = claims.email_verified;
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email) || verified === false || verified === 'false') {
    throw new OidcSignInError(SIGN_IN_MESSAGES.noVerifiedEmail, 'email missing or not verified');
  }
  const fullName = text(claims.name);
  const [firstFromName = '', ...restOfName] = fullName.split(/\s+/).filter(Boolean);
  const firstName = text(claims.given_name) || firstFromName || email.split('@')[0]!;
  const lastName = text(claims.family_name) || restOfName.join(' ');
  return { email, firstName: firstName.slice(0, 80), lastName: lastName.slice(0, 80) };
}

/** AllowedDomains limits the email domain; for Google Workspace the `hd` (hosted domain) claim must match too. */
export function assertDomainAllowed(email: string, claims: Claims, rules: Pick<ClaimRules, 'preset' | 'allowedDomains'>): void {
  if (!rules.allowedDomains) return;
  const allowed = rules.allowedDomains.split(',');
  const emailDomain = email.split('@')[1] ?? '';
  const hostedDomain = typeof claims.hd === 'string' ? claims.hd.toLowerCase() : null;
  const emailOk = allowed.includes(emailDomain);
  const hostedOk = rules.preset !== 'google' || (hostedDomain !== null && allowed.includes(hostedDomain));
  if (!emailOk || !hostedOk) throw new OidcSignInError(SIGN_IN_MESSAGES.domainNotAllowed, `domain ${emailDomain} not allowed`);
}

/**
 * The role the provider grants: the most privileged mapping that matches a value of the role claim,
 * else the default role. Null when no role claim is configured (then an existing user keeps their role).
 */
export function mappedRole(claims: Claims, rules: Pick<ClaimRules, 'roleClaim' | 'roleMapping' | 'defaultRole'>): OrgRole | null {
  if (!rules.roleClaim) return null;
  const values = claimValues(claims, rules.roleClaim);
  const matches = rules.roleMapping.filter((mapping) => values.includes(mapping.ClaimValue)).map((mapping) => mapping.Role);
  if (matches.includes(Role.ORG_ADMIN)) return Role.ORG_ADMIN;
  if (matches.includes(Role.USER)) return Role.USER;
  return rules.defaultRole;
}

export function groupNames(claims: Claims, groupClaim: string | null): string[] {
  if (!groupClaim) return [];
  return [...new Set(claimValues(claims, groupClaim).map((name) => name.trim()).filter((name) => name.length > 0 && name.length <= 200))].slice(0, 200);
}

/** A claim as a list of strings; dotted names reach into objects (`realm_access.roles`). */
export function claimValues(claims: Claims, name: string): string[] {
  let value: unknown = name in claims ? claims[name] : undefined;
  if (value === undefined && name.includes('.')) {
    value = name.split('.').reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Claims)[key] : undefined), claims);
  }
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string');
  return [];
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}
