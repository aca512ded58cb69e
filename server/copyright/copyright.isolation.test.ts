// Every protected-works and copyright-settings route × the four roles × own and foreign ids: a role that may not act
// gets 403, a foreign id 404, and neither ever carries data. Plus mass assignment.
import { describe, expect, it } from 'vitest';
import type { IsolationCase } from '../../tests/helpers/isolation';
import { useIsolationWorld, runIsolationCases } from '../../tests/helpers/isolation';

describe('protected works: tenant and role isolation', () => {
  const ids = {} as Record<'own' | 'foreign', string>;

  const w = useIsolationWorld(async () => {
    ids.own = await w.created(w.cookies.OA, '/api/v1/protected-works', { Name: 'Ours', Text: 'Our own protected words, written by us for our customers.' });
    ids.foreign = await w.created(w.otherCookies.orgAdmin, '/api/v1/protected-works', { Name: 'Theirs', Text: 'Their protected words, written by them for their customers.' });
  });

  const work = () => ({ Name: `Work ${Math.random()}`, Text: 'Some protected words of this organization, long enough to be a work.' });
  const settings = () => ({ Action: 'warn_user', LicenceCheck: true, MinMatchTokens: 25 });
  const cases: IsolationCase[] = [
    { name: 'list protected works', method: 'GET', url: () => '/api/v1/protected-works', expect: { PA: 403, CA: 403, OA: 200, U: 403 } },
    { name: 'get own protected work', method: 'GET', url: () => `/api/v1/protected-works/${ids.own}`, expect: { PA: 403, CA: 403, OA: 200, U: 403 } },
    { name: 'get foreign protected work', method: 'GET', url: () => `/api/v1/protected-works/${ids.foreign}`, expect: { PA: 403, CA: 403, OA: 404, U: 403 } },
    { name: 'register a protected work', method: 'POST', url: () => '/api/v1/protected-works', body: work, expect: { PA: 403, CA: 403, OA: 200, U: 403 } },
    { name: 'delete foreign protected work', method: 'DELETE', url: () => `/api/v1/protected-works/${ids.foreign}`, expect: { PA: 403, CA: 403, OA: 404, U: 403 } },
    { name: 'delete own protected work (role check only)', method: 'DELETE', url: () => `/api/v1/protected-works/${ids.own}`, expect: { PA: 403, CA: 403, U: 403 } },
    { name: 'read copyright settings', method: 'GET', url: () => '/api/v1/copyright-settings', expect: { PA: 403, CA: 403, OA: 200, U: 403 } },
    { name: 'change copyright settings', method: 'PUT', url: () => '/api/v1/copyright-settings', body: settings, expect: { PA: 403, CA: 403, OA: 200, U: 403 } },
    { name: 'copyright figures', method: 'GET', url: () => '/api/v1/copyright/stats', expect: { PA: 403, CA: 403, OA: 200, U: 403 } },
  ];

  runIsolationCases(w, cases);

  it('never lists or filters in a foreign work; settings are per organization', async () => {
    const list = (await w.call(w.cookies.OA, 'GET', '/api/v1/protected-works?range=[0,99]')).json() as { id: string }[];
    expect(list.map((row) => row.id)).not.toContain(ids.foreign);
    const byFilter = await w.call(w.cookies.OA, 'GET', `/api/v1/protected-works?filter=${encodeURIComponent(JSON.stringify({ id: [ids.foreign] }))}`);
    expect(byFilter.json()).toEqual([]);
    await w.call(w.cookies.OA, 'PUT', '/api/v1/copyright-settings', { Action: 'block_response', LicenceCheck: false, MinMatchTokens: 30 });
    const theirs = (await w.call(w.otherCookies.orgAdmin, 'GET', '/api/v1/copyright-settings')).json();
    expect(theirs).toMatchObject({ id: w.other.organizationId, Action: 'warn_user', LicenceCheck: true, MinMatchTokens: 20 });
    const foreign = await w.t.db.kysely.selectFrom('protected_works').select('name').where('id', '=', ids.foreign).executeTakeFirstOrThrow();
    expect(foreign.name).toBe('Theirs');
  });

  it('refuses bad settings per field', async () => {
    const response = await w.call(w.cookies.OA, 'PUT', '/api/v1/copyright-settings', { Action: 'shred', LicenceCheck: 'yes', MinMatchTokens: 3 });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors).sort()).toEqual(['Action', 'LicenceCheck', 'MinMatchTokens']);
  });

  it('ignores mass assignment of id, organization, status and counts', async () => {
    const response = await w.call(w.cookies.OA, 'POST', '/api/v1/protected-works', {
      ...work(),
      id: 'forged-id',
      OrganizationId: w.other.organizationId,
      organization_id: w.other.organizationId,
      Status: 5,
      MatchCount: 99,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ Status: 3, MatchCount: 0 });
    expect(response.json().id).not.toBe('forged-id');
    const row = await w.t.db.kysely.selectFrom('protected_works').select(['organization_id']).where('id', '=', response.json().id as string).executeTakeFirstOrThrow();
    expect(row.organization_id).toBe(w.demo.organizationId);
  });
});
