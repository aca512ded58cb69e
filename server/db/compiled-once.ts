// Hot statements built and compiled by Kysely once, then run with each call's values. Building a query (its operation
// tree, parsed values, frozen nodes) and compiling it cost more than running it on SQLite; the request path runs the
// same dozen statements for every prompt. Both dialects: the SQL is kept per dialect.
//
// A caller names the statement (`key`: everything that shapes its SQL) and gives its parameters in order. The first
// call builds and compiles the query and checks that Kysely's parameters are exactly the ones given; only then is the
// SQL text reused. A statement whose parameters differ (a plugin added one, the order was guessed wrong) is simply
// built every time, as before.
import type { Compilable, Kysely, QueryResult } from 'kysely';
import { CompiledQuery } from 'kysely';
import { isPostgres } from './connection';
import type { Database } from './schema';

const MAX_STATEMENTS = 500;
/** SQL text by dialect and key; null: built anew every time (its parameters did not match). */
const statements = new Map<string, string | null>();

const pluginIds = new WeakMap<object, number>();
let pluginCount = 0;
/**
 * The dialect and the handle's plugins (which transform a query as it is compiled): SQL compiled under other plugins is
 * never reused. A transaction's handle has the plugins of its database.
 */
function scopeOf(db: Kysely<Database>): string {
  const plugins = db.getExecutor().plugins.map((plugin) => {
    let id = pluginIds.get(plugin);
    if (id === undefined) pluginIds.set(plugin, (id = ++pluginCount));
    return id;
  });
  return `${isPostgres(db) ? 'pg' : 'sqlite'}[${plugins.join(',')}]:`;
}

const sameParameters = (compiled: readonly unknown[], given: readonly unknown[]) => compiled.length === given.length && compiled.every((value, index) => Object.is(value, given[index]));

export async function executeCompiledOnce<R>(db: Kysely<Database>, key: string, parameters: readonly unknown[], build: () => Compilable<R>): Promise<QueryResult<R>> {
  // undefined is not a value SQL can bind (Kysely leaves such a column out): such a call is built as usual.
  if (parameters.includes(undefined)) return db.executeQuery(build().compile());
  const dialectKey = `${scopeOf(db)}${key}`;
  const text = statements.get(dialectKey);
  if (text) return db.executeQuery<R>(CompiledQuery.raw(text, [...parameters]));
  const compiled = build().compile();
  if (text === undefined && statements.size < MAX_STATEMENTS) statements.set(dialectKey, sameParameters(compiled.parameters, parameters) ? compiled.sql : null);
  return db.executeQuery(compiled);
}

/** The keys whose SQL is reused, and those built every time, for `db`'s dialect and plugins (tests: the hot statements are reused). */
export function compiledOnceKeys(db: Kysely<Database>): { reused: string[]; built: string[] } {
  const prefix = scopeOf(db);
  const mine = [...statements].filter(([key]) => key.startsWith(prefix));
  return { reused: mine.filter(([, text]) => text).map(([key]) => key.slice(prefix.length)), built: mine.filter(([, text]) => !text).map(([key]) => key.slice(prefix.length)) };
}

type Row = Record<string, unknown>;

/**
 * `insert into <table> <rows>` compiled once per table, columns and row count (every row with the same columns in the
 * same order; other rows are inserted as usual). `upsertOn`: the row with those key columns, when there is one, gets
 * the given row's other columns instead (`on conflict … do update`).
 */
export async function insertRows<T extends keyof Database & string>(db: Kysely<Database>, table: T, values: readonly object[], { upsertOn }: { upsertOn?: readonly string[] } = {}): Promise<void> {
  if (!values.length) return;
  const rows = values as readonly Row[];
  const columns = Object.keys(rows[0]!);
  const uniform = rows.every((row) => {
    const keys = Object.keys(row);
    return keys.length === columns.length && keys.every((column, index) => column === columns[index]);
  });
  const insert = () => {
    const plain = db.insertInto(table).values(rows as never);
    if (!upsertOn) return plain;
    const updated = columns.filter((column) => !upsertOn.includes(column));
    return plain.onConflict((conflict) => conflict.columns(upsertOn as never).doUpdateSet((eb) => Object.fromEntries(updated.map((column) => [column, eb.ref(`excluded.${column}` as never)])) as never));
  };
  if (!uniform) {
    await insert().execute();
    return;
  }
  const key = `insert:${table}:${columns.join(',')}:${rows.length}${upsertOn ? `:on conflict ${upsertOn.join(',')}` : ''}`;
  await executeCompiledOnce(db, key, rows.flatMap((row) => columns.map((column) => row[column])), insert);
}
