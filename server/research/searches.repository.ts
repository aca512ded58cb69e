// SQL of company research: searches, their sections, follow-ups and the organization's guidelines. Every read and
// write of a search is scoped to its organization (and variant): another tenant's id finds nothing.
import type { Kysely, Selectable } from 'kysely';
import type { SectionKey, SectionStatus } from '../../domain/schemas/research-search';
import { SECTION_KEYS } from '../../domain/schemas/research-search';
import type { Database, ResearchFollowupsTable, ResearchGuidelinesTable, ResearchSearchesTable, ResearchSectionsTable, ResearchUploadsTable } from '../db/schema';
import { containsAny } from '../db/like';

export type SearchRow = Selectable<ResearchSearchesTable> & { owner_first_name: string | null; owner_last_name: string | null };
export type SectionRow = Selectable<ResearchSectionsTable>;
export type FollowupRow = Selectable<ResearchFollowupsTable>;
export type GuidelineRow = Selectable<ResearchGuidelinesTable>;
export type UploadRow = Selectable<ResearchUploadsTable>;
export type Variant = 'vora' | 'vora_p';

export interface SearchScope {
  organizationId: string;
  variant: Variant;
}

export interface SearchListQuery extends SearchScope {
  offset: number;
  limit: number;
  sort: 'id' | 'created_at' | 'account_name' | 'completed_at';
  order: 'asc' | 'desc';
  search?: string;
  status?: string;
  ownerId?: string;
}

export class SearchesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private base(scope: SearchScope) {
    return this.db
      .selectFrom('research_searches as s')
      .leftJoin('users as u', 'u.id', 's.user_id')
      .selectAll('s')
      .select(['u.first_name as owner_first_name', 'u.last_name as owner_last_name'])
      .where('s.organization_id', '=', scope.organizationId)
      .where('s.variant', '=', scope.variant);
  }

  async list(query: SearchListQuery): Promise<{ rows: SearchRow[]; total: number }> {
    let rows = this.base(query);
    let count = this.db.selectFrom('research_searches as s').select((eb) => eb.fn.countAll<number>().as('n')).where('s.organization_id', '=', query.organizationId).where('s.variant', '=', query.variant);
    if (query.search) {
      const search = query.search;
      const columns = ['s.account_name', 's.site_link', 's.location'];
      rows = rows.where((eb) => containsAny(eb, columns, search));
      count = count.where((eb) => containsAny(eb, columns, search));
    }
    if (query.status) {
      rows = rows.where('s.status', '=', query.status);
      count = count.where('s.status', '=', query.status);
    }
    if (query.ownerId) {
      rows = rows.where('s.user_id', '=', query.ownerId);
      count = count.where('s.user_id', '=', query.ownerId);
    }
    const [list, total] = await Promise.all([
      rows.orderBy(`s.${query.sort}`, query.order).orderBy('s.id').limit(query.limit).offset(query.offset).execute(),
      count.executeTakeFirstOrThrow(),
    ]);
    return { rows: list, total: Number(total.n) };
  }

  find(scope: SearchScope, id: string): Promise<SearchRow | undefined> {
    return this.base(scope).where('s.id', '=', id).executeTakeFirst();
  }

  /** The job's read: by id alone (the job carries no caller). */
  findById(id: string): Promise<Selectable<ResearchSearchesTable> | undefined> {
    return this.db.selectFrom('research_searches').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** A new search with its sections (all in progress) and the text of its uploaded documents, at once. */
  async insert(row: Selectable<ResearchSearchesTable>, uploads: readonly UploadRow[] = []): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('research_searches').values(row).execute();
      if (uploads.length) await trx.insertInto('research_uploads').values([...uploads]).execute();
      await trx
        .insertInto('research_sections')
        .values(SECTION_KEYS.map((key) => ({ search_id: row.id, section_key: key, status: 'in_progress', started_at: null, finished_at: null, evidence_json: null, reason: null })))
        .execute();
    });
  }

  /** A refresh: every section back to in progress, evidence cleared, the new job recorded. */
  async restart(id: string, jobId: string, at: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('research_searches').set({ status: 'in_progress', job_id: jobId, completed_at: null, updated_at: at }).where('id', '=', id).execute();
      await trx.updateTable('research_sections').set({ status: 'in_progress', started_at: null, finished_at: null, evidence_json: null, reason: null }).where('search_id', '=', id).execute();
    });
  }

  /** The job's read of the documents uploaded with a search, in the order given. */
  uploads(searchId: string): Promise<UploadRow[]> {
    return this.db.selectFrom('research_uploads').selectAll().where('search_id', '=', searchId).orderBy('ordinal').execute();
  }

  async setJob(id: string, jobId: string): Promise<void> {
    await this.db.updateTable('research_searches').set({ job_id: jobId }).where('id', '=', id).execute();
  }

  async setModels(id: string, modelsJson: string): Promise<void> {
    await this.db.updateTable('research_searches').set({ models_json: modelsJson }).where('id', '=', id).execute();
  }

  async finish(id: string, status: 'success' | 'failed', at: number): Promise<void> {
    await this.db.updateTable('research_searches').set({ status, completed_at: at, updated_at: at }).where('id', '=', id).execute();
  }

  async delete(scope: SearchScope, id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('research_searches').where('id', '=', id).where('organization_id', '=', scope.organizationId).where('variant', '=', scope.variant).executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  sections(searchId: string): Promise<SectionRow[]> {
    return this.db.selectFrom('research_sections').selectAll().where('search_id', '=', searchId).execute();
  }

  async sectionsOf(searchIds: string[]): Promise<SectionRow[]> {
    if (!searchIds.length) return [];
    return this.db.selectFrom('research_sections').selectAll().where('search_id', 'in', searchIds).where('section_key', '=', 'riskScore').execute();
  }

  async startSection(searchId: string, key: SectionKey, at: number): Promise<void> {
    await this.db.updateTable('research_sections').set({ status: 'in_progress', started_at: at, finished_at: null, reason: null }).where('search_id', '=', searchId).where('section_key', '=', key).execute();
  }

  async endSection(searchId: string, key: SectionKey, status: Exclude<SectionStatus, 'in_progress'>, evidence: unknown, reason: string | null, at: number): Promise<void> {
    await this.db
      .updateTable('research_sections')
      .set({ status, finished_at: at, evidence_json: evidence === undefined || evidence === null ? null : JSON.stringify(evidence), reason })
      .where('search_id', '=', searchId)
      .where('section_key', '=', key)
      .execute();
  }

  /** Sections still in progress when a job ends for good (its server kept dying) become failed with the reason. */
  async failOpenSections(searchId: string, reason: string, at: number): Promise<void> {
    await this.db.updateTable('research_sections').set({ status: 'failed', finished_at: at, reason }).where('search_id', '=', searchId).where('status', '=', 'in_progress').execute();
  }

  followups(searchId: string, userId: string): Promise<FollowupRow[]> {
    return this.db.selectFrom('research_followups').selectAll().where('search_id', '=', searchId).where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute();
  }

  async insertFollowup(row: FollowupRow): Promise<void> {
    await this.db.insertInto('research_followups').values(row).execute();
  }

  async finishFollowup(id: string, values: { answer: string | null; error: string | null; prompt_id: string | null }): Promise<void> {
    await this.db.updateTable('research_followups').set(values).where('id', '=', id).execute();
  }

  findFollowup(id: string): Promise<FollowupRow | undefined> {
    return this.db.selectFrom('research_followups').selectAll().where('id', '=', id).executeTakeFirst();
  }
}

