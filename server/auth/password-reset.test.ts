import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../tests/helpers/build';
import { build } from '../../tests/helpers/build';
import { FORGOT_PASSWORD_ANSWER, INVALID_RESET_LINK } from './auth.service';

const json = { 'content-type': 'application/json' };

function linkFromLogs(t: TestApp, email: string): string {
  const line = [...t.logs].reverse().find((entry) => entry.includes(`password link for ${email}`));
  if (!line) throw new Error(`no password link logged for ${email}`);
  return /(http\S+?token=[\w%-]+)/.exec(line)![1]!;
}

describe('password reset', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ env: { PUBLIC_URL: 'https://console.example.test' } });
  });
  afterAll(() => t.close());

  it('answers the same for a known and an unknown address, and logs a link only for the known one', async () => {
    const known = await t.app.inject({ method: 'POST', url: '/api/v1/auth/forgot-password', headers: json, payload: { Email: 'user@demo.test' } });
    const unknown = await t.app.inject({ method: 'POST', url: '/api/v1/auth/forgot-password', headers: json, payload: { Email: 'nobody@demo.test' } });
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual({ message: FORGOT_PASSWORD_ANSWER });
    expect(unknown.json()).toEqual(known.json());
    expect(linkFromLogs(t, 'user@demo.test')).toMatch(/^https:\/\/console\.example\.test\/password\/reset\?token=/);
    expect(() => linkFromLogs(t, 'nobody@demo.test')).toThrow();
  });

  it('sets the new password once, ends every session, and refuses the link a second time', async () => {
    const cookie = await t.login('org-admin@demo.test');
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/forgot-password', headers: json, payload: { Email: 'org-admin@demo.test' } });
    const token = decodeURIComponent(new URL(linkFromLogs(t, 'org-admin@demo.test')).searchParams.get('token')!);

    const reset = await t.app.inject({ method: 'POST', url: '/api/v1/auth/reset-password', headers: json, payload: { Token: token, Password: 'a-brand-new-pass' } });
    expect(reset.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie } })).statusCode).toBe(401);
    await expect(t.login('org-admin@demo.test')).rejects.toThrow(/401/);
    await expect(t.login('org-admin@demo.test', 'a-brand-new-pass')).resolves.toContain('console_session=');

    const again = await t.app.inject({ method: 'POST', url: '/api/v1/auth/reset-password', headers: json, payload: { Token: token, Password: 'another-new-pass' } });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: INVALID_RESET_LINK });
  });

  it('refuses an expired link', async () => {
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/forgot-password', headers: json, payload: { Email: 'product-admin@demo.test' } });
    const token = decodeURIComponent(new URL(linkFromLogs(t, 'product-admin@demo.test')).searchParams.get('token')!);
    await t.db.kysely.updateTable('password_tokens').set({ expires_at: Date.now() - 1 }).where('used_at', 'is', null).execute();
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/auth/reset-password', headers: json, payload: { Token: token, Password: 'a-brand-new-pass' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: INVALID_RESET_LINK });
  });

  it('checks the new password per field', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/auth/reset-password', headers: json, payload: { Token: 'x'.repeat(43), Password: 'short' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Some fields are not valid.', errors: { Password: 'Use at least 10 characters' } });
  });

  it('keeps the token out of the request log line of the reset page', async () => {
    await t.app.inject({ method: 'GET', url: '/password/reset?token=super-secret-token-value' });
    const requestLines = t.logs.filter((line) => line.includes('/password/reset'));
    expect(requestLines.length).toBeGreaterThan(0);
    expect(requestLines.join('\n')).not.toContain('super-secret-token-value');
  });
});

describe('password links without PUBLIC_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ env: { ALLOWED_HOSTS: 'console.internal,10.1.2.3:8443', TRUST_PROXY: 'true', PORT: '8181' } });
  });
  afterAll(() => t.close());

  const forgot = (email: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/forgot-password', headers: { ...json, ...headers }, payload: { Email: email } });

  it('never builds a link on a forged Host or X-Forwarded-Host: this machine instead, and a warning to set PUBLIC_URL', async () => {
    await forgot('user@demo.test', { host: 'attacker.example' });
    expect(linkFromLogs(t, 'user@demo.test')).toMatch(/^http:\/\/localhost:8181\/password\/reset\?token=/);
    await forgot('org-admin@demo.test', { host: 'console.internal', 'x-forwarded-host': 'attacker.example', 'x-forwarded-proto': 'https' });
    expect(linkFromLogs(t, 'org-admin@demo.test')).toMatch(/^http:\/\/localhost:8181\/password\/reset\?token=/);
    await forgot('customer-admin@demo.test', { host: '10.1.2.3:9999' });
    expect(linkFromLogs(t, 'customer-admin@demo.test')).toMatch(/^http:\/\/localhost:8181\//);
    expect(t.logs.join('\n')).not.toContain('attacker.example');
    expect(t.logs.filter((line) => line.includes('PUBLIC_URL is not set')).length).toBeGreaterThanOrEqual(3);
  });

  it('a welcome link for a new user is not built on a forged Host either', async () => {
    const cookie = await t.login('org-admin@demo.test');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users',
      headers: { cookie, host: 'attacker.example' },
      payload: { FirstName: 'New', LastName: 'Person', Email: 'new.person@demo.test', Role: 4 },
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(linkFromLogs(t, 'new.person@demo.test')).toMatch(/^http:\/\/localhost:8181\/welcome\?token=/);
    expect(t.logs.join('\n')).not.toContain('attacker.example');
  });

  it('uses the Host when it is allowed: localhost, or a host named in ALLOWED_HOSTS', async () => {
    await forgot('user@demo.test', { host: 'localhost:5173' });
    expect(linkFromLogs(t, 'user@demo.test')).toMatch(/^http:\/\/localhost:5173\/password\/reset\?token=/);
    await forgot('product-admin@demo.test', { host: 'internal.example', 'x-forwarded-host': 'Console.Internal:8443', 'x-forwarded-proto': 'https' });
    expect(linkFromLogs(t, 'product-admin@demo.test')).toMatch(/^https:\/\/console\.internal:8443\/password\/reset\?token=/);
  });
});
