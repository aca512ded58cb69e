import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, OrganizationsTable } from '../db/schema';
import { containsAny } from '../db/like';

export type OrganizationRow = Selectable<OrganizationsTable> & { user_count: number };

export const ORGANIZATION_SORT = { id: 'id', Name: 'name', Domain: 'domain', LastSyncStatus: 'last_sync_status', LastSyncAt: 'last_sync_at', CreatedAt: 'created_at', UpdatedAt: 'updated_at' } as const;
export type OrganizationSortField = keyof typeof ORGANIZATION_SORT;

export interface OrganizationListQuery {
  customerId?: string;
  search?: string;
  ids?: string[];
  sortField: OrganizationSortField;
  sortOrder: 'asc' | 'desc';
  offset: number;
  limit: number;
}

export class OrganizationsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private selectWithCounts() {
    return this.db
      .selectFrom('organizations as o')
      .selectAll('o')
      .select((eb) => eb.selectFrom('users as u').whereRef('u.organization_id', '=', 'o.id').select(eb.fn.countAll<number>().as('n')).as('user_count'));
  }

  async list(query: OrganizationListQuery): Promise<{ rows: OrganizationRow[]; total: number }> {
    let base = this.db.selectFrom('organizations as o');
    if (query.customerId) base = base.where('o.customer_id', '=', query.customerId);
    if (query.search) base = base.where((eb) => containsAny(eb, ['o.name', 'o.domain'], query.search!));
    if (query.ids) base = base.where('o.id', 'in', query.ids.length ? query.ids : ['']);
    const [rows, count] = await Promise.all([
      this.selectWithCounts()
        .where('o.id', 'in', base.select('o.id'))
        .orderBy(`o.${ORGANIZATION_SORT[query.sortField]}`, query.sortOrder)
        .orderBy('o.id')
        .offset(query.offset)
        .limit(query.limit)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { rows: rows.map(normalize), total: Number(count.total) };
  }

  async findById(id: string): Promise<OrganizationRow | undefined> {
    const row = await this.selectWithCounts().where('o.id', '=', id).executeTakeFirst();
    return row ? normalize(row) : undefined;
  }

  /** The organization's own gateway limits (null where it sets none). */
  async gatewayLimits(id: string): Promise<{ rpm: number | null; tpm: number | null }> {
    const row = await this.db.selectFrom('organizations').select(['rate_limit_rpm', 'rate_limit_tpm']).where('id', '=', id).executeTakeFirst();
    return { rpm: row?.rate_limit_rpm ?? null, tpm: row?.rate_limit_tpm ?? null };
  }

  /** What the organization lets through its gateway beyond text: image parts, and which tool names (null: any). */
  async gatewaySurface(id: string): Promise<{ imagesAllowed: boolean; allowedTools: string[] | null }> {
    const row = await this.db.selectFrom('organizations').select(['gateway_images_allowed', 'gateway_allowed_tools']).where('id', '=', id).executeTakeFirst();
    return { imagesAllowed: Number(row?.gateway_images_allowed ?? 0) === 1, allowedTools: row?.gateway_allowed_tools ? (JSON.parse(row.gateway_allowed_tools) as string[]) : null };
  }

  async insert(row: Insertable<OrganizationsTable>): Promise<void> {
    await this.db.insertInto('organizations').values(row).execute();
  }

  async update(id: string, changes: Partial<Selectable<OrganizationsTable>>): Promise<void> {
    await this.db.updateTable('organizations').set(changes).where('id', '=', id).execute();
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('organizations').where('id', '=', id).execute();
  }
}

function normalize<T extends { user_count: number | string | null }>(row: T): T & { user_count: number } {
  return { ...row, user_count: Number(row.user_count ?? 0) };
}
