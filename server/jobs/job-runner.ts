import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { randomUUID } from 'node:crypto';
import type { Database } from '../db/schema';
import { newId } from '../db/ids';
import type { JobRow } from './jobs.repository';
import { JobsRepository } from './jobs.repository';
import type { ForegroundGate } from './foreground';

export interface JobContext {
  job: JobRow;
  payload: unknown;
  db: Kysely<Database>;
  log: FastifyBaseLogger;
  /** Reports progress (0–100); the lease is renewed on its own while the job runs. */
  progress(percent: number, message?: string): Promise<void>;
  /** Aborted when this server lost the job's lease (another server took it up): stop, nothing more is recorded. */
  signal: AbortSignal;
  /** Waits while the server is answering people's requests (foreground.ts): await it between steps. */
  giveWay(): Promise<void>;
}

export type JobHandler = (context: JobContext) => Promise<unknown>;
/**
 * Called when a job ends for good (completed, or failed after its last attempt), e.g. to update a status column;
 * before the job itself reads as ended, so that whoever sees it ended sees the column too. A finisher that throws is
 * logged, and the job still ends.
 */
export type JobFinisher = (db: Kysely<Database>, job: JobRow, outcome: { ok: boolean; message: string | null }) => Promise<void>;

export const MAX_ATTEMPTS = 3;

export interface JobRunnerOptions {
  /** Jobs this server runs at once. */
  concurrency?: number;
  /** Jobs of one type this server runs at once, so one busy type never takes every slot. */
  perTypeLimit?: number;
  /** How often the table is looked at for jobs queued by other servers or in transactions. */
  pollMs?: number;
  /** A lease: a job whose lease is not renewed within this time is taken up by another server. */
  lockMs?: number;
  /** The server's count of requests being served, which jobs give way to; none: jobs never wait. */
  foreground?: ForegroundGate;
}

export const DEFAULT_JOB_CONCURRENCY = 4;
export const DEFAULT_JOBS_PER_TYPE = 2;
/** How long drain() goes on trying while the table still shows a job it could not claim. */
const DRAIN_RECHECK_MS = 10_000;

interface Running {
  type: string;
  done: Promise<void>;
}

/** Job types that share one limit here, e.g. the jobs that write one data source's index, run one at a time. */
export interface Lane {
  name: string;
  limit: number;
}

/**
 * Background work kept in the `jobs` table, so it survives a restart: a job whose server died is taken up again when
 * its lease runs out. Claims are compare-and-set updates, so several servers can share the table. Each server runs up
 * to `concurrency` jobs at once and at most `perTypeLimit` of one type; a free slot goes to the type with the fewest
 * jobs running here, then to the one waiting longest — twenty searches cannot starve a sync. The lease of each running
 * job is renewed every third of `lockMs` while it runs, however long it takes.
 */
