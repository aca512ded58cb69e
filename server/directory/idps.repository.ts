import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import { sql } from 'kysely';
import type { Database, IdentityProvidersTable } from '../db/schema';
import { likePattern } from '../http/list-query';
import { nameTaken } from '../db/name-key';

export type IdpRow = Selectable<IdentityProvidersTable>;

/** Which providers a caller may see: one organization, or every organization of one customer. */
export type IdpScope = { organizationId: string } | { customerId: string };

export const IDP_SORT_COLUMNS = {
  id: 'id',
  Name: 'name',
  Preset: 'preset',
  Issuer: 'issuer',
  ClientId: 'client_id',
  Enabled: 'enabled',
  OrganizationId: 'organization_id',
  CreatedAt: 'created_at',
  UpdatedAt: 'updated_at',
} as const;
export type IdpSortField = keyof typeof IDP_SORT_COLUMNS;

export interface IdpListQuery {
  scope: IdpScope;
  search?: string;
  ids?: string[];
  enabled?: boolean;
  preset?: string;
  organizationId?: string;
  sortField: IdpSortField;
  sortOrder: 'asc' | 'desc';
  offset: number;
  limit: number;
}

export interface ConfiguredIdpRow {
  id: string;
  name: string;
}

export class IdpsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private scoped(scope: IdpScope) {
    const base = this.db.selectFrom('identity_providers');
    return 'organizationId' in scope ? base.where('organization_id', '=', scope.organizationId) : base.where('customer_id', '=', scope.customerId);
  }

  async list(query: IdpListQuery): Promise<{ rows: IdpRow[]; total: number }> {
    let base = this.scoped(query.scope);
    if (query.ids) base = query.ids.length ? base.where('id', 'in', query.ids) : base.where(sql<boolean>`1 = 0`);
    if (query.enabled !== undefined) base = base.where('enabled', '=', query.enabled ? 1 : 0);
    if (query.preset) base = base.where('preset', '=', query.preset);
    if (query.organizationId) base = base.where('organization_id', '=', query.organizationId);
    if (query.search) {
      const pattern = likePattern(query.search);
      base = base.where((eb) =>
        eb.or([
          eb(sql`lower(name)`, 'like', sql`${pattern} escape '\\'`),
          eb(sql`lower(issuer)`, 'like', sql`${pattern} escape '\\'`),
          eb(sql`lower(client_id)`, 'like', sql`${pattern} escape '\\'`),
        ]),
      );
    }
    const [rows, count] = await Promise.all([
      base
        .selectAll()
        .orderBy(IDP_SORT_COLUMNS[query.sortField], query.sortOrder)
        .orderBy('id')
        .offset(query.offset)
        .limit(query.limit)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.total) };
  }

  findInScope(id: string, scope: IdpScope): Promise<IdpRow | undefined> {
    return this.scoped(scope).selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Unscoped: for the public sign-in flow, which only knows the provider id. */
  findEnabled(id: string): Promise<IdpRow | undefined> {
    return this.db.selectFrom('identity_providers').selectAll().where('id', '=', id).where('enabled', '=', 1).executeTakeFirst();
  }

  /** `domain` is a checked domain name (letters, digits, dots and dashes), so it holds no LIKE wildcard. */
  listEnabledForDomain(domain: string): Promise<ConfiguredIdpRow[]> {
    return this.db
      .selectFrom('identity_providers as idp')
      .innerJoin('organizations as o', 'o.id', 'idp.organization_id')
      .select(['idp.id', 'idp.name'])
      .where('idp.enabled', '=', 1)
      .where((eb) =>
        eb.or([
          eb(sql`',' || idp.allowed_domains || ','`, 'like', `%,${domain},%`),
          eb.and([eb('idp.allowed_domains', 'is', null), eb(sql`lower(o.domain)`, '=', domain)]),
        ]),
      )
      .orderBy('idp.name')
      .orderBy('idp.id')
      .execute();
  }

  /** Unicode case-insensitive, on the stored name key (see db/name-key.ts). */
  nameTaken(organizationId: string, name: string, exceptId: string | null): Promise<boolean> {
    return nameTaken(this.db, 'identity_providers', organizationId, name, exceptId);
  }

  /** The organization's customer, when the organization belongs to the given scope. */
  async organizationCustomer(organizationId: string, scope: IdpScope): Promise<string | undefined> {
    let query = this.db.selectFrom('organizations').select('customer_id').where('id', '=', organizationId);
    query = 'organizationId' in scope ? query.where('id', '=', scope.organizationId) : query.where('customer_id', '=', scope.customerId);
    return (await query.executeTakeFirst())?.customer_id;
  }

  async insert(row: Insertable<IdentityProvidersTable>): Promise<void> {
    await this.db.insertInto('identity_providers').values(row).execute();
  }

  async update(id: string, changes: Updateable<IdentityProvidersTable>): Promise<void> {
    await this.db.updateTable('identity_providers').set(changes).where('id', '=', id).execute();
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('identity_providers').where('id', '=', id).execute();
  }
}
