// `npm start` in a terminal prints readable lines; anywhere else (a pipe, a container, a log collector) pino's JSON.
import { Writable } from 'node:stream';

const LEVEL_NAMES: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
/** Fields every line has or that the line's head already shows. */
const SHOWN = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId', 'req', 'res', 'responseTime', 'err']);

const pad = (value: number) => String(value).padStart(2, '0');
const clock = (time: number) => {
  const date = new Date(time);
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
};
const show = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** One pino JSON line as "12:04:31 INFO  message  GET /api/v1/me 200 3 ms  key=value"; other text passes unchanged. */
export function formatLogLine(line: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line;
  }
  if (typeof entry !== 'object' || entry === null || typeof entry.level !== 'number') return line;
  const parts = [clock(Number(entry.time ?? Date.now())), (LEVEL_NAMES[entry.level] ?? String(entry.level)).padEnd(5), show(entry.msg ?? '')];
  const req = entry.req as { method?: string; url?: string } | undefined;
  const res = entry.res as { statusCode?: number } | undefined;
  if (req?.method) parts.push(`${req.method} ${req.url ?? ''}`);
  if (res?.statusCode) parts.push(String(res.statusCode));
  if (typeof entry.responseTime === 'number') parts.push(`${Math.round(entry.responseTime)} ms`);
  for (const [key, value] of Object.entries(entry)) if (!SHOWN.has(key)) parts.push(`${key}=${show(value)}`);
  const err = entry.err as { message?: string; stack?: string } | undefined;
  const head = parts.filter(Boolean).join('  ');
  return err ? `${head}\n  ${err.stack ?? err.message ?? show(err)}` : head;
}

/** A destination for pino that writes human lines to `out` (the terminal). */
export function humanLogStream(out: NodeJS.WritableStream = process.stdout): Writable {
  let pending = '';
  return new Writable({
    write(chunk: Buffer, _encoding, callback) {
      const lines = (pending + chunk.toString()).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) if (line) out.write(`${formatLogLine(line)}\n`);
      callback();
    },
  });
}
