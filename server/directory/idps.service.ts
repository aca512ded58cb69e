import type { Kysely } from 'kysely';
import { Role } from '../../domain/enums';
import type { IdentityProviderSummary } from '../../domain/schemas/auth';
import type { IdentityProvider, IdentityProviderCreateSchema, IdentityProviderInputSchema, IdpPreset } from '../../domain/schemas/idps';
import { GOOGLE_ISSUER, idpLoginPath } from '../../domain/schemas/idps';
import type { z } from 'zod';
import { recordAudit } from '../audit/audit.service';
import type { Principal } from '../auth/principal';
import { newId } from '../db/ids';
import type { Database } from '../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../http/errors';
import type { ListParams } from '../http/list-query';
import type { OutboundClient } from '../outbound';
import type { SecretBox } from '../security/secret-box';
import { toIdentityProvider } from './idps.dto';
import type { IdpListQuery, IdpRow, IdpScope, IdpSortField } from './idps.repository';
import { IdpsRepository } from './idps.repository';

export type IdpCreate = z.output<typeof IdentityProviderCreateSchema>;
export type IdpUpdate = z.output<typeof IdentityProviderInputSchema>;

/** Who manages identity providers: an organization admin (their organization), a customer admin (their customer's). */
export const IDP_ADMIN_ROLES = [Role.ORG_ADMIN, Role.CUSTOMER_ADMIN] as const;

const RESOURCE = 'idps';
const NOT_FOUND = 'The identity provider';

export class IdpsService {
  private readonly repository: IdpsRepository;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly secrets: SecretBox,
    private readonly outbound: OutboundClient,
  ) {
    this.repository = new IdpsRepository(db);
  }

  async list(principal: Principal, baseUrl: string, params: ListParams<IdpSortField>): Promise<{ records: IdentityProvider[]; total: number }> {
    const { filter, ...page } = params;
    const { rows, total } = await this.repository.list({ scope: scopeOf(principal), ...listFilter(filter), ...page });
    return { records: rows.map((row) => toIdentityProvider(row, baseUrl)), total };
  }

  async get(principal: Principal, baseUrl: string, id: string): Promise<IdentityProvider> {
    return toIdentityProvider(await this.findOrThrow(this.repository, principal, id), baseUrl);
  }

  async create(principal: Principal, baseUrl: string, input: IdpCreate): Promise<IdentityProvider> {
    const scope = scopeOf(principal);
    const organizationId = 'organizationId' in scope ? scope.organizationId : input.OrganizationId;
    if (!organizationId) throw badRequest('Some fields are not valid.', { OrganizationId: 'Organization is required' });
    await this.outbound.assertCallable({ Issuer: settingsColumns(input).issuer });
    return this.db.transaction().execute(async (trx) => {
      const repository = new IdpsRepository(trx);
      const customerId = await repository.organizationCustomer(organizationId, scope);
      if (!customerId) throw notFound('The organization');
      await assertNameFree(repository, organizationId, input.Name, null);
      const at = Date.now();
      const row: IdpRow = {
        id: newId(),
        organization_id: organizationId,
        customer_id: customerId,
        ...settingsColumns(input),
        client_secret_enc: this.secrets.encrypt(input.ClientSecret),
        created_at: at,
        updated_at: at,
      };
      await repository.insert(row);
      const after = toIdentityProvider(row, baseUrl);
      await recordAudit(trx, principal, {
        action: 'create',
        resource: RESOURCE,
        recordId: row.id,
        summary: `Created identity provider "${row.name}"`,
        after,
        customerId,
        organizationId,
      });
      return after;
    });
  }

  async update(principal: Principal, baseUrl: string, id: string, input: IdpUpdate): Promise<IdentityProvider> {
    await this.outbound.assertCallable({ Issuer: settingsColumns(input).issuer });
    return this.db.transaction().execute(async (trx) => {
      const repository = new IdpsRepository(trx);
      const current = await this.findOrThrow(repository, principal, id);
      const scope = scopeOf(principal);
      // A customer admin may move a provider to another organization of their customer; an org admin may not.
      const organizationId = 'customerId' in scope && input.OrganizationId ? input.OrganizationId : current.organization_id;
      const customerId = organizationId === current.organization_id ? current.customer_id : await repository.organizationCustomer(organizationId, scope);
      if (!customerId) throw notFound('The organization');
      await assertNameFree(repository, organizationId, input.Name, id);
      const changes = {
        organization_id: organizationId,
        customer_id: customerId,
        ...settingsColumns(input),
        ...(input.ClientSecret ? { client_secret_enc: this.secrets.encrypt(input.ClientSecret) } : {}),
        updated_at: Date.now(),
      };
      await repository.update(id, changes);
      const before = toIdentityProvider(current, baseUrl);
      const after = toIdentityProvider({ ...current, ...changes }, baseUrl);
      await recordAudit(trx, principal, {
        action: 'update',
        resource: RESOURCE,
        recordId: id,
        summary: `Updated identity provider "${after.Name}"${input.ClientSecret ? ' (new client secret)' : ''}`,
        before,
        after,
        customerId,
        organizationId,
      });
      return after;
    });
  }

  async remove(principal: Principal, baseUrl: string, id: string): Promise<IdentityProvider> {
    return this.db.transaction().execute(async (trx) => {
      const repository = new IdpsRepository(trx);
      const before = toIdentityProvider(await this.findOrThrow(repository, principal, id), baseUrl);
      await repository.delete(id);
      await recordAudit(trx, principal, {
        action: 'delete',
        resource: RESOURCE,
        recordId: id,
        summary: `Deleted identity provider "${before.Name}"`,
        before,
        customerId: before.CustomerId,
        organizationId: before.OrganizationId,
      });
      return before;
    });
  }

  /**
   * Public, for the sign-in page once an address is typed: the enabled providers that serve its domain (listed in the
   * provider's AllowedDomains, or, with none listed, the domain of the provider's organization). Never another tenant's
   * list, and only what a button needs.
   */
  async configuredFor(domain: string): Promise<IdentityProviderSummary[]> {
    const rows = await this.repository.listEnabledForDomain(domain);
    return rows.map((row) => ({ id: row.id, Name: row.name, LoginUrl: idpLoginPath(row.id) }));
  }

  private async findOrThrow(repository: IdpsRepository, principal: Principal, id: string): Promise<IdpRow> {
    const row = await repository.findInScope(id, scopeOf(principal));
    if (!row) throw notFound(NOT_FOUND);
    return row;
  }
}

