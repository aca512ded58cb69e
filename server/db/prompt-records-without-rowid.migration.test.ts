// Migration 0030 on a SQLite database that already holds prompt records: its tables become WITHOUT ROWID with
// their rows, indexes and foreign keys as they were, nothing referencing a prompt is cascaded away by the rebuild, and
// the down migration gives the rowid tables back.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { PromptCycleStatus } from '../../domain/enums';
import { LifecycleRepository } from '../pipeline/lifecycle.repository';
import { openDatabase } from './connection';
import { migrations } from './migrations';
import { WITHOUT_ROWID_TABLES } from './migrations/0030_prompt_records_without_rowid';

describe('migration 0030 (prompt records without rowid)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'without-rowid-'));
  const db = openDatabase(`sqlite:${path.join(dir, 'console.db')}`, { checkpointer: false });
  afterAll(async () => {
    await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const raw = db.kysely.withoutPlugins();
  const schema = async () =>
    (await sql<{ type: string; name: string; tbl_name: string; sql: string | null }>`select type, name, tbl_name, sql from sqlite_master where name not like 'sqlite_autoindex_%' order by name`.execute(raw)).rows;
  const shapeOf = async (table: string) => {
    const row = (await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = ${table}`.execute(raw)).rows[0]!;
    return /without rowid$/i.test(row.sql) ? 'without rowid' : 'rowid';
  };
  const counts = async () => {
    const result: Record<string, number> = {};
    for (const table of ['prompts', 'prompt_stages', 'prompt_attributes', 'prompt_policies', 'metrics_facts', 'metrics_fact_items', 'chat_messages', 'conversations']) {
      result[table] = Number((await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(raw)).rows[0]!.n);
    }
    return result;
  };

  it('rebuilds the tables with their rows, indexes and foreign keys, and the down migration undoes it', async () => {
    const migrator = new Migrator({ db: db.kysely, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo('0029_document_batches')).error).toBeUndefined();
    await raw.insertInto('customers').values({ id: 'c1', name: 'C', type: 1, contact_name: null, contact_email: null, created_at: 1, updated_at: 1 }).execute();
    await raw.insertInto('organizations').values({ id: 'o1', customer_id: 'c1', name: 'O', domain: null, last_sync_at: null, created_at: 1, updated_at: 1 } as never).execute();
    await raw.insertInto('users').values({ id: 'u1', customer_id: 'c1', organization_id: 'o1', email: 'u1@x.test', first_name: 'U', last_name: 'One', role: 4, identity_type: 1, password_hash: null, enabled: 1, image: null, last_login_at: null, created_at: 1, updated_at: 1 } as never).execute();
    await raw.insertInto('policies').values({ id: 'p1', organization_id: 'o1', name: 'P', description: null, type: 'Group Policy', enabled: 1, priority: 0, all_targets: 1, rules_json: '[]', created_at: 1, updated_at: 1 } as never).execute();
    await raw.insertInto('conversations').values({ id: 'v1', organization_id: 'o1', user_id: 'u1', vault_enc: null, created_at: 1, updated_at: 1 } as never).execute();

    const lifecycle = new LifecycleRepository(db.kysely);
    const ids: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      const id = await lifecycle.create({ organizationId: 'o1', userId: 'u1', conversationId: 'v1', appId: null, languageModelId: null, messageType: 'PROMPT_LLM' });
      const trace = new Map([['llm', { cycleStatus: PromptCycleStatus.SUCCESS, serviceStatus: 'success' as const, reason: null, latencyMs: 10, tokensIn: 3, tokensOut: 4, detail: { Model: 'm', Prompt: 'x'.repeat(index * 3000) } }]] as const);
      await lifecycle.finish(id, { status: 'success', blocked: null, malicious: false, flagged: true, anonymized: false, redacted: false, attributes: ['PERSON', 'EMAIL_ADDRESS'], policyIds: ['p1'] }, Date.now(), trace);
      await raw.insertInto('chat_messages').values({ id, conversation_id: 'v1', organization_id: 'o1', user_id: 'u1', message_type: 'PROMPT_LLM', prompt: 'hello', created_at: index } as never).execute();
      ids.push(id);
    }
    const before = { schema: await schema(), counts: await counts(), records: await Promise.all(ids.map((id) => lifecycle.find(id))) };
    expect(before.counts.metrics_fact_items).toBeGreaterThan(0);
    for (const table of WITHOUT_ROWID_TABLES) expect(await shapeOf(table)).toBe('rowid');

    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    for (const table of WITHOUT_ROWID_TABLES) expect(await shapeOf(table)).toBe('without rowid');
    // Same columns, constraints, indexes: only the WITHOUT ROWID at the end of the rebuilt tables' statements differs.
    const after = await schema();
    expect(after.map((row) => ({ ...row, sql: row.sql?.replace(/ without rowid$/i, '') ?? null }))).toEqual(before.schema);
    expect(await counts()).toEqual(before.counts);
    expect(await Promise.all(ids.map((id) => lifecycle.find(id)))).toEqual(before.records);
    expect((await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(raw)).rows[0]!.foreign_keys).toBe(1);
    expect((await sql`pragma foreign_key_check`.execute(raw)).rows).toEqual([]);

    // The foreign keys still act: a prompt deleted takes its rows with it.
    await raw.deleteFrom('prompts').where('id', '=', ids[0]!).execute();
    const left = await counts();
    expect(left.prompt_stages).toBe(before.counts.prompt_stages! - 7);
    expect(left.chat_messages).toBe(before.counts.chat_messages! - 1);
    expect(left.metrics_facts).toBe(before.counts.metrics_facts! - 1);
    expect(left.prompt_attributes).toBe(before.counts.prompt_attributes! - 2);
    expect(left.prompt_policies).toBe(before.counts.prompt_policies! - 1);
    expect(left.metrics_fact_items).toBeLessThan(before.counts.metrics_fact_items!);
    await expect(raw.insertInto('prompt_attributes').values({ prompt_id: 'missing', attribute: 'PERSON' }).execute()).rejects.toThrow(/FOREIGN KEY/);

    // A prompt written after the rebuild, then the way back.
    const later = await lifecycle.create({ organizationId: 'o1', userId: 'u1', conversationId: null, appId: null, languageModelId: null, messageType: 'PROMPT_LLM' });
    expect(await lifecycle.finish(later, { status: 'success', blocked: null, malicious: false, flagged: false, anonymized: false, redacted: false, attributes: ['PERSON'], policyIds: ['p1'] })).toBe(true);
    const beforeDown = { counts: await counts(), record: await lifecycle.find(later) };
    expect((await migrator.migrateTo('0029_document_batches')).error).toBeUndefined();
    for (const table of WITHOUT_ROWID_TABLES) expect(await shapeOf(table)).toBe('rowid');
    expect(await schema()).toEqual(before.schema);
    expect(await counts()).toEqual(beforeDown.counts);
    expect(await lifecycle.find(later)).toEqual(beforeDown.record);
    expect((await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(raw)).rows[0]!.foreign_keys).toBe(1);
  });
});
