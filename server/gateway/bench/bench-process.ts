// The gateway benches' child processes (the fake upstream, the bare proxy, the console): each a script of this folder
// run with tsx, telling it is ready by printing one JSON line.
import { spawn } from 'node:child_process';
import type { ChildProcessByStdio } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

export interface BenchProcess {
  child: ChildProcessByStdio<null, Readable, null>;
  lines: AsyncIterator<string>;
}

/** Runs `file` of this folder under tsx with `env` added and `nodeArgs` before it; its stderr is the bench's. */
export function startBenchProcess(file: string, env: Record<string, string> = {}, nodeArgs: string[] = []): BenchProcess {
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', path.join(here, file)], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = readline.createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  return { child, lines };
}

/** The next line the process printed, as JSON (its readiness, or its final figures). */
export async function firstJson<T>(lines: AsyncIterator<string>, what: string): Promise<T> {
  const line = await lines.next();
  if (line.done) throw new Error(`${what} stopped before it was ready`);
  return JSON.parse(line.value) as T;
}

/** BENCH_UPSTREAM_URL, the fake upstream the bench started: a 127.0.0.1 address, nothing else. */
export function upstreamUrlFromEnv(): string {
  const url = process.env.BENCH_UPSTREAM_URL;
  if (!url?.startsWith('http://127.0.0.1:')) throw new Error('BENCH_UPSTREAM_URL must be a 127.0.0.1 address');
  return url;
}
