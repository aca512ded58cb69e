// The load generator of `npm run bench:gateway`: one keep-alive HTTP client, sequential pairs, closed loops of C
// clients and open loops at a fixed rate (requests leave on schedule whatever the answers, latency counted from the
// scheduled time, so a server falling behind shows in p99 rather than in a slower send rate). 127.0.0.1 only; every
// loop is bounded in count and time.
import http from 'node:http';

export interface Target {
  name: string;
  port: number;
  path: string;
  headers: () => Record<string, string>;
  /** Each request's body: a new one per request, so that nothing is answered from a cache of an earlier request. */
  body: () => string;
}

export interface Outcome {
  ok: boolean;
  status: number;
  ms: number;
}

export interface Figures {
  count: number;
  ok: number;
  errors: number;
  p50: number;
  p99: number;
  max: number;
  /** Answered requests a second over the phase. */
  throughput: number;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
const REQUEST_TIMEOUT_MS = 30_000;

export function send(target: Target, startedAt = performance.now()): Promise<Outcome> {
  const body = target.body();
  return new Promise((resolve) => {
    const request = http.request(
      { host: '127.0.0.1', port: target.port, path: target.path, method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...target.headers() }, timeout: REQUEST_TIMEOUT_MS },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => {
          const status = response.statusCode ?? 0;
          resolve({ ok: status === 200 && text.includes('"choices"'), status, ms: performance.now() - startedAt });
        });
        response.on('error', () => resolve({ ok: false, status: response.statusCode ?? 0, ms: performance.now() - startedAt }));
      },
    );
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', () => resolve({ ok: false, status: 0, ms: performance.now() - startedAt }));
    request.end(body);
  });
}

export function percentile(sorted: readonly number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export function figuresOf(outcomes: readonly Outcome[], seconds: number): Figures {
  const times = outcomes.filter((outcome) => outcome.ok).map((outcome) => outcome.ms).sort((a, b) => a - b);
  return {
    count: outcomes.length,
    ok: times.length,
    errors: outcomes.length - times.length,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    max: times[times.length - 1] ?? NaN,
    throughput: times.length / seconds,
  };
}

/** Rounds of one request to each target, one after the other, the first of each round rotating; answers the outcomes of each target. */
export async function interleaved(targets: readonly Target[], rounds: number, budgetMs: number): Promise<Outcome[][]> {
  const outcomes = targets.map((): Outcome[] => []);
  const until = performance.now() + budgetMs;
  for (let round = 0; round < rounds && performance.now() < until; round += 1) {
    for (let step = 0; step < targets.length; step += 1) {
      const index = (round + step) % targets.length;
      outcomes[index]!.push(await send(targets[index]!));
    }
  }
  return outcomes;
}

/** C clients each sending its next request when the previous one is answered, for `seconds`. */
export async function closedLoop(target: Target, clients: number, seconds: number): Promise<Figures> {
  const outcomes: Outcome[] = [];
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < until) outcomes.push(await send(target));
    }),
  );
  return figuresOf(outcomes, (performance.now() - started) / 1000);
}

/**
 * Requests at a fixed rate for `seconds`, whatever the answers (at most `maxInFlight` waiting: beyond that a request
 * counts as an error, not sent). Throughput is over the time until the last answer.
 */
export async function openLoop(target: Target, rate: number, seconds: number, maxInFlight = 2000): Promise<Figures> {
  const total = Math.round(rate * seconds);
  const interval = 1000 / rate;
  const outcomes: Outcome[] = [];
  const pending: Promise<void>[] = [];
  let inFlight = 0;
  const started = performance.now();
  let next = 0;
  while (next < total) {
    const now = performance.now();
    while (next < total && started + next * interval <= now) {
      const scheduled = started + next * interval;
      next += 1;
      if (inFlight >= maxInFlight) {
        outcomes.push({ ok: false, status: 0, ms: 0 });
        continue;
      }
      inFlight += 1;
      pending.push(
        send(target, scheduled).then((outcome) => {
          inFlight -= 1;
          outcomes.push(outcome);
        }),
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  await Promise.all(pending);
  return figuresOf(outcomes, (performance.now() - started) / 1000);
}
