import type { Kysely, Selectable, Updateable } from 'kysely';
import type { Database, JobsTable } from '../db/schema';

export type JobRow = Selectable<JobsTable>;

export class JobsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: JobRow): Promise<void> {
    await this.db.insertInto('jobs').values(row).execute();
  }

  findById(id: string): Promise<JobRow | undefined> {
    return this.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The oldest job that is waiting, or running under a lock that ran out (its server died); of one type when given. */
  nextClaimable(at: number, type?: string): Promise<JobRow | undefined> {
    let query = this.db
      .selectFrom('jobs')
      .selectAll()
      .where((eb) => eb.or([eb('status', '=', 'queued'), eb.and([eb('status', '=', 'running'), eb('locked_until', '<', at)])]));
    if (type !== undefined) query = query.where('type', '=', type);
    return query.orderBy('created_at').orderBy('id').limit(1).executeTakeFirst();
  }

  /** The types that have a claimable job, each with the creation time of its oldest one; `except` are left out. */
  async claimableTypes(at: number, except: string[]): Promise<{ type: string; oldest: number }[]> {
    let query = this.db
      .selectFrom('jobs')
      .select((eb) => ['type', eb.fn.min('created_at').as('oldest')])
      .where((eb) => eb.or([eb('status', '=', 'queued'), eb.and([eb('status', '=', 'running'), eb('locked_until', '<', at)])]));
    if (except.length) query = query.where('type', 'not in', except);
    const rows = await query.groupBy('type').execute();
    return rows.map((row) => ({ type: row.type, oldest: Number(row.oldest) }));
  }

  /**
   * Takes the job if nobody else did in between: compare-and-set on status, attempts and an absent or expired lock,
   * so a server whose lease is being renewed keeps its job.
   */
  async claim(job: JobRow, owner: string, at: number, lockMs: number): Promise<boolean> {
    return this.ifStillAsRead(job, at, { status: 'running', locked_by: owner, locked_until: at + lockMs, attempts: job.attempts + 1, updated_at: at });
  }

  /** Extends the lease of a job this owner runs; false when the owner no longer holds it. */
  async renew(id: string, owner: string, at: number, lockMs: number): Promise<boolean> {
    const result = await this.db
      .updateTable('jobs')
      .set({ locked_until: at + lockMs })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .where('locked_by', '=', owner)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async progress(id: string, owner: string, progress: number, message: string | null, at: number, lockMs: number): Promise<void> {
    await this.db
      .updateTable('jobs')
      .set({ progress, message, updated_at: at, locked_until: at + lockMs })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .where('locked_by', '=', owner)
      .execute();
  }

  /** Ends a job this owner holds; false when it no longer does (a server that lost its lease records nothing). */
  async finish(id: string, owner: string, status: 'completed' | 'failed', message: string | null, resultJson: string | null, at: number): Promise<boolean> {
    const result = await this.db
      .updateTable('jobs')
      .set({ status, message, result_json: resultJson, progress: status === 'completed' ? 100 : undefined, locked_by: null, locked_until: null, updated_at: at, finished_at: at })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .where('locked_by', '=', owner)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /**
   * Takes a job out of attempts to fail it (its finisher runs before it reads as failed), if it is still as read: the
   * same compare-and-set as a claim, without counting an attempt.
   */
  async takeToFail(job: JobRow, owner: string, at: number, lockMs: number): Promise<boolean> {
    return this.ifStillAsRead(job, at, { status: 'running', locked_by: owner, locked_until: at + lockMs, updated_at: at });
  }

  /** Fails a job nobody may run (no handler for its type) if it is still as read: the same compare-and-set as a claim. */
  async failUnclaimed(job: JobRow, message: string, at: number): Promise<boolean> {
    return this.ifStillAsRead(job, at, { status: 'failed', message, locked_by: null, locked_until: null, updated_at: at, finished_at: at });
  }

  /** Applies `changes` only if the job still has the status and attempts it was read with and no live lease. */
  private async ifStillAsRead(job: JobRow, at: number, changes: Updateable<JobsTable>): Promise<boolean> {
    const result = await this.db
      .updateTable('jobs')
      .set(changes)
      .where('id', '=', job.id)
      .where('status', '=', job.status)
      .where('attempts', '=', job.attempts)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', at)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  findActive(type: string, organizationId: string): Promise<JobRow | undefined> {
    return this.db
      .selectFrom('jobs')
      .selectAll()
      .where('type', '=', type)
      .where('organization_id', '=', organizationId)
      .where('status', 'in', ['queued', 'running'])
      .executeTakeFirst();
  }
}
