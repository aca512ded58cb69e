import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../tests/helpers/build';
import type { TestApp } from '../../tests/helpers/build';
import { demoTenant } from '../../tests/helpers/tenants';
import { buildApp } from '../app';
import type { Db } from '../db/connection';
import { openDatabase } from '../db/connection';
import { DEFAULT_INSTANCE_OPTIONS } from './server-instance';
import { LifecycleRepository } from './lifecycle.repository';

// Two servers on one database: a starting server fails only the prompts of servers that are gone, never those a live
// server is serving; a server that stops beating is recovered by the others' heartbeat.

let t: TestApp;
let otherDb: Db;
let other: FastifyInstance | null = null;
let organizationId: string;
let userId: string;

const statusOf = async (id: string) => (await t.db.kysely.selectFrom('prompts').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
const promptOf = (instanceId: string | null) =>
  new LifecycleRepository(t.db.kysely).create({ organizationId, userId, conversationId: null, appId: null, languageModelId: null, messageType: 'PROMPT_LLM' }, Date.now(), instanceId);

beforeAll(async () => {
  t = await build({ env: { JOBS: 'false' } });
  const demo = await demoTenant(t);
  organizationId = demo.organizationId;
  userId = demo.users.user.id;
  otherDb = openDatabase(t.config.DATABASE_URL, { schema: t.db.schema });
});

afterAll(async () => {
  await other?.close();
  await otherDb.close();
  await t.close();
});

describe('prompt recovery with several servers', () => {
  it('a starting server fails the prompts of gone servers and older rows, not those of a live server', async () => {
    const live = await promptOf(t.app.serverInstance.id);
    const legacy = await promptOf(null);
    const gone = 'gone-instance';
    const old = Date.now() - DEFAULT_INSTANCE_OPTIONS.expireMs - 1000;
    await t.db.kysely.insertInto('server_instances').values({ id: gone, started_at: old, heartbeat_at: old }).execute();
    const orphan = await promptOf(gone);

    other = await buildApp({ config: t.config, db: otherDb, logger: false });
    await other.ready();
    expect(other.serverInstance.id).not.toBe(t.app.serverInstance.id);
    expect([await statusOf(live), await statusOf(legacy), await statusOf(orphan)]).toEqual(['in_progress', 'failed', 'failed']);
    const instances = await t.db.kysely.selectFrom('server_instances').select('id').orderBy('id').execute();
    expect(instances.map((row) => row.id).sort()).toEqual([t.app.serverInstance.id, other.serverInstance.id].sort());

    // The live server finishes its prompt as usual.
    expect(await new LifecycleRepository(t.db.kysely).finish(live, { status: 'success', blocked: null, malicious: false, flagged: false, anonymized: false, redacted: false, attributes: [], policyIds: [] })).toBe(true);
    expect(await statusOf(live)).toBe('success');
  });

  it('a server that stops beating is recovered by another server\'s heartbeat; a failed prompt cannot be finished again', async () => {
    const served = await promptOf(t.app.serverInstance.id);
    // A row naming no server (a tool's) is recovered at a start only, never by a heartbeat.
    const unowned = await promptOf(null);
    expect(await other!.serverInstance.beat()).toBe(0);
    expect([await statusOf(served), await statusOf(unowned)]).toEqual(['in_progress', 'in_progress']);
    // The first server stops beating (a crash): its heartbeat ages past the limit.
    const old = Date.now() - DEFAULT_INSTANCE_OPTIONS.expireMs - 1000;
    await t.db.kysely.updateTable('server_instances').set({ heartbeat_at: old }).where('id', '=', t.app.serverInstance.id).execute();
    expect(await other!.serverInstance.beat()).toBe(1);
    expect([await statusOf(served), await statusOf(unowned)]).toEqual(['failed', 'in_progress']);
    const stages = await t.db.kysely.selectFrom('prompt_stages').select('reason').where('prompt_id', '=', served).execute();
    expect(stages.every((stage) => stage.reason === 'Interrupted by a server restart')).toBe(true);
    expect(await new LifecycleRepository(t.db.kysely).finish(served, { status: 'success', blocked: null, malicious: false, flagged: false, anonymized: false, redacted: false, attributes: [], policyIds: [] })).toBe(false);
    expect(await statusOf(served)).toBe('failed');
    // Its fact was written once, with the failure.
    expect((await t.db.kysely.selectFrom('metrics_facts').select('prompt_id').where('prompt_id', '=', served).execute()).length).toBe(1);
  });
});
