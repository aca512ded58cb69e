import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { randomUUID } from 'node:crypto';
import type { Database } from '../db/schema';
import { newId } from '../db/ids';
import type { JobRow } from './jobs.repository';
import { JobsRepository } from './jobs.repository';

export interface JobContext {
  job: JobRow;
  payload: unknown;
  db: Kysely<Database>;
  log: FastifyBaseLogger;
  /** Reports progress (0–100) and keeps the lock alive. */
  progress(percent: number, message?: string): Promise<void>;
}

export type JobHandler = (context: JobContext) => Promise<unknown>;
/** Called when a job ends for good (completed, or failed after its last attempt), e.g. to update a status column. */
export type JobFinisher = (db: Kysely<Database>, job: JobRow, outcome: { ok: boolean; message: string | null }) => Promise<void>;

const LOCK_MS = 30_000;
export const MAX_ATTEMPTS = 3;

/**
 * Background work kept in the `jobs` table, so it survives a restart: a job whose server died is taken up
 * again when its lock runs out. Claims are compare-and-set updates, so several servers can share the table.
 */
export class JobRunner {
  private readonly owner = randomUUID();
  private readonly handlers = new Map<string, { run: JobHandler; finish?: JobFinisher }>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private started = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly log: FastifyBaseLogger,
    private readonly pollMs = 500,
  ) {}

  register(type: string, run: JobHandler, finish?: JobFinisher): void {
    this.handlers.set(type, { run, finish });
  }

  /** Queues a job; with `db` (a transaction), in that transaction: the job exists exactly when the work it belongs to does. */
  async enqueue(type: string, payload: unknown, scope: { customerId: string | null; organizationId: string | null }, db: Kysely<Database> = this.db): Promise<JobRow> {
    const at = Date.now();
    const row: JobRow = {
      id: newId(),
      type,
      customer_id: scope.customerId,
      organization_id: scope.organizationId,
      status: 'queued',
      progress: 0,
      message: null,
      payload_json: JSON.stringify(payload ?? null),
      result_json: null,
      attempts: 0,
      locked_by: null,
      locked_until: null,
      created_at: at,
      updated_at: at,
      finished_at: null,
    };
    await new JobsRepository(db).insert(row);
    // In a transaction the row is not visible yet: the next poll takes it up.
    if (db === this.db) this.kick();
    return row;
  }

  start(): void {
    this.started = true;
    this.timer = setInterval(() => this.kick(), this.pollMs);
    this.timer.unref();
    this.kick();
  }

  async stop(): Promise<void> {
    this.started = false;
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  /** Runs every claimable job now; tests await it instead of sleeping. */
  async drain(): Promise<void> {
    await this.running;
    while (await this.runOne()) {
      /* keep going */
    }
  }

  private kick(): void {
    if (this.running || !this.started) return;
    this.running = (async () => {
      try {
        while (this.started && (await this.runOne())) {
          /* keep going */
        }
      } catch (error) {
        this.log.error({ err: error }, 'job runner failed');
      } finally {
        this.running = undefined;
      }
    })();
  }

  private async runOne(): Promise<boolean> {
    const jobs = new JobsRepository(this.db);
    const job = await jobs.nextClaimable(Date.now());
    if (!job) return false;
    const handler = this.handlers.get(job.type);
    if (!handler) {
      await jobs.finish(job.id, 'failed', `No handler for job type ${job.type}`, null, Date.now());
      return true;
    }
    if (job.attempts >= MAX_ATTEMPTS) {
      const message = `Stopped after ${MAX_ATTEMPTS} attempts that did not finish`;
      await jobs.finish(job.id, 'failed', message, null, Date.now());
      await handler.finish?.(this.db, job, { ok: false, message });
      return true;
    }
    if (!(await jobs.claim(job, this.owner, Date.now(), LOCK_MS))) return true;

    const log = this.log.child({ jobId: job.id, jobType: job.type });
    try {
      const result = await handler.run({
        job,
        payload: JSON.parse(job.payload_json) as unknown,
        db: this.db,
        log,
        progress: (percent, message) => jobs.progress(job.id, this.owner, Math.max(0, Math.min(100, Math.round(percent))), message ?? null, Date.now(), LOCK_MS),
      });
      const summary = typeof result === 'string' ? result : null;
      await jobs.finish(job.id, 'completed', summary, result === undefined ? null : JSON.stringify(result), Date.now());
      await handler.finish?.(this.db, job, { ok: true, message: summary });
    } catch (error) {
      const message = error instanceof Error ? error.message : 'The job failed';
      log.warn({ err: error }, 'job failed');
      await jobs.finish(job.id, 'failed', message, null, Date.now());
      await handler.finish?.(this.db, job, { ok: false, message });
    }
    return true;
  }
}
