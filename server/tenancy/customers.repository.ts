import type { Kysely, Selectable } from 'kysely';
import type { CustomersTable, Database } from '../db/schema';
import { containsAny } from '../db/like';

export type CustomerRow = Selectable<CustomersTable> & { organization_count: number };

export const CUSTOMER_SORT = { id: 'id', Name: 'name', Type: 'type', ContactName: 'contact_name', ContactEmail: 'contact_email', CreatedAt: 'created_at', UpdatedAt: 'updated_at' } as const;
export type CustomerSortField = keyof typeof CUSTOMER_SORT;

export interface CustomerListQuery {
  search?: string;
  ids?: string[];
  type?: number;
  sortField: CustomerSortField;
  sortOrder: 'asc' | 'desc';
  offset: number;
  limit: number;
}

export class CustomersRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private selectWithCounts() {
    return this.db
      .selectFrom('customers as c')
      .selectAll('c')
      .select((eb) =>
        eb.selectFrom('organizations as o').whereRef('o.customer_id', '=', 'c.id').select(eb.fn.countAll<number>().as('n')).as('organization_count'),
      );
  }

  async list(query: CustomerListQuery): Promise<{ rows: CustomerRow[]; total: number }> {
    let base = this.db.selectFrom('customers as c');
    if (query.search) base = base.where((eb) => containsAny(eb, ['c.name', 'c.contact_name', 'c.contact_email'], query.search!));
    if (query.ids) base = base.where('c.id', 'in', query.ids.length ? query.ids : ['']);
    if (query.type !== undefined) base = base.where('c.type', '=', query.type);
    const ids = base.select('c.id');
    const [rows, count] = await Promise.all([
      this.selectWithCounts()
        .where('c.id', 'in', ids)
        .orderBy(`c.${CUSTOMER_SORT[query.sortField]}`, query.sortOrder)
        .orderBy('c.id')
        .offset(query.offset)
        .limit(query.limit)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { rows: rows.map(normalize), total: Number(count.total) };
  }

  async findById(id: string): Promise<CustomerRow | undefined> {
    const row = await this.selectWithCounts().where('c.id', '=', id).executeTakeFirst();
    return row ? normalize(row) : undefined;
  }

  async insert(row: Selectable<CustomersTable>): Promise<void> {
    await this.db.insertInto('customers').values(row).execute();
  }

  async update(id: string, changes: Partial<Selectable<CustomersTable>>): Promise<void> {
    await this.db.updateTable('customers').set(changes).where('id', '=', id).execute();
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('customers').where('id', '=', id).execute();
  }
}

function normalize<T extends { organization_count: number | string | null }>(row: T): T & { organization_count: number } {
  return { ...row, organization_count: Number(row.organization_count ?? 0) };
}
