import type { Kysely, Selectable } from 'kysely';
import type { Database, PoliciesTable } from '../db/schema';
import { containsAny } from '../db/like';
import { nameTaken } from '../db/name-key';

export type PolicyRow = Selectable<PoliciesTable>;

export const POLICY_SORT = { id: 'id', Name: 'name', Type: 'type', Priority: 'priority', Enabled: 'enabled', CreatedAt: 'created_at', UpdatedAt: 'updated_at' } as const;
export type PolicySortField = keyof typeof POLICY_SORT;

export interface PolicyTargetIds {
  groupIds: string[];
  languageModelIds: number[];
}

export interface PolicyListQuery {
  organizationId: string;
  search?: string;
  ids?: string[];
  type?: string;
  enabled?: boolean;
  sortField: PolicySortField;
  sortOrder: 'asc' | 'desc';
  offset: number;
  limit: number;
}

export class PoliciesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async list(query: PolicyListQuery): Promise<{ rows: PolicyRow[]; total: number }> {
    let base = this.db.selectFrom('policies').where('organization_id', '=', query.organizationId);
    if (query.search) base = base.where((eb) => containsAny(eb, ['name', 'description'], query.search!));
    if (query.ids) base = base.where('id', 'in', query.ids.length ? query.ids : ['']);
    if (query.type) base = base.where('type', '=', query.type);
    if (query.enabled !== undefined) base = base.where('enabled', '=', query.enabled ? 1 : 0);
    const [rows, count] = await Promise.all([
      base.selectAll().orderBy(POLICY_SORT[query.sortField], query.sortOrder).orderBy('name').orderBy('id').offset(query.offset).limit(query.limit).execute(),
      base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.total) };
  }

  /** Every enabled policy of the organization, lowest priority number first. */
  enabledInOrganization(organizationId: string): Promise<PolicyRow[]> {
    return this.db.selectFrom('policies').selectAll().where('organization_id', '=', organizationId).where('enabled', '=', 1).orderBy('priority').orderBy('name').execute();
  }

  findInOrganization(id: string, organizationId: string): Promise<PolicyRow | undefined> {
    return this.db.selectFrom('policies').selectAll().where('id', '=', id).where('organization_id', '=', organizationId).executeTakeFirst();
  }

  findManyInOrganization(ids: string[], organizationId: string): Promise<PolicyRow[]> {
    if (!ids.length) return Promise.resolve([]);
    return this.db.selectFrom('policies').selectAll().where('id', 'in', ids).where('organization_id', '=', organizationId).execute();
  }

  /** Unicode case-insensitive, on the stored name key (see db/name-key.ts). */
  nameTaken(organizationId: string, name: string, exceptId: string | null): Promise<boolean> {
    return nameTaken(this.db, 'policies', organizationId, name, exceptId);
  }

  async targetsOf(policyIds: string[]): Promise<Map<string, PolicyTargetIds>> {
    const map = new Map<string, PolicyTargetIds>(policyIds.map((id) => [id, { groupIds: [], languageModelIds: [] }]));
    if (!policyIds.length) return map;
    const rows = await this.db
      .selectFrom('policy_targets')
      .select(['policy_id', 'group_id', 'language_model_id'])
      .where('policy_id', 'in', policyIds)
      .orderBy('group_id')
      .orderBy('language_model_id')
      .execute();
    for (const row of rows) {
      const targets = map.get(row.policy_id);
      if (row.group_id !== null) targets?.groupIds.push(row.group_id);
      if (row.language_model_id !== null) targets?.languageModelIds.push(Number(row.language_model_id));
    }
    return map;
  }

  async setTargets(policyId: string, targets: PolicyTargetIds): Promise<void> {
    await this.db.deleteFrom('policy_targets').where('policy_id', '=', policyId).execute();
    const rows = [
      ...targets.groupIds.map((groupId) => ({ policy_id: policyId, group_id: groupId, language_model_id: null })),
      ...targets.languageModelIds.map((modelId) => ({ policy_id: policyId, group_id: null, language_model_id: modelId })),
    ];
    if (rows.length) await this.db.insertInto('policy_targets').values(rows).execute();
  }

  async insert(row: PolicyRow): Promise<void> {
    await this.db.insertInto('policies').values(row).execute();
  }

  async update(id: string, changes: Partial<PolicyRow>): Promise<void> {
    await this.db.updateTable('policies').set(changes).where('id', '=', id).execute();
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('policies').where('id', '=', id).execute();
  }
}
