// `npm run bench:rollups`: the background rollup aggregation's cost per prompt, the work every finished prompt adds
// off the request path (rollup-writer.ts). One organization, BENCH_USERS (100) users, BENCH_ROUNDS (8) rounds of
// BENCH_PROMPTS (200) finished prompts in one hour, each round counted by one `aggregatePending` call; the first round
// (rows created, code warming) is left out of the figure, the later ones add to existing rows.
import { build } from '../../tests/helpers/build';
import { demoTenant } from '../../tests/helpers/tenants';
import { seedPrompt } from './metrics.fixtures';
import { aggregatePending } from './rollup-writer';

const USERS = Number(process.env.BENCH_USERS ?? 100);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 8);
const PROMPTS = Number(process.env.BENCH_PROMPTS ?? 200);

// The background aggregator is off: only the calls below count prompts.
const t = await build({ env: { JOBS: 'false' }, aggregateRollups: false });
try {
  const demo = await demoTenant(t);
  const template = await t.db.kysely.selectFrom('users').selectAll().where('id', '=', demo.users.user.id).executeTakeFirstOrThrow();
  const users = Array.from({ length: USERS }, (_, index) => `bench-user-${index}`);
  await t.db.kysely
    .insertInto('users')
    .values(users.map((id, index) => ({ ...template, id, email: `bench-${index}@demo.test` })))
    .execute();
  const hour = Date.parse('2026-07-01T10:00:00.000Z');
  let cpuMs = 0;
  let wallMs = 0;
  let measured = 0;
  for (let round = 0; round < ROUNDS; round++) {
    for (let index = 0; index < PROMPTS; index++) {
      const at = new Date(hour + ((round * PROMPTS + index) % 3600) * 1000).toISOString();
      await seedPrompt(t.db.kysely, { organizationId: demo.organizationId, userId: users[index % USERS]!, model: `model-${index % 3}`, at, stages: { prompt_guard: ['ok', 5, 1, 0], llm: ['ok', 50 + index, 10, 20] } });
    }
    const cpuBefore = process.cpuUsage();
    const wallBefore = performance.now();
    const counted = await aggregatePending(t.db.kysely, demo.organizationId);
    const cpu = process.cpuUsage(cpuBefore);
    if (round === 0) continue;
    cpuMs += (cpu.user + cpu.system) / 1000;
    wallMs += performance.now() - wallBefore;
    measured += counted;
  }
  process.stdout.write(
    `rollup aggregation, ${measured} prompts of ${USERS} users in ${ROUNDS - 1} batches of ${PROMPTS} (after a first): ` +
      `CPU ${(cpuMs / measured).toFixed(3)} ms per prompt, wall ${(wallMs / measured).toFixed(3)} ms per prompt (${t.db.dialect === 'postgres' ? 'PostgreSQL' : 'SQLite'})\n`,
  );
} finally {
  await t.close();
}