export class GuidelinesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  list(organizationId: string, enabledOnly = false): Promise<GuidelineRow[]> {
    let query = this.db.selectFrom('research_guidelines').selectAll().where('organization_id', '=', organizationId);
    if (enabledOnly) query = query.where('enabled', '=', 1);
    return query.orderBy('created_at').orderBy('id').execute();
  }

  find(organizationId: string, id: string): Promise<GuidelineRow | undefined> {
    return this.db.selectFrom('research_guidelines').selectAll().where('organization_id', '=', organizationId).where('id', '=', id).executeTakeFirst();
  }

  async insert(row: GuidelineRow): Promise<void> {
    await this.db.insertInto('research_guidelines').values(row).execute();
  }

  async update(organizationId: string, id: string, values: Pick<GuidelineRow, 'name' | 'rule_json' | 'enabled' | 'updated_at'>): Promise<boolean> {
    const result = await this.db.updateTable('research_guidelines').set(values).where('organization_id', '=', organizationId).where('id', '=', id).executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async delete(organizationId: string, id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('research_guidelines').where('organization_id', '=', organizationId).where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  /** Gives the default set once per organization, in one transaction; false when it was given before. */
  async giveDefaultsOnce(organizationId: string, rows: GuidelineRow[], at: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const given = await trx.selectFrom('research_guideline_defaults').select('organization_id').where('organization_id', '=', organizationId).executeTakeFirst();
      if (given) return false;
      await trx.insertInto('research_guideline_defaults').values({ organization_id: organizationId, given_at: at }).execute();
      if (rows.length) await trx.insertInto('research_guidelines').values(rows).execute();
      return true;
    });
  }
}
