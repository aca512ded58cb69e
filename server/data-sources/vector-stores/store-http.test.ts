// One exchange with a store through the real guarded client: a redirect is not followed (a key header the guard
// does not know would go with it), a refused host is named, and the key never appears in a message.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stubResolver } from '../../../tests/fakes/stub-resolver';
import { OutboundClient } from '../../outbound';
import { call, messageOf, plain } from './store-http';
import { STORE_LIMITS } from './stores';

describe('a store exchange', () => {
  const seen: { path: string; token: string | undefined }[] = [];
  let server: http.Server;
  let base = '';
  const client = new OutboundClient({ allowHosts: ['127.0.0.1'], resolver: stubResolver({ 'store.example.com': ['10.0.0.7'] }) });
  const send = client.fetcher(STORE_LIMITS);

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      seen.push({ path: request.url ?? '', token: request.headers['x-chroma-token'] as string | undefined });
      if (request.url === '/moved') {
        response.writeHead(307, { location: `http://localhost:${(server.address() as AddressInfo).port}/elsewhere` });
        response.end();
        return;
      }
      response.writeHead(403, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: 'AuthError', message: 'token secret-token-123 is not allowed' }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await client.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('does not follow a redirect, so the token goes nowhere else', async () => {
    await expect(call(send, 'Chroma', `${base}/moved`, { method: 'GET', headers: { 'x-chroma-token': 'secret-token-123' } }, 'secret-token-123')).rejects.toThrow(
      /Chroma could not be reached: .*redirect/,
    );
    expect(seen.map((entry) => entry.path)).toEqual(['/moved']);
  });

  it('names the status and the service’s message, with the key masked', async () => {
    await expect(call(send, 'Chroma', `${base}/collections`, { method: 'GET', headers: {} }, 'secret-token-123')).rejects.toThrow(
      /^Chroma answered 403 \(check the API key\): token \[key\] is not allowed$/,
    );
  });

  it('refuses a host that resolves to a private address, naming it', async () => {
    await expect(call(send, 'Qdrant', 'https://store.example.com/collections', { method: 'GET', headers: {} }, null)).rejects.toThrow(/Qdrant could not be reached: .*store\.example\.com.*private/);
  });

  it('reads each service’s error shape', () => {
    expect(messageOf({ status: { error: 'Not found: Collection `x` doesn’t exist!' } })).toBe('Not found: Collection `x` doesn’t exist!');
    expect(messageOf({ error: { code: 'NOT_FOUND', message: 'Resource x not found' } })).toBe('Resource x not found');
    expect(messageOf({ code: 1100, message: 'invalid parameter' })).toBe('invalid parameter');
    expect(messageOf('Invalid api-key')).toBe('Invalid api-key');
    expect(plain('x'.repeat(400), null)).toHaveLength(300);
  });
});
