import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/schema';
import type { TestApp } from '../../tests/helpers/build';
import { build } from '../../tests/helpers/build';
import { JobRunner, MAX_ATTEMPTS } from './job-runner';
import { JobsRepository } from './jobs.repository';

describe('job runner', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ env: { JOBS: 'false' } });
  });
  afterAll(() => t.close());

  it('runs a job with progress and keeps its result', async () => {
    const runner = new JobRunner(t.db.kysely, t.app.log);
    const seen: number[] = [];
    runner.register('count', async ({ payload, progress, job }) => {
      for (let i = 1; i <= 3; i++) {
        await progress(i * 33, `step ${i}`);
        seen.push((await new JobsRepository(t.db.kysely).findById(job.id))!.progress);
      }
      return { counted: (payload as { to: number }).to };
    });
    const job = await runner.enqueue('count', { to: 3 }, { customerId: null, organizationId: null });
    await runner.drain();
    expect(seen).toEqual([33, 66, 99]);
    const done = (await new JobsRepository(t.db.kysely).findById(job.id))!;
    expect(done).toMatchObject({ status: 'completed', progress: 100, result_json: '{"counted":3}', attempts: 1, locked_by: null });
  });

  it('drain() fails when the jobs cannot be read, rather than answering as if none were queued', async () => {
    // A database without the jobs table: every claim's first query is refused.
    const empty = new Kysely<Database>({ dialect: new SqliteDialect({ database: new BetterSqlite3(':memory:') }) });
    try {
      const runner = new JobRunner(empty, t.app.log);
      runner.register('count', async () => 'done');
      await expect(runner.drain()).rejects.toThrow(/no such table: jobs/);
    } finally {
      await empty.destroy();
    }
  });

  it('wakes the runner that takes its jobs at once, rather than at that runner’s next poll', async () => {
    const server = new JobRunner(t.db.kysely, t.app.log);
    // The job host thread's runner, polling only once a minute: the job starts because it was woken.
    const host = new JobRunner(t.db.kysely, t.app.log, { pollMs: 60_000 });
    let ran: () => void = () => undefined;
    const hostRan = new Promise<void>((resolve) => (ran = resolve));
    host.register('handed-over', async () => ran());
    host.start();
    server.handOver(() => host.wake());
    try {
      // Its first look, at start, found nothing yet.
      await new Promise((resolve) => setTimeout(resolve, 50));
      const job = await server.enqueue('handed-over', null, { customerId: null, organizationId: null });
      await Promise.race([hostRan, new Promise((_, reject) => setTimeout(() => reject(new Error('the host runner was not woken')), 5000))]);
      await host.stop();
      expect((await new JobsRepository(t.db.kysely).findById(job.id))!.status).toBe('completed');
    } finally {
      await host.stop();
    }
  });

  it('a job queued in a transaction is taken up once announced after the commit, not at the next poll', async () => {
    const runner = new JobRunner(t.db.kysely, t.app.log, { pollMs: 60_000 });
    let ran: () => void = () => undefined;
    const done = new Promise<void>((resolve) => (ran = resolve));
    runner.register('in-transaction', async () => ran());
    runner.start();
    try {
      await new Promise((resolve) => setTimeout(resolve, 50));
      await t.db.kysely.transaction().execute((trx) => runner.enqueue('in-transaction', null, { customerId: null, organizationId: null }, trx));
      runner.announce();
      await Promise.race([done, new Promise((_, reject) => setTimeout(() => reject(new Error('the job waited for the poll')), 5000))]);
    } finally {
      await runner.stop();
    }
  });

  it('records a failure with its message and tells the finisher', async () => {
    const runner = new JobRunner(t.db.kysely, t.app.log);
    const outcomes: unknown[] = [];
    runner.register(
      'explode',
      async () => {
        throw new Error('The data source is unreachable');
      },
      async (_db, _job, outcome) => void outcomes.push(outcome),
    );
    const job = await runner.enqueue('explode', null, { customerId: null, organizationId: null });
    await runner.drain();
    expect((await new JobsRepository(t.db.kysely).findById(job.id))!).toMatchObject({ status: 'failed', message: 'The data source is unreachable' });
    expect(outcomes).toEqual([{ ok: false, message: 'The data source is unreachable' }]);
  });

  it('runs the finisher before the job reads as ended, and ends the job when the finisher fails', async () => {
    const jobs = new JobsRepository(t.db.kysely);
    const runner = new JobRunner(t.db.kysely, t.app.log);
    const statusWhenFinishing: string[] = [];
    runner.register(
      'ordered',
      async () => 'done',
      async (db, job) => {
        // A page that polls the job and then reads the finisher's records must find them written.
        statusWhenFinishing.push((await new JobsRepository(db).findById(job.id))!.status);
        throw new Error('the finisher broke');
      },
    );
    const job = await runner.enqueue('ordered', null, { customerId: null, organizationId: null });
    await runner.drain();
    expect(statusWhenFinishing).toEqual(['running']);
    expect((await jobs.findById(job.id))!).toMatchObject({ status: 'completed', message: 'done' });
  });

  it('tells the finisher of a job out of attempts before the job reads as failed', async () => {
    const jobs = new JobsRepository(t.db.kysely);
    const dead = new JobRunner(t.db.kysely, t.app.log);
    const stuck = await dead.enqueue('exhausted', null, { customerId: null, organizationId: null });
    await t.db.kysely.updateTable('jobs').set({ status: 'running', attempts: MAX_ATTEMPTS, locked_by: 'dead-server', locked_until: Date.now() - 1 }).where('id', '=', stuck.id).execute();
    const statusWhenFinishing: string[] = [];
    const restarted = new JobRunner(t.db.kysely, t.app.log);
    restarted.register(
      'exhausted',
      async () => 'never runs',
      async (db, job, outcome) => void statusWhenFinishing.push(`${(await new JobsRepository(db).findById(job.id))!.status}: ${outcome.message}`),
    );
    await restarted.drain();
    expect(statusWhenFinishing).toEqual([`running: Stopped after ${MAX_ATTEMPTS} attempts that did not finish`]);
    expect((await jobs.findById(stuck.id))!).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, locked_by: null });
  });

  it('takes up a job whose server died (its lock ran out), and gives up after the last attempt', async () => {
    const jobs = new JobsRepository(t.db.kysely);
    const dead = new JobRunner(t.db.kysely, t.app.log);
    const job = await dead.enqueue('resume', null, { customerId: null, organizationId: null });
    // Simulate a server that claimed it and died mid-run.
    await t.db.kysely.updateTable('jobs').set({ status: 'running', attempts: 1, locked_by: 'dead-server', locked_until: Date.now() - 1 }).where('id', '=', job.id).execute();

    const restarted = new JobRunner(t.db.kysely, t.app.log);
    restarted.register('resume', async () => 'resumed');
    await restarted.drain();
    expect((await jobs.findById(job.id))!).toMatchObject({ status: 'completed', message: 'resumed', attempts: 2 });

    const stuck = await dead.enqueue('resume', null, { customerId: null, organizationId: null });
    await t.db.kysely.updateTable('jobs').set({ status: 'running', attempts: MAX_ATTEMPTS, locked_until: Date.now() - 1 }).where('id', '=', stuck.id).execute();
    await restarted.drain();
    expect((await jobs.findById(stuck.id))!).toMatchObject({ status: 'failed', message: `Stopped after ${MAX_ATTEMPTS} attempts that did not finish` });
  });

  it('does not run a job that another server holds', async () => {
    const runner = new JobRunner(t.db.kysely, t.app.log);
    let ran = false;
    runner.register('held', async () => {
      ran = true;
    });
    const job = await runner.enqueue('held', null, { customerId: null, organizationId: null });
    await t.db.kysely.updateTable('jobs').set({ status: 'running', attempts: 1, locked_by: 'other', locked_until: Date.now() + 60_000 }).where('id', '=', job.id).execute();
    await runner.drain();
    expect(ran).toBe(false);
  });

  it('runs several jobs at once, never more than its concurrency', async () => {
    const runner = new JobRunner(t.db.kysely, t.app.log, { concurrency: 3, perTypeLimit: 3 });
    let now = 0;
    let most = 0;
    runner.register('parallel', async () => {
      now++;
      most = Math.max(most, now);
      await sleep(60);
      now--;
    });
    const queued = await Promise.all(Array.from({ length: 7 }, () => runner.enqueue('parallel', null, { customerId: null, organizationId: null })));
    await runner.drain();
    expect(most).toBe(3);
    for (const job of queued) expect((await new JobsRepository(t.db.kysely).findById(job.id))!.status).toBe('completed');
  });

  it('runs the job types of one lane one at a time, beside other work', async () => {
    const runner = new JobRunner(t.db.kysely, t.app.log, { concurrency: 4, perTypeLimit: 2 });
    const lane = { name: 'lane-index', limit: 1 };
    let inLane = 0;
    let mostInLane = 0;
    let others = 0;
    const laneJob = async () => {
      inLane++;
      mostInLane = Math.max(mostInLane, inLane);
      await sleep(40);
      inLane--;
    };
    runner.register('lane-a', laneJob, undefined, lane);
    runner.register('lane-b', laneJob, undefined, lane);
    runner.register('lane-free', async () => {
      others++;
      await sleep(40);
    });
    const scope = { customerId: null, organizationId: null };
    for (let i = 0; i < 3; i++) {
      await runner.enqueue('lane-a', { i }, scope);
      await runner.enqueue('lane-b', { i }, scope);
      await runner.enqueue('lane-free', { i }, scope);
    }
    await runner.drain();
    expect(mostInLane).toBe(1);
    expect(others).toBe(3);
  });

  it('keeps a slot for other types: twenty searches do not starve a sync, and a freed slot goes to the type waiting', async () => {
    const runner = new JobRunner(t.db.kysely, t.app.log, { concurrency: 3, perTypeLimit: 2 });
    const started: string[] = [];
    const gates = new Map<string, () => void>();
    const held = (type: string) => async ({ job }: { job: { id: string } }) => {
      started.push(type);
      await new Promise<void>((resolve) => gates.set(job.id, resolve));
    };
    runner.register('fair-search', held('fair-search'));
    runner.register('fair-sync', held('fair-sync'));
    runner.register('fair-redteam', held('fair-redteam'));
    const scope = { customerId: null, organizationId: null };
    for (let i = 0; i < 20; i++) await runner.enqueue('fair-search', { i }, scope);
    const sync = await runner.enqueue('fair-sync', null, scope);
    const redTeam = await runner.enqueue('fair-redteam', null, scope);
    const drained = runner.drain();

    await until(() => started.length === 3);
    // Each type gets a slot although the 20 searches were queued first.
    expect([...started].sort()).toEqual(['fair-redteam', 'fair-search', 'fair-sync']);
    const gateOf = async (id: string) => {
      await until(() => gates.has(id));
      return gates.get(id)!;
    };
    // The sync ends: its slot goes to a second search (the per-type limit is 2).
    (await gateOf(sync.id))();
    await until(() => started.length === 4);
    expect(started[3]).toBe('fair-search');
    expect(runner.runningByType()).toEqual(new Map([['fair-search', 2], ['fair-redteam', 1]]));
    // A new sync waits behind nothing: when a search ends, the sync gets the slot before the 18 older searches.
    const sync2 = await runner.enqueue('fair-sync', null, scope);
    await sleep(50);
    expect(started).toHaveLength(4);
    const firstSearch = [...gates.keys()].find((id) => id !== redTeam.id && id !== sync.id)!;
    gates.get(firstSearch)!();
    await until(() => started.length === 5);
    expect(started[4]).toBe('fair-sync');
    expect((await new JobsRepository(t.db.kysely).findById(sync2.id))!.status).toBe('running');

    // Let everything finish: every job ran once.
    const release = setInterval(() => {
      for (const [id, open] of gates) {
        gates.delete(id);
        open();
      }
    }, 5);
    await drained;
    clearInterval(release);
    expect(started.filter((type) => type === 'fair-search')).toHaveLength(20);
    expect((await new JobsRepository(t.db.kysely).findById(sync.id))!.status).toBe('completed');
  });

  it('renews the lease while a long job runs, so no other server takes it up', async () => {
    const jobs = new JobsRepository(t.db.kysely);
    const lockMs = 150;
    const runner = new JobRunner(t.db.kysely, t.app.log, { lockMs });
    const other = new JobRunner(t.db.kysely, t.app.log, { lockMs });
    let runs = 0;
    const leases: number[] = [];
    const long = async ({ job }: { job: { id: string } }) => {
      runs++;
      for (let i = 0; i < 6; i++) {
        await sleep(lockMs / 2);
        leases.push((await jobs.findById(job.id))!.locked_until!);
        await other.drain(); // another server looks for work mid-run
      }
      return 'long done';
    };
    runner.register('long', long);
    other.register('long', long);
    const job = await runner.enqueue('long', null, { customerId: null, organizationId: null });
    await runner.drain();
    // 450 ms, three times the lease, without a progress call: renewed, never taken, done once.
    expect(runs).toBe(1);
    expect(new Set(leases).size).toBeGreaterThan(2);
    expect((await jobs.findById(job.id))!).toMatchObject({ status: 'completed', message: 'long done', attempts: 1 });
  });

  it('stops recording a job whose lease another server took, and aborts its signal', async () => {
    const jobs = new JobsRepository(t.db.kysely);
    const runner = new JobRunner(t.db.kysely, t.app.log, { lockMs: 90 });
    const finished: unknown[] = [];
    let aborted = false;
    runner.register(
      'stolen',
      async ({ job, signal }) => {
        // Another server took the job up (this one was stalled past its lease).
        await t.db.kysely.updateTable('jobs').set({ locked_by: 'other-server', attempts: 2 }).where('id', '=', job.id).execute();
        await until(() => signal.aborted);
        aborted = true;
        return 'too late';
      },
      async (_db, _job, outcome) => void finished.push(outcome),
    );
    const job = await runner.enqueue('stolen', null, { customerId: null, organizationId: null });
    await runner.drain();
    expect(aborted).toBe(true);
    expect(finished).toEqual([]);
    expect((await jobs.findById(job.id))!).toMatchObject({ status: 'running', locked_by: 'other-server', message: null });
  });

  it('two servers draining the same jobs at once run each exactly once', async () => {
    const jobs = new JobsRepository(t.db.kysely);
    const runs = new Map<string, number>();
    const servers = [new JobRunner(t.db.kysely, t.app.log, { concurrency: 3 }), new JobRunner(t.db.kysely, t.app.log, { concurrency: 3 })];
    for (const server of servers) {
      server.register('shared', async ({ job }) => {
        runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
        await sleep(10);
      });
    }
    const queued = [];
    for (let i = 0; i < 12; i++) queued.push(await servers[0]!.enqueue('shared', { i }, { customerId: null, organizationId: null }));
    await Promise.all(servers.map((server) => server.drain()));
    expect([...runs.values()]).toEqual(Array.from({ length: 12 }, () => 1));
    for (const job of queued) expect((await jobs.findById(job.id))!).toMatchObject({ status: 'completed', attempts: 1 });
  });

  it('claims an expired job only while its lease is still expired (a renewal in between wins)', async () => {
    const jobs = new JobsRepository(t.db.kysely);
    const runner = new JobRunner(t.db.kysely, t.app.log);
    const job = await runner.enqueue('race', null, { customerId: null, organizationId: null });
    await t.db.kysely.updateTable('jobs').set({ status: 'running', attempts: 1, locked_by: 'slow-server', locked_until: Date.now() - 1 }).where('id', '=', job.id).execute();
    const seen = (await jobs.nextClaimable(Date.now(), 'race'))!;
    expect(await jobs.renew(job.id, 'slow-server', Date.now(), 30_000)).toBe(true);
    expect(await jobs.claim(seen, 'me', Date.now(), 30_000)).toBe(false);
    expect(await jobs.failUnclaimed(seen, 'no', Date.now())).toBe(false);
    expect((await jobs.findById(job.id))!).toMatchObject({ status: 'running', locked_by: 'slow-server', attempts: 1 });
  });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await sleep(5);
  }
}
