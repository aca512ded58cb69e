// Every language model route × the four roles × own and foreign ids: a role that may not act gets 403, a foreign
// id 404, and neither ever carries data. Plus what a USER may see and mass assignment.
import { describe, expect, it } from 'vitest';
import type { IsolationCase } from '../../tests/helpers/isolation';
import { useIsolationWorld, runIsolationCases } from '../../tests/helpers/isolation';

describe('language models: tenant and role isolation', () => {
  const ids = {} as Record<string, number>;


  const w = useIsolationWorld(async () => {
    const otherOA = w.otherCookies.orgAdmin;

    const created = (cookie: string, url: string, body: unknown) => w.created<number>(cookie, url, body);
    ids.ownModel = await created(w.cookies.OA, '/api/v1/language-models', { Name: 'Ours', Provider: 'demo', Model: 'offline-demo' });
    ids.foreignModel = await created(otherOA, '/api/v1/language-models', { Name: 'Theirs', Provider: 'demo', Model: 'offline-demo' });
    const grantedElsewhere = await w.created(w.cookies.OA, '/api/v1/groups', { Name: 'Nobody here' });
    ids.ungrantedModel = await created(w.cookies.OA, '/api/v1/language-models', { Name: 'Not for the user', Provider: 'demo', Model: 'offline-demo', GroupIds: [grantedElsewhere] });
  });

  const body = () => ({ Name: `Renamed ${Math.random()}`, Provider: 'demo', Model: 'offline-demo' });
  const cases: IsolationCase[] = [
    { name: 'list language models', method: 'GET', url: () => '/api/v1/language-models', expect: { PA: 403, CA: 403, OA: 200, U: 200 } },
    { name: 'get own model', method: 'GET', url: () => `/api/v1/language-models/${ids.ownModel}`, expect: { PA: 403, CA: 403, OA: 200, U: 200 } },
    { name: 'get own model not granted to the user', method: 'GET', url: () => `/api/v1/language-models/${ids.ungrantedModel}`, expect: { PA: 403, CA: 403, OA: 200, U: 404 } },
    { name: 'get foreign model', method: 'GET', url: () => `/api/v1/language-models/${ids.foreignModel}`, expect: { PA: 403, CA: 403, OA: 404, U: 404 } },
    { name: 'create a model', method: 'POST', url: () => '/api/v1/language-models', body, expect: { PA: 403, CA: 403, OA: 200, U: 403 } },
    { name: 'update own model', method: 'PUT', url: () => `/api/v1/language-models/${ids.ownModel}`, body, expect: { PA: 403, CA: 403, OA: 200, U: 403 } },
    { name: 'update foreign model', method: 'PUT', url: () => `/api/v1/language-models/${ids.foreignModel}`, body, expect: { PA: 403, CA: 403, OA: 404, U: 403 } },
    { name: 'test own model', method: 'POST', url: () => `/api/v1/language-models/${ids.ownModel}/test`, expect: { PA: 403, CA: 403, OA: 200, U: 403 } },
    { name: 'test foreign model', method: 'POST', url: () => `/api/v1/language-models/${ids.foreignModel}/test`, expect: { PA: 403, CA: 403, OA: 404, U: 403 } },
    { name: 'delete foreign model', method: 'DELETE', url: () => `/api/v1/language-models/${ids.foreignModel}`, expect: { PA: 403, CA: 403, OA: 404, U: 403 } },
    { name: 'delete own model (role check only)', method: 'DELETE', url: () => `/api/v1/language-models/${ids.ownModel}`, expect: { PA: 403, CA: 403, U: 403 } },
  ];

  runIsolationCases(w, cases);

  it('deletes own models as ORG_ADMIN', async () => {
    const id = (await w.call(w.cookies.OA, 'POST', '/api/v1/language-models', { Name: 'Short-lived', Provider: 'demo', Model: 'offline-demo' })).json().id as number;
    expect((await w.call(w.cookies.OA, 'DELETE', `/api/v1/language-models/${id}`)).statusCode).toBe(200);
    expect((await w.call(w.cookies.OA, 'GET', `/api/v1/language-models/${id}`)).statusCode).toBe(404);
  });

  it("lists only the caller's organization, and for a USER only what applies to them", async () => {
    const adminList = (await w.call(w.cookies.OA, 'GET', '/api/v1/language-models?range=[0,99]')).json() as { id: number }[];
    expect(adminList.map((row) => row.id)).toContain(ids.ungrantedModel);
    expect(adminList.map((row) => row.id)).not.toContain(ids.foreignModel);
    const foreignByFilter = (await w.call(w.cookies.OA, 'GET', `/api/v1/language-models?filter=${encodeURIComponent(JSON.stringify({ id: [ids.foreignModel] }))}`)).json();
    expect(foreignByFilter).toEqual([]);

    const userList = (await w.call(w.cookies.U, 'GET', '/api/v1/language-models?range=[0,99]')).json() as Record<string, unknown>[];
    expect(userList.map((row) => row.id)).not.toContain(ids.ungrantedModel);
    expect(userList.map((row) => row.id)).not.toContain(ids.foreignModel);
    expect(userList.length).toBeGreaterThan(0);
    for (const row of userList) expect(Object.keys(row).sort()).toEqual(['MaxTokens', 'Model', 'Name', 'Provider', 'Temperature', 'Vision', 'id']);
  });

  it('ignores mass assignment of id, organization, key state and test status', async () => {
    const response = await w.call(w.cookies.OA, 'POST', '/api/v1/language-models', {
      Name: 'Mass assigned',
      Provider: 'demo',
      Model: 'offline-demo',
      id: 424242,
      OrganizationId: w.other.organizationId,
      organization_id: w.other.organizationId,
      ConfigStatus: 4,
      ConfigMessage: 'forged',
      ApiKeySet: true,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ ConfigStatus: 1, ConfigMessage: null, ApiKeySet: false });
    expect(response.json().id).not.toBe(424242);
    const row = await w.t.db.kysely.selectFrom('language_models').select('organization_id').where('id', '=', response.json().id as number).executeTakeFirstOrThrow();
    expect(row.organization_id).toBe(w.demo.organizationId);
  });
});
