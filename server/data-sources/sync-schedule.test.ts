import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LastSyncStatus } from '../../domain/enums';
import type { TestApp } from '../../tests/helpers/build';
import { build } from '../../tests/helpers/build';
import { enqueueDueSyncs, enqueueIfDue } from './sync-schedule';

const MINUTE = 60_000;

describe('scheduled data source syncs', () => {
  let t: TestApp;
  let cookie: string;
  const create = async (name: string, rag: object, enabled = true) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/cdr', headers: { cookie }, payload: { Name: name, AppId: 0, Enabled: enabled, Rag: rag } });
    if (response.statusCode !== 200) throw new Error(response.body);
    return response.json().id as string;
  };
  const row = (id: string) => t.db.kysely.selectFrom('data_sources').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    t = await build({ env: { JOBS: 'false' } });
    cookie = await t.login('org-admin@demo.test');
  });
  afterAll(() => t.close());

  it('syncs a source whose interval has passed, once, and again only when the next interval has passed', async () => {
    const hourly = await create('Hourly', { SyncInterval: 1, SyncIntervalUnit: 'h' });
    const onDemand = await create('On demand', { SyncInterval: null, SyncIntervalUnit: 'm' });
    const disabled = await create('Disabled', { SyncInterval: 5, SyncIntervalUnit: 'm' }, false);
    const { jobs } = t.app.services;

    expect(await enqueueDueSyncs(t.db.kysely, jobs)).toBe(1);
    expect((await row(hourly)).last_sync_status).toBe(LastSyncStatus.IN_PROGRESS);
    // Queued and not yet run: not started a second time.
    expect(await enqueueDueSyncs(t.db.kysely, jobs)).toBe(0);

    await jobs.drain();
    const synced = await row(hourly);
    expect(synced.last_sync_status).toBe(LastSyncStatus.COMPLETED);
    expect(await enqueueDueSyncs(t.db.kysely, jobs, synced.last_sync_at! + 59 * MINUTE)).toBe(0);
    expect(await enqueueDueSyncs(t.db.kysely, jobs, synced.last_sync_at! + 60 * MINUTE)).toBe(1);

    for (const id of [onDemand, disabled]) expect((await row(id)).last_sync_status).toBe(LastSyncStatus.UNKNOWN);
  });

  it('does not follow a sync that ended after the sources were read with another one', async () => {
    const id = await create('Synced by hand', { SyncInterval: 1, SyncIntervalUnit: 'd' });
    const { jobs } = t.app.services;
    const organization = await t.db.kysely.selectFrom('organizations').select('customer_id').where('id', '=', (await row(id)).organization_id).executeTakeFirstOrThrow();
    // The scheduler read the source while it had never synced; then a person's sync ran to its end.
    const stale = { ...(await row(id)), customer_id: organization.customer_id };
    const started = await t.app.inject({ method: 'POST', url: `/api/v1/cdr/${id}/sync`, headers: { cookie }, payload: {} });
    expect(started.statusCode).toBe(202);
    await jobs.drain();
    expect((await row(id)).last_sync_status).toBe(LastSyncStatus.COMPLETED);

    expect(await enqueueIfDue(t.db.kysely, jobs, stale)).toBe(false);
    expect((await row(id)).last_sync_status).toBe(LastSyncStatus.COMPLETED);
    // Read now, a day later it is due again.
    expect(await enqueueIfDue(t.db.kysely, jobs, stale, (await row(id)).last_sync_at! + 24 * 60 * MINUTE)).toBe(true);
    await jobs.drain();
  });
});
