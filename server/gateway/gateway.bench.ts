// `npm run bench:gateway`: what the gateway adds to a chat completion. A fake upstream (its own process) answers the
// same request sent straight to it and through `/api/v1/openai` (the console in another process, default policy,
// nothing to anonymize, the demo organization's built-in verifier on), in one run:
//   1. sequential rounds, interleaved: each path's p50/p99 and what the gateway adds — and, as a third path, a bare
//      forwarding hop (bench/bench-proxy.ts, its own process): what one more process on the way costs this machine;
//   2. closed loops of BENCH_CLIENTS (8) clients: throughput;
//   3. open loops at fixed rates (BENCH_RATES, default 100,300,1000 a second, BENCH_SECONDS each): achieved
//      throughput, p50/p99 from the scheduled send time, errors;
//   4. the lifecycle records written (counted after the server closed) against the answers received, and the console's
//      CPU time per prompt (user + system, from ready to closed: the figure the machine's load moves least).
// BENCH_DATABASE_URL=postgres://… runs the console on a fresh PostgreSQL schema (dropped afterwards) instead of SQLite;
// BENCH_CPU_PROF=<dir> runs it under `node --cpu-prof`; BENCH_SEMI_SPACE (MB, 64 as `npm run serve`; 0: V8's default)
// sizes its young generation. Traffic goes to 127.0.0.1 only.
import type { Figures, Target } from './bench/bench-load';
import { closedLoop, figuresOf, interleaved, openLoop, send } from './bench/bench-load';
import { firstJson, startBenchProcess } from './bench/bench-process';
import type { BenchRecords, BenchServerReady } from './bench/bench-server';

const PAIRS = Number(process.env.BENCH_PAIRS ?? 1000);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 8);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const RATES = (process.env.BENCH_RATES ?? '100,300,1000').split(',').map(Number).filter((rate) => rate > 0);
const TURNS = Number(process.env.BENCH_TURNS ?? 10);
const CONVERSATION_PAIRS = Number(process.env.BENCH_CONVERSATION_PAIRS ?? 300);
const WARMUP = 300;
const SEQUENTIAL_BUDGET_MS = 120_000;
const PROMPT = 'What is the capital of France?';
const PARAGRAPH = 'The migration to the new cluster went well, although two services needed a restart after the cut-over. Please review the quarterly report and summarise the main risks for the board meeting next week. ';
/** A conversation's earlier turns, the same on every request of the conversation phase. */
const HISTORY = [
  { role: 'system', content: `You are the assistant of the operations team. ${PARAGRAPH.repeat(6)}` },
  ...Array.from({ length: TURNS }, (_, index) => ({ role: index % 2 ? 'assistant' : 'user', content: `Turn ${index + 1}: ${PARAGRAPH.repeat(4)}` })),
];

let requests = 0;
/** The last message, new on every request. */
const nextPrompt = () => `${PROMPT} (request ${(requests += 1)})`;

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(2).padStart(8) : '       -');
const row = (label: string, figures: Figures) =>
  `${label.padEnd(30)} ${String(figures.count).padStart(6)} ${String(figures.errors).padStart(6)} ${ms(figures.p50)} ${ms(figures.p99)} ${ms(figures.max)} ${figures.throughput.toFixed(0).padStart(7)}`;
const HEADER = `${'phase'.padEnd(30)} ${'sent'.padStart(6)} ${'errors'.padStart(6)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'max ms'.padStart(8)} ${'req/s'.padStart(7)}`;

