// The console as `npm run bench:gateway` runs it: a child process (so that it can run under `--cpu-prof` and the load
// generator does not share its event loop), on a fresh database, with the fake upstream as an OpenAI-compatible
// language model and BENCH_USERS users holding a personal token each. It prints one JSON line (port, tokens, model)
// and stops on SIGTERM, closing the app (in-flight requests finish) so that every lifecycle record can be counted.
import type { AddressInfo } from 'node:net';
import BetterSqlite3 from 'better-sqlite3';
import { BENCH_MODEL, startBenchConsole } from './bench-console';
import { upstreamUrlFromEnv } from './bench-process';

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
  const upstreamUrl = upstreamUrlFromEnv();
  const postgresUrl = process.env.BENCH_DATABASE_URL;
  const { app, db, model, tokens, close } = await startBenchConsole({ upstreamUrl, users: Number(process.env.BENCH_USERS ?? 100), jobs: true, postgresUrl });
  const kysely = db.kysely;

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
      await close();
      process.exit(0);
    })();
  });
}

main().catch((error: unknown) => {
  console.error('bench server failed:', error);
  process.exit(1);
});
