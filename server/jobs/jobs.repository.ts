import type { Kysely, Selectable } from 'kysely';
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

  /** The oldest job that is waiting, or running under a lock that ran out (its server died). */
  nextClaimable(at: number): Promise<JobRow | undefined> {
    return this.db
      .selectFrom('jobs')
      .selectAll()
      .where((eb) => eb.or([eb('status', '=', 'queued'), eb.and([eb('status', '=', 'running'), eb('locked_until', '<', at)])]))
      .orderBy('created_at')
      .limit(1)
      .executeTakeFirst();
  }

  /** Takes the job if nobody else did in between (compare-and-set on status and lock). */
  async claim(job: JobRow, owner: string, at: number, lockMs: number): Promise<boolean> {
    const result = await this.db
      .updateTable('jobs')
      .set({ status: 'running', locked_by: owner, locked_until: at + lockMs, attempts: job.attempts + 1, updated_at: at })
      .where('id', '=', job.id)
      .where('status', '=', job.status)
      .where('attempts', '=', job.attempts)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async progress(id: string, owner: string, progress: number, message: string | null, at: number, lockMs: number): Promise<void> {
    await this.db
      .updateTable('jobs')
      .set({ progress, message, updated_at: at, locked_until: at + lockMs })
      .where('id', '=', id)
      .where('locked_by', '=', owner)
      .execute();
  }

  async finish(id: string, status: 'completed' | 'failed', message: string | null, resultJson: string | null, at: number): Promise<void> {
    await this.db
      .updateTable('jobs')
      .set({ status, message, result_json: resultJson, progress: status === 'completed' ? 100 : undefined, locked_by: null, locked_until: null, updated_at: at, finished_at: at })
      .where('id', '=', id)
      .execute();
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
