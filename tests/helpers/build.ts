// `build()` boots the real app against a fresh database: a SQLite file by default, or a new PostgreSQL
// schema when DATABASE_URL_TEST is set. Each test file gets its own, so files run in parallel.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../server/app';
import type { Config } from '../../server/config';
import { loadConfig } from '../../server/config';
import type { Db } from '../../server/db/connection';
import { openDatabase } from '../../server/db/connection';
import { migrateToLatest } from '../../server/db/migrate';
import { seedDemo } from '../../server/db/seed';
import { SESSION_COOKIE } from '../../server/http/session-cookie';
import type { Resolver } from '../../server/outbound';
import type { ResearchOptions } from '../../server/research/research-job';
import { stubResolver } from '../fakes/stub-resolver';
import { adminQuery } from '../../server/db/admin-query';

export const TEST_PASSWORD = 'test-password-123';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  /** Every line the server logged, for asserting what must never appear there. */
  logs: string[];
  /** Signs in and returns the Cookie header value to send. */
  login(email: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

export interface BuildOptions {
  seed?: boolean;
  env?: Record<string, string>;
  /** Name resolution for outbound calls: by default a stub that knows no name, so no test asks a DNS server. */
  resolver?: Resolver;
  /** Company research's scan ports and time bounds (the research fixture's). */
  research?: ResearchOptions;
  /** false: no background rollup aggregation (a benchmark that times it, a test that counts what each run counted). */
  aggregateRollups?: boolean;
}

export async function build(options: BuildOptions = {}): Promise<TestApp> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-test-'));
  const staticDir = path.join(dir, 'public');
  fs.mkdirSync(staticDir);
  fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>console</title><div id="root"></div>');

  const pgUrl = process.env.DATABASE_URL_TEST;
  // Random hex, not the temp folder's name: lower-cased, two live folders (…M8ndvc and …m8ndvc) could share a schema,
  // and one test's close would drop the other's.
  const schema = pgUrl ? `test_${randomBytes(8).toString('hex')}` : undefined;
  if (pgUrl && schema) await adminQuery(pgUrl, `create schema ${schema}`);
  const databaseUrl = pgUrl ?? `sqlite:${path.join(dir, 'console.db')}`;

  const config = loadConfig({
    DATABASE_URL: databaseUrl,
    STATIC_DIR: staticDir,
    DEMO_PASSWORD: TEST_PASSWORD,
    LOG_LEVEL: 'info',
    NODE_ENV: 'test',
    // The fake upstreams and the OIDC test provider listen on 127.0.0.1: allowed explicitly, the guard stays on.
    OUTBOUND_ALLOW_HOSTS: '127.0.0.1',
    // Jobs run on the test's event loop, where tests drain them (job-host.test.ts turns the thread on).
    JOBS_THREAD: 'false',
    // PostgreSQL has no temp data folder to generate the secrets key into; give one per test app.
    ...(pgUrl ? { SECRETS_KEY: randomBytes(32).toString('base64') } : {}),
    ...options.env,
  });
  const db = openDatabase(databaseUrl, { schema });
  if (pgUrl) await migrateBesideOtherFiles(pgUrl, db);
  else await migrateToLatest(db);
  if (options.seed !== false) await seedDemo(db.kysely, TEST_PASSWORD);

  const logs: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      logs.push(chunk.toString());
      callback();
    },
  });
  const { loggerOptions } = await import('../../server/http/logger');
  // Debug: the per-request lines too, so that tests can check what they would reveal.
  const base = loggerOptions('debug') as Record<string, unknown>;
  const app = await buildApp({ config, db, logger: { ...base, stream }, outboundResolver: options.resolver ?? stubResolver(), ...(options.research ? { research: options.research } : {}), ...(options.aggregateRollups === false ? { aggregateRollups: false } : {}) });
  await app.ready();

  return {
    app,
    db,
    config,
    logs,
    async login(email, password = TEST_PASSWORD) {
      const response = await app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { Email: email, Password: password } });
      if (response.statusCode !== 200) throw new Error(`login ${email} failed: ${response.statusCode} ${response.body}`);
      return sessionCookieOf(response);
    },
    async close() {
      await app.close();
      await db.close();
      if (pgUrl && schema) await withSchemaLock(pgUrl, 'exclusive', (client) => client.query(`drop schema ${schema} cascade`));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function sessionCookieOf(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE);
  if (!cookie) throw new Error('no session cookie set');
  return `${SESSION_COOKIE}=${cookie.value}`;
}

/**
 * The migrator lists every table of the database (Kysely's introspection), which fails with "schema … does not exist"
 * when another test file drops its schema at that moment. Migrations hold this advisory lock shared (they run side by
 * side), a schema's drop holds it exclusive.
 */
const SCHEMA_LOCK = 7_406_110;

/**
 * Migrations of several files run side by side (the lock is shared), and the migrator lists the tables of every
 * schema: once in a PostgreSQL run it failed with `relation "test_….app_settings" does not exist`, a table another
 * file's migration replaced between the listing and its lookup. Such a failure is retried, at most twice; a migration
 * that fails for its own reason fails the same way three times.
 */
async function migrateBesideOtherFiles(url: string, db: Db): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await withSchemaLock(url, 'shared', () => migrateToLatest(db));
      return;
    } catch (error) {
      if (attempt >= 3 || !(error instanceof Error) || !/does not exist/.test(error.message)) throw error;
    }
  }
}

async function withSchemaLock<T>(url: string, mode: 'shared' | 'exclusive', work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const suffix = mode === 'shared' ? '_shared' : '';
  try {
    await client.query(`select pg_advisory_lock${suffix}(${SCHEMA_LOCK})`);
    try {
      return await work(client);
    } finally {
      await client.query(`select pg_advisory_unlock${suffix}(${SCHEMA_LOCK})`);
    }
  } finally {
    await client.end();
  }
}
