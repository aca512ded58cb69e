// `npm run bench:metrics`: seeds BENCH_PROMPTS (default 1,000,000) prompts with their stage records into SQLite and
// PostgreSQL (BENCH_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432/test, schema bench_metrics), builds the
// rollups with the rebuild path and prints the Metrics query's p50/p95 for a 7-day (PT6H) and a 30-day (P1D) window
// ending now, the whole dashboard query (every field) in process: parse, validate, execute.
// BENCH_DATABASES=sqlite or postgres runs one; BENCH_REUSE=1 keeps and reuses a seeded database (BENCH_REBUILD=1
// rebuilds its rollups first).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { CustomerType, IdentityType, PromptCycleStatus, Role } from '../../domain/enums';
import { LifecycleRepository } from '../pipeline/lifecycle.repository';
import type { Principal } from '../auth/principal';
import type { Db } from '../db/connection';
import { openDatabase } from '../db/connection';
import { newId } from '../db/ids';
import { migrateToLatest } from '../db/migrate';
import type { Batch, BenchTenant } from './bench-seed';
import { MODEL_NAMES, PostgresLoader, SqliteLoader, generateBatch } from './bench-seed';
import { runGraphQL } from './graphql-executor';
import { METRICS_QUERY, PROMPT_IDS_QUERY, metricsVariables } from './metrics.dataset';
import { rebuildRollups } from './rollup-writer';
import { parseMetricsArgs } from './metrics.args';
import { computeWindow } from './metrics.compute';
import { materialize, metricsResponse } from './metrics.response';

const PROMPTS = Number(process.env.BENCH_PROMPTS ?? 1_000_000);
const DAYS = Number(process.env.BENCH_DAYS ?? 90);
const USERS = 50;
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const WARMUP = 5;
const BATCH = 10_000;
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SCHEMA = 'bench_metrics';
const REUSE = process.env.BENCH_REUSE === '1';
const SQLITE_FILE = path.join(os.tmpdir(), 'bench-metrics', 'bench.db');

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

