// react-admin sorts by `id` when a list names no field (ReferenceInput asks for id DESC): every list must accept it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IsolationWorld, RoleKey } from '../../tests/helpers/isolation';
import { isolationWorld, ROLES } from '../../tests/helpers/isolation';
import { setFeatureFlags } from '../../tests/helpers/features';
import { listRoutes } from '../../tests/helpers/routes';

describe('every list sorts by id', () => {
  let world: IsolationWorld;
  const pathIds: Record<string, string> = {};
  beforeAll(async () => {
    world = await isolationWorld();
    // The research dashboards' lists answer only where their feature flags are on.
    await setFeatureFlags(world.t, world.demo.organizationId, { VoraDashboard: true, VoraPDashboard: true });
    pathIds.id = await world.created(world.cookies.OA, '/api/v1/cdr', { Name: 'Sorted files', AppId: 0 });
    for (const Name of ['Folder a', 'Folder b', 'Folder c']) {
      await world.created(world.cookies.OA, `/api/v1/cdr/${pathIds.id}/documents`, { ContentType: 1, Name });
    }
    for (const Name of ['Group a', 'Group b']) await world.created(world.cookies.OA, '/api/v1/groups', { Name });
    // A finished red-teaming job, for the list of its attempts.
    const models = (await world.call(world.cookies.OA, 'GET', '/api/v1/language-models')).json<{ id: number }[]>();
    const job = { Name: 'Sorted attempts', TargetKind: 'language_model', LanguageModelId: models[0]!.id, Categories: ['prompt_injection'], Strategies: ['plain', 'base64'], AttemptsPerCategory: 1, Concurrency: 1 };
    pathIds.jobId = await world.created(world.cookies.OA, '/api/v1/red-teaming/jobs', job);
    await world.t.app.services.jobs.drain();
  });
  afterAll(() => world.t.close());

  it('finds the list routes in the OpenAPI document', async () => {
    const routes = await listRoutes(world.t);
    expect(routes.length).toBeGreaterThanOrEqual(15);
    expect(routes).toContain('/api/v1/cdr/{id}/documents');
  });

  it('answers sort=["id","ASC"] and ["id","DESC"] on each, in opposite orders', async () => {
    const checked: string[] = [];
    for (const route of await listRoutes(world.t)) {
      // A path id is the data source's, except in the attempts of a red-teaming job.
      const url = route.startsWith('/api/v1/red-teaming/jobs/') ? route.replace('{id}', pathIds.jobId!) : route.replace(/\{(\w+)\}/g, (_, name: string) => pathIds[name] ?? 'missing');
      const role = await firstRoleAllowed(url);
      expect(role, `no role may list ${url}`).toBeDefined();
      const ids = async (order: 'ASC' | 'DESC') => {
        const query = new URLSearchParams({ sort: JSON.stringify(['id', order]), range: '[0,499]' });
        const response = await world.call(world.cookies[role!], 'GET', `${url}?${query}`);
        expect(response.statusCode, `${role} ${url} sort id ${order}: ${response.body}`).toBe(200);
        return response.json<{ id: string | number }[]>().map((record) => record.id);
      };
      const ascending = await ids('ASC');
      const descending = await ids('DESC');
      expect(descending, url).toEqual([...ascending].reverse());
      expect(ascending, url).toEqual([...ascending].sort(byId));
      checked.push(`${url} (${ascending.length})`);
    }
    expect(checked.length).toBeGreaterThanOrEqual(15);
  });

  async function firstRoleAllowed(url: string): Promise<RoleKey | undefined> {
    for (const role of ROLES) {
      if ((await world.call(world.cookies[role], 'GET', url)).statusCode === 200) return role;
    }
    return undefined;
  }
});

function byId(a: string | number, b: string | number): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
}
