// `npm run bench:redteam`: attempts per second of a red-teaming job through the full pipeline with the offline demo
// model, and the gateway's chat latency on the same server before and while a 500-attempt job runs (chat must stay
// responsive). In process (app.inject for the chat calls), on a fresh SQLite file. BENCH_ATTEMPTS (500),
// BENCH_CONCURRENCY (4), BENCH_CHAT_SAMPLES (200) change the sizes.
import { build } from '../../tests/helpers/build';
import { demoTenant } from '../../tests/helpers/tenants';
import type { RedTeamJob } from '../../domain/schemas/red-teaming';

const ATTEMPTS = Number(process.env.BENCH_ATTEMPTS ?? 500);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const SAMPLES = Number(process.env.BENCH_CHAT_SAMPLES ?? 200);
const CATEGORIES = ['prompt_injection', 'system_prompt_extraction', 'jailbreak', 'sensitive_data_disclosure', 'indirect_injection'] as const;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};
const summary = (values: number[]) => `n ${values.length}, p50 ${percentile(values, 50).toFixed(1)} ms, p99 ${percentile(values, 99).toFixed(1)} ms`;

async function main() {
  // The gateway's per-member limit would otherwise stop the chat samples.
  const t = await build({ env: { LOG_LEVEL: 'silent', GATEWAY_RATE_LIMIT_RPM: '100000' } });
  await t.app.ready();
  const demo = await demoTenant(t);
  const admin = await t.login(demo.users.orgAdmin.email);
  const user = await t.login(demo.users.user.email);
  const headers = (cookie: string) => ({ cookie, 'x-requested-with': 'bench' });
  const chat = async () => {
    const started = performance.now();
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/openai/chat/completions', headers: headers(user), payload: { model: 'Offline demo model', messages: [{ role: 'user', content: 'What is our travel policy for trains?' }] } });
    if (response.statusCode !== 200) throw new Error(`chat: ${response.statusCode} ${response.body}`);
    return performance.now() - started;
  };
  const idle: number[] = [];
  for (let index = 0; index < SAMPLES; index++) idle.push(await chat());

  const model = await t.db.kysely.selectFrom('language_models').select('id').where('organization_id', '=', demo.organizationId).where('name', '=', 'Offline demo model').executeTakeFirstOrThrow();
  const perCategory = Math.ceil(ATTEMPTS / CATEGORIES.length);
  const creating = t.app.inject({
    method: 'POST',
    url: '/api/v1/red-teaming/jobs',
    headers: headers(admin),
    payload: { Name: 'Bench', TargetKind: 'language_model', LanguageModelId: Number(model.id), Categories: CATEGORIES, Strategies: ['plain', 'base64', 'translation', 'role_play', 'many_shot'], AttemptsPerCategory: perCategory, Concurrency: CONCURRENCY },
  });
  const started = performance.now();
  // Chat samples from the moment the job is asked for until it has finished (its row says so).
  const busy: number[] = [];
  const finished = async () => (await t.db.kysely.selectFrom('red_team_jobs').select('status').where('name', '=', 'Bench').executeTakeFirst())?.status;
  let status = await finished();
  while (status === undefined || status === 'queued' || status === 'running') {
    busy.push(await chat());
    status = await finished();
  }
  const created = await creating;
  if (created.statusCode !== 200) throw new Error(`job: ${created.statusCode} ${created.body}`);
  const job = (await t.app.inject({ method: 'GET', url: `/api/v1/red-teaming/jobs/${created.json<RedTeamJob>().id}`, headers: headers(admin) })).json<RedTeamJob>();
  // From the job's creation to its end (the runner may start it before the create call has answered).
  const seconds = job.FinishedAt ? (Date.parse(job.FinishedAt) - Date.parse(job.CreatedAt)) / 1000 : (performance.now() - started) / 1000;
  console.log(`red-teaming job: ${job.TotalAttempts} attempts, concurrency ${CONCURRENCY}, ${seconds.toFixed(1)} s, ${(job.TotalAttempts / seconds).toFixed(1)} attempts/s, status ${job.Status}, success rate ${job.SuccessRate}`);
  console.log(`gateway chat, idle:           ${summary(idle)}`);
  console.log(`gateway chat, while job runs: ${summary(busy)}`);
  await t.close();
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
