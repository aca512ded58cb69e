// Every route of the tenancy and identity administration × the four roles × own and foreign ids:
// a role that may not act gets 403, a foreign id 404, and neither ever carries data.
import { describe, expect, it } from 'vitest';
import type { IsolationCase } from '../tests/helpers/isolation';
import { only, runIsolationCases, useIsolationWorld } from '../tests/helpers/isolation';

describe('tenant and role isolation', () => {
  const ids = {} as Record<string, string>;

  const w = useIsolationWorld(async () => {
    const { t, demo, other, cookies, otherCookies, call, created } = w;
    ids.ownUser = demo.users.user.id;
    ids.foreignUser = other.users.user.id;
    ids.ownGroup = await created(cookies.OA, '/api/v1/groups', { Name: 'Analysts', MemberIds: [demo.users.user.id] });
    ids.foreignGroup = await created(otherCookies.orgAdmin, '/api/v1/groups', { Name: 'Analysts' });
    ids.ownToken = await created(cookies.U, '/api/v1/tokens', { Name: 'mine', ExpiryDays: 30 });
    ids.foreignToken = await created(otherCookies.user, '/api/v1/tokens', { Name: 'theirs', ExpiryDays: 30 });
    ids.ownHelp = await created(cookies.OA, '/api/v1/help', { Slug: 'our-rules', Title: 'Our rules', Category: 'Local', Body: 'Be kind.' });
    ids.foreignHelp = await created(otherCookies.orgAdmin, '/api/v1/help', { Slug: 'their-rules', Title: 'Their rules', Category: 'Local', Body: 'Secret plans.' });
    ids.foreignOrg = other.organizationId;
    const idp = { Name: 'Okta', Issuer: 'https://idp.example.test', ClientId: 'console', ClientSecret: 'shh-very-secret' };
    ids.ownIdp = await created(cookies.OA, '/api/v1/idps', idp);
    ids.foreignIdp = await created(otherCookies.orgAdmin, '/api/v1/idps', idp);
    ids.ownJob = (await call(cookies.CA, 'POST', `/api/v1/organizations/${demo.organizationId}/cdr/sync`)).json().JobId;
    ids.foreignJob = (await call(otherCookies.customerAdmin, 'POST', `/api/v1/organizations/${other.organizationId}/cdr/sync`)).json().JobId;
    const audit = await t.db.kysely.selectFrom('audit_log').select(['id', 'organization_id']).where('resource', '=', 'groups').execute();
    ids.ownAudit = audit.find((row) => row.organization_id === demo.organizationId)!.id;
    ids.foreignAudit = audit.find((row) => row.organization_id === other.organizationId)!.id;
  });

  const userBody = () => ({ FirstName: 'New', LastName: 'Person', Email: `new-${Math.random()}@demo.test`, Role: 4 });
  const cases: IsolationCase[] = [
    { name: 'list customers', method: 'GET', url: () => '/api/v1/customers', expect: only('PA', 200) },
    { name: 'get a customer', method: 'GET', url: () => `/api/v1/customers/${w.demo.customerId}`, expect: only('PA', 200) },
    { name: 'create a customer', method: 'POST', url: () => '/api/v1/customers', body: () => ({ Name: 'X', Type: 1 }), expect: { CA: 403, OA: 403, U: 403 } },
    { name: 'update a customer', method: 'PUT', url: () => `/api/v1/customers/${w.other.customerId}`, body: () => ({ Name: 'X', Type: 1 }), expect: { CA: 403, OA: 403, U: 403 } },
    { name: 'delete a customer', method: 'DELETE', url: () => `/api/v1/customers/${w.other.customerId}`, expect: { CA: 403, OA: 403, U: 403 } },

    { name: 'list organizations', method: 'GET', url: () => '/api/v1/organizations', expect: { PA: 200, CA: 200, OA: 403, U: 403 } },
    { name: 'get own organization', method: 'GET', url: () => `/api/v1/organizations/${w.demo.organizationId}`, expect: { PA: 200, CA: 200, OA: 403, U: 403 } },
    { name: 'get foreign organization', method: 'GET', url: () => `/api/v1/organizations/${ids.foreignOrg}`, expect: { PA: 200, CA: 404, OA: 403, U: 403 } },
    { name: 'create an organization', method: 'POST', url: () => '/api/v1/organizations', body: () => ({ Name: 'Y' }), expect: { PA: 403, OA: 403, U: 403 } },
    { name: 'update own organization', method: 'PUT', url: () => `/api/v1/organizations/${w.demo.organizationId}`, body: () => ({ Name: 'Y' }), expect: { PA: 403, OA: 403, U: 403 } },
    { name: 'update foreign organization', method: 'PUT', url: () => `/api/v1/organizations/${ids.foreignOrg}`, body: () => ({ Name: 'Y' }), expect: { PA: 403, CA: 404, OA: 403, U: 403 } },
    { name: 'delete foreign organization', method: 'DELETE', url: () => `/api/v1/organizations/${ids.foreignOrg}`, expect: { PA: 403, CA: 404, OA: 403, U: 403 } },
    { name: 'sync own organization', method: 'POST', url: () => `/api/v1/organizations/${w.demo.organizationId}/cdr/sync`, expect: { PA: 403, U: 403 } },
    { name: 'sync foreign organization', method: 'POST', url: () => `/api/v1/organizations/${ids.foreignOrg}/cdr/sync`, expect: { PA: 403, CA: 404, OA: 404, U: 403 } },

    { name: 'list users', method: 'GET', url: () => '/api/v1/users', expect: only('OA', 200) },
    { name: 'get own user', method: 'GET', url: () => `/api/v1/users/${ids.ownUser}`, expect: only('OA', 200) },
    { name: 'get foreign user', method: 'GET', url: () => `/api/v1/users/${ids.foreignUser}`, expect: only('OA', 404) },
    { name: 'create a user', method: 'POST', url: () => '/api/v1/users', body: userBody, expect: { PA: 403, CA: 403, U: 403 } },
    { name: 'update foreign user', method: 'PUT', url: () => `/api/v1/users/${ids.foreignUser}`, body: userBody, expect: only('OA', 404) },
    { name: 'delete foreign user', method: 'DELETE', url: () => `/api/v1/users/${ids.foreignUser}`, expect: only('OA', 404) },

    { name: 'list groups', method: 'GET', url: () => '/api/v1/groups', expect: { PA: 403, CA: 403, OA: 200, U: 200 } },
    { name: 'get own group', method: 'GET', url: () => `/api/v1/groups/${ids.ownGroup}`, expect: { PA: 403, CA: 403, OA: 200, U: 200 } },
    { name: 'get foreign group', method: 'GET', url: () => `/api/v1/groups/${ids.foreignGroup}`, expect: { PA: 403, CA: 403, OA: 404, U: 404 } },
    { name: 'create a group', method: 'POST', url: () => '/api/v1/groups', body: () => ({ Name: 'Z' }), expect: { PA: 403, CA: 403, U: 403 } },
    { name: 'update own group', method: 'PUT', url: () => `/api/v1/groups/${ids.ownGroup}`, body: () => ({ Name: 'Z' }), expect: { PA: 403, CA: 403, U: 403 } },
    { name: 'update foreign group', method: 'PUT', url: () => `/api/v1/groups/${ids.foreignGroup}`, body: () => ({ Name: 'Z' }), expect: { PA: 403, CA: 403, OA: 404, U: 403 } },
    { name: 'delete foreign group', method: 'DELETE', url: () => `/api/v1/groups/${ids.foreignGroup}`, expect: { PA: 403, CA: 403, OA: 404, U: 403 } },

    { name: 'list tokens', method: 'GET', url: () => '/api/v1/tokens', expect: { PA: 403, CA: 403, OA: 200, U: 200 } },
    { name: "get the user's token", method: 'GET', url: () => `/api/v1/tokens/${ids.ownToken}`, expect: { PA: 403, CA: 403, OA: 404, U: 200 } },
    { name: 'get foreign token', method: 'GET', url: () => `/api/v1/tokens/${ids.foreignToken}`, expect: { PA: 403, CA: 403, OA: 404, U: 404 } },
    { name: 'create a token', method: 'POST', url: () => '/api/v1/tokens', body: () => ({ Name: 't', ExpiryDays: 7 }), expect: { PA: 403, CA: 403 } },
    { name: 'revoke foreign token', method: 'DELETE', url: () => `/api/v1/tokens/${ids.foreignToken}`, expect: { PA: 403, CA: 403, OA: 404, U: 404 } },

    { name: 'read settings', method: 'GET', url: () => '/api/v1/settings', expect: only('OA', 200) },
    { name: 'save settings', method: 'PUT', url: () => '/api/v1/settings', body: () => ({}), expect: { PA: 403, CA: 403, U: 403 } },

    { name: 'list help', method: 'GET', url: () => '/api/v1/help', expect: only('OA', 200) },
    { name: 'get a built-in help page', method: 'GET', url: () => '/api/v1/help/getting-started', expect: only('OA', 200) },
    { name: 'get own help page', method: 'GET', url: () => `/api/v1/help/${ids.ownHelp}`, expect: only('OA', 200) },
    { name: 'get foreign help page', method: 'GET', url: () => `/api/v1/help/${ids.foreignHelp}`, expect: only('OA', 404) },
    { name: 'update foreign help page', method: 'PUT', url: () => `/api/v1/help/${ids.foreignHelp}`, body: () => ({ Slug: 'x', Title: 'x', Category: 'x', Body: 'x' }), expect: only('OA', 404) },
    { name: 'delete foreign help page', method: 'DELETE', url: () => `/api/v1/help/${ids.foreignHelp}`, expect: only('OA', 404) },

    { name: 'list identity providers', method: 'GET', url: () => '/api/v1/idps', expect: { PA: 403, CA: 200, OA: 200, U: 403 } },
    { name: 'get own identity provider', method: 'GET', url: () => `/api/v1/idps/${ids.ownIdp}`, expect: { PA: 403, CA: 200, OA: 200, U: 403 } },
    { name: 'get foreign identity provider', method: 'GET', url: () => `/api/v1/idps/${ids.foreignIdp}`, expect: { PA: 403, CA: 404, OA: 404, U: 403 } },
    { name: 'create an identity provider', method: 'POST', url: () => '/api/v1/idps', body: () => ({}), expect: { PA: 403, U: 403 } },
    { name: 'update foreign identity provider', method: 'PUT', url: () => `/api/v1/idps/${ids.foreignIdp}`, body: () => ({ Name: 'x', Issuer: 'https://x.test', ClientId: 'x' }), expect: { PA: 403, CA: 404, OA: 404, U: 403 } },
    { name: 'delete foreign identity provider', method: 'DELETE', url: () => `/api/v1/idps/${ids.foreignIdp}`, expect: { PA: 403, CA: 404, OA: 404, U: 403 } },

    { name: 'list audit log', method: 'GET', url: () => '/api/v1/audit-log', expect: { PA: 200, CA: 200, OA: 200, U: 403 } },
    { name: 'get own audit entry', method: 'GET', url: () => `/api/v1/audit-log/${ids.ownAudit}`, expect: { PA: 200, CA: 200, OA: 200, U: 403 } },
    { name: 'get foreign audit entry', method: 'GET', url: () => `/api/v1/audit-log/${ids.foreignAudit}`, expect: { PA: 200, CA: 404, OA: 404, U: 403 } },

    { name: 'get own job', method: 'GET', url: () => `/api/v1/jobs/${ids.ownJob}`, expect: { PA: 200, CA: 200, OA: 200, U: 404 } },
    { name: 'get foreign job', method: 'GET', url: () => `/api/v1/jobs/${ids.foreignJob}`, expect: { PA: 200, CA: 404, OA: 404, U: 404 } },
  ];

  runIsolationCases(w, cases);

  it('lists only what belongs to the caller', async () => {
    const { call, cookies, demo } = w;
    const orgs = (await call(cookies.CA, 'GET', '/api/v1/organizations')).json() as { id: string }[];
    expect(orgs.map((org) => org.id)).toEqual([demo.organizationId]);
    const users = (await call(cookies.OA, 'GET', '/api/v1/users?range=[0,99]')).json() as { Email: string }[];
    expect(users.map((user) => user.Email).sort()).toEqual(['org-admin@demo.test', 'user@demo.test']);
    const groups = (await call(cookies.U, 'GET', '/api/v1/groups')).json() as { id: string; MemberIds: string[] }[];
    expect(groups.map((group) => group.id)).toEqual([ids.ownGroup]);
    expect(groups[0]!.MemberIds).toEqual([]);
    const tokens = (await call(cookies.U, 'GET', '/api/v1/tokens')).json() as { id: string }[];
    expect(tokens.map((token) => token.id)).toEqual([ids.ownToken]);
    const help = (await call(cookies.OA, 'GET', '/api/v1/help?range=[0,99]')).json() as { Slug: string }[];
    expect(help.map((page) => page.Slug)).toContain('our-rules');
    expect(help.map((page) => page.Slug)).not.toContain('their-rules');
    const audit = (await call(cookies.OA, 'GET', '/api/v1/audit-log?range=[0,99]')).json() as { OrganizationId: string }[];
    expect(audit.length).toBeGreaterThan(0);
    expect(audit.every((entry) => entry.OrganizationId === demo.organizationId)).toBe(true);
  });

  it('ignores or refuses mass assignment', async () => {
    const { call, cookies, demo, other, t } = w;
    const created = await call(cookies.OA, 'POST', '/api/v1/users', {
      FirstName: 'Mass',
      LastName: 'Assign',
      Email: 'mass@demo.test',
      Role: 4,
      OrganizationId: other.organizationId,
      CustomerId: other.customerId,
      id: 'chosen-id',
    });
    expect(created.statusCode).toBe(200);
    expect(created.json().OrganizationId).toBe(demo.organizationId);
    expect(created.json().id).not.toBe('chosen-id');

    const escalate = await call(cookies.OA, 'POST', '/api/v1/users', { FirstName: 'A', LastName: 'B', Email: 'boss@demo.test', Role: 1 });
    expect(escalate.statusCode).toBe(400);
    expect(escalate.json().errors).toEqual({ Role: 'Role must be ORG_ADMIN or USER' });

    const token = await call(cookies.U, 'POST', '/api/v1/tokens', { Name: 'x', ExpiryDays: 7, UserId: other.users.user.id, Role: 1 });
    expect(token.statusCode).toBe(200);
    const owner = await t.db.kysely.selectFrom('access_tokens').select('user_id').where('id', '=', token.json().id).executeTakeFirstOrThrow();
    expect(owner.user_id).toBe(demo.users.user.id);
  });
});
