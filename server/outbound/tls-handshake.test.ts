// The guarded TLS handshake of passive scans: refused hosts are never dialled, the checked address is, the name goes
// in SNI, extra CAs are trusted only by the client given them, and a server that never answers is given up on.
import net from 'node:net';
import tls from 'node:tls';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestCa } from '../../tests/fakes/research/certificates';
import { startTrap } from '../../tests/fakes/research/sites';
import type { Trap } from '../../tests/fakes/research/sites';
import { stubResolver } from '../../tests/fakes/stub-resolver';
import { OutboundRefusedError } from './errors';
import { OutboundClient } from './outbound-client';

const ca = createTestCa();
const site = ca.issue({ names: ['shop.test'], validDays: 90 });
const names: string[] = [];
let server: tls.Server;
let port: number;
let trap: Trap;

beforeAll(async () => {
  server = tls.createServer({ key: site.key, cert: site.cert, SNICallback: (name, done) => (names.push(name), done(null, tls.createSecureContext({ key: site.key, cert: site.cert }))) });
  server.on('tlsClientError', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  trap = await startTrap('127.0.0.2', [port]);
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await trap.close();
});

function client(extraCa: string[] = [], answers: Record<string, string[]> = { 'shop.test': ['127.0.0.1'] }) {
  return new OutboundClient({ allowHosts: ['127.0.0.1'], resolver: stubResolver(answers), extraCa });
}

describe('guarded TLS handshake', () => {
  it('dials the checked address with the name in SNI and reads the certificate', async () => {
    const trusting = await client([ca.certPem]).tlsHandshake({ hostname: 'shop.test', port, timeoutMs: 3000 });
    expect(trusting).toMatchObject({ address: '127.0.0.1', protocol: 'TLSv1.3', authorized: true, authorizationError: null });
    expect(trusting.certificate.subjectaltname).toBe('DNS:shop.test');
    expect(names).toContain('shop.test');
    const untrusting = await client().tlsHandshake({ hostname: 'shop.test', port, timeoutMs: 3000 });
    expect(untrusting.authorized).toBe(false);
    expect(untrusting.authorizationError).toBe('UNABLE_TO_VERIFY_LEAF_SIGNATURE');
  });

  it('refuses a name or an address that is not allowed, without connecting', async () => {
    const outbound = client([], { 'inside.test': ['127.0.0.2'] });
    await expect(outbound.tlsHandshake({ hostname: 'inside.test', port, timeoutMs: 3000 })).rejects.toThrow(OutboundRefusedError);
    await expect(outbound.tlsHandshake({ hostname: '127.0.0.2', port, timeoutMs: 3000 })).rejects.toThrow('The host 127.0.0.2 is a loopback address');
    expect(trap.connections).toBe(0);
  });

  it('gives up on a server that never answers the handshake, and on an abort', async () => {
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => void sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const silentPort = (silent.address() as AddressInfo).port;
    try {
      const started = Date.now();
      await expect(client([], { 'slow.test': ['127.0.0.1'] }).tlsHandshake({ hostname: 'slow.test', port: silentPort, timeoutMs: 200 })).rejects.toMatchObject({ code: 'ETIMEDOUT' });
      expect(Date.now() - started).toBeLessThan(2000);
      const controller = new AbortController();
      const pending = client([], { 'slow.test': ['127.0.0.1'] }).tlsHandshake({ hostname: 'slow.test', port: silentPort, timeoutMs: 5000, signal: controller.signal });
      setTimeout(() => controller.abort(new Error('time is up')), 50);
      await expect(pending).rejects.toThrow('time is up');
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
