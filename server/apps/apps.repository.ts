import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { AppsTable, AppTokensTable, Database } from '../db/schema';
import { containsAny } from '../db/like';
import { nameTaken } from '../db/name-key';

export type AppRow = Selectable<AppsTable>;
export type AppTokenRow = Selectable<AppTokensTable>;

export const APP_SORT = {
  id: 'id',
  Name: 'name',
  Status: 'status',
  CompletedStep: 'completed_step',
  CreatedAt: 'created_at',
  UpdatedAt: 'updated_at',
} as const;
export type AppSortField = keyof typeof APP_SORT;

export interface AppListQuery {
  organizationId: string;
  search?: string;
  ids?: string[];
  status?: string;
  sortField: AppSortField;
  sortOrder: 'asc' | 'desc';
  offset: number;
  limit: number;
}

/** The ids a copilot refers to, one join table each. */
export interface AppReferences {
  dataSourceIds: string[];
  languageModelIds: number[];
  policyIds: string[];
  userIds: string[];
  groupIds: string[];
}

const emptyReferences = (): AppReferences => ({ dataSourceIds: [], languageModelIds: [], policyIds: [], userIds: [], groupIds: [] });

export class AppsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async list(query: AppListQuery): Promise<{ rows: AppRow[]; total: number }> {
    let base = this.db.selectFrom('apps').where('organization_id', '=', query.organizationId);
    if (query.search) base = base.where((eb) => containsAny(eb, ['name', 'description'], query.search!));
    if (query.ids) base = base.where('id', 'in', query.ids.length ? query.ids : ['']);
    if (query.status) base = base.where('status', '=', query.status);
    const [rows, count] = await Promise.all([
      base.selectAll().orderBy(APP_SORT[query.sortField], query.sortOrder).orderBy('id').offset(query.offset).limit(query.limit).execute(),
      base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.total) };
  }

  /** The copilot's own allowed tool names (0020); null: none set, the organization's list applies. */
  async allowedToolsOf(id: string, organizationId: string): Promise<string[] | null> {
    const row = await this.db.selectFrom('apps').select('allowed_tools').where('id', '=', id).where('organization_id', '=', organizationId).executeTakeFirst();
    return row?.allowed_tools ? (JSON.parse(row.allowed_tools) as string[]) : null;
  }

  findInOrganization(id: string, organizationId: string): Promise<AppRow | undefined> {
    return this.db.selectFrom('apps').selectAll().where('id', '=', id).where('organization_id', '=', organizationId).executeTakeFirst();
  }

  /** Unicode case-insensitive, on the stored name key (see db/name-key.ts). */
  nameTaken(organizationId: string, name: string, exceptId: string | null): Promise<boolean> {
    return nameTaken(this.db, 'apps', organizationId, name, exceptId);
  }

  async insert(row: Insertable<AppsTable>): Promise<void> {
    await this.db.insertInto('apps').values(row).execute();
  }

  async update(id: string, changes: Updateable<AppsTable>): Promise<void> {
    await this.db.updateTable('apps').set(changes).where('id', '=', id).execute();
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('apps').where('id', '=', id).execute();
  }

  async referencesByApp(appIds: string[]): Promise<Map<string, AppReferences>> {
    const map = new Map<string, AppReferences>(appIds.map((id) => [id, emptyReferences()]));
    if (!appIds.length) return map;
    const [sources, models, policies, users, groups] = await Promise.all([
      this.db.selectFrom('app_data_sources').select(['app_id', 'data_source_id as ref']).where('app_id', 'in', appIds).orderBy('data_source_id').execute(),
      this.db.selectFrom('app_language_models').select(['app_id', 'language_model_id as ref']).where('app_id', 'in', appIds).orderBy('language_model_id').execute(),
      this.db.selectFrom('app_policies').select(['app_id', 'policy_id as ref']).where('app_id', 'in', appIds).orderBy('policy_id').execute(),
      this.db.selectFrom('app_users').select(['app_id', 'user_id as ref']).where('app_id', 'in', appIds).orderBy('user_id').execute(),
      this.db.selectFrom('app_groups').select(['app_id', 'group_id as ref']).where('app_id', 'in', appIds).orderBy('group_id').execute(),
    ]);
    for (const row of sources) map.get(row.app_id)?.dataSourceIds.push(row.ref);
    for (const row of models) map.get(row.app_id)?.languageModelIds.push(Number(row.ref));
    for (const row of policies) map.get(row.app_id)?.policyIds.push(row.ref);
    for (const row of users) map.get(row.app_id)?.userIds.push(row.ref);
    for (const row of groups) map.get(row.app_id)?.groupIds.push(row.ref);
    return map;
  }

  async setDataSources(appId: string, ids: string[]): Promise<void> {
    await this.db.deleteFrom('app_data_sources').where('app_id', '=', appId).execute();
    if (ids.length) await this.db.insertInto('app_data_sources').values(ids.map((id) => ({ app_id: appId, data_source_id: id }))).execute();
  }

  async setLanguageModels(appId: string, ids: number[]): Promise<void> {
    await this.db.deleteFrom('app_language_models').where('app_id', '=', appId).execute();
    if (ids.length) await this.db.insertInto('app_language_models').values(ids.map((id) => ({ app_id: appId, language_model_id: id }))).execute();
  }

  async setPolicies(appId: string, ids: string[]): Promise<void> {
    await this.db.deleteFrom('app_policies').where('app_id', '=', appId).execute();
    if (ids.length) await this.db.insertInto('app_policies').values(ids.map((id) => ({ app_id: appId, policy_id: id }))).execute();
  }

  async setAudience(appId: string, userIds: string[], groupIds: string[]): Promise<void> {
    await this.db.deleteFrom('app_users').where('app_id', '=', appId).execute();
    await this.db.deleteFrom('app_groups').where('app_id', '=', appId).execute();
    if (userIds.length) await this.db.insertInto('app_users').values(userIds.map((id) => ({ app_id: appId, user_id: id }))).execute();
    if (groupIds.length) await this.db.insertInto('app_groups').values(groupIds.map((id) => ({ app_id: appId, group_id: id }))).execute();
  }

  /** The subset of `ids` that are rows of `table` in the organization. */
  async existingInOrganization(table: 'data_sources' | 'groups' | 'users' | 'policies', organizationId: string, ids: string[]): Promise<Set<string>> {
    if (!ids.length) return new Set();
    const rows = await this.db.selectFrom(table).select('id').where('organization_id', '=', organizationId).where('id', 'in', ids).execute();
    return new Set(rows.map((row) => row.id));
  }

  async existingLanguageModels(organizationId: string, ids: number[]): Promise<Set<number>> {
    if (!ids.length) return new Set();
    const rows = await this.db.selectFrom('language_models').select('id').where('organization_id', '=', organizationId).where('id', 'in', ids).execute();
    return new Set(rows.map((row) => Number(row.id)));
  }

  // ---- the copilot's access token ----

  tokensOf(appIds: string[]): Promise<AppTokenRow[]> {
    if (!appIds.length) return Promise.resolve([]);
    return this.db.selectFrom('app_tokens').selectAll().where('app_id', 'in', appIds).execute();
  }

  async replaceToken(row: AppTokenRow): Promise<void> {
    await this.db.deleteFrom('app_tokens').where('app_id', '=', row.app_id).execute();
    await this.db.insertInto('app_tokens').values(row).execute();
  }

  async deleteToken(appId: string): Promise<void> {
    await this.db.deleteFrom('app_tokens').where('app_id', '=', appId).execute();
  }

  findTokenBySecretHash(secretHash: string) {
    return this.db
      .selectFrom('app_tokens')
      .innerJoin('apps', 'apps.id', 'app_tokens.app_id')
      .innerJoin('organizations', 'organizations.id', 'apps.organization_id')
      .select(['app_tokens.app_id', 'app_tokens.last_used_at', 'apps.organization_id', 'apps.status'])
      // The gateway's limits ride along with the token lookup it makes anyway.
      .select(['apps.rate_limit_rpm', 'apps.rate_limit_tpm', 'organizations.rate_limit_rpm as org_rate_limit_rpm', 'organizations.rate_limit_tpm as org_rate_limit_tpm'])
      .where('app_tokens.secret_hash', '=', secretHash)
      .executeTakeFirst();
  }

  async markTokenUsed(appId: string, at: number): Promise<void> {
    await this.db.updateTable('app_tokens').set({ last_used_at: at }).where('app_id', '=', appId).execute();
  }
}