async function createTenant(db: Db): Promise<{ tenant: BenchTenant; actor: Principal; customerId: string }> {
  const k = db.kysely;
  const at = Date.now();
  const customerId = newId();
  const organizationId = newId();
  await k.insertInto('customers').values({ id: customerId, name: 'Bench Customer', type: CustomerType.REAL, contact_name: null, contact_email: null, created_at: at, updated_at: at }).execute();
  await k.insertInto('organizations').values({ id: organizationId, customer_id: customerId, name: 'Bench Organization', domain: null, last_sync_at: null, created_at: at, updated_at: at }).execute();
  const userIds = Array.from({ length: USERS }, () => newId());
  await k
    .insertInto('users')
    .values(
      userIds.map((id, index) => ({
        id, customer_id: customerId, organization_id: organizationId, email: `user${index}@bench.test`, first_name: 'Bench', last_name: `User ${index}`,
        role: index === 0 ? Role.ORG_ADMIN : Role.USER, identity_type: IdentityType.LOCAL, password_hash: null, enabled: 1, image: null, last_login_at: null, created_at: at, updated_at: at,
      })),
    )
    .execute();
  const appIds = Array.from({ length: 5 }, () => newId());
  await k
    .insertInto('apps')
    .values(appIds.map((id, index) => ({ id, organization_id: organizationId, name: `Copilot ${index}`, description: null, status: 'active', completed_step: 7, data_access_json: '[]', rag_json: '{}', default_language_model_id: null, prompt_type: 1, predefined_prompts_json: '[]', created_at: at, updated_at: at })))
    .execute();
  const modelIds: number[] = [];
  for (const name of MODEL_NAMES) {
    const row = await k
      .insertInto('language_models')
      .values({ organization_id: organizationId, name, provider: 'demo', model: name, base_url: null, api_version: null, api_key_enc: null, max_tokens: 1000, temperature: 0, enabled: 1, config_status: 4, config_message: null, tested_at: null, created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    modelIds.push(Number(row.id));
  }
  const policyIds = Array.from({ length: 3 }, () => newId());
  await k
    .insertInto('policies')
    .values(policyIds.map((id, index) => ({ id, organization_id: organizationId, name: `Policy ${index}`, description: null, type: 'Group Policy', enabled: 1, priority: index, all_targets: 1, rules_json: '[]', created_at: at, updated_at: at })))
    .execute();
  const actor: Principal = { userId: userIds[0]!, email: 'user0@bench.test', role: Role.ORG_ADMIN, customerId, organizationId, sessionIdHash: null };
  return { tenant: { organizationId, userIds, appIds, modelIds, policyIds }, actor, customerId };
}

async function existingTenant(db: Db): Promise<{ actor: Principal; customerId: string } | null> {
  const organization = await db.kysely.selectFrom('organizations').select(['id', 'customer_id']).where('name', '=', 'Bench Organization').executeTakeFirst();
  if (!organization) return null;
  const admin = await db.kysely.selectFrom('users').select(['id', 'email']).where('organization_id', '=', organization.id).where('role', '=', Role.ORG_ADMIN).executeTakeFirstOrThrow();
  const counted = await db.kysely.selectFrom('prompts').select((eb) => eb.fn.countAll<number>().as('n')).where('organization_id', '=', organization.id).executeTakeFirstOrThrow();
  if (Number(counted.n) < PROMPTS) return null;
  return { actor: { userId: admin.id, email: admin.email, role: Role.ORG_ADMIN, customerId: organization.customer_id, organizationId: organization.id, sessionIdHash: null }, customerId: organization.customer_id };
}

/** A smaller or unfinished earlier run's data. */
async function removeBenchTenant(db: Db): Promise<void> {
  const organizations = await db.kysely.selectFrom('organizations').select('id').where('name', '=', 'Bench Organization').execute();
  for (const { id } of organizations) {
    await db.kysely.deleteFrom('metrics_rollups').where('organization_id', '=', id).execute();
    await db.kysely.deleteFrom('prompts').where('organization_id', '=', id).execute();
    await db.kysely.deleteFrom('apps').where('organization_id', '=', id).execute();
    await db.kysely.deleteFrom('policies').where('organization_id', '=', id).execute();
    await db.kysely.deleteFrom('language_models').where('organization_id', '=', id).execute();
  }
  await db.kysely.deleteFrom('users').where('email', 'like', '%@bench.test').execute();
  await db.kysely.deleteFrom('organizations').where('name', '=', 'Bench Organization').execute();
  await db.kysely.deleteFrom('customers').where('name', '=', 'Bench Customer').execute();
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Widget-sized queries (a dashboard loads each widget on its own): the same operation, fewer fields. */
const withSelection = (selection: string) => METRICS_QUERY.replace(/\{ ttl master \{[\s\S]*\} \} \} \}\n\}$/, `{ ttl master { ${selection} } }\n}`);
const COUNTS_QUERY = withSelection(
  'x { start end minDate maxDate } y { prompts { count } maliciousPrompts { count } blockedPrompts { count } anonymizedPrompts { count } redactedPrompts { count } llmStatus { okCount skipCount failCount totalCount } } total { prompts { count } topUsers { id count } topCopilots { id count } topPolicies { id count } topLLMModels { id count } }',
);
const FACTOR_FIELDS = 'enabled value hits misses count score';
const LEADERBOARD_QUERY = withSelection(
  `total { topRiskUsers { id value risk { finalRiskScore llmAccuracy { ${FACTOR_FIELDS} } tokens { ${FACTOR_FIELDS} } maliciousPrompts { ${FACTOR_FIELDS} } } } topRiskCopilots { id value risk { finalRiskScore } } }`,
);

