// The guarded fetch against local fixtures only (127.0.0.1 and 127.0.0.2): redirects re-checked at every hop,
// the checked address is the one connected to, credentials stay on their origin, and time and size are bounded.
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import tls from 'node:tls';
import { gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { stubResolver } from '../../tests/fakes/stub-resolver';
import { TLS_TEST_CERT, TLS_TEST_KEY, TLS_TEST_NAME } from '../../tests/fakes/tls-test-certificate';
import type { StubAnswers } from '../../tests/fakes/stub-resolver';
import { OutboundLimitError, OutboundRefusedError } from './errors';
import { OutboundClient } from './outbound-client';

interface Seen {
  server: string;
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

interface Fixture {
  port: number;
  seen: Seen[];
  close(): Promise<void>;
}

/** The same routes on 127.0.0.1 and 127.0.0.2 (same port), each request recorded with the address that got it. */
async function startFixtures(): Promise<Fixture> {
  const seen: Seen[] = [];
  const handler = (name: string) => (request: http.IncomingMessage, response: http.ServerResponse) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://fixture');
      seen.push({ server: name, method: request.method ?? '', path: url.pathname, headers: request.headers, body });
      if (url.pathname === '/loop') {
        response.writeHead(302, { location: '/loop' }).end();
      } else if (url.pathname === '/redirect') {
        response.writeHead(Number(url.searchParams.get('status') ?? 302), { location: url.searchParams.get('to') ?? '/ok' }).end();
      } else if (url.pathname === '/big') {
        const size = Number(url.searchParams.get('bytes'));
        // Without content-length, so that only the streamed bytes can tell.
        response.writeHead(200, { 'content-type': 'text/plain' });
        const block = 'x'.repeat(1024);
        for (let sent = 0; sent < size; sent += block.length) response.write(block);
        response.end();
      } else if (url.pathname === '/declared-big') {
        response.writeHead(200, { 'content-length': String(50 * 1024 * 1024) });
        response.write('x');
        setTimeout(() => response.destroy(), 200);
      } else if (url.pathname === '/gzip-json') {
        response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' }).end(gzipSync(JSON.stringify({ compressed: true })));
      } else if (url.pathname === '/big-json') {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ text: 'x'.repeat(Number(url.searchParams.get('bytes'))) }));
      } else if (url.pathname === '/events') {
        // The second event waits until the first was read: a body held back until its end would never finish.
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        response.write('data: first\n\n');
        eventsRead.promise.then(() => response.end('data: second\n\n'), () => undefined);
      } else if (url.pathname === '/slow') {
        setTimeout(() => response.end('late'), 2_000).unref();
      } else {
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ server: name }));
      }
    });
  };
  const first = http.createServer(handler('127.0.0.1'));
  await new Promise<void>((resolve) => first.listen(0, '127.0.0.1', resolve));
  const port = (first.address() as AddressInfo).port;
  const second = http.createServer(handler('127.0.0.2'));
  await new Promise<void>((resolve, reject) => second.once('error', reject).listen(port, '127.0.0.2', resolve));
  return {
    port,
    seen,
    close: async () => {
      first.closeAllConnections();
      second.closeAllConnections();
      await Promise.all([new Promise((resolve) => first.close(resolve)), new Promise((resolve) => second.close(resolve))]);
    },
  };
}

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((settle) => (resolve = settle));
  return { promise, resolve };
}
let eventsRead = deferred();

async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a failure');
}

