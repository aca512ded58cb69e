import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { build } from '../../tests/helpers/build';
import type { TestApp } from '../../tests/helpers/build';
import { demoTenant } from '../../tests/helpers/tenants';
import type { Db } from './connection';
import { openDatabase } from './connection';
import { configCacheFor } from './config-cache';
import { newId } from './ids';

// Two handles on one database (two servers): a cached value is served until any write to a configuration table,
// through either handle and by any path (here plain SQL), moves the counter; then both load it again.

let t: TestApp;
let other: Db;
let organizationId: string;

beforeAll(async () => {
  t = await build({ env: { JOBS: 'false' } });
  organizationId = (await demoTenant(t)).organizationId;
  other = openDatabase(t.config.DATABASE_URL, { schema: t.db.schema });
});

afterAll(async () => {
  await other.close();
  await t.close();
});

const verifierNames = (db: Db) => configCacheFor(db.kysely).get(`test-verifiers:${organizationId}`, async () => (await db.kysely.selectFrom('verifiers').select('name').where('organization_id', '=', organizationId).orderBy('name').execute()).map((row) => row.name));

describe('configuration cache', () => {
  it('serves the cached value until a write to a configuration table, seen by every handle', async () => {
    const before = await verifierNames(t.db);
    let loads = 0;
    const counted = () => configCacheFor(other.kysely).get('test-count', async () => (loads += 1));
    expect(await counted()).toBe(1);
    expect(await counted()).toBe(1);
    expect(await verifierNames(t.db)).toBe(before);

    const at = Date.now();
    await other.kysely
      .insertInto('verifiers')
      .values({ id: newId(), organization_id: organizationId, name: 'Zeta checks', metric_types_json: '["toxicity"]', intensity: 'Medium', api_version: 'v1', action: 'warn_user', threshold: 50, endpoint: null, api_key_enc: null, enabled: 1, created_at: at, updated_at: at })
      .execute();
    expect(await verifierNames(t.db)).toEqual([...before, 'Zeta checks']);
    expect(await counted()).toBe(2);

    // A policy change (a table the cache covers) moves it too; a prompt's write does not.
    const version = await configCacheFor(t.db.kysely).version();
    await t.db.kysely.updateTable('prompts').set({ flagged: 0 }).execute();
    expect(await configCacheFor(other.kysely).version()).toBe(version);
    await t.db.kysely.updateTable('policies').set({ updated_at: Date.now() }).where('organization_id', '=', organizationId).execute();
    expect(await configCacheFor(other.kysely).version()).toBeGreaterThan(version);
  });

  it('a request reads the counter once: its lookups see one configuration, the next request the new one', async () => {
    const cache = configCacheFor(t.db.kysely);
    const before = await cache.version();
    const request = cache.snapshot();
    let loads = 0;
    const lookup = (reader: { get: typeof cache.get }) => reader.get(`test-snapshot:${organizationId}`, async () => (loads += 1));
    expect(await lookup(request)).toBe(1);
    await t.db.kysely.updateTable('policies').set({ updated_at: Date.now() }).where('organization_id', '=', organizationId).execute();
    // The same request: the configuration it started with, no second counter read, no reload.
    expect(await request.version()).toBe(before);
    expect(await lookup(request)).toBe(1);
    // The next request (and any lookup outside one) sees the change.
    const next = cache.snapshot();
    expect(await next.version()).toBeGreaterThan(before);
    expect(await lookup(next)).toBe(2);
    expect(await lookup(cache)).toBe(2);
  });

  it('a snapshot reads the counter once however many lookups it makes', async () => {
    const cache = configCacheFor(t.db.kysely);
    const reads = vi.spyOn(cache, 'version');
    try {
      const snapshot = cache.snapshot();
      await Promise.all([snapshot.get('test-a', async () => 'a'), snapshot.get('test-b', async () => 'b')]);
      await snapshot.get('test-c', async () => 'c');
      expect(reads).toHaveBeenCalledTimes(1);
      // Outside a snapshot, each lookup reads it.
      await cache.get('test-a', async () => 'a');
      await cache.get('test-b', async () => 'b');
      expect(reads).toHaveBeenCalledTimes(3);
    } finally {
      reads.mockRestore();
    }
  });
});