async function measure(db: Db, actor: Principal, customerId: string, label: string, days: number, interval: string, extra: Record<string, unknown> = {}, query = METRICS_QUERY): Promise<void> {
  const to = Date.now();
  const variables = metricsVariables(
    { customerId, organizationId: actor.organizationId! },
    { minContextStartTimestamp: new Date(to - days * 86_400_000).toISOString(), maxContextStartTimestamp: new Date(to).toISOString(), interval, timezone: 'America/New_York', ...extra },
  );
  const timings: number[] = [];
  let prompts = 0;
  for (let run = 0; run < WARMUP + RUNS; run += 1) {
    const started = performance.now();
    const result = await runGraphQL(db.kysely, actor, { query, variables }, (error) => console.error(error));
    const elapsed = performance.now() - started;
    if (result.errors) throw new Error(JSON.stringify(result.errors));
    prompts = (result.data as { metrics: { master: { total: { prompts?: { count: number } } } } }).metrics.master.total.prompts?.count ?? prompts;
    if (run >= WARMUP) timings.push(elapsed);
  }
  timings.sort((a, b) => a - b);
  const figures = (list: number[]) => `p50 ${percentile(list, 50).toFixed(1).padStart(7)} ms  p95 ${percentile(list, 95).toFixed(1).padStart(7)} ms`;
  if (query !== METRICS_QUERY) {
    console.log(`  ${label.padEnd(34)} ${''.padStart(17)}  GraphQL ${figures(timings)}`);
    return;
  }
  // The same answer without graphql-js: reading rollups and raw edges, statistics, lists — what the data costs.
  const dataTimings: number[] = [];
  const args = parseMetricsArgs(variables);
  for (let run = 0; run < WARMUP + RUNS; run += 1) {
    const started = performance.now();
    const window = await computeWindow(db.kysely, { organizationId: actor.organizationId!, from: args.from, to: args.to, zone: args.zone, interval: args.interval, filters: args.filters });
    materialize(metricsResponse(window, args));
    if (run >= WARMUP) dataTimings.push(performance.now() - started);
  }
  dataTimings.sort((a, b) => a - b);
  console.log(`  ${label.padEnd(34)} prompts ${String(prompts).padStart(8)}  GraphQL ${figures(timings)}   without GraphQL execution ${figures(dataTimings)}`);
}

/** metricsPromptIDs over the 30-day window: a count and one page selected in SQL (prompt-ids.ts). */
async function measureDrillDowns(db: Db, actor: Principal, customerId: string): Promise<void> {
  const to = Date.now();
  const cases: [string, Record<string, unknown>][] = [
    ['all prompts of the window', { widgetID: 'prompts' }],
    ['malicious prompts of the window', { widgetID: 'maliciousPrompts' }],
    ['one day of prompts', { widgetID: 'prompts', seriesIndex: 3 }],
    ['an llm latency bin', { widgetID: 'llmLatency', binIndex: 3 }],
    ['failed llm calls', { widgetID: 'llmStatus', itemIndex: 2 }],
    ['the top user', { widgetID: 'topUsers', itemIndex: 0 }],
    ['the riskiest user', { widgetID: 'topRiskUsers', itemIndex: 0 }],
  ];
  for (const [label, drill] of cases) {
    const variables = {
      ...metricsVariables(
        { customerId, organizationId: actor.organizationId! },
        { minContextStartTimestamp: new Date(to - 30 * 86_400_000).toISOString(), maxContextStartTimestamp: new Date(to).toISOString(), interval: 'P1D', timezone: 'America/New_York' },
      ),
      ...drill,
    };
    const timings: number[] = [];
    let total = 0;
    for (let run = 0; run < 12; run += 1) {
      const started = performance.now();
      const result = await runGraphQL(db.kysely, actor, { query: PROMPT_IDS_QUERY, variables }, (error) => console.error(error));
      if (result.errors) throw new Error(JSON.stringify(result.errors));
      total = (result.data as { metricsPromptIDs: { totalPromptIDs: number } }).metricsPromptIDs.totalPromptIDs;
      if (run >= 2) timings.push(performance.now() - started);
    }
    timings.sort((a, b) => a - b);
    console.log(`    drill-down, 30 days: ${label.padEnd(32)} ${String(total).padStart(7)} prompts  p50 ${percentile(timings, 50).toFixed(1).padStart(7)} ms  p95 ${percentile(timings, 95).toFixed(1).padStart(7)} ms`);
  }
}

