import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../tests/helpers/build';
import { build, sessionCookieOf, TEST_PASSWORD } from '../../tests/helpers/build';
import { SESSION_COOKIE } from '../http/session-cookie';
import { WRONG_CREDENTIALS } from './auth.service';

describe('sign-in and sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(() => t.close());

  it('signs in, sets an HttpOnly SameSite cookie and returns the current user', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { Email: 'Org-Admin@Demo.test ', Password: TEST_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE)!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.value).toMatch(/^[\w-]{43}$/);
    expect(response.json()).toMatchObject({
      Email: 'org-admin@demo.test',
      Name: 'Olivia Orgadmin',
      FirstName: 'Olivia',
      LastName: 'Orgadmin',
      Role: 3,
      Organization: { Name: 'Demo Organization' },
    });
    expect(response.json()).not.toHaveProperty('password_hash');
  });

  it('answers the same 401 for an unknown email and a wrong password', async () => {
    const unknown = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { Email: 'ghost@demo.test', Password: 'whatever-1' } });
    const wrong = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { Email: 'user@demo.test', Password: 'wrong-password' } });
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ message: WRONG_CREDENTIALS });
    expect(wrong.json()).toEqual({ message: WRONG_CREDENTIALS });
    expect(unknown.cookies).toHaveLength(0);
  });

  it('rejects bad input with a message per field', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { Email: 'not-an-email' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Some fields are not valid.',
      errors: { Email: 'Enter a valid email address', Password: 'Password is required' },
    });
  });

  it('rejects a body that is not JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"Email":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'The request body is not valid JSON.' });
  });

  it('/me answers the user with a session and 401 without', async () => {
    const cookie = await t.login('user@demo.test');
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ Email: 'user@demo.test', Role: 4, FirstName: 'Umar', LastName: 'User' });
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/me' });
    expect(anonymous.statusCode).toBe(401);
    const forged = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie: `${SESSION_COOKIE}=forged` } });
    expect(forged.statusCode).toBe(401);
  });

  it('gives each sign-in a new session id and ends the previous one', async () => {
    const first = await t.login('user@demo.test');
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { cookie: first },
      payload: { Email: 'user@demo.test', Password: TEST_PASSWORD },
    });
    expect(sessionCookieOf(second)).not.toBe(first);
    const old = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie: first } });
    expect(old.statusCode).toBe(401);
  });

  it('stores sessions only as hashes', async () => {
    const cookie = await t.login('user@demo.test');
    const token = cookie.split('=')[1]!;
    const rows = await t.db.kysely.selectFrom('sessions').select('id_hash').execute();
    expect(rows.some((row) => row.id_hash === token)).toBe(false);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.id_hash))).toBe(true);
  });

  it('logout at /auth/google/logout ends the session on the server, clears the cookie and goes to /login', async () => {
    const cookie = await t.login('customer-admin@demo.test');
    const response = await t.app.inject({ method: 'GET', url: '/auth/google/logout', headers: { cookie } });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/login');
    const cleared = response.cookies.find((c) => c.name === SESSION_COOKIE)!;
    expect(cleared.value).toBe('');
    const replay = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie } });
    expect(replay.statusCode).toBe(401);
  });

  it('POST /api/v1/auth/logout ends the session too', async () => {
    const cookie = await t.login('product-admin@demo.test');
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: { cookie, 'x-requested-with': 'XMLHttpRequest' } });
    expect(response.statusCode).toBe(200);
    const replay = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie } });
    expect(replay.statusCode).toBe(401);
  });

  it('refuses a disabled user, and ends their open sessions', async () => {
    const cookie = await t.login('customer-admin@demo.test');
    await t.db.kysely.updateTable('users').set({ enabled: 0 }).where('email', '=', 'customer-admin@demo.test').execute();
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie } });
    expect(me.statusCode).toBe(401);
    const login = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { Email: 'customer-admin@demo.test', Password: TEST_PASSWORD } });
    expect(login.statusCode).toBe(401);
    expect(login.json()).toEqual({ message: WRONG_CREDENTIALS });
    await t.db.kysely.updateTable('users').set({ enabled: 1 }).where('email', '=', 'customer-admin@demo.test').execute();
  });

  it('expires sessions', async () => {
    const cookie = await t.login('user@demo.test');
    await t.db.kysely.updateTable('sessions').set({ expires_at: Date.now() - 1 }).execute();
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie } });
    expect(me.statusCode).toBe(401);
  });

  it('never logs passwords or session secrets', async () => {
    const cookie = await t.login('user@demo.test');
    await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie } });
    const logged = t.logs.join('\n');
    expect(logged).not.toContain(TEST_PASSWORD);
    expect(logged).not.toContain(cookie.split('=')[1]!);
    expect(logged).toContain('"reqId"');
  });
});

describe('sign-in rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(() => t.close());

  it('answers 429 with Retry-After after five failures for one account from one address', async () => {
    const attempt = (password: string) =>
      t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { Email: 'user@demo.test', Password: password } });
    for (let i = 0; i < 5; i++) expect((await attempt(`wrong-${i}`)).statusCode).toBe(401);
    const blocked = await attempt(TEST_PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe('Too many failed sign-in attempts. Try again in 15 minutes.');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
    // Another account from the same address is not locked out by someone else's failures.
    const other = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { Email: 'org-admin@demo.test', Password: TEST_PASSWORD } });
    expect(other.statusCode).toBe(200);
  });

  it('lets the account in again once the window has passed', async () => {
    await t.db.kysely.updateTable('rate_limits').set({ window_start: Date.now() - 16 * 60_000 }).execute();
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { Email: 'user@demo.test', Password: TEST_PASSWORD } });
    expect(response.statusCode).toBe(200);
  });
});
