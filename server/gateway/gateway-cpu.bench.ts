// `npm run bench:gateway:cpu`: the CPU the console spends on a gateway prompt, measured in its own process without
// sockets on its side (`app.inject`), so that neither the load generator nor the machine's scheduling of three
// processes moves the figure (bench:gateway measures those, over real connections). The fake upstream runs in its own
// process; the same provider call made alone (the bench model's provider, through the guarded client) is measured in
// the same rounds, alternated, so the pipeline's own share is the difference:
//   gateway prompt (one-line, default policy, demo verifier) = HTTP handling + pipeline + records + provider call.
// BENCH_PROMPTS (2,000) a round, BENCH_ROUNDS (4), after BENCH_WARMUP (500); JOBS off (no job host thread).
// BENCH_PROMPT_SET=corpus sends real benign prompts of the licensed corpus (../shared/eval/train, up to 2,000 characters,
// those the guard lets through) instead of one repeated line: detection then runs the expressions real text makes it run.
// Profile it with `node --cpu-prof --import tsx server/gateway/gateway-cpu.bench.ts`. Traffic goes to 127.0.0.1 only.
import { percentile } from './bench/bench-load';
import { BENCH_MODEL, startBenchConsole } from './bench/bench-console';
import { firstJson, startBenchProcess } from './bench/bench-process';
import { readFileSync } from 'node:fs';
import { detectPromptAttack } from '../pipeline/detection/index';

const PROMPTS = Number(process.env.BENCH_PROMPTS ?? 2000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 500);
const BUDGET_MS = 240_000;

interface Round {
  cpuUs: number;
  wall: number[];
}

async function measured(count: number, call: (index: number) => Promise<void>): Promise<Round> {
  const wall: number[] = [];
  const cpu = process.cpuUsage();
  for (let index = 0; index < count; index += 1) {
    const started = performance.now();
    await call(index);
    wall.push(performance.now() - started);
  }
  const used = process.cpuUsage(cpu);
  return { cpuUs: (used.user + used.system) / count, wall: wall.sort((a, b) => a - b) };
}

/** Benign prompts of the corpus that the default policy forwards (a flagged one would be blocked, a different path). */
function corpusPrompts(): string[] {
  const file = new URL('../../../shared/eval/train/benign.jsonl', import.meta.url);
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => (JSON.parse(line) as { text: string }).text)
    .filter((text) => text.length <= 2_000 && !detectPromptAttack(text).malicious);
}

async function main(): Promise<void> {
  const upstream = startBenchProcess('bench-upstream.ts');
  const { url } = await firstJson<{ url: string }>(upstream.lines, 'the fake upstream');
  const bench = await startBenchConsole({ upstreamUrl: url, users: 1, jobs: false });
  const { app, member, model, tokens } = bench;
  try {
    const { provider } = await app.services.languageModels.usable(member, model.id);
    let sent = 0;
    const corpus = process.env.BENCH_PROMPT_SET === 'corpus' ? corpusPrompts() : undefined;
    const prompt = () => (corpus ? (corpus[(sent += 1) % corpus.length] as string) : `What is the capital of France? (request ${(sent += 1)})`);
    const gatewayCall = async () => {
      const response = await app.inject({ method: 'POST', url: '/api/v1/openai/chat/completions', headers: { authorization: `Bearer ${tokens[0]}`, 'content-type': 'application/json' }, payload: JSON.stringify({ model: BENCH_MODEL, messages: [{ role: 'user', content: prompt() }] }) });
      if (response.statusCode !== 200) throw new Error(`gateway answered ${response.statusCode}: ${response.body.slice(0, 200)}`);
    };
    const providerCall = async () => {
      await provider.complete({ messages: [{ role: 'user', content: prompt() }], forwardOnly: true });
    };
    // The per-minute limit would stop one user's 10,000 calls: none for this bench's organization.
    await app.db.kysely.updateTable('organizations').set({ rate_limit_rpm: 1_000_000 }).execute();

    console.log(`gateway CPU bench: ${PROMPTS} prompts a round${corpus ? ` (${corpus.length} real benign prompts of the corpus, in turn)` : ' (one line)'}, ${ROUNDS} rounds after ${WARMUP} of warm-up, one process (app.inject), the fake upstream in another`);
    await measured(WARMUP, gatewayCall);
    await measured(WARMUP, providerCall);
    const until = performance.now() + BUDGET_MS;
    const gateway: Round[] = [];
    const alone: Round[] = [];
    for (let round = 0; round < ROUNDS && performance.now() < until; round += 1) {
      gateway.push(await measured(PROMPTS, gatewayCall));
      alone.push(await measured(PROMPTS, providerCall));
    }
    const ms = (us: number) => (us / 1000).toFixed(3);
    console.log(`${'round'.padEnd(7)} ${'gateway CPU'.padStart(12)} ${'provider CPU'.padStart(13)} ${'difference'.padStart(11)} ${'gateway p50'.padStart(12)} ${'provider p50'.padStart(13)}   (ms a prompt)`);
    gateway.forEach((round, index) => {
      const other = alone[index]!;
      console.log(`${String(index + 1).padEnd(7)} ${ms(round.cpuUs).padStart(12)} ${ms(other.cpuUs).padStart(13)} ${ms(round.cpuUs - other.cpuUs).padStart(11)} ${percentile(round.wall, 50).toFixed(3).padStart(12)} ${percentile(other.wall, 50).toFixed(3).padStart(13)}`);
    });
    const best = (rounds: Round[]) => Math.min(...rounds.map((round) => round.cpuUs));
    console.log(`fewest: gateway ${ms(best(gateway))} ms, provider call alone ${ms(best(alone))} ms of CPU a prompt`);
  } finally {
    await app.close();
    await bench.close();
    upstream.child.kill('SIGTERM');
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
