import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../tests/helpers/build';
import type { TestApp } from '../../tests/helpers/build';
import { demoTenant } from '../../tests/helpers/tenants';
import type { Db } from '../db/connection';
import { openDatabase } from '../db/connection';
import { emptyAggregate } from './aggregate';
import { encodeAggregate } from './aggregate-encoding';
import { segmentsOf } from './buckets';
import { readDerived } from './derived-slots';
import type { MetricsArgs } from './metrics.args';
import { computeWindow } from './metrics.compute';
import { seedPrompt, windowArgs } from './metrics.fixtures';
import { materialize, metricsResponse } from './metrics.response';
import { RollupCache, rollupCacheFor } from './rollup-cache';
import { rebuildRollups } from './rollup-writer';

// Two app instances on one database, each with its own cache of decoded rollup rows: what one writes, the other
// answers at once (the rows' versions tell it which cached rows are stale), and both answer what the raw rows do.

let t: TestApp;
let other: Db;
let organizationId: string;
let userId: string;

const args = windowArgs('2026-06-01T00:00:00.000Z', '2026-06-03T00:00:00.000Z', 'America/New_York', 'PT6H');
const query = { organizationId: '', from: args.from, to: args.to, zone: args.zone, interval: args.interval, filters: {} };

async function answer(db: Db, raw = false, filters: MetricsArgs['filters'] = {}) {
  const window = await computeWindow(db.kysely, { ...query, organizationId, filters }, { raw });
  return materialize(metricsResponse(window, { ...args, filters })) as { master: { total: { prompts: { count: number }; llmLatency: { median: number; max: number }; topUsers: { id: string; count: number }[] } } };
}

const seed = (at: string, latency: number) =>
  seedPrompt(t.db.kysely, { organizationId, userId, at, stages: { prompt_guard: ['ok', 5, 1, 0], llm: ['ok', latency, 10, 20] } });

beforeAll(async () => {
  t = await build({ env: { JOBS: 'false' } });
  const demo = await demoTenant(t);
  organizationId = demo.organizationId;
  userId = demo.users.user.id;
  other = openDatabase(t.config.DATABASE_URL, { schema: t.db.schema });
  for (let hour = 0; hour < 30; hour += 1) await seed(new Date(args.from + hour * 3_600_000 + 60_000).toISOString(), 100 + hour * 10);
});

afterAll(async () => {
  await other.close();
  await t.close();
});

describe('the decoded rollup cache', () => {
  it('keeps one cache per database handle and serves repeated queries from it', async () => {
    expect(rollupCacheFor(t.db.kysely)).not.toBe(rollupCacheFor(other.kysely));
    const first = await answer(other);
    const cache = rollupCacheFor(other.kysely);
    const held = cache.size;
    expect(held).toBeGreaterThan(0);
    const [hits, misses] = [cache.hits, cache.misses];
    expect(await answer(other)).toEqual(first);
    expect(cache.hits - hits).toBe(held);
    expect(cache.misses).toBe(misses);
    expect(first).toEqual(await answer(other, true));
  });

  it('a prompt finished through one instance is counted at once by the other, whose cache held the old hour', async () => {
    await answer(t.db);
    const before = await answer(other);
    await seed('2026-06-01T05:30:00.000Z', 5000);
    const after = await answer(other);
    expect(after.master.total.prompts.count).toBe(before.master.total.prompts.count + 1);
    expect(after.master.total.llmLatency.max).toBe(5000);
    expect(after).toEqual(await answer(other, true));
    expect(await answer(t.db)).toEqual(after);
  });

  it('a rebuild through one instance is seen by the other', async () => {
    await answer(other);
    // Rows changed behind the rollups' back (a raw row deleted), then realigned by a rebuild.
    const victim = await t.db.kysely.selectFrom('prompts').select('id').where('organization_id', '=', organizationId).where('created_at', '>=', args.from).orderBy('created_at').executeTakeFirstOrThrow();
    await t.db.kysely.deleteFrom('prompt_stages').where('prompt_id', '=', victim.id).execute();
    await t.db.kysely.deleteFrom('prompts').where('id', '=', victim.id).execute();
    await rebuildRollups(t.db.kysely, organizationId);
    const after = await answer(other);
    expect(after).toEqual(await answer(other, true));
    expect(after.master.total.prompts.count).toBe(30);
  });
});

describe('filtered windows (hours and days derived from metrics_facts, cached)', () => {
  it('a prompt finished through one instance is counted at once in the other\'s cached filtered window', async () => {
    const filters = { userId };
    const first = await answer(other, false, filters);
    expect(first).toEqual(await answer(other, true, filters));
    const cache = rollupCacheFor(other.kysely);
    const misses = cache.misses;
    expect(await answer(other, false, filters)).toEqual(first);
    expect(cache.misses).toBe(misses);
    await seed('2026-06-01T07:45:00.000Z', 7000);
    const after = await answer(other, false, filters);
    expect(after.master.total.prompts.count).toBe(first.master.total.prompts.count + 1);
    expect(after.master.total.llmLatency.max).toBe(7000);
    expect(after).toEqual(await answer(other, true, filters));
  });

  it('derives one item dimension alone (what is left to compute when the cache kept the others)', async () => {
    const cache = new RollupCache();
    // The window is two whole UTC days: its slots are those two days, no hours, no edges.
    const segments = segmentsOf({ start: args.from, end: args.to });
    const found = await readDerived(t.db.kysely, cache, organizationId, { userId }, [{ dimensions: ['user'], segments }], cache.seenOf(organizationId));
    const counted = [...found.values()].flat().reduce((sum, row) => sum + row.value.prompts, 0);
    expect(counted).toBe((await answer(t.db, true, { userId })).master.total.prompts.count);
    expect(counted).toBeGreaterThan(0);
  });

  it('queries with the same new filter at once share one computation and answer alike', async () => {
    // This handle has not computed the filter yet; an empty attribute list is no filter (the same computation).
    const filters = { userId };
    const answers = await Promise.all([filters, { ...filters, attributeIds: [] }, filters].map((each) => answer(t.db, false, each)));
    const raw = await answer(t.db, true, filters);
    for (const one of answers) expect(one).toEqual(raw);
    expect(raw.master.total.prompts.count).toBeGreaterThan(0);
  });
});

