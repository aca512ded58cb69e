import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { IdentityType, Role } from '../../domain/enums';
import type { IdentityProvider } from '../../domain/schemas/idps';
import type { TestApp } from '../../tests/helpers/build';
import { build, TEST_PASSWORD } from '../../tests/helpers/build';
import { newId } from '../db/ids';
import { SESSION_COOKIE } from '../http/session-cookie';
import type { TenantIds } from './idps.fixtures';
import { demoTenant, insertForeignTenant, insertUser } from './idps.fixtures';
import { SIGN_IN_MESSAGES } from './oidc-errors';
import { OIDC_STATE_COOKIE } from './oidc.routes';
import type { TestOpenIdProvider } from './oidc-test-provider';
import { startTestOpenIdProvider, TestBrowser } from './oidc-test-provider';

describe('signing in with an OpenID Connect provider', () => {
  let t: TestApp;
  let op: TestOpenIdProvider;
  let appOrigin: string;
  let demo: TenantIds;
  let foreign: TenantIds;
  let main: IdentityProvider;
  let domainLimited: IdentityProvider;
  let engineeringGroupId: string;

  const loginUrl = (idp: IdentityProvider) => `${appOrigin}/auth/${idp.id}/login`;
  const errorLocation = (message: string) => `/login?error=${encodeURIComponent(message)}`;

  /** Runs the whole redirect dance as `accountId`; answers where the app finally sent the browser. */
  async function signIn(idp: IdentityProvider, accountId: string, browser = new TestBrowser()) {
    op.signInAs(accountId);
    const landing = await browser.follow(loginUrl(idp), appOrigin);
    return { browser, landing: `${landing.pathname}${landing.search}`, session: browser.cookie(appOrigin, SESSION_COOKIE) };
  }

  async function me(session: string | undefined) {
    const response = await fetch(`${appOrigin}/api/v1/me`, { headers: { cookie: `${SESSION_COOKIE}=${session}` } });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  const usersWithEmail = (email: string) => t.db.kysely.selectFrom('users').selectAll().where('email', '=', email).execute();

  beforeAll(async () => {
    t = await build();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    appOrigin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    demo = await demoTenant(t.db.kysely);
    foreign = await insertForeignTenant(t.db.kysely, 'foreign-admin@other.test', TEST_PASSWORD);
    op = await startTestOpenIdProvider();

    const orgAdmin = await t.login('org-admin@demo.test');
    const create = async (input: Record<string, unknown>) => {
      const response = await t.app.inject({ method: 'POST', url: '/api/v1/idps', headers: { cookie: orgAdmin }, payload: input });
      expect(response.statusCode).toBe(200);
      return response.json<IdentityProvider>();
    };
    const common = { Issuer: op.issuer, ClientId: op.clientId, ClientSecret: op.clientSecret, Scopes: 'openid email profile groups' };
    main = await create({
      ...common,
      Name: 'Acme SSO',
      RoleClaim: 'console_role',
      RoleMapping: [{ ClaimValue: 'console-admins', Role: Role.ORG_ADMIN }],
      GroupClaim: 'groups',
      DefaultRole: Role.USER,
    });
    domainLimited = await create({ ...common, Name: 'Partners SSO', AllowedDomains: 'partner.test' });
    op.start([main, domainLimited].map((idp) => `${appOrigin}/auth/${idp.id}/callback`));

    engineeringGroupId = newId();
    const at = Date.now();
    await t.db.kysely
      .insertInto('groups')
      .values({ id: engineeringGroupId, organization_id: demo.organizationId, name: 'Engineering', description: null, identity_type: IdentityType.FEDERATED, created_at: at, updated_at: at })
      .execute();
  });
  afterAll(async () => {
    await op?.close();
    await t?.close();
  });
  beforeEach(() => op.accounts.clear());

  it('creates a FEDERATED user in the provider’s organization with the mapped role and groups, and signs them in', async () => {
    op.accounts.set('alice', {
      email: 'Alice@Acme.test',
      email_verified: true,
      given_name: 'Alice',
      family_name: 'Anders',
      console_role: ['staff', 'console-admins'],
      groups: ['Engineering', 'No Such Group'],
    });
    const { landing, session, browser } = await signIn(main, 'alice');
    expect(landing).toBe('/chat');
    expect(session).toMatch(/^[\w-]{43}$/);
    expect(browser.cookie(appOrigin, OIDC_STATE_COOKIE)).toBeUndefined();
    // The browser really went through the provider, with PKCE, state and nonce.
    const authorize = new URL(browser.visited.find((url) => url.startsWith(`${op.issuer}/auth?`))!);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('state')).toBeTruthy();
    expect(authorize.searchParams.get('nonce')).toBeTruthy();
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${appOrigin}/auth/${main.id}/callback`);

    const current = await me(session);
    expect(current.status).toBe(200);
    expect(current.body).toMatchObject({ Email: 'alice@acme.test', FirstName: 'Alice', LastName: 'Anders', Role: Role.ORG_ADMIN, Organization: { Name: 'Demo Organization' } });

    const [user] = await usersWithEmail('alice@acme.test');
    expect(user).toMatchObject({ identity_type: IdentityType.FEDERATED, organization_id: demo.organizationId, customer_id: demo.customerId, password_hash: null, enabled: 1 });
    const memberships = await t.db.kysely.selectFrom('group_members').select('group_id').where('user_id', '=', user!.id).execute();
    expect(memberships).toEqual([{ group_id: engineeringGroupId }]);
    const audit = await t.db.kysely.selectFrom('audit_log').select(['action', 'resource']).where('record_id', '=', user!.id).execute();
    expect(audit).toContainEqual({ action: 'create', resource: 'users' });
  });

  it('updates the same user at the next sign-in instead of creating another', async () => {
    op.accounts.set('alice', { email: 'alice@acme.test', email_verified: true, name: 'Alice Anders-Smith', console_role: 'staff', groups: ['Engineering'] });
    const { landing, session } = await signIn(main, 'alice');
    expect(landing).toBe('/chat');
    const users = await usersWithEmail('alice@acme.test');
    expect(users).toHaveLength(1);
    expect(users[0]).toMatchObject({ first_name: 'Alice', last_name: 'Anders-Smith', role: Role.USER });
    const memberships = await t.db.kysely.selectFrom('group_members').select('group_id').where('user_id', '=', users[0]!.id).execute();
    expect(memberships).toHaveLength(1);
    expect((await me(session)).body).toMatchObject({ Role: Role.USER, LastName: 'Anders-Smith' });
  });

  it('gives the default role when the role claim matches no mapping', async () => {
    op.accounts.set('bob', { email: 'bob@acme.test', email_verified: true, name: 'Bob Builder' });
    const { landing } = await signIn(main, 'bob');
    expect(landing).toBe('/chat');
    expect((await usersWithEmail('bob@acme.test'))[0]).toMatchObject({ role: Role.USER, first_name: 'Bob', last_name: 'Builder' });
  });

  it('refuses an email domain outside AllowedDomains', async () => {
    op.accounts.set('eve', { email: 'eve@acme.test', email_verified: true });
    const { landing, session } = await signIn(domainLimited, 'eve');
    expect(landing).toBe(errorLocation(SIGN_IN_MESSAGES.domainNotAllowed));
    expect(session).toBeUndefined();
    expect(await usersWithEmail('eve@acme.test')).toHaveLength(0);

    op.accounts.set('pat', { email: 'pat@partner.test', email_verified: true });
    expect((await signIn(domainLimited, 'pat')).landing).toBe('/chat');
  });

  it('refuses an email the provider marks as unverified', async () => {
    op.accounts.set('una', { email: 'una@acme.test', email_verified: false });
    expect((await signIn(main, 'una')).landing).toBe(errorLocation(SIGN_IN_MESSAGES.noVerifiedEmail));
    expect(await usersWithEmail('una@acme.test')).toHaveLength(0);
  });

  it('refuses a disabled user', async () => {
    await insertUser(t.db.kysely, { email: 'carol@acme.test', role: Role.USER, customerId: demo.customerId, organizationId: demo.organizationId, enabled: false });
    op.accounts.set('carol', { email: 'carol@acme.test', email_verified: true, console_role: 'console-admins' });
    const { landing, session } = await signIn(main, 'carol');
    expect(landing).toBe(errorLocation(SIGN_IN_MESSAGES.disabled));
    expect(session).toBeUndefined();
    expect((await usersWithEmail('carol@acme.test'))[0]).toMatchObject({ role: Role.USER, enabled: 0 });
  });

  it('never moves a user of another organization, nor touches a customer admin', async () => {
    await insertUser(t.db.kysely, { email: 'dave@acme.test', role: Role.USER, customerId: foreign.customerId, organizationId: foreign.organizationId });
    op.accounts.set('dave', { email: 'dave@acme.test', email_verified: true, console_role: 'console-admins' });
    expect((await signIn(main, 'dave')).landing).toBe(errorLocation(SIGN_IN_MESSAGES.otherAccount));
    expect((await usersWithEmail('dave@acme.test'))[0]).toMatchObject({ organization_id: foreign.organizationId, role: Role.USER });

    op.accounts.set('carlos', { email: 'customer-admin@demo.test', email_verified: true, console_role: 'console-admins' });
    expect((await signIn(main, 'carlos')).landing).toBe(errorLocation(SIGN_IN_MESSAGES.otherAccount));
    expect((await usersWithEmail('customer-admin@demo.test'))[0]).toMatchObject({ role: Role.CUSTOMER_ADMIN, organization_id: null });
  });

  it('refuses a forged state, a callback from another browser and a replayed callback', async () => {
    op.accounts.set('alice', { email: 'alice@acme.test', email_verified: true });
    const browser = new TestBrowser();
    const started = await browser.get(loginUrl(main));
    expect(started.status).toBe(302);
    const forged = await browser.follow(`${appOrigin}/auth/${main.id}/callback?code=whatever&state=forged-state`, appOrigin);
    expect(`${forged.pathname}${forged.search}`).toBe(errorLocation(SIGN_IN_MESSAGES.expired));

    // A full dance, but the callback is opened by a browser that did not start it (login CSRF).
    op.signInAs('alice');
    const victim = new TestBrowser();
    const attacker = new TestBrowser();
    const providerUrl = (await attacker.get(loginUrl(main))).headers.get('location')!;
    let next = new URL(providerUrl);
    while (next.origin !== appOrigin) {
      const response = await attacker.get(next.href);
      next = new URL(response.headers.get('location')!, next);
    }
    const callback = next.href;
    expect(callback).toContain('/callback?code=');
    const crossBrowser = await victim.follow(callback, appOrigin);
    expect(`${crossBrowser.pathname}${crossBrowser.search}`).toBe(errorLocation(SIGN_IN_MESSAGES.expired));
    expect(victim.cookie(appOrigin, SESSION_COOKIE)).toBeUndefined();

    // The pending sign-in was consumed by that attempt, so even the right browser cannot replay it.
    const replay = await attacker.follow(callback, appOrigin);
    expect(`${replay.pathname}${replay.search}`).toBe(errorLocation(SIGN_IN_MESSAGES.expired));
    expect(attacker.cookie(appOrigin, SESSION_COOKIE)).toBeUndefined();
  });

  it('sends an unknown or disabled provider back to the sign-in page', async () => {
    const unknown = await new TestBrowser().follow(`${appOrigin}/auth/${newId()}/login`, appOrigin);
    expect(`${unknown.pathname}${unknown.search}`).toBe(errorLocation(SIGN_IN_MESSAGES.notAvailable));
    await t.db.kysely.updateTable('identity_providers').set({ enabled: 0 }).where('id', '=', domainLimited.id).execute();
    const disabled = await new TestBrowser().follow(loginUrl(domainLimited), appOrigin);
    expect(`${disabled.pathname}${disabled.search}`).toBe(errorLocation(SIGN_IN_MESSAGES.notAvailable));
    await t.db.kysely.updateTable('identity_providers').set({ enabled: 1 }).where('id', '=', domainLimited.id).execute();
  });

  it('reports an unreachable provider without leaking its details', async () => {
    const orgAdmin = await t.login('org-admin@demo.test');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/idps',
      headers: { cookie: orgAdmin },
      payload: { Name: 'Offline', Issuer: 'http://127.0.0.1:9', ClientId: 'x', ClientSecret: 'offline-secret' },
    });
    const offline = response.json<IdentityProvider>();
    const landing = await new TestBrowser().follow(loginUrl(offline), appOrigin);
    expect(`${landing.pathname}${landing.search}`).toBe(errorLocation(SIGN_IN_MESSAGES.unreachable));
  });

  it('discovers through the guarded outbound client: a loopback name that is not allowed is refused before connecting', async () => {
    // localhost is plain-http-acceptable to openid-client, so only the guard stands between it and 127.0.0.1.
    const idp = (await t.app.inject({ method: 'GET', url: `/api/v1/idps/${main.id}`, headers: { cookie: await t.login('org-admin@demo.test') } })).json<IdentityProvider>();
    const copy = newId();
    const row = await t.db.kysely.selectFrom('identity_providers').selectAll().where('id', '=', idp.id).executeTakeFirstOrThrow();
    await t.db.kysely.insertInto('identity_providers').values({ ...row, id: copy, name: 'Via localhost', issuer: op.issuer.replace('127.0.0.1', 'localhost') }).execute();
    const landing = await new TestBrowser().follow(`${appOrigin}/auth/${copy}/login`, appOrigin);
    expect(`${landing.pathname}${landing.search}`).toBe(errorLocation(SIGN_IN_MESSAGES.unreachable));
    expect(t.logs.join('\n')).toContain('The host localhost is a loopback name');
  });

  it('never logs client secrets, codes or session secrets', async () => {
    op.accounts.set('alice', { email: 'alice@acme.test', email_verified: true });
    const { session } = await signIn(main, 'alice');
    const logged = t.logs.join('\n');
    expect(logged).not.toContain(op.clientSecret);
    expect(logged).not.toContain(session!);
    expect(logged).not.toMatch(/code=(?!\[redacted\])/);
    expect(logged).toContain('identity provider sign-in refused');
  });
});
