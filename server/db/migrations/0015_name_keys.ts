import type { Kysely } from 'kysely';
import { NAMED_TABLES, nameKey } from '../name-key';

/**
 * Names unique within their organization (or customer) are compared on a stored key, Unicode case-insensitively, with a
 * unique index on it, so "ΩDUP" and "Ωdup" are one name on SQLite and PostgreSQL alike and a race ends in a 409. Rows
 * that already collide keep their names; all but the first get a key that cannot collide (their id appended after a
 * control character no name may hold), so the index can be built and they can still be renamed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const kysely = db as Kysely<Record<string, { id: string | number; name: string; name_key: string | null; scope: string; created_at: number }>>;
  for (const [table, scope] of Object.entries(NAMED_TABLES)) {
    await db.schema.alterTable(table).addColumn('name_key', 'text').execute();
    const rows = await kysely.selectFrom(table).select(['id', 'name', `${scope} as scope` as 'scope']).orderBy('created_at').orderBy('id').execute();
    const seen = new Set<string>();
    for (const row of rows) {
      const key = nameKey(row.name);
      const unique = seen.has(`${row.scope}\u0000${key}`) ? `${key}\u0001${row.id}` : key;
      seen.add(`${row.scope}\u0000${key}`);
      await kysely.updateTable(table).set({ name_key: unique }).where('id', '=', row.id).execute();
    }
    await db.schema.createIndex(`${table}_name_key_unique`).on(table).columns([scope, 'name_key']).unique().execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of Object.keys(NAMED_TABLES)) {
    await db.schema.dropIndex(`${table}_name_key_unique`).execute();
    await db.schema.alterTable(table).dropColumn('name_key').execute();
  }
}