describe('RollupCache', () => {
  const row = (start = 0) => ({ dimension: 'all', span: 'h', start_at: start, item: '', ...encodeAggregate(emptyAggregate()) });
  const ORG = 'org';

  it('answers a slot read without values only to a query that needs none', () => {
    const cache = new RollupCache();
    cache.put(ORG, 'all', 'h', 0, [{ ...row(), dist_values: null }], false, 0);
    expect(cache.get(ORG, 'all', 'h', 0, false)).toHaveLength(1);
    expect(cache.get(ORG, 'all', 'h', 0, true)).toBeNull();
    cache.put(ORG, 'all', 'h', 0, [row()], true, 0);
    expect(cache.get(ORG, 'all', 'h', 0, true)).toHaveLength(1);
    expect(cache.size).toBe(1);
  });

  it('drops the slots written since it last looked, and everything after a rebuild', () => {
    const cache = new RollupCache();
    cache.advance(ORG, 5, null);
    cache.put(ORG, 'all', 'h', 0, [row(0)], true, 5);
    cache.put(ORG, 'all', 'h', 3_600_000, [row(3_600_000)], true, 5);
    cache.advance(ORG, 7, [{ dimension: 'all', span: 'h', start_at: 0 }]);
    expect(cache.seenOf(ORG)).toBe(7);
    expect(cache.get(ORG, 'all', 'h', 0, true)).toBeNull();
    expect(cache.get(ORG, 'all', 'h', 3_600_000, true)).toHaveLength(1);
    cache.advance(ORG, 8, null);
    expect(cache.get(ORG, 'all', 'h', 3_600_000, true)).toBeNull();
  });

  it('does not keep a slot fetched before writes it has since applied (a slower concurrent query)', () => {
    const cache = new RollupCache();
    cache.advance(ORG, 9, null);
    expect(cache.put(ORG, 'all', 'h', 0, [row()], true, 8)).toHaveLength(1);
    expect(cache.get(ORG, 'all', 'h', 0, true)).toBeNull();
  });

  it('drops what was derived from an hour or day when that hour or day is written', () => {
    const cache = new RollupCache();
    cache.advance(ORG, 1, null);
    const derived = { dimension: 'all', span: 'h', start_at: 0, item: '', value: emptyAggregate(), bytes: 10 };
    cache.putDerived(ORG, 'f\u0001all', 'h', 0, [derived], 1);
    cache.putDerived(ORG, 'f\u0001user', 'h', 3_600_000, [], 1);
    expect(cache.get(ORG, 'f\u0001all', 'h', 0, true)).toHaveLength(1);
    cache.advance(ORG, 2, [{ dimension: 'user', span: 'h', start_at: 0 }]);
    expect(cache.get(ORG, 'f\u0001all', 'h', 0, true)).toBeNull();
    expect(cache.get(ORG, 'f\u0001user', 'h', 3_600_000, true)).toEqual([]);
  });

  it('keeps derived slots in a pool of their own: filtered windows never push out stored slots', () => {
    const cache = new RollupCache(1_000_000, 1_000);
    cache.put(ORG, 'all', 'h', 1, [row(1)], true, 0);
    for (let index = 0; index < 20; index += 1) cache.putDerived(ORG, `f${index}\u0001all`, 'h', 1, [{ dimension: 'all', span: 'h', start_at: 1, item: '', value: emptyAggregate(), bytes: 300 }], 0);
    expect(cache.get(ORG, 'all', 'h', 1, true)).not.toBeNull();
    expect(cache.get(ORG, 'f19\u0001all', 'h', 1, true)).not.toBeNull();
    expect(cache.get(ORG, 'f0\u0001all', 'h', 1, true)).toBeNull();
  });

  it('evicts the least recently used slots past its budget', () => {
    const one = row();
    const cache = new RollupCache(2 * (200 + one.data.length + one.dist_values.length));
    cache.put(ORG, 'all', 'h', 1, [row(1)], true, 0);
    cache.put(ORG, 'all', 'h', 2, [row(2)], true, 0);
    expect(cache.get(ORG, 'all', 'h', 1, true)).not.toBeNull();
    cache.put(ORG, 'all', 'h', 3, [row(3)], true, 0);
    expect(cache.get(ORG, 'all', 'h', 2, true)).toBeNull();
    expect(cache.get(ORG, 'all', 'h', 1, true)).not.toBeNull();
    expect(cache.get(ORG, 'all', 'h', 3, true)).not.toBeNull();
  });
});
