// Every policies route × the four roles × own and foreign ids: a role that may not act gets 403, a foreign id
// 404, and neither ever carries data; tenant fields in a body are ignored.
import { describe, expect, it } from 'vitest';
import type { IsolationCase } from '../../tests/helpers/isolation';
import { useIsolationWorld, runIsolationCases } from '../../tests/helpers/isolation';
import { insertModel } from './test-models';

const RULES = [{ Kind: 'keywords', Action: 'flag', Keywords: ['falcon'] }];

describe('policies: tenant and role isolation', () => {
  const ids = {} as Record<string, string>;
  let foreignGroup: string;
  let foreignModel: number;


  const w = useIsolationWorld(async () => {
    const otherOA = w.otherCookies.orgAdmin;
    const created = (cookie: string, url: string, body: unknown) => w.created<string>(cookie, url, body);
    ids.own = await created(w.cookies.OA, '/api/v1/policies', { Name: 'Ours', Type: 'Global Policy', Rules: RULES });
    ids.foreign = await created(otherOA, '/api/v1/policies', { Name: 'Theirs', Type: 'Global Policy', Rules: RULES });
    foreignGroup = await created(otherOA, '/api/v1/groups', { Name: 'Their group' });
    foreignModel = await insertModel(w.t, w.other.organizationId, 'Their model');
  });

  const body = () => ({ Name: `P ${Math.random()}`, Type: 'Global Policy', Rules: RULES });
  const cases: IsolationCase[] = [
    { name: 'list policies', method: 'GET', url: () => '/api/v1/policies', expect: { PA: 403, CA: 403, OA: 200, U: 200 } },
    { name: 'get own policy', method: 'GET', url: () => `/api/v1/policies/${ids.own}`, expect: { PA: 403, CA: 403, OA: 200, U: 200 } },
    { name: 'get foreign policy', method: 'GET', url: () => `/api/v1/policies/${ids.foreign}`, expect: { PA: 403, CA: 403, OA: 404, U: 404 } },
    { name: 'create a policy', method: 'POST', url: () => '/api/v1/policies', body, expect: { PA: 403, CA: 403, OA: 200, U: 403 } },
    { name: 'update own policy', method: 'PUT', url: () => `/api/v1/policies/${ids.own}`, body: () => ({ Name: 'Ours', Type: 'Global Policy', Rules: RULES }), expect: { PA: 403, CA: 403, OA: 200, U: 403 } },
    { name: 'update foreign policy', method: 'PUT', url: () => `/api/v1/policies/${ids.foreign}`, body, expect: { PA: 403, CA: 403, OA: 404, U: 403 } },
    { name: 'delete foreign policy', method: 'DELETE', url: () => `/api/v1/policies/${ids.foreign}`, expect: { PA: 403, CA: 403, OA: 404, U: 403 } },
    { name: 'test own policy', method: 'POST', url: () => '/api/v1/policies/test', body: () => ({ Prompt: 'falcon', PolicyIds: [ids.own] }), expect: { PA: 403, CA: 403, OA: 200, U: 403 } },
    { name: 'test foreign policy', method: 'POST', url: () => '/api/v1/policies/test', body: () => ({ Prompt: 'falcon', PolicyIds: [ids.foreign] }), expect: { PA: 403, CA: 403, OA: 404, U: 403 } },
  ];

  runIsolationCases(w, cases);

  it('lists only the own organization and never deletes a foreign policy', async () => {
    const names = (await w.call(w.cookies.OA, 'GET', '/api/v1/policies')).json().map((p: { Name: string }) => p.Name);
    expect(names).not.toContain('Theirs');
    expect(names).toContain('Ours');
    const foreign = await w.t.db.kysely.selectFrom('policies').select('name').where('id', '=', ids.foreign!).executeTakeFirst();
    expect(foreign).toEqual({ name: 'Theirs' });
  });

  it('ignores tenant fields in the body and refuses foreign targets', async () => {
    const response = await w.call(w.cookies.OA, 'POST', '/api/v1/policies', { ...body(), Name: 'Mass', organization_id: w.other.organizationId, OrganizationId: w.other.organizationId, id: 'chosen-id', CreatedAt: '2000-01-01T00:00:00.000Z' });
    expect(response.statusCode).toBe(200);
    const policy = response.json();
    expect(policy.id).not.toBe('chosen-id');
    expect(policy.CreatedAt).not.toBe('2000-01-01T00:00:00.000Z');
    const row = await w.t.db.kysely.selectFrom('policies').select('organization_id').where('id', '=', policy.id).executeTakeFirstOrThrow();
    expect(row.organization_id).toBe(w.demo.organizationId);

    const group = await w.call(w.cookies.OA, 'POST', '/api/v1/policies', { Name: 'G', Type: 'Group Policy', Targets: { GroupIds: [foreignGroup] }, Rules: RULES });
    expect(group.json().errors).toEqual({ 'Targets.GroupIds': 'Choose groups of your organization' });
    const model = await w.call(w.cookies.OA, 'POST', '/api/v1/policies', { Name: 'M', Type: 'Language Model Policy', Targets: { LanguageModelIds: [foreignModel] }, Rules: RULES });
    expect(model.json().errors).toEqual({ 'Targets.LanguageModelIds': 'Choose language models of your organization' });
    const test = await w.call(w.cookies.OA, 'POST', '/api/v1/policies/test', { Prompt: 'falcon', GroupIds: [foreignGroup], LanguageModelId: foreignModel });
    expect(test.json().Policies.map((p: { PolicyName: string }) => p.PolicyName)).not.toContain('Theirs');
  });
});
