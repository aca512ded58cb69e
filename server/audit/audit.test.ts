import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../tests/helpers/build';
import { build } from '../../tests/helpers/build';

interface Entry {
  Action: string;
  Resource: string;
  RecordId: string | null;
  Summary: string;
}

const filterParam = (filter: object) => `filter=${encodeURIComponent(JSON.stringify(filter))}`;

describe('audit log: the RecordId filter (history of one record)', () => {
  let t: TestApp;
  let orgAdmin: string;
  let productAdmin: string;
  let groupA: string;
  let groupB: string;

  beforeAll(async () => {
    t = await build({ env: { JOBS: 'false' } });
    orgAdmin = await t.login('org-admin@demo.test');
    productAdmin = await t.login('product-admin@demo.test');
    const create = async (Name: string) =>
      (await t.app.inject({ method: 'POST', url: '/api/v1/groups', headers: { cookie: orgAdmin }, payload: { Name } })).json<{ id: string }>().id;
    groupA = await create('Analysts');
    groupB = await create('Builders');
    await t.app.inject({ method: 'PUT', url: `/api/v1/groups/${groupA}`, headers: { cookie: orgAdmin }, payload: { Name: 'Analysts EU' } });
  });
  afterAll(() => t.close());

  const list = (cookie: string, filter: object) =>
    t.app.inject({ method: 'GET', url: `/api/v1/audit-log?range=[0,49]&${filterParam(filter)}`, headers: { cookie } });

  it("lists only that record's entries, newest first, with Content-Range", async () => {
    const response = await list(orgAdmin, { RecordId: groupA });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-range']).toBe('audit-log 0-1/2');
    expect(response.json<Entry[]>().map((entry) => [entry.Action, entry.RecordId, entry.Summary])).toEqual([
      ['update', groupA, 'Updated group Analysts EU'],
      ['create', groupA, 'Created group Analysts'],
    ]);
  });

  it('combines with Resource and search, and without it lists every record', async () => {
    expect((await list(orgAdmin, { RecordId: groupB, Resource: 'groups' })).json<Entry[]>().map((entry) => entry.Summary)).toEqual(['Created group Builders']);
    expect((await list(orgAdmin, { RecordId: groupB, Resource: 'users' })).json<Entry[]>()).toEqual([]);
    expect((await list(orgAdmin, { RecordId: groupA, q: 'EU' })).json<Entry[]>().map((entry) => entry.Action)).toEqual(['update']);
    const all = (await list(orgAdmin, { Resource: 'groups' })).json<Entry[]>();
    expect(new Set(all.map((entry) => entry.RecordId))).toEqual(new Set([groupA, groupB]));
  });

  it("keeps the caller's scope: a record of another tenant lists nothing, an unknown id nothing", async () => {
    const everyGroupEntry = (await list(productAdmin, { Resource: 'groups' })).json<Entry[]>();
    expect(everyGroupEntry.length).toBe(3); // a product admin reads every tenant
    const otherCustomer = await t.app.inject({ method: 'POST', url: '/api/v1/customers', headers: { cookie: productAdmin }, payload: { Name: 'Other Co', Type: 2 } });
    const otherId = otherCustomer.json<{ id: string }>().id;
    expect((await list(orgAdmin, { RecordId: otherId })).json<Entry[]>()).toEqual([]);
    expect((await list(productAdmin, { RecordId: otherId })).json<Entry[]>().map((entry) => entry.Summary)).toEqual(['Created customer Other Co']);
    const unknown = await list(orgAdmin, { RecordId: 'no-such-record' });
    expect(unknown.json<Entry[]>()).toEqual([]);
    expect(unknown.headers['content-range']).toBe('audit-log 0-0/0');
  });
});
