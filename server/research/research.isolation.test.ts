// Every research route × the four roles × own and foreign ids: ORG_ADMIN and USER of the organization act, only
// on their organization's searches (a foreign id is 404, never its data); the dashboards' feature flags gate them.
import { describe, expect, it } from 'vitest';
import type { Expect, IsolationCase } from '../../tests/helpers/isolation';
import { useIsolationWorld, runIsolationCases } from '../../tests/helpers/isolation';
import { setFeatureFlags as setFlags } from '../../tests/helpers/features';

const members = (status: number): Expect => ({ PA: 403, CA: 403, OA: status, U: status });
const VORA = '/api/v1/dashboard/vorasearch';
const VORA_P = '/api/v1/vora-p';
const GUIDELINES = '/api/v1/research/guidelines';

describe('research: tenant and role isolation', () => {
  const ids = {} as Record<string, string>;

  const w = useIsolationWorld(async () => {
    await setFlags(w.t, w.demo.organizationId, { VoraDashboard: true, VoraPDashboard: true });
    await setFlags(w.t, w.other.organizationId, { VoraDashboard: true, VoraPDashboard: true });
    const created = (cookie: string, url: string, body: unknown) => w.created<string>(cookie, url, body);
    ids.vora = await created(w.cookies.OA, VORA, { SiteLink: 'own.example.test' });
    ids.voraDelete = await created(w.cookies.U, VORA, { SiteLink: 'delete-me.example.test' });
    ids.voraForeign = await created(w.otherCookies.orgAdmin, VORA, { SiteLink: 'foreign.example.test' });
    ids.voraP = await created(w.cookies.OA, VORA_P, { Website: 'own-p.example.test' });
    ids.voraPForeign = await created(w.otherCookies.user, VORA_P, { CompanyName: 'Foreign P', Location: 'Elsewhere' });
    ids.guidelineForeign = await created(w.otherCookies.orgAdmin, GUIDELINES, { Name: 'Foreign rule', Rule: { Kind: 'employees_min', Value: 10 } });
  });

  const cases: IsolationCase[] = [
    { name: 'Vora list', method: 'GET', url: () => VORA, expect: members(200) },
    { name: 'Vora get own', method: 'GET', url: () => `${VORA}/${ids.vora}`, expect: members(200) },
    { name: 'Vora get foreign', method: 'GET', url: () => `${VORA}/${ids.voraForeign}`, expect: members(404) },
    { name: 'Vora get a Vora P search', method: 'GET', url: () => `${VORA}/${ids.voraP}`, expect: members(404) },
    { name: 'Vora create', method: 'POST', url: () => VORA, body: () => ({ AccountName: 'Acme', Location: 'Berlin' }), expect: members(200) },
    { name: 'Vora refresh own', method: 'POST', url: () => `${VORA}/${ids.vora}/refresh`, expect: members(200) },
    { name: 'Vora refresh foreign', method: 'POST', url: () => `${VORA}/${ids.voraForeign}/refresh`, expect: members(404) },
    { name: 'Vora delete foreign', method: 'DELETE', url: () => `${VORA}/${ids.voraForeign}`, expect: members(404) },
    { name: 'Vora follow-up, owner ORG_ADMIN only', method: 'POST', url: () => `${VORA}/${ids.vora}/followup`, body: () => ({ Question: 'Summary?' }), expect: { PA: 403, CA: 403, OA: 200, U: 403 } },
    { name: 'Vora follow-up foreign', method: 'POST', url: () => `${VORA}/${ids.voraForeign}/followup`, body: () => ({ Question: 'Summary?' }), expect: members(404) },
    { name: 'Vora report own', method: 'GET', url: () => `${VORA}/cysmo/${ids.vora}/download`, expect: members(200) },
    { name: 'Vora report foreign', method: 'GET', url: () => `${VORA}/cysmo/${ids.voraForeign}/download`, expect: members(404) },
    { name: 'Vora discovery', method: 'POST', url: () => `${VORA}/discover-company`, body: () => ({ AccountName: 'Acme', Location: 'Berlin' }), expect: members(200) },

    { name: 'Vora P list', method: 'GET', url: () => VORA_P, expect: members(200) },
    { name: 'Vora P get own', method: 'GET', url: () => `${VORA_P}/${ids.voraP}`, expect: members(200) },
    { name: 'Vora P get foreign', method: 'GET', url: () => `${VORA_P}/${ids.voraPForeign}`, expect: members(404) },
    { name: 'Vora P get a Vora search', method: 'GET', url: () => `${VORA_P}/${ids.vora}`, expect: members(404) },
    { name: 'Vora P create', method: 'POST', url: () => VORA_P, body: () => ({ Website: 'new.example.test' }), expect: members(200) },
    { name: 'Vora P delete foreign', method: 'DELETE', url: () => `${VORA_P}/${ids.voraPForeign}`, expect: members(404) },
    { name: 'Vora P follow-up, anyone of the organization', method: 'POST', url: () => `${VORA_P}/${ids.voraP}/followup`, body: () => ({ Question: 'Summary?' }), expect: members(200) },
    { name: 'Vora P follow-up foreign', method: 'POST', url: () => `${VORA_P}/${ids.voraPForeign}/followup`, body: () => ({ Question: 'Summary?' }), expect: members(404) },
    { name: 'Vora P report own', method: 'GET', url: () => `${VORA_P}/cysmo/${ids.voraP}/download`, expect: members(200) },
    { name: 'Vora P report foreign', method: 'GET', url: () => `${VORA_P}/cysmo/${ids.voraPForeign}/download`, expect: members(404) },

    { name: 'guidelines list', method: 'GET', url: () => GUIDELINES, expect: members(200) },
    { name: 'guidelines create', method: 'POST', url: () => GUIDELINES, body: () => ({ Name: 'At least 5 employees', Rule: { Kind: 'employees_min', Value: 5 } }), expect: { PA: 403, CA: 403, OA: 200, U: 403 } },
    { name: 'guidelines update foreign', method: 'PUT', url: () => `${GUIDELINES}/${ids.guidelineForeign}`, body: () => ({ Name: 'Mine now', Rule: { Kind: 'employees_min', Value: 1 } }), expect: { PA: 403, CA: 403, OA: 404, U: 403 } },
    { name: 'guidelines delete foreign', method: 'DELETE', url: () => `${GUIDELINES}/${ids.guidelineForeign}`, expect: { PA: 403, CA: 403, OA: 404, U: 403 } },
  ];
  runIsolationCases(w, cases);

  it('lists only the organization\'s searches, Vora with its owner and Vora P without', async () => {
    const vora = await w.call(w.cookies.U, 'GET', VORA);
    expect(vora.json().map((row: { id: string }) => row.id)).not.toContain(ids.voraForeign);
    expect(vora.json()[0].Owner).toEqual({ id: expect.any(String), Name: expect.any(String) });
    expect(vora.headers['content-range']).toMatch(/^dashboard\/vorasearch 0-\d+\/\d+$/);
    const own = await w.call(w.cookies.U, 'GET', `${VORA}?filter=${encodeURIComponent(JSON.stringify({ OwnerId: w.demo.users.user.id }))}`);
    expect(own.json().map((row: { id: string }) => row.id)).toContain(ids.voraDelete);
    expect(new Set(own.json().map((row: { Owner: { id: string } }) => row.Owner.id))).toEqual(new Set([w.demo.users.user.id]));
    const p = await w.call(w.cookies.U, 'GET', VORA_P);
    expect(p.json()[0]).not.toHaveProperty('Owner');
    expect(p.json()[0]).toHaveProperty('SentDate');
  });

  it('has no discovery or refresh on Vora P', async () => {
    expect((await w.call(w.cookies.OA, 'POST', `${VORA_P}/discover-company`, { AccountName: 'A', Location: 'B' })).statusCode).toBe(404);
    expect((await w.call(w.cookies.OA, 'POST', `${VORA_P}/${ids.voraP}/refresh`)).statusCode).toBe(404);
  });

  it('answers discovery with the §8 message when the model names no company', async () => {
    const response = await w.call(w.cookies.OA, 'POST', `${VORA}/discover-company`, { AccountName: 'Acme', Location: 'Berlin' });
    expect(response.json()).toMatchObject({ Companies: [], Message: 'No companies found for the given search doing LLM discovery', Model: { Name: 'Offline demo model' } });
    const prompt = await w.t.db.kysely.selectFrom('prompts').select('status').where('id', '=', response.json().PromptId).executeTakeFirstOrThrow();
    expect(prompt.status).toBe('success');
  });

  it('validates the search payloads with the §5 messages', async () => {
    const none = await w.call(w.cookies.OA, 'POST', VORA, { AccountName: 'Only a name' });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toEqual({ AccountName: 'Please provide either a site link OR both company name and location' });
    const bad = await w.call(w.cookies.OA, 'POST', VORA_P, { Website: 'not a site' });
    expect(bad.json().errors).toMatchObject({ Website: 'Please enter a valid website' });
  });

  it('deletes a search of the organization (any member)', async () => {
    expect((await w.call(w.cookies.OA, 'DELETE', `${VORA}/${ids.voraDelete}`)).statusCode).toBe(200);
    expect((await w.call(w.cookies.U, 'GET', `${VORA}/${ids.voraDelete}`)).statusCode).toBe(404);
  });

  it('answers 404 on every route of a dashboard whose flag is off', async () => {
    await setFlags(w.t, w.demo.organizationId, { VoraDashboard: false, VoraPDashboard: true });
    for (const [method, url] of [['GET', VORA], ['GET', `${VORA}/${ids.vora}`], ['POST', `${VORA}/${ids.vora}/refresh`], ['GET', `${VORA}/cysmo/${ids.vora}/download`]] as const) {
      expect((await w.call(w.cookies.OA, method, url)).statusCode, url).toBe(404);
    }
    expect((await w.call(w.cookies.OA, 'GET', VORA_P)).statusCode).toBe(200);
    await setFlags(w.t, w.demo.organizationId, { VoraDashboard: true, VoraPDashboard: true });
  });
});
