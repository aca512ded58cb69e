import type { Kysely, Selectable } from 'kysely';
import type { Database, RedTeamAttemptsTable, RedTeamJobsTable } from '../db/schema';

export type RedTeamJobRow = Selectable<RedTeamJobsTable>;
export type RedTeamAttemptRow = Selectable<RedTeamAttemptsTable>;
export type AttemptInsert = Omit<RedTeamAttemptRow, 'flagged'> & { flagged?: number };

export const JOB_SORT = { id: 'id', CreatedAt: 'created_at', Name: 'name', Status: 'status' } as const;
export type JobSortField = keyof typeof JOB_SORT;
export const ATTEMPT_SORT = { id: 'id', Ordinal: 'ordinal', Category: 'category', Strategy: 'strategy', Outcome: 'outcome' } as const;
export type AttemptSortField = keyof typeof ATTEMPT_SORT;

export interface AttemptFilter {
  outcome?: string[] | undefined;
  category?: string | undefined;
  strategy?: string | undefined;
}

/** Attempts counted per category, strategy and outcome. */
export interface OutcomeCount {
  job_id: string;
  category: string;
  strategy: string;
  outcome: string;
  n: number;
}

const INSERT_BATCH = 200;

export class RedTeamRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insertJob(row: RedTeamJobRow, attempts: AttemptInsert[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('red_team_jobs').values(row).execute();
      for (let index = 0; index < attempts.length; index += INSERT_BATCH) {
        await trx.insertInto('red_team_attempts').values(attempts.slice(index, index + INSERT_BATCH)).execute();
      }
    });
  }

  findJob(organizationId: string, id: string): Promise<RedTeamJobRow | undefined> {
    return this.db.selectFrom('red_team_jobs').selectAll().where('organization_id', '=', organizationId).where('id', '=', id).executeTakeFirst();
  }

  findJobById(id: string): Promise<RedTeamJobRow | undefined> {
    return this.db.selectFrom('red_team_jobs').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async listJobs(organizationId: string, params: { sort: JobSortField; order: 'asc' | 'desc'; offset: number; limit: number; ids?: string[] | undefined; q?: string | undefined }): Promise<{ rows: RedTeamJobRow[]; total: number }> {
    let base = this.db.selectFrom('red_team_jobs').where('organization_id', '=', organizationId);
    if (params.ids) base = base.where('id', 'in', params.ids.length ? params.ids : ['']);
    if (params.q) base = base.where('name', 'like', `%${params.q.replace(/[%_\\]/g, (c) => `\\${c}`)}%`);
    const [rows, count] = await Promise.all([
      base.selectAll().orderBy(JOB_SORT[params.sort], params.order).orderBy('id', params.order).offset(params.offset).limit(params.limit).execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  async updateJob(id: string, patch: Partial<Omit<RedTeamJobRow, 'id' | 'organization_id'>>): Promise<void> {
    await this.db.updateTable('red_team_jobs').set(patch).where('id', '=', id).execute();
  }

  /** Moves a job to `to` only from one of `from` (compare-and-set): a cancelled job stays cancelled. */
  async transition(id: string, from: string[], patch: Partial<RedTeamJobRow> & { status: string }): Promise<boolean> {
    const result = await this.db.updateTable('red_team_jobs').set(patch).where('id', '=', id).where('status', 'in', from).executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async deleteJob(organizationId: string, id: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('red_team_attempts').where('job_id', '=', id).where('organization_id', '=', organizationId).execute();
      await trx.deleteFrom('red_team_jobs').where('id', '=', id).where('organization_id', '=', organizationId).execute();
    });
  }

  pendingAttempts(jobId: string): Promise<RedTeamAttemptRow[]> {
    return this.db.selectFrom('red_team_attempts').selectAll().where('job_id', '=', jobId).where('outcome', '=', 'pending').orderBy('ordinal').execute();
  }

  async finishAttempt(id: string, patch: Pick<RedTeamAttemptRow, 'outcome' | 'evidence' | 'rule' | 'flagged' | 'answer' | 'judge_json' | 'prompt_id' | 'finished_at'>): Promise<void> {
    await this.db.updateTable('red_team_attempts').set(patch).where('id', '=', id).where('outcome', '=', 'pending').execute();
  }

  async listAttempts(jobId: string, filter: AttemptFilter, params: { sort: AttemptSortField; order: 'asc' | 'desc'; offset: number; limit: number }): Promise<{ rows: RedTeamAttemptRow[]; total: number }> {
    let base = this.db.selectFrom('red_team_attempts').where('job_id', '=', jobId);
    if (filter.outcome) base = base.where('outcome', 'in', filter.outcome.length ? filter.outcome : ['']);
    if (filter.category) base = base.where('category', '=', filter.category);
    if (filter.strategy) base = base.where('strategy', '=', filter.strategy);
    const [rows, count] = await Promise.all([
      base.selectAll().orderBy(ATTEMPT_SORT[params.sort], params.order).orderBy('ordinal', params.order).offset(params.offset).limit(params.limit).execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  findAttempt(organizationId: string, id: string): Promise<RedTeamAttemptRow | undefined> {
    return this.db.selectFrom('red_team_attempts').selectAll().where('organization_id', '=', organizationId).where('id', '=', id).executeTakeFirst();
  }

  allAttempts(jobId: string): Promise<RedTeamAttemptRow[]> {
    return this.db.selectFrom('red_team_attempts').selectAll().where('job_id', '=', jobId).orderBy('ordinal').execute();
  }

  async outcomeCounts(jobIds: string[]): Promise<OutcomeCount[]> {
    if (!jobIds.length) return [];
    const rows = await this.db
      .selectFrom('red_team_attempts')
      .select(['job_id', 'category', 'strategy', 'outcome'])
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('job_id', 'in', jobIds)
      .groupBy(['job_id', 'category', 'strategy', 'outcome'])
      .execute();
    return rows.map((row) => ({ ...row, n: Number(row.n) }));
  }

  /** Earlier jobs against the same target (model or copilot), oldest first, that are not still waiting or running. */
  earlierRuns(job: RedTeamJobRow, limit: number): Promise<RedTeamJobRow[]> {
    let query = this.db
      .selectFrom('red_team_jobs')
      .selectAll()
      .where('organization_id', '=', job.organization_id)
      .where('target_kind', '=', job.target_kind)
      .where('created_at', '<', job.created_at)
      .where('status', 'in', ['completed', 'cancelled']);
    query = job.app_id ? query.where('app_id', '=', job.app_id) : query.where('language_model_id', '=', job.language_model_id);
    return query.orderBy('created_at', 'desc').limit(limit).execute().then((rows) => rows.reverse());
  }
}
