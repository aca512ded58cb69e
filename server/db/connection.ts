import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, PostgresDialect } from 'kysely';
import type { SqliteDatabase } from 'kysely';
import pg from 'pg';
import { NameKeyPlugin } from './name-key-plugin';
import type { Database } from './schema';
import { BusyWaitingSqliteDialect, SQLITE_LOCK_WAIT_MS } from './sqlite-busy-wait';
import { FALLBACK_AUTOCHECKPOINT_PAGES, startCheckpointer } from './sqlite-checkpointer';

export type Dialect = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /** PostgreSQL schema the tables live in. */
  schema?: string;
  close(): Promise<void>;
}

// PostgreSQL returns bigint (int8) and numeric as strings; our values are epoch ms and counts, safe as numbers.
pg.types.setTypeParser(20, (value) => Number(value));
pg.types.setTypeParser(1700, (value) => Number(value));

/** Whether a Kysely handle speaks to PostgreSQL (for the few statements the two dialects spell differently). */
export function isPostgres(db: Kysely<Database>): boolean {
  return db.getExecutor().adapter.constructor.name.toLowerCase().includes('postgres');
}

export interface OpenOptions {
  /** PostgreSQL: the schema to use. */
  schema?: string;
  /** SQLite: checkpoint the log in a worker thread (true unless another connection of this process already does). */
  checkpointer?: boolean;
}

export function openDatabase(url: string, options: OpenOptions = {}): Db {
  if (url.startsWith('sqlite:')) return openSqlite(url.slice('sqlite:'.length), options.checkpointer ?? true);
  return openPostgres(url, options.schema);
}

const SQLITE_OPTIMIZE_EVERY_MS = 60 * 60 * 1000;

function openSqlite(file: string, withCheckpointer: boolean): Db {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new BetterSqlite3(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`busy_timeout = ${SQLITE_LOCK_WAIT_MS}`);
  sqlite.pragma('synchronous = NORMAL');
  // Checkpoints run in a worker thread (sqlite-checkpointer.ts), not inside a request's commit.
  const checkpointer = file === ':memory:' || !withCheckpointer ? null : startCheckpointer(file);
  if (file !== ':memory:') sqlite.pragma(`wal_autocheckpoint = ${FALLBACK_AUTOCHECKPOINT_PAGES}`);
  // 64 MB of page cache (the default is 2 MB): the metrics' rollup and raw-edge reads stay in memory.
  sqlite.pragma('cache_size = -65536');
  // The planner needs statistics to pick the narrow index (a dashboard filtered to one user reads that user's index
  // range, not the organization's whole window): gathered now where missing, and again as tables grow.
  sqlite.pragma('analysis_limit = 1000');
  sqlite.pragma('optimize = 0x10002');
  // From here on a statement meeting another connection's lock waits on the event loop (sqlite-busy-wait.ts).
  sqlite.pragma('busy_timeout = 0');
  const optimizer = setInterval(() => {
    // Skipped when another connection holds the lock: the next hour's run gathers the same statistics.
    try {
      sqlite.pragma('optimize');
    } catch {
      // busy: left to the next run
    }
  }, SQLITE_OPTIMIZE_EVERY_MS);
  optimizer.unref();
  const kysely = new Kysely<Database>({ dialect: new BusyWaitingSqliteDialect({ database: withStatementCache(sqlite) }), plugins: [new NameKeyPlugin()] });
  return {
    kysely,
    dialect: 'sqlite',
    close: async () => {
      clearInterval(optimizer);
      await checkpointer?.stop();
      await kysely.destroy();
    },
  };
}

/** Statements kept per SQL text: the request path's few dozen, and room for the IN lists whose length varies. */
const STATEMENT_CACHE_SIZE = 1000;

/**
 * Kysely's SQLite driver prepares every statement anew (parsing and planning the SQL each time: a sixth of the
 * server's time under load). better-sqlite3's statements are reusable: keep them by SQL text, least recently used
 * out. A statement still being iterated (a streamed query) is busy; a second use at that moment gets a fresh one.
 */
export function withStatementCache(sqlite: BetterSqlite3.Database, size = STATEMENT_CACHE_SIZE): SqliteDatabase {
  const statements = new Map<string, BetterSqlite3.Statement>();
  return {
    prepare(sql: string) {
      const cached = statements.get(sql);
      if (cached && !cached.busy) {
        statements.delete(sql);
        statements.set(sql, cached);
        return cached;
      }
      const statement = sqlite.prepare(sql);
      if (!cached) {
        statements.set(sql, statement);
        if (statements.size > size) statements.delete(statements.keys().next().value!);
      }
      return statement;
    },
    close() {
      statements.clear();
      sqlite.close();
    },
  };
}

function openPostgres(connectionString: string, schema: string | undefined): Db {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [new NameKeyPlugin()] });
  return { kysely, dialect: 'postgres', schema: schema ?? 'public', close: () => kysely.destroy() };
}
