import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOGLE_ISSUER } from '../../domain/schemas/idps';
import type { IdentityProvider } from '../../domain/schemas/idps';
import type { TestApp } from '../../tests/helpers/build';
import { build, TEST_PASSWORD } from '../../tests/helpers/build';
import type { TenantIds } from './idps.fixtures';
import { demoTenant, insertForeignTenant, insertOrganization } from './idps.fixtures';

const SECRET = 'client-secret-do-not-leak-7f3a9c';
const JSON_HEADERS = { 'x-requested-with': 'XMLHttpRequest' };

const validInput = (overrides: Record<string, unknown> = {}) => ({
  Name: 'Corporate SSO',
  Issuer: 'https://login.example.com',
  ClientId: 'console-client',
  ClientSecret: SECRET,
  RoleClaim: 'roles',
  RoleMapping: [{ ClaimValue: 'console-admins', Role: 3 }],
  GroupClaim: 'groups',
  ...overrides,
});

describe('identity providers administration', () => {
  let t: TestApp;
  let demo: TenantIds;
  let foreign: TenantIds;
  let secondDemoOrg: string;
  let orgAdmin: string;
  let customerAdmin: string;
  let foreignAdmin: string;

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie: string | null, payload?: unknown) =>
    t.app.inject({ method, url, headers: { ...JSON_HEADERS, ...(cookie ? { cookie } : {}) }, ...(payload === undefined ? {} : { payload: payload as object }) });

  beforeAll(async () => {
    t = await build();
    demo = await demoTenant(t.db.kysely);
    foreign = await insertForeignTenant(t.db.kysely, 'foreign-admin@other.test', TEST_PASSWORD);
    secondDemoOrg = await insertOrganization(t.db.kysely, demo.customerId, 'Demo Second Organization');
    orgAdmin = await t.login('org-admin@demo.test');
    customerAdmin = await t.login('customer-admin@demo.test');
    foreignAdmin = await t.login('foreign-admin@other.test');
  });
  afterAll(() => t.close());

  it('lets an organization admin create, read, update and delete a provider of their organization', async () => {
    const created = await call('POST', '/api/v1/idps', orgAdmin, validInput());
    expect(created.statusCode).toBe(200);
    const provider = created.json<IdentityProvider>();
    expect(provider).toMatchObject({
      Name: 'Corporate SSO',
      Preset: 'oidc',
      Issuer: 'https://login.example.com',
      ClientId: 'console-client',
      ClientSecretSet: true,
      Scopes: 'openid email profile',
      RoleClaim: 'roles',
      RoleMapping: [{ ClaimValue: 'console-admins', Role: 3 }],
      GroupClaim: 'groups',
      DefaultRole: 4,
      AllowedDomains: null,
      OrganizationId: demo.organizationId,
      CustomerId: demo.customerId,
      Enabled: true,
    });
    expect(provider.CallbackUrl).toMatch(new RegExp(`^http://localhost(:\\d+)?/auth/${provider.id}/callback$`));
    expect(provider).not.toHaveProperty('ClientSecret');

    const read = await call('GET', `/api/v1/idps/${provider.id}`, orgAdmin);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(provider);

    const updated = await call('PUT', `/api/v1/idps/${provider.id}`, orgAdmin, validInput({ Name: 'Corporate SSO (new)', ClientSecret: '', Enabled: false, AllowedDomains: 'Example.com, demo.test' }));
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ Name: 'Corporate SSO (new)', Enabled: false, AllowedDomains: 'example.com,demo.test', ClientSecretSet: true });
    const stored = await t.db.kysely.selectFrom('identity_providers').select('client_secret_enc').where('id', '=', provider.id).executeTakeFirstOrThrow();
    expect(t.app.services.secrets.decrypt(stored.client_secret_enc)).toBe(SECRET);

    const deleted = await call('DELETE', `/api/v1/idps/${provider.id}`, orgAdmin);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({ id: provider.id, Name: 'Corporate SSO (new)' });
    expect((await call('GET', `/api/v1/idps/${provider.id}`, orgAdmin)).statusCode).toBe(404);
  });

  it('stores the client secret encrypted, replaces it only when a new one is given, and never returns or audits it', async () => {
    const created = (await call('POST', '/api/v1/idps', orgAdmin, validInput({ Name: 'Secret keeper' }))).json<IdentityProvider>();
    const row = await t.db.kysely.selectFrom('identity_providers').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(row.client_secret_enc).not.toContain(SECRET);
    expect(row.client_secret_enc).toMatch(/^v1:/);
    expect(t.app.services.secrets.decrypt(row.client_secret_enc)).toBe(SECRET);

    const rotated = await call('PUT', `/api/v1/idps/${created.id}`, orgAdmin, validInput({ Name: 'Secret keeper', ClientSecret: `${SECRET}-rotated` }));
    expect(rotated.statusCode).toBe(200);
    const after = await t.db.kysely.selectFrom('identity_providers').select('client_secret_enc').where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(t.app.services.secrets.decrypt(after.client_secret_enc)).toBe(`${SECRET}-rotated`);

    const responses = [
      await call('GET', '/api/v1/idps', orgAdmin),
      await call('GET', `/api/v1/idps/${created.id}`, orgAdmin),
      await call('GET', '/api/v1/idps/configured?domain=demo.test', null),
    ];
    for (const response of responses) expect(response.body).not.toContain(SECRET);

    const audit = await t.db.kysely.selectFrom('audit_log').selectAll().where('resource', '=', 'idps').where('record_id', '=', created.id).orderBy('at').execute();
    expect(audit.map((entry) => entry.action)).toEqual(['create', 'update']);
    expect(audit[0]).toMatchObject({ actor_email: 'org-admin@demo.test', organization_id: demo.organizationId, customer_id: demo.customerId });
    expect(JSON.parse(audit[1]!.after_json!)).toMatchObject({ Name: 'Secret keeper', ClientSecretSet: true });
    for (const entry of audit) expect(JSON.stringify(entry)).not.toContain(SECRET);
    expect(t.logs.join('\n')).not.toContain(SECRET);
  });

  it('ignores a tenant given in the body: an organization admin always writes to their own organization', async () => {
    const response = await call('POST', '/api/v1/idps', orgAdmin, validInput({ Name: 'Mass assignment', OrganizationId: foreign.organizationId, CustomerId: foreign.customerId }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ OrganizationId: demo.organizationId, CustomerId: demo.customerId });
  });

  it('lets a customer admin manage the providers of any organization of their customer, and only those', async () => {
    const missing = await call('POST', '/api/v1/idps', customerAdmin, validInput({ Name: 'Second org SSO' }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ OrganizationId: 'Organization is required' });

    const foreignOrg = await call('POST', '/api/v1/idps', customerAdmin, validInput({ Name: 'Second org SSO', OrganizationId: foreign.organizationId }));
    expect(foreignOrg.statusCode).toBe(404);

    const created = await call('POST', '/api/v1/idps', customerAdmin, validInput({ Name: 'Second org SSO', OrganizationId: secondDemoOrg, CustomerId: foreign.customerId }));
    expect(created.statusCode).toBe(200);
    const provider = created.json<IdentityProvider>();
    expect(provider).toMatchObject({ OrganizationId: secondDemoOrg, CustomerId: demo.customerId });

    const list = await call('GET', `/api/v1/idps?filter=${encodeURIComponent(JSON.stringify({ OrganizationId: secondDemoOrg }))}`, customerAdmin);
    expect(list.json<IdentityProvider[]>().map((p) => p.id)).toEqual([provider.id]);

    const moved = await call('PUT', `/api/v1/idps/${provider.id}`, customerAdmin, validInput({ Name: 'Second org SSO', OrganizationId: foreign.organizationId }));
    expect(moved.statusCode).toBe(404);

    // The organization admin of the first organization does not see the second organization's provider.
    expect((await call('GET', `/api/v1/idps/${provider.id}`, orgAdmin)).statusCode).toBe(404);
    const updated = await call('PUT', `/api/v1/idps/${provider.id}`, customerAdmin, validInput({ Name: 'Second org SSO', OrganizationId: secondDemoOrg, Scopes: 'openid email groups' }));
    expect(updated.json()).toMatchObject({ Scopes: 'openid email groups' });
    expect((await call('DELETE', `/api/v1/idps/${provider.id}`, customerAdmin)).statusCode).toBe(200);
  });

  it('answers 404 for another tenant’s provider, never its data', async () => {
    const theirs = (await call('POST', '/api/v1/idps', foreignAdmin, validInput({ Name: 'Their SSO' }))).json<IdentityProvider>();
    for (const cookie of [orgAdmin, customerAdmin]) {
      const get = await call('GET', `/api/v1/idps/${theirs.id}`, cookie);
      expect(get.statusCode).toBe(404);
      expect(get.body).not.toContain('Their SSO');
      expect((await call('PUT', `/api/v1/idps/${theirs.id}`, cookie, validInput({ Name: 'Hijacked' }))).statusCode).toBe(404);
      expect((await call('DELETE', `/api/v1/idps/${theirs.id}`, cookie)).statusCode).toBe(404);
      const list = await call('GET', `/api/v1/idps?filter=${encodeURIComponent(JSON.stringify({ id: [theirs.id] }))}`, cookie);
      expect(list.json()).toEqual([]);
    }
    const still = await call('GET', `/api/v1/idps/${theirs.id}`, foreignAdmin);
    expect(still.json()).toMatchObject({ Name: 'Their SSO' });
  });

  it('refuses users and product admins with 403, and anonymous callers with 401', async () => {
    for (const email of ['user@demo.test', 'product-admin@demo.test']) {
      const cookie = await t.login(email);
      expect((await call('GET', '/api/v1/idps', cookie)).statusCode).toBe(403);
      expect((await call('POST', '/api/v1/idps', cookie, validInput({ Name: 'Nope' }))).statusCode).toBe(403);
    }
    expect((await call('GET', '/api/v1/idps', null)).statusCode).toBe(401);
  });

  it('answers a message per field for bad input', async () => {
    const empty = await call('POST', '/api/v1/idps', orgAdmin, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({
      message: 'Some fields are not valid.',
      errors: { Name: 'Name is required', Issuer: 'Issuer is required', ClientId: 'Client ID is required', ClientSecret: 'Client secret is required' },
    });
    const bad = await call(
      'POST',
      '/api/v1/idps',
      orgAdmin,
      validInput({ Issuer: 'http://login.example.com', Scopes: 'email profile', RoleMapping: [{ ClaimValue: 'x', Role: 2 }], AllowedDomains: 'not a domain' }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      Issuer: 'Issuer must be an https URL such as https://login.example.com',
      Scopes: 'Scopes must include openid',
      'RoleMapping.0.Role': 'Role must be ORG_ADMIN or USER',
      AllowedDomains: 'Allowed domains must look like example.com, separated by commas',
    });
    await call('POST', '/api/v1/idps', orgAdmin, validInput({ Name: 'Twice' }));
    const twice = await call('POST', '/api/v1/idps', orgAdmin, validInput({ Name: 'twice' }));
    expect(twice.statusCode).toBe(409);
    expect(twice.json().errors).toEqual({ Name: 'Name is already in use' });
  });

  it('fills the Google issuer for the Google Workspace preset', async () => {
    const response = await call('POST', '/api/v1/idps', orgAdmin, validInput({ Name: 'Google', Preset: 'google', Issuer: 'https://evil.example.com', AllowedDomains: 'demo.test' }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ Preset: 'google', Issuer: GOOGLE_ISSUER });
  });

  it('lists with sort, range, search and Content-Range', async () => {
    for (const name of ['Alpha IdP', 'Beta IdP', 'Gamma 100% IdP']) await call('POST', '/api/v1/idps', orgAdmin, validInput({ Name: name }));
    const query = (q: Record<string, string>) => `/api/v1/idps?${new URLSearchParams(q).toString()}`;
    const page = await call('GET', query({ sort: '["Name","DESC"]', range: '[0,1]', filter: '{"q":"idp"}' }), orgAdmin);
    expect(page.statusCode).toBe(200);
    expect(page.json<IdentityProvider[]>().map((p) => p.Name)).toEqual(['Gamma 100% IdP', 'Beta IdP']);
    expect(page.headers['content-range']).toBe('idps 0-1/3');
    const literal = await call('GET', query({ filter: '{"q":"100%"}' }), orgAdmin);
    expect(literal.json<IdentityProvider[]>().map((p) => p.Name)).toEqual(['Gamma 100% IdP']);
    const badSort = await call('GET', query({ sort: '["ClientSecret","ASC"]' }), orgAdmin);
    expect(badSort.statusCode).toBe(400);
  });

  it('offers on the public sign-in list only the enabled providers of the email domain asked about, name and path only', async () => {
    await t.db.kysely.updateTable('organizations').set({ domain: 'demo-org.test' }).where('id', '=', demo.organizationId).execute();
    const forDomains = (await call('POST', '/api/v1/idps', orgAdmin, validInput({ Name: 'Acme staff', AllowedDomains: 'acme.test, acme-labs.test' }))).json<IdentityProvider>();
    const forOrganization = (await call('POST', '/api/v1/idps', orgAdmin, validInput({ Name: 'Demo staff' }))).json<IdentityProvider>();
    const disabled = (await call('POST', '/api/v1/idps', orgAdmin, validInput({ Name: 'Hidden from login', AllowedDomains: 'acme.test', Enabled: false }))).json<IdentityProvider>();
    const foreign = (await call('POST', '/api/v1/idps', foreignAdmin, validInput({ Name: 'Foreign on login', Preset: 'google', AllowedDomains: 'foreign.test' }))).json<IdentityProvider>();
    const listFor = async (domain: string) => {
      const response = await call('GET', `/api/v1/idps/configured?domain=${encodeURIComponent(domain)}`, null);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<Array<Record<string, unknown>>>();
    };

    expect(await listFor('acme.test')).toEqual([{ id: forDomains.id, Name: 'Acme staff', LoginUrl: `/auth/${forDomains.id}/login` }]);
    expect((await listFor('ACME-labs.test')).map((entry) => entry.id)).toEqual([forDomains.id]);
    const organizationList = (await listFor('demo-org.test')).map((entry) => entry.id);
    expect(organizationList).toContain(forOrganization.id);
    expect(organizationList).not.toContain(forDomains.id);
    expect(organizationList).not.toContain(foreign.id);
    expect((await listFor('foreign.test')).map((entry) => entry.id)).toEqual([foreign.id]);
    expect(await listFor('acme.test.evil.test')).toEqual([]);
    expect(await listFor('cme.test')).toEqual([]);
    for (const domain of ['acme.test', 'demo-org.test', 'foreign.test', 'nobody.test']) {
      expect((await listFor(domain)).map((entry) => entry.id)).not.toContain(disabled.id);
    }

    for (const query of ['', '?domain=', '?domain=%25', '?domain=a_b.test', `?domain=${'a'.repeat(300)}.test`]) {
      const refused = await call('GET', `/api/v1/idps/configured${query}`, null);
      expect(refused.statusCode, query).toBe(400);
    }
  });
});
