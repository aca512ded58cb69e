import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../tests/helpers/build';
import { build } from '../../tests/helpers/build';
import { demoTenant } from '../../tests/helpers/tenants';

const xhr = { 'x-requested-with': 'test' };

describe('users and groups', () => {
  let t: TestApp;
  let oa: string;
  beforeAll(async () => {
    t = await build({ env: { JOBS: 'false' } });
    oa = await t.login('org-admin@demo.test');
  });
  afterAll(() => t.close());

  it('creates a local user with a one-time set-up link answered once', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users',
      headers: { cookie: oa },
      payload: { FirstName: 'Nia', LastName: 'New', Email: 'Nia@Demo.test', Role: 4 },
    });
    expect(response.statusCode).toBe(200);
    const user = response.json();
    expect(user).toMatchObject({ Email: 'nia@demo.test', Role: 4, IdentityType: 1, Enabled: true, GroupIds: [], LastLoginAt: null });
    expect(user.SetupLink).toMatch(/\/welcome\?token=/);
    const token = decodeURIComponent(new URL(user.SetupLink).searchParams.get('token')!);
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/reset-password', headers: xhr, payload: { Token: token, Password: 'nia-password-1' } });
    await expect(t.login('nia@demo.test', 'nia-password-1')).resolves.toContain('console_session=');
    const fetched = (await t.app.inject({ method: 'GET', url: `/api/v1/users/${user.id}`, headers: { cookie: oa } })).json();
    expect(fetched).not.toHaveProperty('SetupLink');
    expect(fetched.LastLoginAt).not.toBeNull();
  });

  it('gives a federated user no password link', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users',
      headers: { cookie: oa },
      payload: { FirstName: 'Fed', LastName: 'Eral', Email: 'fed@demo.test', Role: 4, IdentityType: 2 },
    });
    expect(response.json().SetupLink).toBeNull();
  });

  it('refuses a taken email and groups of nobody', async () => {
    const taken = await t.app.inject({ method: 'POST', url: '/api/v1/users', headers: { cookie: oa }, payload: { FirstName: 'A', LastName: 'B', Email: 'user@demo.test', Role: 4 } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual({ Email: 'A user with this email already exists' });
    const badGroup = await t.app.inject({ method: 'POST', url: '/api/v1/users', headers: { cookie: oa }, payload: { FirstName: 'A', LastName: 'B', Email: 'x@demo.test', Role: 4, GroupIds: ['nope'] } });
    expect(badGroup.statusCode).toBe(400);
    expect(badGroup.json().errors).toEqual({ GroupIds: 'Choose groups of your organization' });
    const fields = await t.app.inject({ method: 'POST', url: '/api/v1/users', headers: { cookie: oa }, payload: { FirstName: '', Email: 'bad', Role: 'USER', Enabled: 'yes' } });
    expect(fields.json().errors).toEqual({
      FirstName: 'First name is required',
      LastName: 'Last name is required',
      Email: 'Enter a valid email address',
      Role: 'Role must be ORG_ADMIN or USER',
      Enabled: 'Enabled must be true or false',
    });
  });

  it('ends all sessions of a user who is disabled, demoted or deleted', async () => {
    const { users } = await demoTenant(t);
    const userCookie = await t.login('user@demo.test');
    const put = (body: object) => t.app.inject({ method: 'PUT', url: `/api/v1/users/${users.user.id}`, headers: { cookie: oa }, payload: body });
    const base = { FirstName: 'Umar', LastName: 'User', Email: 'user@demo.test', Role: 4 };
    expect((await put({ ...base, Enabled: false })).json().Enabled).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie: userCookie } })).statusCode).toBe(401);
    await expect(t.login('user@demo.test')).rejects.toThrow(/401/);

    await put({ ...base, Enabled: true });
    const again = await t.login('user@demo.test');
    await put({ ...base, Role: 3 });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie: again } })).statusCode).toBe(401);
    await put({ ...base, Role: 4 });

    const victim = (await t.app.inject({ method: 'POST', url: '/api/v1/users', headers: { cookie: oa }, payload: { FirstName: 'V', LastName: 'V', Email: 'v@demo.test', Role: 4 } })).json();
    await t.db.kysely.updateTable('users').set({ password_hash: (await t.db.kysely.selectFrom('users').select('password_hash').where('id', '=', users.user.id).executeTakeFirstOrThrow()).password_hash }).where('id', '=', victim.id).execute();
    const victimCookie = await t.login('v@demo.test');
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/users/${victim.id}`, headers: { cookie: oa, ...xhr } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie: victimCookie } })).statusCode).toBe(401);
  });

  it('keeps an admin from locking themselves out', async () => {
    const { users } = await demoTenant(t);
    const self = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/users/${users.orgAdmin.id}`,
      headers: { cookie: oa },
      payload: { FirstName: 'Olivia', LastName: 'Orgadmin', Email: 'org-admin@demo.test', Role: 3, Enabled: false },
    });
    expect(self.statusCode).toBe(400);
    expect(self.json().errors).toEqual({ Enabled: 'You cannot disable yourself' });
    const remove = await t.app.inject({ method: 'DELETE', url: `/api/v1/users/${users.orgAdmin.id}`, headers: { cookie: oa, ...xhr } });
    expect(remove.statusCode).toBe(400);
  });

  it('manages groups with members from both sides, and filters users by group', async () => {
    const { users } = await demoTenant(t);
    const group = (await t.app.inject({ method: 'POST', url: '/api/v1/groups', headers: { cookie: oa }, payload: { Name: 'Finance', Description: 'Money people', MemberIds: [users.user.id, users.user.id] } })).json();
    expect(group).toMatchObject({ Name: 'Finance', Description: 'Money people', MemberIds: [users.user.id], MemberCount: 1, IdentityType: 1 });
    const user = (await t.app.inject({ method: 'GET', url: `/api/v1/users/${users.user.id}`, headers: { cookie: oa } })).json();
    expect(user.GroupIds).toContain(group.id);
    const members = await t.app.inject({ method: 'GET', url: `/api/v1/users?filter=${encodeURIComponent(JSON.stringify({ GroupId: group.id }))}`, headers: { cookie: oa } });
    expect(members.json().map((u: { id: string }) => u.id)).toEqual([users.user.id]);
    const dup = await t.app.inject({ method: 'POST', url: '/api/v1/groups', headers: { cookie: oa }, payload: { Name: 'Finance' } });
    expect(dup.statusCode).toBe(409);
    const foreignMember = await t.app.inject({ method: 'PUT', url: `/api/v1/groups/${group.id}`, headers: { cookie: oa }, payload: { Name: 'Finance', MemberIds: ['someone-else'] } });
    expect(foreignMember.json().errors).toEqual({ MemberIds: 'Choose users of your organization' });
    const emptied = (await t.app.inject({ method: 'PUT', url: `/api/v1/groups/${group.id}`, headers: { cookie: oa }, payload: { Name: 'Finance team', MemberIds: [] } })).json();
    expect(emptied).toMatchObject({ Name: 'Finance team', MemberCount: 0 });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/groups/${group.id}`, headers: { cookie: oa, ...xhr } })).statusCode).toBe(200);
  });
});
