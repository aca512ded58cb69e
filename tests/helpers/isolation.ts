// The isolation matrix every module tests: each route × the four roles × own and foreign ids.
// A role that may not act gets 403, a foreign id 404, signed out 401, and no error ever carries data.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TestApp } from './build';
import { build } from './build';
import type { Tenant } from './tenants';
import { demoTenant, otherTenant } from './tenants';

export type RoleKey = 'PA' | 'CA' | 'OA' | 'U';
export type Expect = Partial<Record<RoleKey, number>>;
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface IsolationCase {
  name: string;
  method: Method;
  url: () => string;
  body?: () => unknown;
  expect: Expect;
}

export const ROLES: readonly RoleKey[] = ['PA', 'CA', 'OA', 'U'];

/** One role gets `status`, every other role `others`. */
export const only = (role: RoleKey, status: number, others = 403): Expect =>
  Object.fromEntries(ROLES.map((r) => [r, r === role ? status : others])) as Expect;

export interface IsolationWorld {
  t: TestApp;
  demo: Tenant;
  other: Tenant;
  /** Sessions of the demo tenant's four users. */
  cookies: Record<RoleKey, string>;
  /** Sessions of the other tenant's admins and user. */
  otherCookies: { customerAdmin: string; orgAdmin: string; user: string };
  call(cookie: string | undefined, method: Method, url: string, body?: unknown): Promise<LightMyRequestResponse>;
  /** POSTs and answers the new record's id, failing loudly when the fixture cannot be made. */
  created<Id extends string | number = string>(cookie: string, url: string, body: unknown): Promise<Id>;
}

export async function isolationWorld(): Promise<IsolationWorld> {
  const t = await build({ env: { JOBS: 'false' } });
  const demo = await demoTenant(t);
  const other = await otherTenant(t);
  const call: IsolationWorld['call'] = (cookie, method, url, body) =>
    t.app.inject({
      method,
      url,
      headers: { ...(cookie ? { cookie } : {}), 'x-requested-with': 'test' },
      ...(body !== undefined ? { payload: body as object } : {}),
    });
  return {
    t,
    demo,
    other,
    cookies: {
      PA: await t.login(demo.users.productAdmin.email),
      CA: await t.login(demo.users.customerAdmin.email),
      OA: await t.login(demo.users.orgAdmin.email),
      U: await t.login(demo.users.user.email),
    },
    otherCookies: {
      customerAdmin: await t.login(other.users.customerAdmin.email),
      orgAdmin: await t.login(other.users.orgAdmin.email),
      user: await t.login(other.users.user.email),
    },
    call,
    async created(cookie, url, body) {
      const response = await call(cookie, 'POST', url, body);
      if (response.statusCode >= 300) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
      return response.json().id;
    },
  };
}

/**
 * The isolation world of one test file: built before its tests (then `setup` makes the file's own fixtures) and
 * closed after them. The answer stands for the world: read its fields inside tests and hooks, not at the top level.
 */
export function useIsolationWorld(setup?: (world: IsolationWorld) => Promise<void>): IsolationWorld {
  let world: IsolationWorld | undefined;
  beforeAll(async () => {
    world = await isolationWorld();
    await setup?.(world);
  });
  afterAll(async () => {
    await world?.t.close();
  });
  return new Proxy({} as IsolationWorld, {
    get(_, field) {
      if (!world) throw new Error('The isolation world is built in beforeAll: read it inside a test or a hook.');
      return world[field as keyof IsolationWorld];
    },
  });
}

/** Registers one test per case; the world is read when the test runs (after beforeAll). */
export function runIsolationCases(world: IsolationWorld | (() => IsolationWorld), cases: readonly IsolationCase[]): void {
  for (const testCase of cases) {
    it(`${testCase.name}: ${JSON.stringify(testCase.expect)}`, async () => {
      const { call, cookies } = typeof world === 'function' ? world() : world;
      const anonymous = await call(undefined, testCase.method, testCase.url(), testCase.body?.());
      expect(anonymous.statusCode, 'signed out').toBe(401);
      expect(Object.keys(anonymous.json())).toEqual(['message']);
      for (const role of ROLES) {
        const status = testCase.expect[role];
        if (status === undefined) continue;
        const response = await call(cookies[role], testCase.method, testCase.url(), testCase.body?.());
        expect(response.statusCode, `${role} ${testCase.method} ${testCase.url()}: ${response.body}`).toBe(status);
        if (status >= 400) expect(Object.keys(response.json())).toEqual(['message']);
      }
    });
  }
}
