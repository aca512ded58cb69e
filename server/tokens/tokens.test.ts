import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../tests/helpers/build';
import { build } from '../../tests/helpers/build';
import { BAD_TOKEN_MESSAGE } from '../http/auth-guards';

describe('access tokens', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await build({ env: { JOBS: 'false' } });
    cookie = await t.login('user@demo.test');
  });
  afterAll(() => t.close());

  const bearer = (secret: string, url = '/api/v1/me') => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${secret}` } });

  it('shows the secret once, stores only its hash, and lists it masked', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/api/v1/tokens', headers: { cookie }, payload: { Name: 'CI bot', ExpiryDays: 30 } });
    expect(created.statusCode).toBe(200);
    const token = created.json();
    expect(token.Secret).toMatch(/^gck_[\w-]{43}$/);
    expect(token.MaskedSecret).toBe(`${token.Secret.slice(0, 10)}…`);
    expect(token.Status).toBe('active');
    expect(Date.parse(token.ExpiresAt) - Date.parse(token.CreatedAt)).toBe(30 * 86_400_000);
    const rows = await t.db.kysely.selectFrom('access_tokens').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(token.Secret);
    const list = (await t.app.inject({ method: 'GET', url: '/api/v1/tokens', headers: { cookie } })).json();
    expect(JSON.stringify(list)).not.toContain(token.Secret);
    expect(list[0]).not.toHaveProperty('Secret');
    expect(t.logs.join('\n')).not.toContain(token.Secret);
  });

  it('authenticates API calls as its owner and records the last use', async () => {
    const { Secret, id } = (await t.app.inject({ method: 'POST', url: '/api/v1/tokens', headers: { cookie }, payload: { Name: 'admin api', ExpiryDays: 7, Scopes: ['gateway', 'admin'] } })).json();
    const me = await bearer(Secret);
    expect(me.statusCode).toBe(200);
    expect(me.json().Email).toBe('user@demo.test');
    const token = (await t.app.inject({ method: 'GET', url: `/api/v1/tokens/${id}`, headers: { cookie } })).json();
    expect(token).toMatchObject({ ExpiryDays: 7, Scopes: ['gateway', 'admin'], RequestsPerMinute: null, TokensPerMinute: null });
    expect(token.LastUsedAt).not.toBeNull();
    // A token acts with its owner's role, nothing more.
    expect((await bearer(Secret, '/api/v1/users')).statusCode).toBe(403);
    // Bearer calls need no CSRF header: no cookie is involved.
    const viaToken = await t.app.inject({ method: 'PUT', url: '/api/v1/settings', headers: { authorization: `Bearer ${Secret}` }, payload: {} });
    expect(viaToken.statusCode).toBe(403);
    expect(viaToken.json().message).toBe('You do not have permission to do this.');
  });

  it('answers 401 for a revoked, an expired and an unknown token, even next to a valid cookie', async () => {
    const revoked = (await t.app.inject({ method: 'POST', url: '/api/v1/tokens', headers: { cookie }, payload: { Name: 'old', ExpiryDays: 7, Scopes: ['admin'] } })).json();
    const revoke = await t.app.inject({ method: 'DELETE', url: `/api/v1/tokens/${revoked.id}`, headers: { cookie, 'x-requested-with': 'test' } });
    expect(revoke.json()).toMatchObject({ Status: 'revoked' });
    expect(revoke.json().RevokedAt).not.toBeNull();
    expect((await bearer(revoked.Secret)).json()).toEqual({ message: BAD_TOKEN_MESSAGE });

    const expired = (await t.app.inject({ method: 'POST', url: '/api/v1/tokens', headers: { cookie }, payload: { Name: 'short', ExpiryDays: 7, Scopes: ['admin'] } })).json();
    await t.db.kysely.updateTable('access_tokens').set({ expires_at: Date.now() - 1 }).where('id', '=', expired.id).execute();
    const expiredCall = await bearer(expired.Secret);
    expect(expiredCall.statusCode).toBe(401);
    const listed = (await t.app.inject({ method: 'GET', url: `/api/v1/tokens/${expired.id}`, headers: { cookie } })).json();
    expect(listed.Status).toBe('expired');

    const unknown = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { authorization: 'Bearer gck_made-up', cookie } });
    expect(unknown.statusCode).toBe(401);
  });

  it('accepts exactly the expiry choices of the specification', async () => {
    for (const days of [0, 7, 30, 60, 90, 180, 365]) {
      const response = await t.app.inject({ method: 'POST', url: '/api/v1/tokens', headers: { cookie }, payload: { Name: `d${days}`, ExpiryDays: days } });
      expect(response.statusCode).toBe(200);
    }
    for (const days of [1, 14, 366, -7, '30']) {
      const response = await t.app.inject({ method: 'POST', url: '/api/v1/tokens', headers: { cookie }, payload: { Name: 'bad', ExpiryDays: days } });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual({ ExpiryDays: 'Expiry must be one of 0, 7, 30, 60, 90, 180, 365 days (0 = never)' });
    }
  });
});
