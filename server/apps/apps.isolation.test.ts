// Every copilot route × the four roles × own and foreign ids: a role that may not act gets 403, a foreign id 404,
// and neither ever carries data. Plus mass assignment and foreign references in step bodies.
import { describe, expect, it } from 'vitest';
import type { IsolationCase } from '../../tests/helpers/isolation';
import { useIsolationWorld, runIsolationCases } from '../../tests/helpers/isolation';
import type { CopilotReferences } from './apps.fixtures';
import { createReferences, stepBodies } from './apps.fixtures';

describe('copilots: tenant and role isolation', () => {
  let refs: CopilotReferences;
  const ids = {} as Record<'own' | 'foreign' | 'foreignWithToken', string>;

  const w = useIsolationWorld(async () => {
    const otherOA = w.otherCookies.orgAdmin;
    refs = await createReferences(w.t, w.cookies.OA, 'Own');
    const created = (cookie: string, name: string) => w.created(cookie, '/api/v1/apps', { Name: name });
    ids.own = await created(w.cookies.OA, 'Ours');
    ids.foreign = await created(otherOA, 'Theirs');
    ids.foreignWithToken = await created(otherOA, 'Theirs with token');
    await w.call(otherOA, 'POST', `/api/v1/apps/${ids.foreignWithToken}/token`);
  });

  const rename = () => ({ Name: `Renamed ${Math.random()}` });
  const step1 = () => ({ DataSourceIds: [refs.dataSourceId] });
  const cases: IsolationCase[] = [
    { name: 'list copilots', method: 'GET', url: () => '/api/v1/apps', expect: { PA: 403, CA: 403, OA: 200, U: 403 } },
    { name: 'get own copilot', method: 'GET', url: () => `/api/v1/apps/${ids.own}`, expect: { PA: 403, CA: 403, OA: 200, U: 403 } },
    { name: 'get foreign copilot', method: 'GET', url: () => `/api/v1/apps/${ids.foreign}`, expect: { PA: 403, CA: 403, OA: 404, U: 403 } },
    { name: 'create a copilot', method: 'POST', url: () => '/api/v1/apps', body: rename, expect: { PA: 403, CA: 403, OA: 200, U: 403 } },
    { name: 'update own copilot', method: 'PUT', url: () => `/api/v1/apps/${ids.own}`, body: rename, expect: { PA: 403, CA: 403, OA: 200, U: 403 } },
    { name: 'update foreign copilot', method: 'PUT', url: () => `/api/v1/apps/${ids.foreign}`, body: rename, expect: { PA: 403, CA: 403, OA: 404, U: 403 } },
    { name: 'save a step of own copilot', method: 'PUT', url: () => `/api/v1/apps/${ids.own}/steps/1`, body: step1, expect: { PA: 403, CA: 403, OA: 200, U: 403 } },
    { name: 'save a step of foreign copilot', method: 'PUT', url: () => `/api/v1/apps/${ids.foreign}/steps/1`, body: step1, expect: { PA: 403, CA: 403, OA: 404, U: 403 } },
    { name: 'own config', method: 'GET', url: () => `/api/v1/apps/${ids.own}/config`, expect: { PA: 403, CA: 403, OA: 200, U: 403 } },
    { name: 'foreign config', method: 'GET', url: () => `/api/v1/apps/${ids.foreign}/config`, expect: { PA: 403, CA: 403, OA: 404, U: 403 } },
    { name: 'create own token', method: 'POST', url: () => `/api/v1/apps/${ids.own}/token`, expect: { PA: 403, CA: 403, OA: 200, U: 403 } },
    { name: 'create foreign token', method: 'POST', url: () => `/api/v1/apps/${ids.foreign}/token`, expect: { PA: 403, CA: 403, OA: 404, U: 403 } },
    { name: 'revoke foreign token', method: 'DELETE', url: () => `/api/v1/apps/${ids.foreignWithToken}/token`, expect: { PA: 403, CA: 403, OA: 404, U: 403 } },
    { name: 'delete foreign copilot', method: 'DELETE', url: () => `/api/v1/apps/${ids.foreign}`, expect: { PA: 403, CA: 403, OA: 404, U: 403 } },
    { name: 'delete own copilot (role check only)', method: 'DELETE', url: () => `/api/v1/apps/${ids.own}`, expect: { PA: 403, CA: 403, U: 403 } },
  ];

  runIsolationCases(w, cases);

  it('leaves foreign copilots untouched and unlisted', async () => {
    const list = (await w.call(w.cookies.OA, 'GET', '/api/v1/apps?range=[0,99]')).json() as { id: string }[];
    expect(list.map((row) => row.id)).not.toContain(ids.foreign);
    const byFilter = await w.call(w.cookies.OA, 'GET', `/api/v1/apps?filter=${encodeURIComponent(JSON.stringify({ id: [ids.foreign, ids.foreignWithToken] }))}`);
    expect(byFilter.json()).toEqual([]);
    const foreign = await w.t.db.kysely.selectFrom('apps').select(['name', 'completed_step']).where('id', '=', ids.foreign).executeTakeFirstOrThrow();
    expect(foreign).toEqual({ name: 'Theirs', completed_step: 0 });
    expect(await w.t.db.kysely.selectFrom('app_tokens').select('app_id').where('app_id', '=', ids.foreignWithToken).executeTakeFirst()).toBeDefined();
  });

  it('ignores mass assignment of id, organization, status, progress and token state', async () => {
    const response = await w.call(w.cookies.OA, 'POST', '/api/v1/apps', {
      Name: 'Mass assigned',
      id: 'forged-id',
      OrganizationId: w.other.organizationId,
      organization_id: w.other.organizationId,
      Status: 'active',
      CompletedStep: 7,
      TokenSet: true,
      DataSourceIds: [refs.dataSourceId],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ Status: 'draft', CompletedStep: 0, TokenSet: false, DataSourceIds: [] });
    expect(response.json().id).not.toBe('forged-id');
    const id = response.json().id as string;
    const row = await w.t.db.kysely.selectFrom('apps').select('organization_id').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.organization_id).toBe(w.demo.organizationId);
    // A step body saves only that step's fields.
    const step = await w.call(w.cookies.OA, 'PUT', `/api/v1/apps/${id}/steps/1`, { ...step1(), CompletedStep: 7, Status: 'active', PolicyIds: [refs.policyId] });
    expect(step.json()).toMatchObject({ Status: 'draft', CompletedStep: 1, PolicyIds: [] });
    // A user of another organization cannot be named, even though the earlier steps are complete.
    for (const n of [2, 3, 4, 5]) expect((await w.call(w.cookies.OA, 'PUT', `/api/v1/apps/${id}/steps/${n}`, stepBodies(refs, w.demo.users.user.id)[n])).statusCode).toBe(200);
    const foreignUser = await w.call(w.cookies.OA, 'PUT', `/api/v1/apps/${id}/steps/6`, { UserIds: [w.other.users.user.id, w.demo.users.user.id] });
    expect(foreignUser.statusCode).toBe(400);
    expect(foreignUser.json().errors).toEqual({ UserIds: 'Choose users of your organization' });
    expect(await w.t.db.kysely.selectFrom('app_users').select('user_id').where('app_id', '=', id).execute()).toEqual([]);
  });
});
