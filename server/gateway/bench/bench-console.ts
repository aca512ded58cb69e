// The console the gateway benches run: a fresh database (SQLite in a temporary directory, or a fresh schema of
// BENCH_DATABASE_URL's PostgreSQL), the demo seed, the fake upstream as an OpenAI-compatible language model, and
// `users` members holding a personal token each (the gateway's per-user limit of 120 a minute stays out of the way
// of the load, while every request still goes through the limiter's queries as in production).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { IdentityType, Role } from '../../../domain/enums';
import { buildApp } from '../../app';
import type { Principal } from '../../auth/principal';
import { loadConfig } from '../../config';
import { adminQuery } from '../../db/admin-query';
import { openDatabase } from '../../db/connection';
import type { Db } from '../../db/connection';
import { newId } from '../../db/ids';
import { migrateToLatest } from '../../db/migrate';
import { seedDemo } from '../../db/seed';

export const BENCH_MODEL = 'Bench upstream';

export interface BenchConsole {
  app: FastifyInstance;
  db: Db;
  model: { id: number };
  /** A member of the demo organization with the bench model usable. */
  member: Principal;
  tokens: string[];
  /** Closes the database and removes what the bench created (the app is closed by the caller). */
  close(): Promise<void>;
}

export interface BenchConsoleOptions {
  upstreamUrl: string;
  users: number;
  /** The job host thread (background jobs) runs, as in `npm run serve`. */
  jobs: boolean;
  postgresUrl?: string;
}

export async function startBenchConsole({ upstreamUrl, users, jobs, postgresUrl }: BenchConsoleOptions): Promise<BenchConsole> {
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
    JOBS: jobs ? 'true' : 'false',
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

  const tokens: string[] = [];
  let member: Principal | undefined;
  const at = Date.now();
  for (let index = 0; index < users; index += 1) {
    const id = newId();
    const email = `bench-${index}@demo.test`;
    await kysely
      .insertInto('users')
      .values({ id, customer_id: organization.customer_id, organization_id: organization.id, email, first_name: 'Bench', last_name: `User ${index}`, role: Role.USER, identity_type: IdentityType.LOCAL, password_hash: null, enabled: 1, image: null, last_login_at: null, created_at: at, updated_at: at })
      .execute();
    const principal: Principal = { userId: id, email, role: Role.USER, customerId: organization.customer_id, organizationId: organization.id, sessionIdHash: null };
    member ??= principal;
    tokens.push((await app.services.tokens.create(principal, { Name: 'bench', ExpiryDays: 7, Scopes: ['gateway'] })).Secret);
  }
  if (!member) throw new Error('The bench console needs at least one user.');

  return {
    app,
    db,
    model,
    member,
    tokens,
    async close() {
      await db.close();
      if (postgresUrl && schema) await adminQuery(postgresUrl, `drop schema ${schema} cascade`);
      fs.rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
    },
  };
}
