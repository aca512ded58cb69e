// `npm run bench:research`: against the local research fixture (DNS, CA and sites on 127.0.0.1, in a child process as
// real sites are elsewhere: their TLS and DNS work is not the server's) and the offline demo model, with the real app in
// this process (requests through app.inject, so the event loop is shared as in a server):
//   1. the wall time of one full search (all nine sections);
//   2. chat latency (p50 / p99 of BENCH_CHATS (300) sequential messages) and the event loop's delay (p99, max) idle, then
//      while BENCH_SEARCHES searches run.
// The good company's pages carry BENCH_PAGE_KB (200) KB of site menu each, the size of real sites' pages.
import { fork } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector';
import { loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { build } from '../../../tests/helpers/build';
import { demoTenant } from '../../../tests/helpers/tenants';
import { closeWorkerPools } from '../../workers/close-pools';
import { SettingsRepository } from '../../settings/settings.repository';

// 300 messages, so that p99 is not simply the slowest of a few.
const CHATS = Number(process.env.BENCH_CHATS ?? 300);
const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 20);
const PAGE_KB = Number(process.env.BENCH_PAGE_KB ?? 200);
const WARM_CHATS = 10;
const BASE = '/api/v1/dashboard/vorasearch';

/** BENCH_PROFILE=file.cpuprofile: a CPU profile of the main thread while the searches run (and only then). */
const PROFILE = process.env.BENCH_PROFILE;

