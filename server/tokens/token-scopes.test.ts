// Access tokens are no longer full credentials: the gateway only by default, the admin API only when chosen, and no
// token (any scope, any role) mints tokens or manages users. Each abuse of the issue has its test, for every role.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '../../domain/enums';
import type { TokenScope } from '../../domain/enums';
import { ADMIN_TOKEN_MUST_EXPIRE } from '../../domain/schemas/tokens';
import type { TestApp } from '../../tests/helpers/build';
import { build } from '../../tests/helpers/build';
import type { Tenant } from '../../tests/helpers/tenants';
import { demoTenant } from '../../tests/helpers/tenants';
import { DEMO_LANGUAGE_MODEL_NAME } from '../models/seed';
import { BAD_TOKEN_MESSAGE } from '../http/auth-guards';
import { NO_ADMIN_SCOPE_MESSAGE, NO_GATEWAY_SCOPE_MESSAGE, SESSION_ONLY_MESSAGE } from '../http/token-scopes';

type RoleName = keyof Tenant['users'];
const ROLE_NAMES: readonly RoleName[] = ['productAdmin', 'customerAdmin', 'orgAdmin', 'user'];

describe('access token scopes', () => {
  let t: TestApp;
  let demo: Tenant;

  beforeAll(async () => {
    t = await build({ env: { JOBS: 'false' } });
    demo = await demoTenant(t);
  });
  afterAll(() => t.close());

  /** A token of any role (product and customer admins cannot create one through the API, but a scope must hold for every role). */
  const tokenOf = async (role: RoleName, scopes: TokenScope[]): Promise<string> => {
    const principal = (await t.app.services.auth.principalOf(demo.users[role].id, null))!;
    return (await t.app.services.tokens.create(principal, { Name: `${role} ${scopes.join('+')}`, ExpiryDays: 7, Scopes: scopes })).Secret;
  };
  const withToken = (secret: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: { authorization: `Bearer ${secret}` }, ...(payload !== undefined ? { payload: payload as object } : {}) });
  const concrete = (path: string) => path.replace(/\{[^}]+\}/g, 'x');

  it('creates gateway-only tokens by default and lists their scopes', async () => {
    const cookie = await t.login(demo.users.user.email);
    const created = await t.app.inject({ method: 'POST', url: '/api/v1/tokens', headers: { cookie }, payload: { Name: 'app', ExpiryDays: 30 } });
    expect(created.json()).toMatchObject({ Scopes: ['gateway'], RequestsPerMinute: null, TokensPerMinute: null });
    const listed = (await t.app.inject({ method: 'GET', url: '/api/v1/tokens', headers: { cookie } })).json();
    expect(listed.find((token: { id: string }) => token.id === created.json().id).Scopes).toEqual(['gateway']);
    const bad = await t.app.inject({ method: 'POST', url: '/api/v1/tokens', headers: { cookie }, payload: { Name: 'bad', ExpiryDays: 7, Scopes: ['root'] } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)[0]).toMatch(/^Scopes/);
    const none = await t.app.inject({ method: 'POST', url: '/api/v1/tokens', headers: { cookie }, payload: { Name: 'bad', ExpiryDays: 7, Scopes: [] } });
    expect(none.json().errors).toEqual({ Scopes: 'Choose at least one scope' });
  });

  it('refuses every non-gateway API route to a gateway-only token, for every role, and serves the gateway', async () => {
    const paths = (t.app.swagger() as { paths: Record<string, Record<string, unknown>> }).paths;
    const routes = Object.entries(paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => ({ path, method: method.toUpperCase() as 'GET' })));
    expect(routes.length).toBeGreaterThan(50);
    for (const role of ROLE_NAMES) {
      const secret = await tokenOf(role, ['gateway']);
      for (const route of routes.filter((r) => !r.path.startsWith('/api/v1/openai/'))) {
        const response = await withToken(secret, route.method, concrete(route.path), route.method === 'GET' ? undefined : {});
        expect([role, route.method, route.path, response.statusCode, response.json().message]).toEqual([role, route.method, route.path, 403, NO_ADMIN_SCOPE_MESSAGE]);
      }
      const models = await withToken(secret, 'GET', '/api/v1/openai/models');
      const organizationMember = role === 'orgAdmin' || role === 'user';
      expect([role, models.statusCode]).toEqual([role, organizationMember ? 200 : 403]);
    }
    const user = await tokenOf('user', ['gateway']);
    // No spelling of a path under the gateway's prefix reaches another route.
    for (const url of ['/api/v1/openai/../users', '/api/v1/openai/%2e%2e/users', '/api/v1/openai/..%2fusers', '/api/v1/openai//../../api/v1/me']) {
      const sneaky = await withToken(user, 'GET', url);
      expect([url, [403, 404].includes(sneaky.statusCode)]).toEqual([url, true]);
    }
    const chat = await withToken(user, 'POST', '/api/v1/openai/chat/completions', { model: DEMO_LANGUAGE_MODEL_NAME, messages: [{ role: 'user', content: 'Hello' }] });
    expect(chat.statusCode).toBe(200);
  });

  it('refuses the gateway to an admin-only token', async () => {
    const secret = await tokenOf('user', ['admin']);
    const response = await withToken(secret, 'GET', '/api/v1/openai/models');
    expect(response.statusCode).toBe(403);
    expect(response.json().error.message).toBe(NO_GATEWAY_SCOPE_MESSAGE);
    expect((await withToken(secret, 'GET', '/api/v1/me')).statusCode).toBe(200);
  });

  it('never lets a token mint a token — so no token can outlive the one that made it — whatever its scopes and role', async () => {
    for (const role of ROLE_NAMES) {
      const secret = await tokenOf(role, ['gateway', 'admin']);
      const minted = await withToken(secret, 'POST', '/api/v1/tokens', { Name: 'child', ExpiryDays: 0 });
      expect([role, minted.statusCode, minted.json().message]).toEqual([role, 403, SESSION_ONLY_MESSAGE]);
      for (const [method, url] of [['GET', '/api/v1/tokens'], ['DELETE', '/api/v1/tokens/x'], ['POST', '/api/v1/apps/x/token'], ['DELETE', '/api/v1/apps/x/token']] as const) {
        expect([role, method, url, (await withToken(secret, method, url)).statusCode]).toEqual([role, method, url, 403]);
      }
    }
    const owned = await t.db.kysely.selectFrom('access_tokens').select('name').where('name', '=', 'child').execute();
    expect(owned).toEqual([]);
  });

  it('never lets a token manage users, groups, identity providers, customers or organizations', async () => {
    const newUser = { FirstName: 'Eve', LastName: 'Admin', Email: 'eve@demo.test', Role: Role.ORG_ADMIN };
    const attempts = [
      ['POST', '/api/v1/users', newUser],
      ['PUT', `/api/v1/users/${demo.users.user.id}`, { ...newUser, Email: demo.users.user.email }],
      ['DELETE', `/api/v1/users/${demo.users.user.id}`, undefined],
      ['POST', '/api/v1/groups', { Name: 'Admins' }],
      ['PUT', '/api/v1/groups/x', { Name: 'Admins' }],
      ['DELETE', '/api/v1/groups/x', undefined],
      ['POST', '/api/v1/idps', {}],
      ['PUT', '/api/v1/idps/x', {}],
      ['DELETE', '/api/v1/idps/x', undefined],
      ['POST', '/api/v1/customers', { Name: 'Evil', Type: 2, Admin: { ...newUser, Email: 'eve@evil.test' } }],
      ['PUT', '/api/v1/customers/x', {}],
      ['DELETE', '/api/v1/customers/x', undefined],
      ['POST', '/api/v1/organizations', { Name: 'Evil', Admin: { ...newUser, Email: 'eve@evil.test' } }],
      ['PUT', '/api/v1/organizations/x', {}],
      ['DELETE', '/api/v1/organizations/x', undefined],
    ] as const;
    for (const role of ROLE_NAMES) {
      const secret = await tokenOf(role, ['gateway', 'admin']);
      for (const [method, url, payload] of attempts) {
        const response = await withToken(secret, method, url, payload);
        expect([role, method, url, response.statusCode, response.json().message]).toEqual([role, method, url, 403, SESSION_ONLY_MESSAGE]);
      }
    }
    expect(await t.db.kysely.selectFrom('users').select('id').where('email', 'in', ['eve@demo.test', 'eve@evil.test']).execute()).toEqual([]);
    // The same token reads what its owner may read.
    const orgAdmin = await tokenOf('orgAdmin', ['admin']);
    expect((await withToken(orgAdmin, 'GET', '/api/v1/users')).statusCode).toBe(200);
    const productAdmin = await tokenOf('productAdmin', ['admin']);
    expect((await withToken(productAdmin, 'GET', '/api/v1/customers')).statusCode).toBe(200);
  });

  it('requires an admin token to expire', async () => {
    const cookie = await t.login(demo.users.orgAdmin.email);
    const never = await t.app.inject({ method: 'POST', url: '/api/v1/tokens', headers: { cookie }, payload: { Name: 'forever', ExpiryDays: 0, Scopes: ['gateway', 'admin'] } });
    expect(never.statusCode).toBe(400);
    expect(never.json().errors).toEqual({ ExpiryDays: ADMIN_TOKEN_MUST_EXPIRE });
    const gatewayForever = await t.app.inject({ method: 'POST', url: '/api/v1/tokens', headers: { cookie }, payload: { Name: 'app forever', ExpiryDays: 0 } });
    expect(gatewayForever.statusCode).toBe(200);
  });

  it('ends every token of a disabled or deleted owner', async () => {
    const cookie = await t.login(demo.users.orgAdmin.email);
    const created = await t.app.inject({ method: 'POST', url: '/api/v1/users', headers: { cookie }, payload: { FirstName: 'Temp', LastName: 'User', Email: 'temp@demo.test', Role: Role.USER } });
    expect(created.statusCode).toBe(200);
    const tempId = created.json().id as string;
    const principal = (await t.app.services.auth.principalOf(tempId, null))!;
    const make = async (scopes: TokenScope[]) => (await t.app.services.tokens.create(principal, { Name: 'temp', ExpiryDays: 7, Scopes: scopes })).Secret;
    const [gateway, admin] = [await make(['gateway']), await make(['admin'])];
    expect((await withToken(gateway, 'GET', '/api/v1/openai/models')).statusCode).toBe(200);
    expect((await withToken(admin, 'GET', '/api/v1/me')).statusCode).toBe(200);

    await t.db.kysely.updateTable('users').set({ enabled: 0 }).where('id', '=', tempId).execute();
    expect((await withToken(gateway, 'GET', '/api/v1/openai/models')).statusCode).toBe(401);
    const disabled = await withToken(admin, 'GET', '/api/v1/me');
    expect([disabled.statusCode, disabled.json().message]).toEqual([401, BAD_TOKEN_MESSAGE]);

    await t.db.kysely.updateTable('users').set({ enabled: 1 }).where('id', '=', tempId).execute();
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/v1/users/${tempId}`, headers: { cookie, 'x-requested-with': 'test' } });
    expect(removed.statusCode).toBe(200);
    expect((await withToken(gateway, 'GET', '/api/v1/openai/models')).statusCode).toBe(401);
    expect((await withToken(admin, 'GET', '/api/v1/me')).statusCode).toBe(401);
    expect(await t.db.kysely.selectFrom('access_tokens').select('id').where('user_id', '=', tempId).execute()).toEqual([]);
  });

  it('gives tokens stored before scopes existed the gateway scope only (migration 0013)', async () => {
    const at = Date.now();
    await t.db.kysely
      .insertInto('access_tokens')
      .values({ id: 'legacy', user_id: demo.users.orgAdmin.id, name: 'legacy', secret_hash: 'h'.repeat(64), masked_secret: 'gck_legacy…', expiry_days: 0, expires_at: null, last_used_at: null, revoked_at: null, created_at: at })
      .execute();
    const row = await t.db.kysely.selectFrom('access_tokens').select('scopes').where('id', '=', 'legacy').executeTakeFirstOrThrow();
    expect(row.scopes).toBe('gateway');
  });
});