/** A filter's first query: its hours and days computed from metrics_facts (derived-slots.ts), nothing cached yet. */
async function measureFirstFiltered(db: Db, actor: Principal, customerId: string, filters: Record<string, unknown>[]): Promise<void> {
  const to = Date.now();
  const timings: number[] = [];
  for (const filter of filters) {
    const variables = metricsVariables(
      { customerId, organizationId: actor.organizationId! },
      { minContextStartTimestamp: new Date(to - 30 * 86_400_000).toISOString(), maxContextStartTimestamp: new Date(to).toISOString(), interval: 'P1D', timezone: 'America/New_York', ...filter },
    );
    const started = performance.now();
    const result = await runGraphQL(db.kysely, actor, { query: METRICS_QUERY, variables }, (error) => console.error(error));
    if (result.errors) throw new Error(JSON.stringify(result.errors));
    timings.push(performance.now() - started);
  }
  timings.sort((a, b) => a - b);
  console.log(`    full query, 30 days, a filter's first query (${filters.length} filters: models, users)  GraphQL p50 ${percentile(timings, 50).toFixed(1).padStart(7)} ms  max ${timings[timings.length - 1]!.toFixed(1).padStart(7)} ms`);
}

/**
 * The decoded-row cache (rollup-cache.ts) off its best case: a prompt finished into an hour the cache holds before
 * each query (that slot fetched again, the merges holding it rebuilt), and the first query of a fresh database handle
 * (nothing cached).
 */
async function measureUncached(db: Db, open: () => Db, actor: Principal, customerId: string): Promise<void> {
  const variablesUpTo = (to: number) =>
    metricsVariables(
      { customerId, organizationId: actor.organizationId! },
      { minContextStartTimestamp: new Date(to - 30 * 86_400_000).toISOString(), maxContextStartTimestamp: new Date(to).toISOString(), interval: 'P1D', timezone: 'America/New_York' },
    );
  const variables = variablesUpTo(Date.now());
  const lifecycle = new LifecycleRepository(db.kysely);
  const afterWrite: number[] = [];
  for (let run = 0; run < 20; run += 1) {
    // Started two hours ago, finished now: its hour, cached whole, is written, fetched again and merged anew.
    const id = await lifecycle.create({ organizationId: actor.organizationId!, userId: actor.userId, conversationId: null, appId: null, languageModelId: null, messageType: 'PROMPT_LLM' }, Date.now() - 2 * 3_600_000);
    await lifecycle.finish(id, { status: 'success', blocked: null, malicious: false, flagged: false, anonymized: false, redacted: false, attributes: [], policyIds: [] });
    const started = performance.now();
    const result = await runGraphQL(db.kysely, actor, { query: METRICS_QUERY, variables: variablesUpTo(Date.now()) }, (error) => console.error(error));
    if (result.errors) throw new Error(JSON.stringify(result.errors));
    afterWrite.push(performance.now() - started);
  }
  afterWrite.sort((a, b) => a - b);
  console.log(`    full query, 30 days, a prompt finished into a cached hour before each   GraphQL p50 ${percentile(afterWrite, 50).toFixed(1).padStart(7)} ms  p95 ${percentile(afterWrite, 95).toFixed(1).padStart(7)} ms`);
  const cold: number[] = [];
  for (let run = 0; run < 5; run += 1) {
    const fresh = open();
    try {
      const started = performance.now();
      await runGraphQL(fresh.kysely, actor, { query: METRICS_QUERY, variables }, (error) => console.error(error));
      cold.push(performance.now() - started);
    } finally {
      await fresh.close();
    }
  }
  cold.sort((a, b) => a - b);
  console.log(`    full query, 30 days, first of a new handle (cold)    GraphQL p50 ${percentile(cold, 50).toFixed(1).padStart(7)} ms  max ${cold[cold.length - 1]!.toFixed(1).padStart(7)} ms`);
}

