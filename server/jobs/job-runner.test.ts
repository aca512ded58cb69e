import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
});
