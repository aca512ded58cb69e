// The console as `npm run bench:gateway` runs it: a child process (so that it can run under `--cpu-prof` and the load
// generator does not share its event loop), on a fresh database, with the fake upstream as an OpenAI-compatible
// language model and BENCH_USERS users holding a personal token each. It prints one JSON line (port, tokens, model)
// and stops on SIGTERM, closing the app (in-flight requests finish) so that every lifecycle record can be counted.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { IdentityType, Role } from '../../../domain/enums';
import { buildApp } from '../../app';
import type { Principal } from '../../auth/principal';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/connection';
import { newId } from '../../db/ids';
import { migrateToLatest } from '../../db/migrate';
import { seedDemo } from '../../db/seed';
import { adminQuery } from '../../db/admin-query';

export const BENCH_MODEL = 'Bench upstream';
const SETTLE_MS = 5_000;

export interface BenchServerReady {
  port: number;
  tokens: string[];
  model: string;
}

/** The lifecycle records of the bench model, printed after the app closed (every in-flight request finished). */
export interface BenchRecords {
  records: Record<string, number>;
  /** CPU time (user + system, all threads) the console used from ready to closed: less moved by the machine's load than latency. */
  cpuMs: number;
}

/** BENCH_SQL_STATS=1 (SQLite): time spent per SQL text, printed to stderr at the end — where the database time goes. */
function recordSqlStats(): () => void {
  const stats = new Map<string, { count: number; ms: number }>();
  const prototype = BetterSqlite3.prototype as unknown as { prepare: (sql: string) => BetterSqlite3.Statement };
  const prepare = prototype.prepare;
  prototype.prepare = function (this: BetterSqlite3.Database, sql: string) {
    const statement = prepare.call(this, sql);
    for (const method of ['all', 'run', 'get'] as const) {
      const original = statement[method].bind(statement) as (...args: unknown[]) => unknown;
      (statement as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
        const started = performance.now();
        try {
          return original(...args);
        } finally {
          const entry = stats.get(sql) ?? { count: 0, ms: 0 };
          entry.count += 1;
          entry.ms += performance.now() - started;
          stats.set(sql, entry);
        }
      };
    }
    return statement;
  };
  return () => {
    const rows = [...stats].sort((a, b) => b[1].ms - a[1].ms).slice(0, 40);
    for (const [sql, entry] of rows) console.error(`${entry.ms.toFixed(0).padStart(7)} ms ${String(entry.count).padStart(7)}x  ${sql.slice(0, 160)}`);
  };
}

async function main(): Promise<void> {
  const printSqlStats = process.env.BENCH_SQL_STATS === '1' ? recordSqlStats() : null;
  const upstreamUrl = process.env.BENCH_UPSTREAM_URL;
  if (!upstreamUrl?.startsWith('http://127.0.0.1:')) throw new Error('BENCH_UPSTREAM_URL must be a 127.0.0.1 address');
  const users = Number(process.env.BENCH_USERS ?? 100);
  const postgresUrl = process.env.BENCH_DATABASE_URL;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-gateway-'));
  const schema = postgresUrl ? `bench_gateway_${randomBytes(6).toString('hex')}` : null;
  if (postgresUrl && schema) await adminQuery(postgresUrl, `create schema ${schema}`);
  const databaseUrl = postgresUrl ?? `sqlite:${path.join(dir, 'console.db')}`;
  const staticDir = path.join(dir, 'public');
  fs.mkdirSync(staticDir);
  fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>bench</title>');

  const config = loadConfig({
    DATABASE_URL: databaseUrl,
    STATIC_DIR: staticDir,
    DEMO_PASSWORD: 'bench-password-123',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    JOBS: 'true',
    NODE_ENV: 'production',
    SECRETS_KEY: randomBytes(32).toString('base64'),
    // The fake upstream listens on the loopback address, which the outbound guard refuses unless named.
    OUTBOUND_ALLOW_HOSTS: '127.0.0.1',
  });
  const db = openDatabase(databaseUrl, { schema: schema ?? undefined });
  await migrateToLatest(db);
  await seedDemo(db.kysely, config.DEMO_PASSWORD);
  const app = await buildApp({ config, db });
  await app.ready();

  const kysely = db.kysely;
  const organization = await kysely.selectFrom('organizations').select(['id', 'customer_id']).executeTakeFirstOrThrow();
  const admin = await kysely.selectFrom('users').selectAll().where('role', '=', Role.ORG_ADMIN).executeTakeFirstOrThrow();
  const adminPrincipal: Principal = { userId: admin.id, email: admin.email, role: Role.ORG_ADMIN, customerId: admin.customer_id, organizationId: admin.organization_id, sessionIdHash: null };
  const model = await app.services.languageModels.create(adminPrincipal, { Name: BENCH_MODEL, Provider: 'openai-compatible', Model: 'model-x', ApiKey: 'sk-bench', BaseUrl: `${upstreamUrl}/v1`, MaxTokens: 100, Temperature: 0.2, Enabled: true, GroupIds: [] } as never);

  // Many users, each with a token: the gateway's per-user limit (120 a minute) stays out of the way of the load,
  // while every request still goes through the limiter's queries as in production.
  const tokens: string[] = [];
  const at = Date.now();
  for (let index = 0; index < users; index += 1) {
    const id = newId();
    const email = `bench-${index}@demo.test`;
    await kysely
      .insertInto('users')
      .values({ id, customer_id: organization.customer_id, organization_id: organization.id, email, first_name: 'Bench', last_name: `User ${index}`, role: Role.USER, identity_type: IdentityType.LOCAL, password_hash: null, enabled: 1, image: null, last_login_at: null, created_at: at, updated_at: at })
      .execute();
    const principal: Principal = { userId: id, email, role: Role.USER, customerId: organization.customer_id, organizationId: organization.id, sessionIdHash: null };
    tokens.push((await app.services.tokens.create(principal, { Name: 'bench', ExpiryDays: 7, Scopes: ['gateway'] })).Secret);
  }

  await app.listen({ port: 0, host: '127.0.0.1' });
  const ready: BenchServerReady = { port: (app.server.address() as AddressInfo).port, tokens, model: BENCH_MODEL };
  const cpuAtReady = process.cpuUsage();
  process.stdout.write(`${JSON.stringify(ready)}\n`);

  process.once('SIGTERM', () => {
    void (async () => {
      await app.close();
      const cpu = process.cpuUsage(cpuAtReady);
      printSqlStats?.();
      const count = () =>
        kysely
          .selectFrom('prompts')
          .select(['status', (eb) => eb.fn.countAll<number>().as('count')])
          .where('language_model_id', '=', model.id)
          .groupBy('status')
          .execute();
      // A handler whose client already went away is not waited for by close(): its record may still be committing.
      // Waited for, a little (a record truly lost stays in progress and is counted so).
      let rows = await count();
      for (let waited = 0; waited < SETTLE_MS && rows.some((row) => row.status === 'in_progress'); waited += 100) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        rows = await count();
      }
      const records: BenchRecords = { records: Object.fromEntries(rows.map((row) => [row.status, Number(row.count)])), cpuMs: (cpu.user + cpu.system) / 1000 };
      process.stdout.write(`${JSON.stringify(records)}\n`);
      await db.close();
      if (postgresUrl && schema) await adminQuery(postgresUrl, `drop schema ${schema} cascade`);
      fs.rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
      process.exit(0);
    })();
  });
}

main().catch((error: unknown) => {
  console.error('bench server failed:', error);
  process.exit(1);
});
