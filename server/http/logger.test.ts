import { Writable } from 'node:stream';
import Fastify, { LogController } from 'fastify';
import { describe, expect, it } from 'vitest';
import { formatLogLine } from './human-log';
import { loggerOptions, logRequests } from './logger';

async function appLoggingAt(level: string) {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(chunk.toString());
      callback();
    },
  });
  const app = Fastify({ logger: { ...(loggerOptions(level) as object), stream }, logController: new LogController({ disableRequestLogging: true }) });
  logRequests(app);
  app.get('/password/reset', async () => 'ok');
  await app.ready();
  return { app, lines };
}

describe('request logging', () => {
  it('writes nothing per request at the default level (info)', async () => {
    const { app, lines } = await appLoggingAt('info');
    await app.inject({ method: 'GET', url: '/password/reset?token=secret-value' });
    expect(lines).toEqual([]);
    await app.close();
  });

  it('writes one line per request at debug, with the URL masked', async () => {
    const { app, lines } = await appLoggingAt('debug');
    await app.inject({ method: 'GET', url: '/password/reset?token=secret-value' });
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0]!) as { msg: string; req: { url: string }; res: { statusCode: number } };
    expect(entry).toMatchObject({ msg: 'request completed', req: { url: '/password/reset?token=[redacted]' }, res: { statusCode: 200 } });
    await app.close();
  });
});

describe('human log lines', () => {
  it('shows time, level, message, request and extra fields on one line', () => {
    const time = new Date(2026, 10, 25, 9, 5, 7).getTime();
    const line = JSON.stringify({ level: 20, time, pid: 1, hostname: 'h', reqId: 'r1', msg: 'request completed', req: { method: 'GET', url: '/api/v1/me' }, res: { statusCode: 200 }, responseTime: 3.4, organization: 'o1' });
    expect(formatLogLine(line)).toBe('09:05:07  DEBUG  request completed  GET /api/v1/me  200  3 ms  organization=o1');
  });

  it('adds the stack of an error below its line, and passes other text unchanged', () => {
    const line = JSON.stringify({ level: 50, time: Date.now(), msg: 'boom', err: { message: 'boom', stack: 'Error: boom\n    at x' } });
    expect(formatLogLine(line)).toMatch(/ERROR {2}boom\n {2}Error: boom\n {4}at x$/);
    expect(formatLogLine('AI Governance Console is running')).toBe('AI Governance Console is running');
  });
});
