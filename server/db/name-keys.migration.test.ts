// Migration 0015 on a database that already holds names differing only in case: they keep their names, the index is
// built, and the later ones can still be renamed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './connection';
import { migrations } from './migrations';
import { nameKey } from './name-key';

describe('migration 0015 (name keys)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'name-keys-'));
  const db = openDatabase(`sqlite:${path.join(dir, 'console.db')}`);
  afterAll(async () => {
    await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('keeps colliding names, keys the first one plainly and the others uniquely', async () => {
    const migrator = new Migrator({ db: db.kysely, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo('0012_metrics_facts')).error).toBeUndefined();
    const raw = db.kysely.withoutPlugins();
    await raw.insertInto('customers').values({ id: 'c1', name: 'C', type: 1, contact_name: null, contact_email: null, created_at: 1, updated_at: 1 }).execute();
    await raw.insertInto('organizations').values({ id: 'o1', customer_id: 'c1', name: 'O', domain: null, last_sync_at: null, created_at: 1, updated_at: 1 } as never).execute();
    for (const [id, name, at] of [['g1', 'ΩDUP', 1], ['g2', 'ωdup', 2], ['g3', 'Other', 3]] as const) {
      await raw.insertInto('groups').values({ id, organization_id: 'o1', name, description: null, identity_type: 1, created_at: at, updated_at: at }).execute();
    }

    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const keys = (await db.kysely.selectFrom('groups').selectAll().orderBy('id').execute()) as unknown as { id: string; name: string; name_key: string }[];
    expect(keys.map((row) => row.name)).toEqual(['ΩDUP', 'ωdup', 'Other']);
    expect(keys[0]!.name_key).toBe(nameKey('ΩDUP'));
    expect(keys[1]!.name_key).not.toBe(nameKey('ωdup'));
    expect(keys[2]!.name_key).toBe('other');

    await db.kysely.updateTable('groups').set({ name: 'Renamed' }).where('id', '=', 'g2').execute();
    const renamed = (await db.kysely.selectFrom('groups').selectAll().where('id', '=', 'g2').executeTakeFirstOrThrow()) as unknown as { name_key: string };
    expect(renamed.name_key).toBe('renamed');
  });
});
