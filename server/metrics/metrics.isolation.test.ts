// The metrics GraphQL and the observability REST routes × the four roles × own and foreign tenants.
import { describe, expect, it } from 'vitest';
import type { IsolationCase } from '../../tests/helpers/isolation';
import { useIsolationWorld, runIsolationCases } from '../../tests/helpers/isolation';
import type { Tenant } from '../../tests/helpers/tenants';
import { DEFAULT_RISK_SETTINGS } from '../../domain/schemas/metrics';
import { METRICS_QUERY, PROMPT_IDS_QUERY, RESOLVE_IDS_QUERY, metricsVariables } from './metrics.dataset';
import { seedPrompt } from './metrics.fixtures';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('metrics: tenant and role isolation', () => {
  const at = '2026-03-10T12:00:00.000Z';
  const w = useIsolationWorld(async () => {
    const stages = { prompt_guard: ['ok', 5, 1, 0] as ['ok', number, number, number] };
    await seedPrompt(w.t.db.kysely, { organizationId: w.demo.organizationId, userId: w.demo.users.user.id, at, stages });
    await seedPrompt(w.t.db.kysely, { organizationId: w.demo.organizationId, userId: w.demo.users.orgAdmin.id, at, stages, malicious: true });
    await seedPrompt(w.t.db.kysely, { organizationId: w.other.organizationId, userId: w.other.users.user.id, at, stages, blocked: true });
  });

  const gql = async (cookie: string | undefined, query: string, variables: Record<string, unknown>) => w.call(cookie, 'POST', '/api/v1/gql/query', { query, variables });
  const window = { minContextStartTimestamp: '2026-03-10T00:00:00.000Z', maxContextStartTimestamp: '2026-03-11T00:00:00.000Z', interval: 'PT6H' };
  const metricsOf = (tenant: { customerId: string; organizationId: string }, overrides: Record<string, unknown> = {}) => metricsVariables(tenant, { ...window, ...overrides });

  it('signed out answers 401 and a PRODUCT_ADMIN 403, before the query is read', async () => {
    expect((await gql(undefined, METRICS_QUERY, metricsOf(w.demo))).statusCode).toBe(401);
    const forbidden = await gql(w.cookies.PA, METRICS_QUERY, metricsOf(w.demo));
    expect(forbidden.statusCode).toBe(403);
    expect(Object.keys(forbidden.json())).toEqual(['message']);
  });

  const ROLE_CASES: ['CA' | 'OA' | 'U', number][] = [
    ['CA', 2],
    ['OA', 2],
    ['U', 1],
  ];
  it.each(ROLE_CASES)('%s reads its own organization (%i prompts visible) and never another tenant’s', async (role, visible) => {
    const cookie = w.cookies[role];
    const own = (await gql(cookie, METRICS_QUERY, metricsOf(w.demo))).json() as Json;
    expect(own.errors).toBeUndefined();
    expect(own.data.metrics.master.total.prompts.count).toBe(visible);
    for (const [query, extra] of [
      [METRICS_QUERY, {}],
      [PROMPT_IDS_QUERY, { widgetID: 'prompts' }],
    ] as const) {
      const foreignOrg = (await gql(cookie, query, metricsOf(w.other, extra))).json() as Json;
      expect(foreignOrg.data).toBeNull();
      expect(foreignOrg.errors).toEqual([{ message: 'The organization was not found.', extensions: { code: 'NOT_FOUND' } }]);
      const mixed = (await gql(cookie, query, metricsOf({ customerId: w.other.customerId, organizationId: w.demo.organizationId }, extra))).json() as Json;
      expect(mixed.errors[0].extensions.code).toBe('NOT_FOUND');
    }
    const resolveForeign = (await gql(cookie, RESOLVE_IDS_QUERY, { customerID: w.other.customerId, organizationID: w.other.organizationId, policyIDs: ['x'] })).json() as Json;
    expect(resolveForeign.errors[0].extensions.code).toBe('NOT_FOUND');
  });

  it('a USER sees only their own prompts, whatever userID they send, and resolves only their own id', async () => {
    const asUser = (await gql(w.cookies.U, METRICS_QUERY, metricsOf(w.demo, { userID: w.demo.users.orgAdmin.id }))).json() as Json;
    expect(asUser.data.metrics.master.total.prompts.count).toBe(1);
    expect(asUser.data.metrics.master.total.topUsers).toEqual([{ id: w.demo.users.user.id, count: 1 }]);
    const ids = (await gql(w.cookies.U, PROMPT_IDS_QUERY, metricsOf(w.demo, { widgetID: 'maliciousPrompts' }))).json() as Json;
    expect(ids.data.metricsPromptIDs.totalPromptIDs).toBe(0);
    const resolveOther = (await gql(w.cookies.U, RESOLVE_IDS_QUERY, { customerID: w.demo.customerId, organizationID: w.demo.organizationId, userIDs: [w.demo.users.orgAdmin.id] })).json() as Json;
    expect(resolveOther.errors[0].message).toBe('A user may resolve only their own id.');
    const resolveSelf = (await gql(w.cookies.U, RESOLVE_IDS_QUERY, { customerID: w.demo.customerId, organizationID: w.demo.organizationId, userIDs: [w.demo.users.user.id] })).json() as Json;
    expect(resolveSelf.data.resolveIDs.users[0].id).toBe(w.demo.users.user.id);
  });

  it('the other tenant’s admins see only their prompts', async () => {
    const theirs = (await gql(w.otherCookies.orgAdmin, METRICS_QUERY, metricsOf(w.other))).json() as Json;
    expect(theirs.data.metrics.master.total.prompts.count).toBe(1);
    expect(theirs.data.metrics.master.total.blockedPrompts.count).toBe(1);
    const ours = (await gql(w.otherCookies.customerAdmin, METRICS_QUERY, metricsOf(w.demo))).json() as Json;
    expect(ours.errors[0].extensions.code).toBe('NOT_FOUND');
  });

  const riskUrl = (tenant: () => Tenant) => () => `/api/v1/observability/risk-settings?organizationID=${tenant().organizationId}`;
  const eventsUrl = (tenant: () => Tenant) => () => `/api/v1/observability/critical-events?organizationID=${tenant().organizationId}`;
  const settings = () => DEFAULT_RISK_SETTINGS;
  const cases: IsolationCase[] = [
    { name: 'read own risk settings', method: 'GET', url: riskUrl(() => w.demo), expect: { PA: 403, CA: 200, OA: 200, U: 200 } },
    { name: 'read foreign risk settings', method: 'GET', url: riskUrl(() => w.other), expect: { PA: 403, CA: 404, OA: 404, U: 404 } },
    { name: 'save own risk settings', method: 'PUT', url: riskUrl(() => w.demo), body: settings, expect: { PA: 403, CA: 200, OA: 200, U: 403 } },
    { name: 'save foreign risk settings', method: 'PUT', url: riskUrl(() => w.other), body: settings, expect: { PA: 403, CA: 404, OA: 404, U: 403 } },
    { name: 'list own critical events', method: 'GET', url: eventsUrl(() => w.demo), expect: { PA: 403, CA: 200, OA: 200, U: 403 } },
    { name: 'list foreign critical events', method: 'GET', url: eventsUrl(() => w.other), expect: { PA: 403, CA: 404, OA: 404, U: 403 } },
    { name: 'GraphQL endpoint role gate', method: 'POST', url: () => '/api/v1/gql/query', body: () => ({ query: '{ __typename }' }), expect: { PA: 403, CA: 200, OA: 200, U: 200 } },
  ];
  runIsolationCases(w, cases);

  it('a CUSTOMER_ADMIN must name the organization on the REST routes', async () => {
    const response = await w.call(w.cookies.CA, 'GET', '/api/v1/observability/risk-settings');
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ organizationID: 'is required' });
  });
});
