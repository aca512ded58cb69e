import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../tests/helpers/build';
import { build } from '../../tests/helpers/build';
import { CONTENT_SECURITY_POLICY, STRICT_TRANSPORT_SECURITY } from './security-headers';

describe('security headers', () => {
  let direct: TestApp;
  let proxied: TestApp;
  beforeAll(async () => {
    direct = await build({ seed: false });
    proxied = await build({ seed: false, env: { TRUST_PROXY: 'true' } });
  });
  afterAll(async () => {
    await direct.close();
    await proxied.close();
  });

  it('sends a strict Content-Security-Policy on the SPA, the API and the docs page', async () => {
    for (const url of ['/', '/admin/users', '/api/v1/meta', '/api/documentation/', '/api/v1/nothing']) {
      const response = await direct.app.inject({ method: 'GET', url });
      expect(response.headers['content-security-policy'], url).toBe(CONTENT_SECURITY_POLICY);
    }
    const directives = Object.fromEntries(CONTENT_SECURITY_POLICY.split('; ').map((directive) => [directive.split(' ')[0], directive]));
    expect(directives['script-src']).toBe("script-src 'self'");
    expect(directives['frame-ancestors']).toBe("frame-ancestors 'none'");
    expect(directives['object-src']).toBe("object-src 'none'");
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline|\*/);
  });

  it('sends HSTS only for a request that came over TLS', async () => {
    const plain = await direct.app.inject({ method: 'GET', url: '/api/v1/meta' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    // Without TRUST_PROXY a forwarded protocol is anyone's say-so.
    const untrusted = await direct.app.inject({ method: 'GET', url: '/api/v1/meta', headers: { 'x-forwarded-proto': 'https' } });
    expect(untrusted.headers['strict-transport-security']).toBeUndefined();
    const viaProxy = await proxied.app.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'https' } });
    expect(viaProxy.headers['strict-transport-security']).toBe(STRICT_TRANSPORT_SECURITY);
    const plainViaProxy = await proxied.app.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'http' } });
    expect(plainViaProxy.headers['strict-transport-security']).toBeUndefined();
  });
});
