import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import { sql } from 'kysely';
import { ContentType } from '../../domain/enums';
import type { DataSourcesTable, Database } from '../db/schema';
import { containsAny } from '../db/like';
import { nameTaken } from '../db/name-key';

export type DataSourceRow = Selectable<DataSourcesTable>;

export const DATA_SOURCE_SORT = {
  id: 'id',
  Name: 'name',
  AppId: 'app_id',
  Enabled: 'enabled',
  LastSyncStatus: 'last_sync_status',
  LastSyncAt: 'last_sync_at',
  ChunkCount: 'chunk_count',
  CreatedAt: 'created_at',
  UpdatedAt: 'updated_at',
} as const;
export type DataSourceSortField = keyof typeof DATA_SOURCE_SORT;

export interface DataSourceListQuery {
  organizationId: string;
  search?: string;
  ids?: string[];
  appId?: number;
  enabled?: boolean;
  sortField: DataSourceSortField;
  sortOrder: 'asc' | 'desc';
  offset: number;
  limit: number;
}

/** A red-teaming attempt's own data source (0022), which only that attempt's prompt retrieves from. */
export interface RedTeamSource {
  jobId: string;
  sourceId: string;
}

export class DataSourcesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async list(query: DataSourceListQuery): Promise<{ rows: DataSourceRow[]; total: number }> {
    // A red-teaming job's own source (0022) is no data source of the organization's screens.
    let base = this.db.selectFrom('data_sources').where('organization_id', '=', query.organizationId).where('red_team_job_id', 'is', null);
    if (query.search) base = base.where((eb) => containsAny(eb, ['name'], query.search!));
    if (query.ids) base = base.where('id', 'in', query.ids.length ? query.ids : ['']);
    if (query.appId !== undefined) base = base.where('app_id', '=', query.appId);
    if (query.enabled !== undefined) base = base.where('enabled', '=', query.enabled ? 1 : 0);
    const [rows, count] = await Promise.all([
      base.selectAll().orderBy(DATA_SOURCE_SORT[query.sortField], query.sortOrder).orderBy('id').offset(query.offset).limit(query.limit).execute(),
      base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.total) };
  }

  findInOrganization(id: string, organizationId: string): Promise<DataSourceRow | undefined> {
    return this.db.selectFrom('data_sources').selectAll().where('id', '=', id).where('organization_id', '=', organizationId).where('red_team_job_id', 'is', null).executeTakeFirst();
  }

  /** Unscoped: for background jobs, which carry the id they were started for. */
  findById(id: string): Promise<DataSourceRow | undefined> {
    return this.db.selectFrom('data_sources').selectAll().where('id', '=', id).executeTakeFirst();
  }

  listEnabled(organizationId: string): Promise<DataSourceRow[]> {
    return this.db.selectFrom('data_sources').selectAll().where('organization_id', '=', organizationId).where('enabled', '=', 1).where('red_team_job_id', 'is', null).orderBy('name').orderBy('id').execute();
  }

  async countInOrganization(organizationId: string): Promise<number> {
    const row = await this.db.selectFrom('data_sources').select((eb) => eb.fn.countAll<number>().as('total')).where('organization_id', '=', organizationId).where('red_team_job_id', 'is', null).executeTakeFirstOrThrow();
    return Number(row.total);
  }

  /**
   * Enabled sources a member of any of `groupIds` may read. A source without groups is open to the whole
   * organization, the same as a shared drive nobody restricted.
   */
  readable(organizationId: string, groupIds: string[], redTeamSource?: RedTeamSource): Promise<DataSourceRow[]> {
    return this.db
      .selectFrom('data_sources as s')
      .selectAll('s')
      .where('s.organization_id', '=', organizationId)
      .where('s.enabled', '=', 1)
      // A red-teaming job's own source is read only by the attempt it was planted for.
      .where((eb) =>
        redTeamSource
          ? eb.or([eb('s.red_team_job_id', 'is', null), eb.and([eb('s.id', '=', redTeamSource.sourceId), eb('s.red_team_job_id', '=', redTeamSource.jobId)])])
          : eb('s.red_team_job_id', 'is', null),
      )
      .where((eb) =>
        eb.or([
          eb.not(eb.exists(eb.selectFrom('data_source_groups as g').select('g.group_id').whereRef('g.data_source_id', '=', 's.id'))),
          ...(groupIds.length
            ? [eb.exists(eb.selectFrom('data_source_groups as g').select('g.group_id').whereRef('g.data_source_id', '=', 's.id').where('g.group_id', 'in', groupIds))]
            : []),
        ]),
      )
      .orderBy('s.name')
      .execute();
  }

  /** Unicode case-insensitive, on the stored name key (see db/name-key.ts). */
  nameTaken(organizationId: string, name: string, exceptId: string | null): Promise<boolean> {
    return nameTaken(this.db, 'data_sources', organizationId, name, exceptId);
  }

  async insert(row: Insertable<DataSourcesTable>): Promise<void> {
    await this.db.insertInto('data_sources').values(row).execute();
  }

  async update(id: string, changes: Updateable<DataSourcesTable>): Promise<void> {
    await this.db.updateTable('data_sources').set(changes).where('id', '=', id).execute();
  }

  /** The source with its index: chunk_terms has no foreign key to the source, only to its chunks; the rest cascades. */
  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('chunk_terms').where('data_source_id', '=', id).execute();
    await this.db.deleteFrom('vector_store_entries').where('data_source_id', '=', id).execute();
    await this.db.deleteFrom('data_sources').where('id', '=', id).execute();
  }

  async groupIdsBySource(ids: string[]): Promise<Map<string, string[]>> {
    const result = new Map<string, string[]>();
    if (!ids.length) return result;
    const rows = await this.db.selectFrom('data_source_groups').select(['data_source_id', 'group_id']).where('data_source_id', 'in', ids).orderBy('group_id').execute();
    for (const row of rows) result.set(row.data_source_id, [...(result.get(row.data_source_id) ?? []), row.group_id]);
    return result;
  }

  async setGroups(id: string, groupIds: string[]): Promise<void> {
    await this.db.deleteFrom('data_source_groups').where('data_source_id', '=', id).execute();
    if (groupIds.length) await this.db.insertInto('data_source_groups').values(groupIds.map((groupId) => ({ data_source_id: id, group_id: groupId }))).execute();
  }

  /** Files (not folders) per source. */
  async documentCounts(ids: string[]): Promise<Map<string, number>> {
    if (!ids.length) return new Map();
    const rows = await this.db
      .selectFrom('documents')
      .select(['data_source_id', (eb) => eb.fn.countAll<number>().as('files')])
      .where('data_source_id', 'in', ids)
      .where('content_type', '=', ContentType.FILE)
      .groupBy('data_source_id')
      .execute();
    return new Map(rows.map((row) => [row.data_source_id, Number(row.files)]));
  }

  /** Recounts the BM25 statistics of a source from its chunks. */
  async refreshStats(id: string): Promise<void> {
    const stats = await this.db
      .selectFrom('chunks')
      .select((eb) => [eb.fn.countAll<number>().as('chunks'), eb.fn.coalesce(eb.fn.sum<number>('token_count'), eb.lit(0)).as('tokens')])
      .where('data_source_id', '=', id)
      .executeTakeFirstOrThrow();
    // Replaced chunks took their vectors with them: the in-memory vector index reloads on the new revision.
    await this.db
      .updateTable('data_sources')
      .set({ chunk_count: Number(stats.chunks), token_count: Number(stats.tokens), vector_revision: sql`vector_revision + 1` })
      .where('id', '=', id)
      .execute();
  }
}