async function startProfile(): Promise<{ stop(file: string): Promise<void> }> {
  const session = new Session();
  session.connect();
  const post = <T>(method: string): Promise<T> => new Promise((resolve, reject) => session.post(method, (error, result) => (error ? reject(error) : resolve(result as T))));
  await post('Profiler.enable');
  await post('Profiler.start');
  return {
    async stop(file) {
      const { profile } = await post<{ profile: unknown }>('Profiler.stop');
      await writeFile(file, JSON.stringify(profile));
      session.disconnect();
    },
  };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

interface FixtureStatus {
  env: Record<string, string>;
  sites: Record<string, { https: number; http: number }>;
}

const fixtureProcess = fork(new URL('../../../scripts/research-fixture.ts', import.meta.url), [], {
  execArgv: ['--import', 'tsx'],
  env: { ...process.env, RESEARCH_FIXTURE_PAGE_KB: String(PAGE_KB) },
  stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
});
const fixture = await new Promise<FixtureStatus>((resolve, reject) => {
  fixtureProcess.once('message', (status) => resolve(status as FixtureStatus));
  fixtureProcess.once('exit', (code) => reject(new Error(`the research fixture exited (${code})`)));
});
const goodPorts = fixture.sites.good!;
// BENCH_JOBS_THREAD=false: the searches run on the server's event loop, not in its job host thread (JOBS_THREAD).
const JOBS_THREAD = process.env.BENCH_JOBS_THREAD !== 'false';
const t = await build({ env: { ...fixture.env, LOG_LEVEL: 'warn', JOBS_THREAD: String(JOBS_THREAD) }, research: { ports: { otherHosts: goodPorts } } });
const loopDelay = async <T>(work: () => Promise<T>): Promise<{ result: T; p99: number; max: number }> => {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  const result = await work();
  histogram.disable();
  return { result, p99: histogram.percentile(99) / 1e6, max: histogram.max / 1e6 };
};
try {
  const tenant = await demoTenant(t);
  await new SettingsRepository(t.db.kysely).upsert({ scope: tenant.organizationId, title: null, icon: null, logo: null, favicon: null, theme_color: null, deployment_type: null, default_home_route: null, features_json: '{"VoraDashboard":true}', updated_at: Date.now() });
  const cookie = await t.login(tenant.users.orgAdmin.email);
  const headers = { cookie, 'x-requested-with': 'bench' };
  const site = `https://good.example.test:${goodPorts.https}`;

  const startSearch = async () => (await t.app.inject({ method: 'POST', url: BASE, headers, payload: { SiteLink: site } })).json().id as string;
  // Polls each search as the search page does (every 1.5 s), or every 100 ms to time the lone search closely: polling
  // 20 searches every 100 ms made the bench's own requests a good part of the main thread's work.
  const waitFor = async (ids: string[], everyMs: number) => {
    for (;;) {
      const states = await Promise.all(ids.map(async (id) => (await t.app.inject({ method: 'GET', url: `${BASE}/${id}`, headers })).json().Status as string));
      if (states.every((status) => status !== 'in_progress')) return states;
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  };

  // The job host thread loads the whole app (seconds): the lone search is timed once it runs jobs.
  await t.app.jobHost?.ready;
  let began = performance.now();
  await waitFor([await startSearch()], 100);
  const oneSearchMs = performance.now() - began;

  const model = await t.db.kysely.selectFrom('language_models').select('id').where('organization_id', '=', tenant.organizationId).where('provider', '=', 'demo').executeTakeFirstOrThrow();
  const conversation = (await t.app.inject({ method: 'POST', url: '/api/v1/chat/conversations', headers, payload: {} })).json().id as string;
  const chat = async (count = CHATS) => {
    const latencies: number[] = [];
    for (let index = 0; index < count; index++) {
      const at = performance.now();
      const response = await t.app.inject({ method: 'POST', url: `/api/v1/chat/conversations/${conversation}/messages`, headers, payload: { MessageType: 'PROMPT_LLM', Content: `Question ${index}: what is DMARC?`, LanguageModelId: Number(model.id) } });
      if (response.statusCode !== 200) throw new Error(`chat ${response.statusCode}`);
      latencies.push(performance.now() - at);
    }
    return latencies;
  };
  // The chat path's first messages are slow (code compiled and loaded on first use: the first took 145 ms, the third
  // 14 ms). With JOBS_THREAD the lone search above ran in the other thread and left the chat path cold; on the event
  // loop it warmed most of it. Warmed the same way in both modes, the idle figure is the steady one.
  await chat(WARM_CHATS);
  const { result: idle, ...idleLoop } = await loopDelay(() => chat());
  const profiler = PROFILE ? await startProfile() : null;
  began = performance.now();
  const ids = await Promise.all(Array.from({ length: SEARCHES }, startSearch));
  const { result: loaded, ...loadedLoop } = await loopDelay(() => chat());
  const outcomes = await waitFor(ids, 1500);
  const allSearchesMs = performance.now() - began;
  if (profiler) await profiler.stop(PROFILE!);
  const loop = (figures: { p99: number; max: number }) => `event loop delay p99 ${figures.p99.toFixed(1)} ms, max ${figures.max.toFixed(1)} ms`;

  const line = (name: string, values: number[]) => `${name}: p50 ${percentile(values, 50).toFixed(1)} ms, p99 ${percentile(values, 99).toFixed(1)} ms`;
  process.stdout.write(
    [
      `one full search (fixture good.example.test, demo model): ${(oneSearchMs / 1000).toFixed(2)} s`,
      `${line(`chat idle (${CHATS} messages)`, idle)}; ${loop(idleLoop)}`,
      `${line(`chat while ${SEARCHES} searches run`, loaded)}; ${loop(loadedLoop)}`,
      `p99 change: ${(((percentile(loaded, 99) - percentile(idle, 99)) / percentile(idle, 99)) * 100).toFixed(0)} %`,
      `${SEARCHES} searches ended (${[...new Set(outcomes)].map((status) => `${outcomes.filter((other) => other === status).length} ${status}`).join(', ')}) in ${(allSearchesMs / 1000).toFixed(1)} s (JOBS_PER_TYPE ${t.config.JOBS_PER_TYPE} at once, ${JOBS_THREAD ? 'in the job host thread' : 'on the event loop'}; pages of ${PAGE_KB} KB)`,
      `load average ${loadavg().map((value) => value.toFixed(2)).join(' ')} (the machine is shared)`,
    ].join('\n') + '\n',
  );
} finally {
  await t.close();
  fixtureProcess.kill('SIGTERM');
  // The worker pools live for the process, as in a server: end them so the bench exits.
  await closeWorkerPools();
}
