import type { IdentityProvider, IdpPreset, RoleMapping } from '../../domain/schemas/idps';
import { idpCallbackPath, RoleMappingSchema } from '../../domain/schemas/idps';
import type { IdpRow } from './idps.repository';

/** The public representation of a provider: never the secret, only whether one is stored. */
export function toIdentityProvider(row: IdpRow, baseUrl: string): IdentityProvider {
  return {
    id: row.id,
    Name: row.name,
    Preset: row.preset as IdpPreset,
    Issuer: row.issuer,
    ClientId: row.client_id,
    ClientSecretSet: row.client_secret_enc.length > 0,
    Scopes: row.scopes,
    RoleClaim: row.role_claim,
    RoleMapping: parseRoleMapping(row.role_mapping_json),
    GroupClaim: row.group_claim,
    DefaultRole: row.default_role as IdentityProvider['DefaultRole'],
    AllowedDomains: row.allowed_domains,
    OrganizationId: row.organization_id,
    CustomerId: row.customer_id,
    Enabled: row.enabled === 1,
    CallbackUrl: callbackUrl(baseUrl, row.id),
    CreatedAt: new Date(row.created_at).toISOString(),
    UpdatedAt: new Date(row.updated_at).toISOString(),
  };
}

export function callbackUrl(baseUrl: string, idpId: string): string {
  return `${baseUrl.replace(/\/+$/, '')}${idpCallbackPath(idpId)}`;
}

export function parseRoleMapping(json: string): RoleMapping[] {
  try {
    const parsed = RoleMappingSchema.array().safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}