export class JobRunner {
  private readonly owner = randomUUID();
  private readonly handlers = new Map<string, { run: JobHandler; finish?: JobFinisher }>();
  private readonly lanes = new Map<string, Lane>();
  private readonly running = new Map<string, Running>();
  private readonly concurrency: number;
  private readonly perTypeLimit: number;
  private readonly pollMs: number;
  private readonly lockMs: number;
  private readonly foreground: ForegroundGate | undefined;
  private timer: NodeJS.Timeout | undefined;
  private filling: Promise<void> | undefined;
  private fillAgain = false;
  private fillError: unknown;
  private started = false;
  private runsElsewhere: (() => void) | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly log: FastifyBaseLogger,
    options: JobRunnerOptions = {},
  ) {
    this.concurrency = Math.max(1, options.concurrency ?? DEFAULT_JOB_CONCURRENCY);
    this.perTypeLimit = Math.max(1, Math.min(this.concurrency, options.perTypeLimit ?? DEFAULT_JOBS_PER_TYPE));
    this.pollMs = options.pollMs ?? 500;
    this.lockMs = options.lockMs ?? 30_000;
    this.foreground = options.foreground;
  }

  register(type: string, run: JobHandler, finish?: JobFinisher, lane?: Lane): void {
    this.handlers.set(type, { run, finish });
    if (lane) this.lanes.set(type, lane);
  }

  private laneOf(type: string): Lane {
    return this.lanes.get(type) ?? { name: type, limit: this.perTypeLimit };
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
    // In a transaction the row is not visible yet: its caller announces it once committed (else the next poll takes it up).
    if (db === this.db) this.announce();
    return row;
  }

  start(): void {
    this.started = true;
    this.timer = setInterval(() => this.kick(), this.pollMs);
    this.timer.unref();
    this.kick();
  }

  /** Stops taking jobs and waits for the running ones to end. */
  async stop(): Promise<void> {
    this.started = false;
    if (this.timer) clearInterval(this.timer);
    await this.filling;
    await Promise.all([...this.running.values()].map((job) => job.done));
  }

  /**
   * Runs every claimable job now (as many at once as a started runner would) until none is left; tests await it.
   * Throws when a claim fails, or when the table still shows a claimable job of this runner's types DRAIN_RECHECK_MS
   * after its claims ran dry.
   */
  async drain(): Promise<void> {
    const deadline = Date.now() + DRAIN_RECHECK_MS;
    for (;;) {
      this.fillError = undefined;
      await this.fill();
      // A claim that failed (the database refused a query) would otherwise look like an empty queue.
      if (this.fillError) throw this.fillError;
      if (this.running.size) {
        await Promise.race([...this.running.values()].map((job) => job.done));
        continue;
      }
      // Under the full parallel suite on PostgreSQL, the claims twice ran dry while a job was still queued (cause not
      // found): the table is asked once more before answering that nothing is left.
      const left = (await new JobsRepository(this.db).claimableTypes(Date.now(), [])).filter(({ type }) => this.handlers.has(type));
      if (!left.length) return;
      if (Date.now() > deadline) throw new Error(`Jobs still waiting after the queue was drained: ${left.map(({ type }) => type).join(', ')}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** The jobs this server runs now, by type. */
  runningByType(): Map<string, number> {
    const counts = new Map<string, number>();
    for (const job of this.running.values()) counts.set(job.type, (counts.get(job.type) ?? 0) + 1);
    return counts;
  }

  /**
   * For a server whose jobs another runner takes (its job host thread): `wake` is told of each job queued here, so that
   * the other runner looks at once rather than at its next poll.
   */
  handOver(wake: () => void): void {
    this.runsElsewhere = wake;
  }

  /** A job was queued (in a transaction now committed): the runner that runs this server's jobs looks for it now. */
  announce(): void {
    if (this.runsElsewhere) this.runsElsewhere();
    else this.kick();
  }

  /** Looks for claimable jobs now (a job queued by another runner of this process). */
  wake(): void {
    this.kick();
  }

  private kick(): void {
    if (this.started) void this.fill();
  }

  /** Claims jobs until every slot is taken or none is claimable; one fill at a time, a call during it asks for another. */
  private fill(): Promise<void> {
    if (this.filling) {
      this.fillAgain = true;
      return this.filling;
    }
    this.filling = (async () => {
      try {
        do {
          this.fillAgain = false;
          while (this.running.size < this.concurrency && (await this.claimNext())) {
            /* keep going */
          }
        } while (this.fillAgain && this.running.size < this.concurrency);
      } catch (error) {
        this.fillError = error;
        this.log.error({ err: error }, 'job runner failed');
      } finally {
        this.filling = undefined;
      }
    })();
    return this.filling;
  }

  /** Claims and starts one job; false when there is none this server may take now. */
  private async claimNext(): Promise<boolean> {
    const jobs = new JobsRepository(this.db);
    const counts = new Map<string, number>();
    for (const job of this.running.values()) counts.set(this.laneOf(job.type).name, (counts.get(this.laneOf(job.type).name) ?? 0) + 1);
    const running = (type: string) => counts.get(this.laneOf(type).name) ?? 0;
    const full = [...this.handlers.keys()].filter((type) => running(type) >= Math.min(this.laneOf(type).limit, this.perTypeLimit));
    const waiting = await jobs.claimableTypes(Date.now(), full);
    waiting.sort((a, b) => running(a.type) - running(b.type) || a.oldest - b.oldest);
    for (const { type } of waiting) {
      const job = await jobs.nextClaimable(Date.now(), type);
      if (!job) continue;
      const handler = this.handlers.get(job.type);
      if (!handler) {
        await jobs.failUnclaimed(job, `No handler for job type ${job.type}`, Date.now());
        return true;
      }
      if (job.attempts >= MAX_ATTEMPTS) {
        // Taken first (one server wins it), told to its finisher, then failed: as for a job that ran here, whoever
        // sees it failed sees what the finisher recorded.
        const message = `Stopped after ${MAX_ATTEMPTS} attempts that did not finish`;
        if (await jobs.takeToFail(job, this.owner, Date.now(), this.lockMs)) await this.end(job, handler, { ok: false, message, resultJson: null }, this.log.child({ jobId: job.id }));
        return true;
      }
      // Another server may have taken it in between: then look again.
      if (await jobs.claim(job, this.owner, Date.now(), this.lockMs)) this.launch(job, handler);
      return true;
    }
    return false;
  }

  private launch(job: JobRow, handler: { run: JobHandler; finish?: JobFinisher }): void {
    const jobs = new JobsRepository(this.db);
    const lease = new AbortController();
    const log = this.log.child({ jobId: job.id, jobType: job.type });
    const renewal = setInterval(() => {
      jobs.renew(job.id, this.owner, Date.now(), this.lockMs).then(
        (held) => {
          if (!held && !lease.signal.aborted) {
            log.warn('job lease lost to another server; its outcome here is not recorded');
            lease.abort(new Error('The job was taken up by another server'));
          }
        },
        (error: unknown) => log.warn({ err: error }, 'job lease renewal failed'),
      );
    }, Math.max(10, Math.floor(this.lockMs / 3)));
    renewal.unref();
    const done = this.run(job, handler, lease.signal, log).finally(() => {
      clearInterval(renewal);
      this.running.delete(job.id);
      this.kick();
    });
    this.running.set(job.id, { type: job.type, done });
  }

  private async run(job: JobRow, handler: { run: JobHandler; finish?: JobFinisher }, signal: AbortSignal, log: FastifyBaseLogger): Promise<void> {
    const jobs = new JobsRepository(this.db);
    let outcome: { ok: boolean; message: string | null; resultJson: string | null };
    try {
      const result = await handler.run({
        job,
        payload: JSON.parse(job.payload_json) as unknown,
        db: this.db,
        log,
        signal,
        giveWay: () => this.foreground?.giveWay() ?? Promise.resolve(),
        progress: (percent, message) => jobs.progress(job.id, this.owner, Math.max(0, Math.min(100, Math.round(percent))), message ?? null, Date.now(), this.lockMs),
      });
      outcome = { ok: true, message: typeof result === 'string' ? result : null, resultJson: result === undefined ? null : JSON.stringify(result) };
    } catch (error) {
      const message = error instanceof Error ? error.message : 'The job failed';
      if (!signal.aborted) log.warn({ err: error }, 'job failed');
      outcome = { ok: false, message, resultJson: null };
    }
    try {
      if (signal.aborted) return;
      // The finisher writes first, so that whoever sees the job ended (a page polling it) also sees what its outcome
      // changed (a data source's last sync); a server that lost its lease records neither.
      if (!handler.finish || (await jobs.renew(job.id, this.owner, Date.now(), this.lockMs))) await this.end(job, handler, outcome, log);
    } catch (error) {
      log.error({ err: error }, 'job outcome could not be recorded');
    }
  }

  /** Ends a job this server holds: its finisher first (a finisher that throws is logged), then the job's own record. */
  private async end(job: JobRow, handler: { finish?: JobFinisher }, outcome: { ok: boolean; message: string | null; resultJson: string | null }, log: FastifyBaseLogger): Promise<void> {
    await handler.finish?.(this.db, job, { ok: outcome.ok, message: outcome.message }).catch((error: unknown) => log.error({ err: error }, 'job finisher failed'));
    await new JobsRepository(this.db).finish(job.id, this.owner, outcome.ok ? 'completed' : 'failed', outcome.message, outcome.resultJson, Date.now());
  }
}
