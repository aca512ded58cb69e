// Group commit: writes that arrive together (the lifecycle records of concurrent prompts) share one transaction, so
// one commit — SQLite's WAL page writes, PostgreSQL's fsync — serves them all instead of one each. A caller's promise
// settles only after the transaction holding its work has committed: nothing is answered before its write is as
// durable as it would have been alone.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { isPostgres } from './connection';
import type { Database } from './schema';

/** A write: given the shared transaction (or, where it runs alone, the database handle). */
export type GroupWork<T> = (db: Kysely<Database>) => Promise<T>;

export interface GroupCommitOptions {
  /** Works in one transaction at most. */
  maxBatch: number;
  /** Transactions under way at once (SQLite has one connection; PostgreSQL's pool serves several). */
  maxInFlight: number;
}

interface Pending {
  work: GroupWork<unknown>;
  relaxed: boolean;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

const SQLITE: GroupCommitOptions = { maxBatch: 64, maxInFlight: 1 };
const POSTGRES: GroupCommitOptions = { maxBatch: 16, maxInFlight: 4 };

export class GroupCommit {
  private readonly queue: Pending[] = [];
  private scheduled = false;
  private inFlight = 0;
  /** Transactions committed (for tests and benches: how well writes were grouped). */
  commits = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: GroupCommitOptions = isPostgres(db) ? POSTGRES : SQLITE,
  ) {}

  /**
   * Runs `work` in a transaction shared with the works queued beside it; settles once that transaction committed (or
   * with the work's own error). `relaxed`: the work may be committed without waiting for the disk (PostgreSQL's
   * `synchronous_commit = off`), which is done only when every work of the transaction allows it.
   */
  run<T>(work: GroupWork<T>, { relaxed = false }: { relaxed?: boolean } = {}): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, relaxed, resolve: resolve as (value: unknown) => void, reject });
      this.schedule();
    });
  }

  // The batch is taken after the I/O callbacks of this turn of the event loop: the writes of every request they
  // advanced are queued by then.
  private schedule(): void {
    if (this.scheduled || this.inFlight >= this.options.maxInFlight || !this.queue.length) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      while (this.inFlight < this.options.maxInFlight && this.queue.length) void this.flush(this.queue.splice(0, this.options.maxBatch));
    });
  }

  private async flush(batch: Pending[]): Promise<void> {
    this.inFlight += 1;
    try {
      const results = await this.transaction(batch);
      batch.forEach((pending, index) => pending.resolve(results[index]));
    } catch (error) {
      if (batch.length === 1) batch[0]!.reject(error);
      // The transaction rolled back as a whole: each work runs again alone, so only the failing one fails.
      else for (const pending of batch) await this.transaction([pending]).then(([result]) => pending.resolve(result), pending.reject);
    } finally {
      this.inFlight -= 1;
      this.schedule();
    }
  }

  private async transaction(batch: readonly Pending[]): Promise<unknown[]> {
    const results = await this.db.transaction().execute(async (trx) => {
      if (batch.every((pending) => pending.relaxed) && isPostgres(trx)) await sql`set local synchronous_commit = off`.execute(trx);
      const done: unknown[] = [];
      for (const pending of batch) done.push(await pending.work(trx));
      return done;
    });
    this.commits += 1;
    return results;
  }
}

const groups = new WeakMap<object, GroupCommit>();

/** One group per database handle (a transaction handle has none: its caller's transaction is the group). */
export function groupCommitFor(db: Kysely<Database>): GroupCommit {
  let group = groups.get(db);
  if (!group) {
    group = new GroupCommit(db);
    groups.set(db, group);
  }
  return group;
}

/**
 * `work` in the group's transaction of `db` (settles once committed); inside a caller's transaction, in it.
 * `sharedRows`: the work updates rows other callers update too (rate-limit counters). On PostgreSQL it then runs on
 * its own (one statement, no transaction): row locks held until a whole batch commits would make concurrent batches wait on each other, or deadlock.
 */
export function grouped<T>(db: Kysely<Database>, work: GroupWork<T>, options: { relaxed?: boolean; sharedRows?: boolean } = {}): Promise<T> {
  if (db.isTransaction || (options.sharedRows && isPostgres(db))) return work(db);
  return groupCommitFor(db).run(work, options);
}
