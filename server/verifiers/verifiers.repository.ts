import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database, VerifiersTable } from '../db/schema';
import { containsAny } from '../db/like';
import { nameTaken } from '../db/name-key';

export type VerifierRow = Selectable<VerifiersTable>;

export const VERIFIER_SORT = {
  id: 'id',
  Name: 'name',
  Intensity: 'intensity',
  ApiVersion: 'api_version',
  Action: 'action',
  Threshold: 'threshold',
  Enabled: 'enabled',
  CreatedAt: 'created_at',
  UpdatedAt: 'updated_at',
} as const;
export type VerifierSortField = keyof typeof VERIFIER_SORT;

export interface VerifierListQuery {
  organizationId: string;
  search?: string;
  ids?: string[];
  enabled?: boolean;
  action?: string;
  sortField: VerifierSortField;
  sortOrder: 'asc' | 'desc';
  offset: number;
  limit: number;
}

export class VerifiersRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async list(query: VerifierListQuery): Promise<{ rows: VerifierRow[]; total: number }> {
    let base = this.db.selectFrom('verifiers').where('organization_id', '=', query.organizationId);
    if (query.search) base = base.where((eb) => containsAny(eb, ['name', 'endpoint', 'metric_types_json'], query.search!));
    if (query.ids) base = base.where('id', 'in', query.ids.length ? query.ids : ['']);
    if (query.enabled !== undefined) base = base.where('enabled', '=', query.enabled ? 1 : 0);
    if (query.action) base = base.where('action', '=', query.action);
    const [rows, count] = await Promise.all([
      base.selectAll().orderBy(VERIFIER_SORT[query.sortField], query.sortOrder).orderBy('id').offset(query.offset).limit(query.limit).execute(),
      base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.total) };
  }

  findInOrganization(id: string, organizationId: string): Promise<VerifierRow | undefined> {
    return this.db.selectFrom('verifiers').selectAll().where('id', '=', id).where('organization_id', '=', organizationId).executeTakeFirst();
  }

  enabledOf(organizationId: string): Promise<VerifierRow[]> {
    return this.db.selectFrom('verifiers').selectAll().where('organization_id', '=', organizationId).where('enabled', '=', 1).orderBy('name').orderBy('id').execute();
  }

  /** Unicode case-insensitive, on the stored name key (see db/name-key.ts). */
  nameTaken(organizationId: string, name: string, exceptId: string | null): Promise<boolean> {
    return nameTaken(this.db, 'verifiers', organizationId, name, exceptId);
  }

  async insert(row: Insertable<VerifiersTable>): Promise<void> {
    await this.db.insertInto('verifiers').values(row).execute();
  }

  async update(id: string, changes: Updateable<VerifiersTable>): Promise<void> {
    await this.db.updateTable('verifiers').set(changes).where('id', '=', id).execute();
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('verifiers').where('id', '=', id).execute();
  }
}
