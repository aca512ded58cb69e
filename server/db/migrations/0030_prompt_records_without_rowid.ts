import type { Kysely } from 'kysely';
import { PostgresAdapter, sql } from 'kysely';

// SQLite only: the small-row tables a finished prompt's record writes are rebuilt as WITHOUT ROWID tables keyed by
// their primary key, so each is one B-tree instead of a rowid table plus a separate index of its key: ~2.9 fewer of
// the ~35 pages a prompt's marker and record append to the log (pipeline README, "fifth session"). Same columns,
// constraints, foreign keys and defaults (the stored CREATE TABLE with WITHOUT ROWID appended), rows copied, every
// index recreated. Measured and left as they are: `prompts` and `metrics_facts` (−0.1 and −0.2 pages a prompt: the
// key's index goes, but their five secondary indexes then hold the 24-character key in place of a rowid, and split
// more often) and `prompt_stages` (+0.75: a stage's detail holds texts, and a WITHOUT ROWID row over ~1 KB spills to an
// overflow page). PostgreSQL has no rowid: nothing to do there.
export const WITHOUT_ROWID_TABLES: readonly string[] = ['prompt_attributes', 'prompt_policies', 'metrics_fact_items'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await rebuildAll(db, WITHOUT_ROWID_TABLES, true);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await rebuildAll(db, WITHOUT_ROWID_TABLES, false);
}

interface MasterRow {
  type: string;
  name: string;
  sql: string | null;
}

interface ColumnInfo {
  name: string;
  type: string;
  pk: number;
  hidden: number;
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;
const WITHOUT_ROWID_END = /\)\s*without\s+rowid\s*$/i;

/**
 * Rebuilds `tables` with or without a rowid in one transaction (SQLite's "twelve steps" of a table's rebuild). Foreign
 * keys are switched off around it (they cannot be inside a transaction; Kysely runs SQLite's migrations outside one):
 * with them on, dropping a table deletes its rows first, and ON DELETE CASCADE every row referencing them. Then
 * `foreign_key_check` on the rebuilt tables and on every table referencing them must find nothing, or all rolls back.
 */
export async function rebuildAll(db: Kysely<unknown>, tables: readonly string[], withoutRowid: boolean): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  const enforced = await foreignKeysOn(db);
  if (enforced) {
    await sql`pragma foreign_keys = off`.execute(db);
    if (await foreignKeysOn(db)) throw new Error('Foreign keys could not be switched off (inside a transaction?): the tables are not rebuilt');
  }
  try {
    await db.transaction().execute(async (trx) => {
      for (const table of tables) await rebuild(trx, table, withoutRowid);
      const checked = new Set(tables);
      const all = await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(trx);
      for (const { name } of all.rows) {
        const references = await sql<{ table: string }>`select "table" from pragma_foreign_key_list(${name})`.execute(trx);
        if (references.rows.some((reference) => tables.includes(reference.table))) checked.add(name);
      }
      for (const table of checked) {
        const broken = await sql<{ table: string; parent: string }>`select * from pragma_foreign_key_check(${table})`.execute(trx);
        if (broken.rows.length) throw new Error(`Foreign key check failed after rebuilding the prompt tables: ${broken.rows.length} row(s) of ${table} reference missing ${broken.rows[0]!.parent} rows`);
      }
    });
  } finally {
    if (enforced) await sql`pragma foreign_keys = on`.execute(db);
  }
}

async function foreignKeysOn(db: Kysely<unknown>): Promise<boolean> {
  const { rows } = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db);
  return Number(rows[0]?.foreign_keys) === 1;
}

async function rebuild(trx: Kysely<unknown>, table: string, withoutRowid: boolean): Promise<void> {
  const { rows: objects } = await sql<MasterRow>`select type, name, sql from sqlite_master where tbl_name = ${table}`.execute(trx);
  const created = objects.find((object) => object.type === 'table' && object.name === table);
  if (!created?.sql) throw new Error(`Table ${table} not found`);
  if (WITHOUT_ROWID_END.test(created.sql) === withoutRowid) return;
  const { rows: columns } = await sql<ColumnInfo>`select name, type, pk, hidden from pragma_table_xinfo(${table})`.execute(trx);
  const key = columns.filter((column) => column.pk > 0);
  if (withoutRowid) {
    // An INTEGER PRIMARY KEY is the rowid itself, AUTOINCREMENT needs a rowid, and a WITHOUT ROWID table needs a key.
    if (!key.length) throw new Error(`Table ${table} has no primary key: it cannot be rebuilt WITHOUT ROWID`);
    if (/\bautoincrement\b/i.test(created.sql) || (key.length === 1 && key[0]!.type.toLowerCase() === 'integer')) throw new Error(`Table ${table} uses its rowid: not rebuilt`);
  }
  const head = new RegExp(`^create\\s+table\\s+(?:${quoted(table)}|${table})\\s*\\(`, 'i');
  if (!head.test(created.sql)) throw new Error(`Table ${table}: unexpected CREATE TABLE statement`);
  const rebuilt = `${table}_rebuilt`;
  const body = created.sql.replace(head, `create table ${quoted(rebuilt)} (`);
  await sql.raw(withoutRowid ? `${body} without rowid` : body.replace(WITHOUT_ROWID_END, ')')).execute(trx);
  const names = columns.filter((column) => column.hidden === 0).map((column) => quoted(column.name)).join(', ');
  await sql.raw(`insert into ${quoted(rebuilt)} (${names}) select ${names} from ${quoted(table)}`).execute(trx);
  await sql.raw(`drop table ${quoted(table)}`).execute(trx);
  await sql.raw(`alter table ${quoted(rebuilt)} rename to ${quoted(table)}`).execute(trx);
  // Indexes and triggers as they were (a key's automatic index has no SQL: the key itself is the table now).
  for (const object of objects) if (object.type !== 'table' && object.sql) await sql.raw(object.sql).execute(trx);
}