/** The server decides the tenant: never the request body. */
export function scopeOf(principal: Principal): IdpScope {
  if (principal.role === Role.ORG_ADMIN && principal.organizationId) return { organizationId: principal.organizationId };
  if (principal.role === Role.CUSTOMER_ADMIN && principal.customerId) return { customerId: principal.customerId };
  throw forbidden();
}

function settingsColumns(input: IdpCreate | IdpUpdate) {
  const preset: IdpPreset = input.Preset;
  return {
    name: input.Name,
    preset,
    issuer: preset === 'google' ? GOOGLE_ISSUER : (input.Issuer ?? ''),
    client_id: input.ClientId,
    scopes: input.Scopes,
    role_claim: input.RoleClaim,
    role_mapping_json: JSON.stringify(input.RoleMapping),
    group_claim: input.GroupClaim,
    default_role: input.DefaultRole,
    allowed_domains: input.AllowedDomains,
    enabled: input.Enabled ? 1 : 0,
  };
}

async function assertNameFree(repository: IdpsRepository, organizationId: string, name: string, exceptId: string | null): Promise<void> {
  if (await repository.nameTaken(organizationId, name, exceptId)) {
    throw conflict('An identity provider with this name already exists in the organization.', { Name: 'Name is already in use' });
  }
}

type ListFilter = Pick<IdpListQuery, 'search' | 'ids' | 'enabled' | 'preset' | 'organizationId'>;

/** react-admin filters: q (search), id (getMany), Enabled, Preset, OrganizationId; anything else is ignored. */
function listFilter(filter: Record<string, unknown>): ListFilter {
  const result: ListFilter = {};
  if (typeof filter.q === 'string' && filter.q.trim()) result.search = filter.q.trim();
  if (Array.isArray(filter.id)) result.ids = filter.id.filter((id): id is string => typeof id === 'string');
  else if (typeof filter.id === 'string') result.ids = [filter.id];
  if (typeof filter.Enabled === 'boolean') result.enabled = filter.Enabled;
  if (typeof filter.Preset === 'string') result.preset = filter.Preset;
  if (typeof filter.OrganizationId === 'string') result.organizationId = filter.OrganizationId;
  return result;
}
