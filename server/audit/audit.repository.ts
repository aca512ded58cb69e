import type { Kysely, Selectable } from 'kysely';
import { sql } from 'kysely';
import type { AuditLogTable, Database } from '../db/schema';
import { likePattern } from '../http/list-query';

export type AuditRow = Selectable<AuditLogTable>;

export interface AuditScope {
  customerId?: string | null;
  organizationId?: string | null;
}

export interface AuditListQuery {
  scope: AuditScope;
  search?: string;
  resource?: string;
  recordId?: string;
  sortField: 'At' | 'id';
  sortOrder: 'asc' | 'desc';
  offset: number;
  limit: number;
}

export class AuditRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: AuditRow): Promise<void> {
    await this.db.insertInto('audit_log').values(row).execute();
  }

  async list(query: AuditListQuery): Promise<{ rows: AuditRow[]; total: number }> {
    let base = this.db.selectFrom('audit_log');
    if (query.scope.organizationId) base = base.where('organization_id', '=', query.scope.organizationId);
    else if (query.scope.customerId) base = base.where('customer_id', '=', query.scope.customerId);
    if (query.resource) base = base.where('resource', '=', query.resource);
    if (query.recordId) base = base.where('record_id', '=', query.recordId);
    if (query.search) {
      const pattern = likePattern(query.search);
      base = base.where((eb) =>
        eb.or([
          eb(sql`lower(summary)`, 'like', sql`${pattern} escape '\\'`),
          eb(sql`lower(coalesce(actor_email, ''))`, 'like', sql`${pattern} escape '\\'`),
        ]),
      );
    }
    const [rows, count] = await Promise.all([
      base.selectAll().orderBy(query.sortField === 'id' ? 'id' : 'at', query.sortOrder).orderBy('id').offset(query.offset).limit(query.limit).execute(),
      base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.total) };
  }
}
