import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import { sql } from 'kysely';
import { CopyrightJobStatus } from '../../domain/enums';
import type { Database } from '../db/schema';
import { containsAny } from '../db/like';
import { nameKey } from '../db/name-key';
import type { CopyrightMatchesTable, CopyrightSettingsTable, ProtectedWorksTable } from './copyright.tables';

export type ProtectedWorkRow = Omit<Selectable<ProtectedWorksTable>, 'content_text'> & { match_count: number };
export type CopyrightSettingsRow = Selectable<CopyrightSettingsTable>;

export const WORK_SORT = {
  id: 'id',
  Name: 'name',
  Size: 'size',
  Characters: 'char_count',
  Status: 'status',
  Fingerprints: 'fingerprints',
  CreatedAt: 'created_at',
  UpdatedAt: 'updated_at',
} as const;
export type WorkSortField = keyof typeof WORK_SORT;

export interface WorkListQuery {
  organizationId: string;
  search?: string | undefined;
  ids?: string[] | undefined;
  status?: number | undefined;
  sortField: WorkSortField;
  sortOrder: 'asc' | 'desc';
  offset: number;
  limit: number;
}

const WORK_COLUMNS = [
  'protected_works.id',
  'protected_works.organization_id',
  'protected_works.name',
  'protected_works.name_key',
  'protected_works.description',
  'protected_works.mime_type',
  'protected_works.size',
  'protected_works.char_count',
  'protected_works.status',
  'protected_works.error',
  'protected_works.fingerprints',
  'protected_works.job_id',
  'protected_works.created_by',
  'protected_works.created_at',
  'protected_works.updated_at',
] as const;

export class CopyrightRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private works() {
    return this.db
      .selectFrom('protected_works')
      .select(WORK_COLUMNS)
      .select((eb) => eb.selectFrom('copyright_matches').select(eb.fn.countAll<number>().as('n')).whereRef('copyright_matches.work_id', '=', 'protected_works.id').as('match_count'));
  }

  async list(query: WorkListQuery): Promise<{ rows: ProtectedWorkRow[]; total: number }> {
    let base = this.db.selectFrom('protected_works').where('organization_id', '=', query.organizationId);
    if (query.search) base = base.where((eb) => containsAny(eb, ['name', 'description'], query.search!));
    if (query.ids) base = base.where('id', 'in', query.ids.length ? query.ids : ['']);
    if (query.status !== undefined) base = base.where('status', '=', query.status);
    const ids = base.select('id');
    const [rows, count] = await Promise.all([
      this.works()
        .where('protected_works.id', 'in', ids)
        .orderBy(`protected_works.${WORK_SORT[query.sortField]}`, query.sortOrder)
        .orderBy('protected_works.id')
        .offset(query.offset)
        .limit(query.limit)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { rows: rows.map(withCount), total: Number(count.total) };
  }

  async find(id: string, organizationId: string): Promise<ProtectedWorkRow | undefined> {
    const row = await this.works().where('protected_works.id', '=', id).where('protected_works.organization_id', '=', organizationId).executeTakeFirst();
    return row ? withCount(row) : undefined;
  }

  async textOf(id: string): Promise<{ organization_id: string; name: string; content_text: string; status: number } | undefined> {
    return this.db.selectFrom('protected_works').select(['organization_id', 'name', 'content_text', 'status']).where('id', '=', id).executeTakeFirst();
  }

  async nameTaken(organizationId: string, name: string): Promise<boolean> {
    return (await this.db.selectFrom('protected_works').select('id').where('organization_id', '=', organizationId).where('name_key', '=', nameKey(name)).executeTakeFirst()) !== undefined;
  }

  async insert(row: Insertable<ProtectedWorksTable>): Promise<void> {
    await this.db.insertInto('protected_works').values(row).execute();
  }

  async update(id: string, patch: Updateable<ProtectedWorksTable>): Promise<void> {
    await this.db.updateTable('protected_works').set(patch).where('id', '=', id).execute();
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('protected_works').where('id', '=', id).execute();
  }

  /** The works the index holds: those whose indexing is Complete. */
  async indexedIds(organizationId: string): Promise<string[]> {
    const rows = await this.db.selectFrom('protected_works').select('id').where('organization_id', '=', organizationId).where('status', '=', CopyrightJobStatus.Complete).execute();
    return rows.map((row) => row.id);
  }

  async textsOf(ids: string[]): Promise<{ id: string; name: string; content_text: string }[]> {
    if (!ids.length) return [];
    return this.db.selectFrom('protected_works').select(['id', 'name', 'content_text']).where('id', 'in', ids).where('status', '=', CopyrightJobStatus.Complete).execute();
  }

  settings(organizationId: string): Promise<CopyrightSettingsRow | undefined> {
    return this.db.selectFrom('copyright_settings').selectAll().where('organization_id', '=', organizationId).executeTakeFirst();
  }

  async saveSettings(row: Omit<CopyrightSettingsRow, 'works_revision'>): Promise<void> {
    await this.db
      .insertInto('copyright_settings')
      .values({ ...row, works_revision: 0 })
      .onConflict((conflict) =>
        conflict.column('organization_id').doUpdateSet({ action: row.action, licence_check: row.licence_check, min_match_tokens: row.min_match_tokens, service_url: row.service_url, service_key_enc: row.service_key_enc, updated_by: row.updated_by, updated_at: row.updated_at }),
      )
      .execute();
  }

  /** Moves the organization's works revision (creating its settings with the defaults when it has none). */
  async bumpWorksRevision(organizationId: string, defaults: Pick<CopyrightSettingsRow, 'action' | 'licence_check' | 'min_match_tokens'>): Promise<void> {
    await this.db
      .insertInto('copyright_settings')
      .values({ organization_id: organizationId, ...defaults, works_revision: 1, updated_by: null, updated_at: null })
      .onConflict((conflict) => conflict.column('organization_id').doUpdateSet({ works_revision: sql`copyright_settings.works_revision + 1` }))
      .execute();
  }

  async insertMatches(rows: Insertable<CopyrightMatchesTable>[]): Promise<void> {
    if (rows.length) await this.db.insertInto('copyright_matches').values(rows).execute();
  }

  /** Matches and withheld answers of a window, by kind and by source. */
  async stats(organizationId: string, from: number, to: number) {
    const base = this.db.selectFrom('copyright_matches').where('organization_id', '=', organizationId).where('created_at', '>=', from).where('created_at', '<', to);
    const [totals, bySource] = await Promise.all([
      base
        .select((eb) => [
          eb.fn.countAll<number>().as('matches'),
          eb.fn.count<number>('prompt_id').distinct().as('prompts'),
          sql<number>`count(distinct case when withheld = 1 then prompt_id end)`.as('withheld'),
        ])
        .executeTakeFirstOrThrow(),
      base
        .select(['kind', 'work_id', 'licence_id', 'source_name'])
        .select((eb) => eb.fn.countAll<number>().as('matches'))
        .groupBy(['kind', 'work_id', 'licence_id', 'source_name'])
        .orderBy('matches', 'desc')
        .limit(20)
        .execute(),
    ]);
    return {
      matches: Number(totals.matches),
      prompts: Number(totals.prompts),
      withheld: Number(totals.withheld ?? 0),
      bySource: bySource.map((row) => ({ kind: row.kind, workId: row.work_id, licenceId: row.licence_id, name: row.source_name, matches: Number(row.matches) })),
    };
  }
}

function withCount<T extends { match_count: number | string | null }>(row: T): T & { match_count: number } {
  return { ...row, match_count: Number(row.match_count ?? 0) };
}