/** The write side: LifecycleRepository.finish, which now also adds the prompt to its rollup rows. */
async function measureFinish(db: Db, actor: Principal): Promise<void> {
  const lifecycle = new LifecycleRepository(db.kysely);
  const policy = await db.kysely.selectFrom('policies').select('id').where('organization_id', '=', actor.organizationId!).executeTakeFirstOrThrow();
  const timings: number[] = [];
  for (let run = 0; run < 30; run += 1) {
    const id = await lifecycle.create({ organizationId: actor.organizationId!, userId: actor.userId, conversationId: null, appId: null, languageModelId: null, messageType: 'PROMPT_LLM' });
    await lifecycle.updateStage(id, 'llm', { cycleStatus: PromptCycleStatus.SUCCESS, serviceStatus: 'success', reason: null, latencyMs: 1200 + run, tokensIn: 40, tokensOut: 300, detail: { Model: MODEL_NAMES[0] } });
    const started = performance.now();
    await lifecycle.finish(id, { status: 'success', blocked: null, malicious: false, flagged: false, anonymized: run % 2 === 0, redacted: false, attributes: ['PERSON'], policyIds: [policy.id] });
    timings.push(performance.now() - started);
  }
  timings.sort((a, b) => a - b);
  console.log(`  finishing a prompt (with its rollups)  p50 ${percentile(timings, 50).toFixed(1)} ms  p95 ${percentile(timings, 95).toFixed(1)} ms`);
}

