import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../tests/helpers/build';
import type { TestApp } from '../../tests/helpers/build';
import { demoTenant } from '../../tests/helpers/tenants';
import type { Db } from './connection';
import { openDatabase } from './connection';
import { configCacheFor, runWithConfigSnapshot } from './config-cache';
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
    let inside: number[] = [];
    await new Promise<void>((resolve, reject) => {
      runWithConfigSnapshot(() => {
        void (async () => {
          const first = await cache.version();
          await t.db.kysely.updateTable('policies').set({ updated_at: Date.now() }).where('organization_id', '=', organizationId).execute();
          inside = [first, await cache.version()];
        })().then(resolve, reject);
      });
    });
    expect(inside).toEqual([before, before]);
    expect(await cache.version()).toBeGreaterThan(before);
  });
});