async function main(): Promise<void> {
  const upstream = startBenchProcess('bench-upstream.ts');
  const { url } = await firstJson<{ url: string }>(upstream.lines, 'the fake upstream');
  const profileDir = process.env.BENCH_CPU_PROF;
  // The young generation the console is served with (package.json's serve script); BENCH_SEMI_SPACE=0: V8's default.
  const semiSpace = process.env.BENCH_SEMI_SPACE ?? '64';
  const proxy = startBenchProcess('bench-proxy.ts', { BENCH_UPSTREAM_URL: url });
  const server = startBenchProcess('bench-server.ts', { BENCH_UPSTREAM_URL: url }, ['--no-regexp-tier-up', ...(semiSpace === '0' ? [] : [`--max-semi-space-size=${semiSpace}`]), ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [])]);
  let answered = 0;
  try {
    const ready = await firstJson<BenchServerReady>(server.lines, 'the console');
    const { port: proxyPort } = await firstJson<{ port: number }>(proxy.lines, 'the bare proxy');
    const upstreamPort = Number(new URL(url).port);
    const direct: Target = {
      name: 'direct',
      port: upstreamPort,
      path: '/v1/chat/completions',
      headers: () => ({ authorization: 'Bearer sk-bench' }),
      body: () => JSON.stringify({ model: 'model-x', messages: [{ role: 'user', content: nextPrompt() }], max_tokens: 100, temperature: 0.2 }),
    };
    const bareProxy: Target = { ...direct, name: 'bare proxy', port: proxyPort };
    let turn = 0;
    const gateway: Target = {
      name: 'gateway',
      port: ready.port,
      path: '/api/v1/openai/chat/completions',
      headers: () => ({ authorization: `Bearer ${ready.tokens[(turn += 1) % ready.tokens.length]}` }),
      body: () => JSON.stringify({ model: ready.model, messages: [{ role: 'user', content: nextPrompt() }] }),
    };
    const counted = (figures: Figures) => {
      answered += figures.ok;
      return figures;
    };

    console.log(`gateway bench: ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'SQLite'}, ${ready.tokens.length} tokens, ${PAIRS} sequential pairs, ${CLIENTS} clients, rates ${RATES.join('/')} a second for ${SECONDS} s`);
    for (let index = 0; index < WARMUP; index += 1) {
      await send(direct);
      await send(bareProxy);
      if ((await send(gateway)).ok) answered += 1;
    }

    const started = performance.now();
    const [directRuns, proxyRuns, gatewayRuns] = await interleaved([direct, bareProxy, gateway], PAIRS, SEQUENTIAL_BUDGET_MS);
    const seconds = (performance.now() - started) / 1000;
    const directSeq = figuresOf(directRuns!, seconds);
    const proxySeq = figuresOf(proxyRuns!, seconds);
    const gatewaySeq = counted(figuresOf(gatewayRuns!, seconds));
    console.log(`\n${HEADER}`);
    console.log(row('sequential: direct', directSeq));
    console.log(row('sequential: bare proxy', proxySeq));
    console.log(row('sequential: gateway', gatewaySeq));
    const added = (figures: Figures, base: Figures) => `p50 ${(figures.p50 - base.p50).toFixed(2)} ms, p99 ${(figures.p99 - base.p99).toFixed(2)} ms`;
    console.log(`added by the gateway: ${added(gatewaySeq, directSeq)} (by a bare proxy hop: ${added(proxySeq, directSeq)}; the gateway beyond that hop: ${added(gatewaySeq, proxySeq)})`);

    console.log(`\n${HEADER}`);
    console.log(row(`closed loop ${CLIENTS}: direct`, await closedLoop(direct, CLIENTS, SECONDS)));
    console.log(row(`closed loop ${CLIENTS}: gateway`, counted(await closedLoop(gateway, CLIENTS, SECONDS))));
    for (const rate of RATES) {
      console.log(row(`open loop ${rate}/s: direct`, await openLoop(direct, rate, SECONDS)));
      console.log(row(`open loop ${rate}/s: gateway`, counted(await openLoop(gateway, rate, SECONDS))));
    }

    if (CONVERSATION_PAIRS > 0) {
      const turn = (model: string, extra: Record<string, unknown> = {}) => () => JSON.stringify({ model, messages: [...HISTORY, { role: 'user', content: nextPrompt() }], ...extra });
      const directTurn: Target = { ...direct, body: turn('model-x', { max_tokens: 100, temperature: 0.2 }) };
      const gatewayTurn: Target = { ...gateway, body: turn(ready.model) };
      const turnsStarted = performance.now();
      const [directTurns, gatewayTurns] = await interleaved([directTurn, gatewayTurn], CONVERSATION_PAIRS, SEQUENTIAL_BUDGET_MS);
      const turnSeconds = (performance.now() - turnsStarted) / 1000;
      const directFigures = figuresOf(directTurns!, turnSeconds);
      const gatewayFigures = counted(figuresOf(gatewayTurns!, turnSeconds));
      const size = Math.round(directTurn.body().length / 1024);
      console.log(`\n${HEADER}`);
      console.log(row(`turn of ${TURNS} (~${size} KB): direct`, directFigures));
      console.log(row(`turn of ${TURNS} (~${size} KB): gateway`, gatewayFigures));
      console.log(`added by the gateway to a conversation's turn: p50 ${(gatewayFigures.p50 - directFigures.p50).toFixed(2)} ms, p99 ${(gatewayFigures.p99 - directFigures.p99).toFixed(2)} ms`);
    }
  } finally {
    upstream.child.kill('SIGTERM');
    proxy.child.kill('SIGTERM');
    server.child.kill('SIGTERM');
  }
  const { records, cpuMs } = await firstJson<BenchRecords>(server.lines, 'the console');
  const success = records.success ?? 0;
  const prompts = Object.values(records).reduce((sum, count) => sum + count, 0);
  console.log(`\nlifecycle records: ${JSON.stringify(records)}; answers received: ${answered}; lost: ${Math.max(0, answered - success)}; in progress left: ${records.in_progress ?? 0}`);
  console.log(`console CPU from ready to closed: ${cpuMs.toFixed(0)} ms, ${(cpuMs / Math.max(1, prompts)).toFixed(2)} ms per prompt (${prompts} prompts)`);
  if (profileDir) console.log(`CPU profile written to ${profileDir}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