async function bench(name: 'sqlite' | 'postgres'): Promise<void> {
  console.log(`\n${name}: ${PROMPTS.toLocaleString('en-US')} prompts over ${DAYS} days, ${USERS} users, 5 copilots, 3 models, 3 policies`);
  if (name === 'sqlite' && !REUSE) fs.rmSync(path.dirname(SQLITE_FILE), { recursive: true, force: true });
  if (name === 'postgres' && !REUSE) await admin(`drop schema if exists ${SCHEMA} cascade`);
  if (name === 'postgres') await admin(`create schema if not exists ${SCHEMA}`);
  const db = name === 'sqlite' ? openDatabase(`sqlite:${SQLITE_FILE}`) : openDatabase(POSTGRES_URL, { schema: SCHEMA });
  const pool = name === 'postgres' ? new pg.Pool({ connectionString: POSTGRES_URL, max: 2, options: `-c search_path=${SCHEMA}` }) : null;
  try {
    await migrateToLatest(db);
    let found = REUSE ? await existingTenant(db) : null;
    if (!found) {
      await removeBenchTenant(db);
      const { tenant, actor, customerId } = await createTenant(db);
      const to = Date.now();
      const from = to - DAYS * 86_400_000;
      const started = performance.now();
      const sqlite = name === 'sqlite' ? new SqliteLoader(SQLITE_FILE) : null;
      const postgres = pool ? new PostgresLoader(pool) : null;
      for (let done = 0; done < PROMPTS; done += BATCH) {
        // Each batch covers its own slice of the period: rows land in the order they would arrive.
        const size = Math.min(BATCH, PROMPTS - done);
        const batch: Batch = generateBatch(tenant, size, from + ((to - from) * done) / PROMPTS, from + ((to - from) * (done + size)) / PROMPTS);
        if (sqlite) sqlite.load(batch);
        else await postgres!.load(batch);
        if ((done / BATCH) % 20 === 0) process.stdout.write(`  seeded ${done.toLocaleString('en-US')}\r`);
      }
      sqlite?.close();
      if (pool) await pool.query('analyze');
      console.log(`  seeded ${PROMPTS.toLocaleString('en-US')} prompts (+ ${(PROMPTS * 5).toLocaleString('en-US')} stage rows) in ${seconds(started)}`);
      const rebuildStarted = performance.now();
      const counted = await rebuildRollups(db.kysely, tenant.organizationId);
      const rollups = await db.kysely.selectFrom('metrics_rollups').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      if (pool) await pool.query('analyze');
      console.log(`  rebuilt rollups from ${counted.toLocaleString('en-US')} prompts in ${seconds(rebuildStarted)} (${Number(rollups.n).toLocaleString('en-US')} rollup rows)`);
      found = { actor, customerId };
    } else if (process.env.BENCH_REBUILD === '1') {
      const rebuildStarted = performance.now();
      const counted = await rebuildRollups(db.kysely, found.actor.organizationId!);
      console.log(`  rebuilt rollups from ${counted.toLocaleString('en-US')} prompts in ${seconds(rebuildStarted)}`);
    }
    await measureFinish(db, found.actor);
    await measure(db, found.actor, found.customerId, 'Metrics, last 7 days by PT6H', 7, 'PT6H');
    await measure(db, found.actor, found.customerId, 'Metrics, last 30 days by P1D', 30, 'P1D');
    await measure(db, found.actor, found.customerId, 'Metrics, last 24 hours by PT1H', 1, 'PT1H');
    await measure(db, found.actor, found.customerId, '  counts + top lists, 30 days', 30, 'P1D', {}, COUNTS_QUERY);
    await measure(db, found.actor, found.customerId, '  leaderboards, 30 days', 30, 'P1D', {}, LEADERBOARD_QUERY);
    // Filtered windows: hours and days computed from metrics_facts on a filter's first query, then cached.
    const quiet = await db.kysely.selectFrom('users').select('id').where('email', '=', `user${USERS - 1}@bench.test`).executeTakeFirstOrThrow();
    const app = await db.kysely.selectFrom('apps').select('id').where('organization_id', '=', found.actor.organizationId!).orderBy('name').executeTakeFirstOrThrow();
    const models = await db.kysely.selectFrom('language_models').select('id').where('organization_id', '=', found.actor.organizationId!).orderBy('id').execute();
    await measure(db, found.actor, found.customerId, '  full query, 30 days, one user', 30, 'P1D', { userID: quiet.id });
    await measure(db, found.actor, found.customerId, '  full query, 30 days, one copilot', 30, 'P1D', { copilotID: app.id });
    await measure(db, found.actor, found.customerId, '  full query, 30 days, one model', 30, 'P1D', { llmID: Number(models[0]!.id) });
    await measureFirstFiltered(db, found.actor, found.customerId, [
      ...models.slice(1).map((model) => ({ llmID: Number(model.id) })),
      ...(await db.kysely.selectFrom('users').select('id').where('email', 'like', '%@bench.test').orderBy('email').limit(4).execute()).map((user) => ({ userID: user.id })),
    ]);
    await measureDrillDowns(db, found.actor, found.customerId);
    const memory = process.memoryUsage();
    console.log(`  process memory after the queries: rss ${(memory.rss / 1048576).toFixed(0)} MB, heap used ${(memory.heapUsed / 1048576).toFixed(0)} MB, array buffers ${(memory.arrayBuffers / 1048576).toFixed(0)} MB`);
    await measureUncached(db, () => (name === 'sqlite' ? openDatabase(`sqlite:${SQLITE_FILE}`) : openDatabase(POSTGRES_URL, { schema: SCHEMA })), found.actor, found.customerId);
  } finally {
    await pool?.end();
    await db.close();
    if (!REUSE) {
      if (name === 'postgres') await admin(`drop schema if exists ${SCHEMA} cascade`);
      else fs.rmSync(path.dirname(SQLITE_FILE), { recursive: true, force: true });
    }
  }
}

async function admin(query: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

async function main(): Promise<void> {
  const databases = (process.env.BENCH_DATABASES ?? 'sqlite,postgres').split(',').map((item) => item.trim()) as ('sqlite' | 'postgres')[];
  for (const database of databases) await bench(database);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
