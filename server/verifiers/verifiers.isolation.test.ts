// Every verifier route × the four roles × own and foreign ids: a role that may not act gets 403, a foreign id 404,
// and neither ever carries data. Plus mass assignment.
import { describe, expect, it } from 'vitest';
import type { IsolationCase } from '../../tests/helpers/isolation';
import { useIsolationWorld, runIsolationCases } from '../../tests/helpers/isolation';

describe('verifiers: tenant and role isolation', () => {
  const ids = {} as Record<'own' | 'foreign', string>;


  const w = useIsolationWorld(async () => {
    const otherOA = w.otherCookies.orgAdmin;
    const created = (cookie: string, name: string) => w.created(cookie, '/api/v1/verifiers', { Name: name, MetricTypes: ['toxicity'] });
    ids.own = await created(w.cookies.OA, 'Ours');
    ids.foreign = await created(otherOA, 'Theirs');
  });

  const body = () => ({ Name: `Renamed ${Math.random()}`, MetricTypes: ['bias'] });
  const cases: IsolationCase[] = [
    { name: 'list verifiers', method: 'GET', url: () => '/api/v1/verifiers', expect: { PA: 403, CA: 403, OA: 200, U: 403 } },
    { name: 'get own verifier', method: 'GET', url: () => `/api/v1/verifiers/${ids.own}`, expect: { PA: 403, CA: 403, OA: 200, U: 403 } },
    { name: 'get foreign verifier', method: 'GET', url: () => `/api/v1/verifiers/${ids.foreign}`, expect: { PA: 403, CA: 403, OA: 404, U: 403 } },
    { name: 'create a verifier', method: 'POST', url: () => '/api/v1/verifiers', body, expect: { PA: 403, CA: 403, OA: 200, U: 403 } },
    { name: 'update own verifier', method: 'PUT', url: () => `/api/v1/verifiers/${ids.own}`, body, expect: { PA: 403, CA: 403, OA: 200, U: 403 } },
    { name: 'update foreign verifier', method: 'PUT', url: () => `/api/v1/verifiers/${ids.foreign}`, body, expect: { PA: 403, CA: 403, OA: 404, U: 403 } },
    { name: 'delete foreign verifier', method: 'DELETE', url: () => `/api/v1/verifiers/${ids.foreign}`, expect: { PA: 403, CA: 403, OA: 404, U: 403 } },
    { name: 'delete own verifier (role check only)', method: 'DELETE', url: () => `/api/v1/verifiers/${ids.own}`, expect: { PA: 403, CA: 403, U: 403 } },
  ];

  runIsolationCases(w, cases);

  it('never lists or filters in a foreign verifier, and the foreign one is untouched', async () => {
    const list = (await w.call(w.cookies.OA, 'GET', '/api/v1/verifiers?range=[0,99]')).json() as { id: string }[];
    expect(list.map((row) => row.id)).not.toContain(ids.foreign);
    const byFilter = await w.call(w.cookies.OA, 'GET', `/api/v1/verifiers?filter=${encodeURIComponent(JSON.stringify({ id: [ids.foreign] }))}`);
    expect(byFilter.json()).toEqual([]);
    const foreign = await w.t.db.kysely.selectFrom('verifiers').select('name').where('id', '=', ids.foreign).executeTakeFirstOrThrow();
    expect(foreign.name).toBe('Theirs');
  });

  it('ignores mass assignment of id, organization and key state', async () => {
    const response = await w.call(w.cookies.OA, 'POST', '/api/v1/verifiers', {
      Name: 'Mass assigned',
      MetricTypes: ['toxicity'],
      id: 'forged-id',
      OrganizationId: w.other.organizationId,
      organization_id: w.other.organizationId,
      ApiKeySet: true,
      api_key_enc: 'forged',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().id).not.toBe('forged-id');
    expect(response.json().ApiKeySet).toBe(false);
    const row = await w.t.db.kysely.selectFrom('verifiers').select(['organization_id', 'api_key_enc']).where('id', '=', response.json().id as string).executeTakeFirstOrThrow();
    expect(row).toEqual({ organization_id: w.demo.organizationId, api_key_enc: null });
  });
});
