import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import { sql } from 'kysely';
import type { Database, LanguageModelsTable } from '../db/schema';
import { containsAny } from '../db/like';
import { nameTaken } from '../db/name-key';

export type LanguageModelRow = Selectable<LanguageModelsTable>;

export const LANGUAGE_MODEL_SORT = {
  id: 'id',
  Name: 'name',
  Provider: 'provider',
  Model: 'model',
  MaxTokens: 'max_tokens',
  Temperature: 'temperature',
  Enabled: 'enabled',
  ConfigStatus: 'config_status',
  TestedAt: 'tested_at',
  CreatedAt: 'created_at',
  UpdatedAt: 'updated_at',
} as const;
export type LanguageModelSortField = keyof typeof LANGUAGE_MODEL_SORT;

/** The fields a USER may sort by: those of the summary they see. */
export const LANGUAGE_MODEL_USER_SORT: readonly LanguageModelSortField[] = ['id', 'Name', 'Provider', 'Model', 'MaxTokens', 'Temperature'];

export interface LanguageModelListQuery {
  organizationId: string;
  /** Only enabled models this user may use: granted to one of their groups, or to no group at all (the whole organization). */
  usableBy?: string;
  search?: string;
  ids?: number[];
  enabled?: boolean;
  provider?: string;
  configStatus?: number;
  sortField: LanguageModelSortField;
  sortOrder: 'asc' | 'desc';
  offset: number;
  limit: number;
}

export class LanguageModelsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private scoped(organizationId: string, usableBy?: string) {
    let base = this.db.selectFrom('language_models').where('organization_id', '=', organizationId);
    if (usableBy) {
      base = base.where('enabled', '=', 1).where((eb) =>
        eb.or([
          eb.not(eb.exists(eb.selectFrom('language_model_groups as grant').select('grant.group_id').whereRef('grant.language_model_id', '=', 'language_models.id'))),
          eb.exists(
            eb
              .selectFrom('language_model_groups as grant')
              .innerJoin('group_members as member', 'member.group_id', 'grant.group_id')
              .select('grant.group_id')
              .whereRef('grant.language_model_id', '=', 'language_models.id')
              .where('member.user_id', '=', usableBy),
          ),
        ]),
      );
    }
    return base;
  }

  async list(query: LanguageModelListQuery): Promise<{ rows: LanguageModelRow[]; total: number }> {
    let base = this.scoped(query.organizationId, query.usableBy);
    if (query.ids) base = query.ids.length ? base.where('id', 'in', query.ids) : base.where(sql<boolean>`1 = 0`);
    if (query.enabled !== undefined) base = base.where('enabled', '=', query.enabled ? 1 : 0);
    if (query.provider) base = base.where('provider', '=', query.provider);
    if (query.configStatus !== undefined) base = base.where('config_status', '=', query.configStatus);
    if (query.search) base = base.where((eb) => containsAny(eb, ['name', 'model', 'provider'], query.search!));
    const [rows, count] = await Promise.all([
      base.selectAll().orderBy(LANGUAGE_MODEL_SORT[query.sortField], query.sortOrder).orderBy('id').offset(query.offset).limit(query.limit).execute(),
      base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.total) };
  }

  find(id: number, organizationId: string, usableBy?: string): Promise<LanguageModelRow | undefined> {
    return this.scoped(organizationId, usableBy).selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Unicode case-insensitive, on the stored name key (see db/name-key.ts). */
  nameTaken(organizationId: string, name: string, exceptId: number | null): Promise<boolean> {
    return nameTaken(this.db, 'language_models', organizationId, name, exceptId);
  }

  async insert(row: Insertable<LanguageModelsTable>): Promise<number> {
    const inserted = await this.db.insertInto('language_models').values(row).returning('id').executeTakeFirstOrThrow();
    return Number(inserted.id);
  }

  async update(id: number, changes: Updateable<LanguageModelsTable>): Promise<void> {
    await this.db.updateTable('language_models').set(changes).where('id', '=', id).execute();
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('language_models').where('id', '=', id).execute();
  }

  async groupIdsByModel(modelIds: number[]): Promise<Map<number, string[]>> {
    const map = new Map<number, string[]>(modelIds.map((id) => [id, []]));
    if (!modelIds.length) return map;
    const rows = await this.db
      .selectFrom('language_model_groups')
      .select(['language_model_id', 'group_id'])
      .where('language_model_id', 'in', modelIds)
      .orderBy('group_id')
      .execute();
    for (const row of rows) map.get(Number(row.language_model_id))?.push(row.group_id);
    return map;
  }

  async setGroups(modelId: number, groupIds: string[]): Promise<void> {
    await this.db.deleteFrom('language_model_groups').where('language_model_id', '=', modelId).execute();
    if (groupIds.length) await this.db.insertInto('language_model_groups').values(groupIds.map((groupId) => ({ language_model_id: modelId, group_id: groupId }))).execute();
  }
}
