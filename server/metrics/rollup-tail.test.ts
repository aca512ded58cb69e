import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../tests/helpers/build';
import type { TestApp } from '../../tests/helpers/build';
import { demoTenant } from '../../tests/helpers/tenants';
import { computeWindow } from './metrics.compute';
import { seedPrompt, windowArgs } from './metrics.fixtures';
import { materialize, metricsResponse } from './metrics.response';
import { aggregatePending } from './rollup-writer';

// Finishing a prompt writes its fact only; the rollups are counted in the background. A metrics query counts the
// not-yet-aggregated tail first, so it answers what the raw rows answer even when the background has not run.

let t: TestApp;
let organizationId: string;
let userId: string;
const args = windowArgs('2026-07-01T00:00:00.000Z', '2026-07-03T00:00:00.000Z', 'UTC', 'PT6H');

const answer = async (raw: boolean) =>
  materialize(metricsResponse(await computeWindow(t.db.kysely, { organizationId, from: args.from, to: args.to, zone: args.zone, interval: args.interval, filters: {} }, { raw }), args)) as { master: { total: { prompts: { count: number } } } };
const rolledUpRows = async () => Number((await t.db.kysely.selectFrom('metrics_rollups').select((eb) => eb.fn.sum<number>('prompts').as('n')).where('organization_id', '=', organizationId).where('dimension', '=', 'all').where('span', '=', 'h').executeTakeFirst())?.n ?? 0);

beforeAll(async () => {
  // No background aggregation: the test counts what each aggregator it calls answers, and a timer taking a share of the
  // prompts would make those counts depend on timing (the rollups it writes are the same either way).
  t = await build({ env: { JOBS: 'false' }, aggregateRollups: false });
  const demo = await demoTenant(t);
  organizationId = demo.organizationId;
  userId = demo.users.user.id;
});

afterAll(async () => t.close());

describe('rollups off the request path', () => {
  it('a finished prompt is a fact at once, counted in the rollups by the aggregator, and by a query before that', async () => {
    const seed = (hour: number) => seedPrompt(t.db.kysely, { organizationId, userId, at: new Date(args.from + hour * 3_600_000 + 60_000).toISOString(), stages: { prompt_guard: ['ok', 5, 1, 0], llm: ['ok', 100 + hour, 10, 20] } });
    for (let hour = 0; hour < 10; hour += 1) await seed(hour);
    await aggregatePending(t.db.kysely, organizationId);
    expect(await rolledUpRows()).toBe(10);
    expect((await answer(false)).master.total.prompts.count).toBe(10);

    // Three more finish; the rollups do not hold them until something aggregates, yet a query counts them.
    const pending = await Promise.all([seed(20), seed(21), seed(30)]);
    expect(pending).toHaveLength(3);
    const facts = await t.db.kysely.selectFrom('metrics_facts').select('prompt_id').where('prompt_id', 'in', pending).execute();
    expect(facts).toHaveLength(3);
    const rolled = await answer(false);
    expect(rolled).toEqual(await answer(true));
    expect(rolled.master.total.prompts.count).toBe(13);
    expect(await rolledUpRows()).toBe(13);
    // Idempotent: nothing left, nothing counted twice.
    expect(await aggregatePending(t.db.kysely)).toBe(0);
    expect(await rolledUpRows()).toBe(13);
  });

  it('aggregators running at once (several servers) count every prompt once, into the same rows', async () => {
    const demo = await demoTenant(t);
    const users = [demo.users.user.id, demo.users.orgAdmin.id, userId];
    // New hours and days (their rows do not exist yet) and existing ones, three users, two models.
    const seeds = Array.from({ length: 60 }, (_, index) =>
      seedPrompt(t.db.kysely, { organizationId, userId: users[index % users.length]!, model: index % 2 ? 'model-a' : 'model-b', at: new Date(args.from + (index % 40) * 3_600_000 + 120_000).toISOString(), stages: { prompt_guard: ['ok', 5, 1, 0], llm: ['ok', 50 + index, 10, 20] } }),
    );
    await Promise.all(seeds);
    const before = await rolledUpRows();
    const counted = await Promise.all(Array.from({ length: 4 }, () => aggregatePending(t.db.kysely, organizationId)));
    expect(counted.reduce((sum, value) => sum + value, 0)).toBe(60);
    expect(await rolledUpRows()).toBe(before + 60);
    expect(await answer(false)).toEqual(await answer(true));
  });
});
