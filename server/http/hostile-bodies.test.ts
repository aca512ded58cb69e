// Every POST and PUT route (read from the OpenAPI document) gets hostile bodies from every role: none may answer 5xx.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IsolationWorld } from '../../tests/helpers/isolation';
import { isolationWorld, ROLES } from '../../tests/helpers/isolation';
import { writeRoutes } from '../../tests/helpers/routes';

const deeplyNested = (depth: number): unknown => (depth === 0 ? {} : { Name: 'x', Rules: [deeplyNested(depth - 1)] });

/** Raw JSON texts, so that values JSON.stringify would not write (a `__proto__` key) reach the server as sent. */
const HOSTILE_BODIES: readonly string[] = [
  'null',
  '[]',
  '""',
  '42',
  'true',
  '"text"',
  '{}',
  '[{}]',
  JSON.stringify(deeplyNested(200)),
  JSON.stringify({ Name: 'x'.repeat(300_000), Title: 'x'.repeat(300_000), Body: 'x'.repeat(300_000) }),
  JSON.stringify({ Name: 42, Enabled: 'yes', Email: ['a'], Role: {}, Type: null, Rules: 'all', GroupIds: 'g', Content: 1, Step: [] }),
  JSON.stringify({ Name: 'ΩDUP \u0000 \ud800 🙂 \u202e', Title: '\uffff', Email: 'ü@ß.test', Slug: 'ß', Content: '\u0000' }),
  '{"__proto__":{"isAdmin":true},"Name":"proto"}',
  '{"constructor":{"prototype":{"isAdmin":true}},"Name":"ctor"}',
  JSON.stringify({ Name: null, Title: null, Rules: null, Connection: null, RoleMapping: null, GroupIds: null, Settings: null }),
];

describe('hostile bodies on every write route', () => {
  let world: IsolationWorld;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    world = await isolationWorld();
    const { cookies, created, demo } = world;
    ids.cdr = await created(cookies.OA, '/api/v1/cdr', { Name: 'Fuzzed files', AppId: 0 });
    ids.docId = await created(cookies.OA, `/api/v1/cdr/${ids.cdr}/documents`, { ContentType: 1, Name: 'Folder' });
    ids.groups = await created(cookies.OA, '/api/v1/groups', { Name: 'Fuzzed group' });
    ids.idps = await created(cookies.OA, '/api/v1/idps', { Name: 'Fuzzed SSO', Issuer: 'https://login.example.com', ClientId: 'c', ClientSecret: 's' });
    ids['language-models'] = String(await created<number>(cookies.OA, '/api/v1/language-models', { Name: 'Fuzzed model', Provider: 'demo', Model: 'offline-demo' }));
    ids.policies = await created(cookies.OA, '/api/v1/policies', { Name: 'Fuzzed policy', Type: 'Global Policy', Rules: [{ Kind: 'keywords', Action: 'flag', Keywords: ['falcon'] }] });
    ids.verifiers = await created(cookies.OA, '/api/v1/verifiers', { Name: 'Fuzzed verifier', MetricTypes: ['toxicity'] });
    ids.apps = await created(cookies.OA, '/api/v1/apps', { Name: 'Fuzzed copilot' });
    ids.users = await created(cookies.OA, '/api/v1/users', { FirstName: 'F', LastName: 'Z', Email: 'fuzzed@demo.test', Role: 4 });
    ids.customers = await created(cookies.PA, '/api/v1/customers', { Name: 'Fuzzed customer', Type: 2 });
    ids.organizations = demo.organizationId;
    ids.help = (await world.call(cookies.OA, 'POST', '/api/v1/help', { Slug: 'fuzzed', Title: 'T', Category: 'C', Body: 'B' })).json<{ id: string }>().id;
    ids.conversations = await created(cookies.U, '/api/v1/chat/conversations', { Title: 'Fuzzed chat' });
  });
  afterAll(() => world.t.close());

  it('refuses text holding U+0000 (PostgreSQL cannot store it) with the field named', async () => {
    const response = await world.call(world.cookies.OA, 'POST', '/api/v1/groups', { Name: 'a\u0000b', Description: 'ok' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ Name: 'must not contain NUL characters' });
  });

  it(
    'never answers 5xx',
    async () => {
      const routes = (await writeRoutes(world.t)).filter((route) => route.path !== '/api/v1/auth/logout');
      expect(routes.length).toBeGreaterThanOrEqual(40);
      const failures: string[] = [];
      for (const { method, path } of routes) {
        const url = urlOf(path, ids);
        for (const body of HOSTILE_BODIES) {
          for (const role of ROLES) {
            const response = await world.t.app.inject({
              method,
              url,
              headers: { cookie: world.cookies[role], 'content-type': 'application/json', 'x-requested-with': 'test' },
              payload: body,
            });
            if (response.statusCode >= 500) failures.push(`${role} ${method} ${url} ${body.slice(0, 60)} → ${response.statusCode} ${response.body.slice(0, 120)}`);
          }
        }
      }
      expect(failures).toEqual([]);
    },
    120_000,
  );
});

/** `/api/v1/<resource>/{id}/…` with the id of a record of that resource; other placeholders by name. */
function urlOf(path: string, ids: Record<string, string>): string {
  const resource = path.split('/')[path.startsWith('/api/v1/chat/') ? 4 : 3] ?? '';
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (name === 'id') return ids[resource] ?? 'unknown-id';
    if (name === 'step') return '1';
    return ids[name] ?? 'unknown-id';
  });
}
