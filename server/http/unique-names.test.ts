// Names unique in an organization (a customer, for organizations) are compared Unicode case-insensitively, the same way
// for every resource, and a unique index that refuses a write answers 409 naming the field — never a 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IsolationWorld, RoleKey } from '../../tests/helpers/isolation';
import { isolationWorld } from '../../tests/helpers/isolation';
import { newId } from '../db/ids';
import { nameKey } from '../db/name-key';
import { uniqueViolation } from './unique-violation';

const RULES = [{ Kind: 'keywords', Action: 'flag', Keywords: ['falcon'] }];
const RESOURCES: { url: string; role: RoleKey; body: (Name: string) => Record<string, unknown> }[] = [
  { url: '/api/v1/apps', role: 'OA', body: (Name) => ({ Name }) },
  { url: '/api/v1/language-models', role: 'OA', body: (Name) => ({ Name, Provider: 'demo', Model: 'offline-demo' }) },
  { url: '/api/v1/cdr', role: 'OA', body: (Name) => ({ Name, AppId: 0 }) },
  { url: '/api/v1/verifiers', role: 'OA', body: (Name) => ({ Name, MetricTypes: ['toxicity'] }) },
  { url: '/api/v1/idps', role: 'OA', body: (Name) => ({ Name, Issuer: 'https://login.example.com', ClientId: 'c', ClientSecret: 's' }) },
  { url: '/api/v1/groups', role: 'OA', body: (Name) => ({ Name }) },
  { url: '/api/v1/policies', role: 'OA', body: (Name) => ({ Name, Type: 'Global Policy', Rules: RULES }) },
  { url: '/api/v1/organizations', role: 'CA', body: (Name) => ({ Name }) },
];

describe('unique names', () => {
  let world: IsolationWorld;
  beforeAll(async () => {
    world = await isolationWorld();
  });
  afterAll(() => world.t.close());

  const post = (resource: (typeof RESOURCES)[number], name: string) => world.call(world.cookies[resource.role], 'POST', resource.url, resource.body(name));

  for (const resource of RESOURCES) {
    it(`${resource.url}: a name taken up to Unicode case or form answers 409 on create and update`, async () => {
      const first = await post(resource, 'ΩDUP');
      expect(first.statusCode, first.body).toBe(200);
      for (const taken of ['ΩDUP', 'Ωdup', 'ωdup', 'ΩDUP ', 'ΩＤＵＰ']) {
        const again = await post(resource, taken);
        expect(again.statusCode, `${taken}: ${again.body}`).toBe(409);
        expect(Object.keys(again.json().errors)).toEqual(['Name']);
      }
      expect((await post(resource, 'Straße')).statusCode).toBe(200);
      expect((await post(resource, 'STRASSE')).statusCode).toBe(409);
      expect((await post(resource, 'ascii')).statusCode).toBe(200);
      expect((await post(resource, 'ASCII')).statusCode).toBe(409);

      const other = await post(resource, 'Another one');
      expect(other.statusCode).toBe(200);
      const renamed = await world.call(world.cookies[resource.role], 'PUT', `${resource.url}/${other.json().id}`, { ...other.json<Record<string, unknown>>(), ...resource.body('ωDUP') });
      expect(renamed.statusCode, renamed.body).toBe(409);
      expect(Object.keys(renamed.json().errors)).toEqual(['Name']);
    });
  }

  it('concurrent creates of one name: one succeeds, the others answer 409', async () => {
    const resource = RESOURCES[0]!;
    const answers = await Promise.all(Array.from({ length: 6 }, () => post(resource, 'Raced')));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
  });

  it('maps the database refusal itself to 409 naming the field', async () => {
    const db = world.t.db.kysely;
    const organization = await db.selectFrom('groups').select('organization_id').executeTakeFirstOrThrow();
    const row = { organization_id: organization.organization_id, name: 'Index only', description: null, identity_type: 1, created_at: 1, updated_at: 1 };
    await db.insertInto('groups').values({ id: newId(), ...row }).execute();
    const refused = await db
      .insertInto('groups')
      .values({ id: newId(), ...row, name: 'INDEX ONLY' })
      .execute()
      .then(() => undefined, (error: unknown) => error);
    expect(refused).toBeDefined();
    const answer = uniqueViolation(refused);
    expect(answer?.statusCode).toBe(409);
    expect(answer?.errors).toEqual({ Name: 'Name is already in use' });
    expect(answer?.message).not.toMatch(/index only|INDEX ONLY/i);
  });

  it('folds case and form the same whatever the locale', () => {
    expect(nameKey('ΩDUP')).toBe(nameKey('ωdup'));
    expect(nameKey('Straße')).toBe(nameKey('STRASSE'));
    expect(nameKey('ＡＢＣ')).toBe(nameKey('abc'));
    expect(nameKey('e\u0301')).toBe(nameKey('é'));
    expect(nameKey('İstanbul')).toBe(nameKey('i̇stanbul'));
    expect(nameKey('Alpha')).not.toBe(nameKey('Beta'));
  });
});