describe('guarded fetch', () => {
  let fixture: Fixture;
  let clients: OutboundClient[] = [];
  beforeAll(async () => {
    fixture = await startFixtures();
  });
  afterAll(() => fixture.close());
  afterEach(async () => {
    await Promise.all(clients.map((client) => client.close()));
    clients = [];
    fixture.seen.length = 0;
  });

  const clientFor = (allowHosts: string[], answers: StubAnswers = {}) => {
    const resolver = stubResolver(answers);
    const client = new OutboundClient({ allowHosts, resolver });
    clients.push(client);
    return { client, resolver };
  };
  const at = (host: string, path: string) => `http://${host}:${fixture.port}${path}`;

  it('reaches an allowed 127.0.0.1 and refuses it when not allowed, before connecting', async () => {
    const allowed = clientFor(['127.0.0.1']).client.fetcher();
    const response = await allowed(at('127.0.0.1', '/ok'));
    expect(await response.json()).toEqual({ server: '127.0.0.1' });

    const guarded = clientFor([]).client.fetcher();
    const error = await failure(guarded(at('127.0.0.1', '/ok')));
    expect(error).toBeInstanceOf(OutboundRefusedError);
    expect(error.message).toMatch(/^The host 127\.0\.0\.1 is a loopback address; /);
    expect(fixture.seen).toHaveLength(1);
  });

  it('refuses decimal and hexadecimal spellings of a blocked address', async () => {
    const guarded = clientFor(['127.0.0.2']).client.fetcher();
    for (const host of ['2130706433', '0x7f.1', '0177.0.0.1']) {
      const error = await failure(guarded(at(host, '/ok')));
      expect(error).toBeInstanceOf(OutboundRefusedError);
      expect(error.message).toMatch(/^The host 127\.0\.0\.1 is a loopback address/);
    }
    expect(fixture.seen).toHaveLength(0);
  });

  it('follows a redirect to an allowed name and refuses one to a name or address that is not allowed', async () => {
    const { client } = clientFor(['127.0.0.1', 'allowed.test'], { 'allowed.test': ['127.0.0.2'], 'other.test': ['127.0.0.2'] });
    const guarded = client.fetcher();
    const followed = await guarded(at('127.0.0.1', `/redirect?to=${encodeURIComponent(at('allowed.test', '/ok'))}`));
    expect(await followed.json()).toEqual({ server: '127.0.0.2' });
    expect(followed.url).toBe(at('allowed.test', '/ok'));

    for (const target of [at('other.test', '/ok'), at('127.0.0.2', '/ok'), 'http://169.254.169.254/latest/meta-data/', 'http://[::1]/']) {
      fixture.seen.length = 0;
      const error = await failure(guarded(at('127.0.0.1', `/redirect?to=${encodeURIComponent(target)}`)));
      expect(error).toBeInstanceOf(OutboundRefusedError);
      expect(error.message).toMatch(/^The host (other\.test resolves to a loopback address|127\.0\.0\.2 is a loopback address|169\.254\.169\.254 is a cloud metadata address|::1 is a loopback address)/);
      expect(fixture.seen.map((request) => request.server)).toEqual(['127.0.0.1']);
    }
  });

  it('bounds the number of redirects', async () => {
    const guarded = clientFor(['127.0.0.1']).client.fetcher({ maxRedirects: 2 });
    const error = await failure(guarded(at('127.0.0.1', '/loop')));
    expect(error).toBeInstanceOf(OutboundLimitError);
    expect(error.message).toBe('127.0.0.1 redirected more than 2 times.');
    expect(fixture.seen).toHaveLength(3);
  });

  it('keeps credentials on their origin and turns a POST into a GET after a 302, as fetch does', async () => {
    const { client } = clientFor(['127.0.0.1', 'allowed.test'], { 'allowed.test': ['127.0.0.1'] });
    const guarded = client.fetcher();
    const headers = { authorization: 'Bearer sk-secret-value', 'api-key': 'azure-secret', 'content-type': 'application/json' };
    await guarded(at('127.0.0.1', `/redirect?status=307&to=${encodeURIComponent('/ok')}`), { method: 'POST', headers, body: '{"a":1}' });
    expect(fixture.seen[1]).toMatchObject({ method: 'POST', body: '{"a":1}', headers: { authorization: 'Bearer sk-secret-value', 'api-key': 'azure-secret' } });

    fixture.seen.length = 0;
    await guarded(at('127.0.0.1', `/redirect?status=302&to=${encodeURIComponent(at('allowed.test', '/ok'))}`), { method: 'POST', headers, body: '{"a":1}' });
    expect(fixture.seen[1]).toMatchObject({ method: 'GET', body: '' });
    expect(fixture.seen[1]!.headers.authorization).toBeUndefined();
    expect(fixture.seen[1]!.headers['api-key']).toBeUndefined();
    expect(fixture.seen[1]!.headers['content-type']).toBeUndefined();
  });

  it("answers a redirect as is with redirect: 'manual' and fails with redirect: 'error'", async () => {
    const guarded = clientFor(['127.0.0.1']).client.fetcher();
    const manual = await guarded(at('127.0.0.1', '/redirect?to=http://169.254.169.254/'), { redirect: 'manual' });
    expect(manual.status).toBe(302);
    expect(manual.headers.get('location')).toBe('http://169.254.169.254/');
    const error = await failure(guarded(at('127.0.0.1', '/redirect?to=/ok'), { redirect: 'error' }));
    expect(error).toBeInstanceOf(TypeError);
    expect(fixture.seen.map((request) => request.path)).toEqual(['/redirect', '/redirect']);
  });

  it('connects to the checked address, not to what the name resolves to a moment later (no DNS rebinding)', async () => {
    const answers = ['127.0.0.1', '127.0.0.2'];
    let lookups = 0;
    const { client, resolver } = clientFor(['rebind.test'], { 'rebind.test': () => [answers[Math.min(lookups++, 1)]!] });
    const guarded = client.fetcher();
    expect(await (await guarded(at('rebind.test', '/ok'))).json()).toEqual({ server: '127.0.0.1' });
    expect(resolver.lookups).toEqual(['rebind.test']);
    expect(fixture.seen.map((request) => [request.server, request.headers.host])).toEqual([['127.0.0.1', `rebind.test:${fixture.port}`]]);
    // The next call checks the name again and goes to its new, checked address.
    expect(await (await guarded(at('rebind.test', '/ok'))).json()).toEqual({ server: '127.0.0.2' });
    expect(resolver.lookups).toEqual(['rebind.test', 'rebind.test']);
  });

  it('refuses a name that resolves to a blocked address at call time', async () => {
    const guarded = clientFor([], { 'intranet.test': ['127.0.0.1'] }).client.fetcher();
    const error = await failure(guarded(at('intranet.test', '/ok')));
    expect(error.message).toMatch(/^The host intranet\.test resolves to a loopback address; /);
    expect(fixture.seen).toHaveLength(0);
  });

  it('fails like fetch when a name does not resolve', async () => {
    const guarded = clientFor([]).client.fetcher();
    const error = await failure(guarded('http://nowhere.test/'));
    expect((error as Error & { code?: string }).code).toBe('ENOTFOUND');
  });

  it('bounds the size of the answer, streamed or declared', async () => {
    const guarded = clientFor(['127.0.0.1']).client.fetcher({ maxResponseBytes: 64 * 1024 });
    const small = await guarded(at('127.0.0.1', '/big?bytes=32768'));
    expect((await small.text()).length).toBe(32 * 1024);
    const big = await guarded(at('127.0.0.1', '/big?bytes=1048576'));
    const error = await failure(big.text());
    expect(error).toBeInstanceOf(OutboundLimitError);
    expect(error.message).toBe('The answer of 127.0.0.1 is larger than 64 KB.');
    const declared = await failure(guarded(at('127.0.0.1', '/declared-big')));
    expect(declared).toBeInstanceOf(OutboundLimitError);
  });

  it('reads a JSON answer whole within the bound, decoded when compressed; streams an event stream as it comes', async () => {
    const guarded = clientFor(['127.0.0.1']).client.fetcher({ maxResponseBytes: 64 * 1024 });
    expect(await (await guarded(at('127.0.0.1', '/gzip-json'))).json()).toEqual({ compressed: true });
    expect(await failure((await guarded(at('127.0.0.1', '/big-json?bytes=100000'))).json())).toBeInstanceOf(OutboundLimitError);
    expect(((await (await guarded(at('127.0.0.1', '/big-json?bytes=1000'))).json()) as { text: string }).text).toHaveLength(1000);

    eventsRead = deferred();
    const events = await guarded(at('127.0.0.1', '/events'));
    const reader = events.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('data: first\n\n');
    eventsRead.resolve();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('data: second\n\n');
    expect((await reader.read()).done).toBe(true);
  });

  it('bounds the time of the exchange, and honours the caller’s signal', async () => {
    const guarded = clientFor(['127.0.0.1']).client.fetcher({ timeoutMs: 150 });
    const started = Date.now();
    const error = await failure(guarded(at('127.0.0.1', '/slow')));
    expect(error.name).toBe('TimeoutError');
    expect(Date.now() - started).toBeLessThan(1_500);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const aborted = await failure(clientFor(['127.0.0.1']).client.fetcher()(at('127.0.0.1', '/slow'), { signal: controller.signal }));
    expect(aborted.name).toBe('AbortError');
  });

  it('goes on bounding a streamed answer by the time limit after its headers came', async () => {
    const guarded = clientFor(['127.0.0.1']).client.fetcher({ timeoutMs: 300 });
    eventsRead = deferred();
    const stalled = (await guarded(at('127.0.0.1', '/events'))).body!.getReader();
    expect(new TextDecoder().decode((await stalled.read()).value)).toBe('data: first\n\n');
    expect((await failure(stalled.read())).name).toBe('TimeoutError');
    eventsRead.resolve();
  });

  describe('an answer read whole as text (texter)', () => {
    it('checks every hop as fetch does: refused hosts, redirects re-checked, credentials kept on their origin', async () => {
      const refused = await failure(clientFor([]).client.texter()(at('127.0.0.1', '/ok'), { method: 'GET', headers: {} }));
      expect(refused).toBeInstanceOf(OutboundRefusedError);
      expect(fixture.seen).toHaveLength(0);

      const { client } = clientFor(['127.0.0.1', 'allowed.test'], { 'allowed.test': ['127.0.0.2'] });
      const text = client.texter();
      const headers = { Authorization: 'Bearer sk-secret-value', 'content-type': 'application/json' };
      const answer = await text(at('127.0.0.1', `/redirect?status=307&to=${encodeURIComponent(at('allowed.test', '/ok'))}`), { method: 'POST', headers, body: '{"a":1}' });
      expect(answer).toMatchObject({ status: 200, ok: true, text: JSON.stringify({ server: '127.0.0.2' }) });
      expect(answer.headers['content-type']).toBe('application/json');
      expect(fixture.seen.map((request) => [request.server, request.method, request.body])).toEqual([['127.0.0.1', 'POST', '{"a":1}'], ['127.0.0.2', 'POST', '{"a":1}']]);
      expect(fixture.seen[1]!.headers.authorization).toBeUndefined();
      expect(fixture.seen[0]!.headers.authorization).toBe('Bearer sk-secret-value');
      expect(headers.Authorization).toBe('Bearer sk-secret-value');

      fixture.seen.length = 0;
      const metadata = await failure(text(at('127.0.0.1', `/redirect?to=${encodeURIComponent('http://169.254.169.254/')}`), { method: 'GET', headers: {} }));
      expect(metadata.message).toMatch(/^The host 169\.254\.169\.254 is a cloud metadata address/);
    });

    it('answers an error status with its body, decodes a compressed answer, and fails an answer over the bound', async () => {
      const text = clientFor(['127.0.0.1']).client.texter({ maxResponseBytes: 64 * 1024 });
      expect(JSON.parse((await text(at('127.0.0.1', '/gzip-json'), { method: 'GET', headers: {} })).text)).toEqual({ compressed: true });
      expect((await text(at('127.0.0.1', '/redirect?status=404&to=/ok'), { method: 'GET', headers: {} })).ok).toBe(false);
      expect((await text(at('127.0.0.1', '/big?bytes=32768'), { method: 'GET', headers: {} })).text).toHaveLength(32 * 1024);
      for (const path of ['/big?bytes=1048576', '/declared-big']) {
        const error = await failure(text(at('127.0.0.1', path), { method: 'GET', headers: {} }));
        expect(error).toBeInstanceOf(OutboundLimitError);
        expect(error.message).toBe('The answer of 127.0.0.1 is larger than 64 KB.');
      }
    });

    it('bounds the time of the exchange and honours the caller’s signal', async () => {
      const error = await failure(clientFor(['127.0.0.1']).client.texter({ timeoutMs: 150 })(at('127.0.0.1', '/slow'), { method: 'GET', headers: {} }));
      expect(error.name).toBe('TimeoutError');
      // A call's own shorter limit (a provider's) bounds it too.
      const started = Date.now();
      const own = await failure(clientFor(['127.0.0.1']).client.texter({ timeoutMs: 60_000 })(at('127.0.0.1', '/slow'), { method: 'GET', headers: {}, timeoutMs: 150 }));
      expect(own.name).toBe('TimeoutError');
      expect(Date.now() - started).toBeLessThan(1_500);
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 50);
      const aborted = await failure(clientFor(['127.0.0.1']).client.texter()(at('127.0.0.1', '/slow'), { method: 'GET', headers: {}, signal: controller.signal }));
      expect(aborted.name).toBe('AbortError');
    });
  });

  it('over TLS connects to the checked address but sends the real name (SNI) and checks the certificate', async () => {
    const names: string[] = [];
    const context = tls.createSecureContext({ key: TLS_TEST_KEY, cert: TLS_TEST_CERT });
    // Called with the ClientHello's server name, whatever becomes of the handshake.
    const SNICallback = (name: string, done: (error: Error | null, context: tls.SecureContext) => void) => {
      names.push(name);
      done(null, context);
    };
    const server = https.createServer({ key: TLS_TEST_KEY, cert: TLS_TEST_CERT, SNICallback }, (_request, response) => response.end('ok'));
    server.on('tlsClientError', () => undefined);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const port = (server.address() as AddressInfo).port;
      const guarded = clientFor([TLS_TEST_NAME], { [TLS_TEST_NAME]: ['127.0.0.1'] }).client.fetcher();
      // The handshake reaches the server with the name; the self-signed certificate is then refused, as it must be.
      const untrusted = await failure(guarded(`https://${TLS_TEST_NAME}:${port}/`));
      expect(String((untrusted.cause as { code?: string } | undefined)?.code)).toMatch(/SELF_SIGNED|UNABLE_TO_VERIFY/);
      expect(names).toEqual([TLS_TEST_NAME]);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
