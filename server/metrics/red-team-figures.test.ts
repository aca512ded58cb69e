// Red-teaming attacks (prompts.red_team_job_id) in the observability figures: left out of every count, top list,
// leaderboard, drill-down and critical event by default; counted with the GraphQL argument includeRedTeam and the
// critical events' IncludeRedTeam filter (RedTeam lists only them). Exact counts on metrics.dataset.ts plus two attacks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../tests/helpers/build';
import type { TestApp } from '../../tests/helpers/build';
import { demoTenant } from '../../tests/helpers/tenants';
import { computeWindow } from './metrics.compute';
import { parseInterval } from './buckets';
import type { Dataset } from './metrics.dataset';
import { metricsVariables, seedDataset, WINDOW } from './metrics.dataset';
import { seedPrompt } from './metrics.fixtures';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const QUERY = `query Figures($customerID: ID!, $organizationID: ID!, $minContextStartTimestamp: String!, $maxContextStartTimestamp: String!, $timezone: String, $interval: String!, $ascending: Boolean!, $llmStatsMin: Float!, $llmStatsMax: Float!, $llmStatsBinsCount: Int!, $userID: ID, $topN: Int!, $includeRedTeam: Boolean, ${riskDeclarations()}) {
  metrics(customerID: $customerID, organizationID: $organizationID, minContextStartTimestamp: $minContextStartTimestamp, maxContextStartTimestamp: $maxContextStartTimestamp, timezone: $timezone, interval: $interval, ascending: $ascending, llmStatsMin: $llmStatsMin, llmStatsMax: $llmStatsMax, llmStatsBinsCount: $llmStatsBinsCount, userID: $userID, topN: $topN, includeRedTeam: $includeRedTeam, ${riskArguments()}) {
    master { y { prompts { count } } total { prompts { count } blockedPrompts { count } maliciousPrompts { count } anonymizedPrompts { count } llmTokens { count sum } topBlockedUsers { id count } topPolicies { id count } topRiskUsers { id } } }
  }
}`;
const DRILL = `query Drill($customerID: ID!, $organizationID: ID!, $minContextStartTimestamp: String!, $maxContextStartTimestamp: String!, $timezone: String, $interval: String!, $ascending: Boolean!, $llmStatsMin: Float!, $llmStatsMax: Float!, $llmStatsBinsCount: Int!, $topN: Int!, $includeRedTeam: Boolean, $widgetID: String!, ${riskDeclarations()}) {
  metricsPromptIDs(customerID: $customerID, organizationID: $organizationID, minContextStartTimestamp: $minContextStartTimestamp, maxContextStartTimestamp: $maxContextStartTimestamp, timezone: $timezone, interval: $interval, ascending: $ascending, llmStatsMin: $llmStatsMin, llmStatsMax: $llmStatsMax, llmStatsBinsCount: $llmStatsBinsCount, topN: $topN, includeRedTeam: $includeRedTeam, widgetID: $widgetID, ${riskArguments()}) { promptIDs totalPromptIDs }
}`;

function riskDeclarations(): string {
  return Object.keys(metricsVariables({ customerId: '', organizationId: '' }))
    .filter((name) => /(Enabled|ValueLo|ValueHi|ScoreLo|ScoreHi)$/.test(name))
    .map((name) => `$${name}: ${name.endsWith('Enabled') ? 'Boolean!' : 'Float!'}`)
    .join(', ');
}
function riskArguments(): string {
  return Object.keys(metricsVariables({ customerId: '', organizationId: '' }))
    .filter((name) => /(Enabled|ValueLo|ValueHi|ScoreLo|ScoreHi)$/.test(name))
    .map((name) => `${name}: $${name}`)
    .join(', ');
}

describe('red-team prompts in the observability figures', () => {
  let t: TestApp;
  let data: Dataset;
  let cookie: string;
  let attacks: { r1: string; r2: string };

  const gql = async (query: string, variables: Record<string, unknown>): Promise<Json> => {
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/gql/query', headers: { cookie, 'x-requested-with': 'test' }, payload: { query, variables } });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<Json>();
    expect(body.errors).toBeUndefined();
    return body.data;
  };
  const figures = async (overrides: Record<string, unknown> = {}) => (await gql(QUERY, metricsVariables(data, overrides))).metrics.master;
  const events = async (filter: Record<string, unknown>) =>
    (await t.app.inject({ method: 'GET', url: `/api/v1/observability/critical-events?range=[0,99]&filter=${encodeURIComponent(JSON.stringify(filter))}`, headers: { cookie } })).json<{ id: string }[]>().map((event) => event.id).sort();

  beforeAll(async () => {
    t = await build({ env: { JOBS: 'false' } });
    const demo = await demoTenant(t);
    data = await seedDataset(t.db.kysely, { organizationId: demo.organizationId, customerId: demo.customerId, userId: demo.users.user.id, orgAdminId: demo.users.orgAdmin.id });
    cookie = await t.login(demo.users.orgAdmin.email);
    const base = { organizationId: data.organizationId, redTeamJobId: 'red-team-job-1' };
    attacks = {
      // Blocked by Policy G before the model, found malicious: U's.
      r1: await seedPrompt(t.db.kysely, { ...base, userId: data.users.u, at: '2026-03-10T12:00:00.000Z', llmId: data.m1, blocked: true, malicious: true, policyIds: [data.policyG], stages: { prompt_guard: ['ok', 5, 3, 0], policy_engine: ['ok', 2, 3, 0], llm: ['skip', null, null, null] } }),
      // Answered, anonymized: O's.
      r2: await seedPrompt(t.db.kysely, { ...base, userId: data.users.o, at: '2026-03-11T12:00:00.000Z', llmId: data.m1, model: 'gpt-a', anonymized: true, stages: { prompt_guard: ['ok', 5, 3, 0], llm: ['ok', 500, 4, 30] } }),
    };
  });
  afterAll(async () => t.close());

  it('are left out of every figure by default and counted with includeRedTeam, exactly', async () => {
    const without = await figures();
    expect(without.y.map((bucket: Json) => bucket.prompts.count)).toEqual([1, 2, 1, 1]);
    expect(without.total).toMatchObject({ prompts: { count: 5 }, blockedPrompts: { count: 1 }, maliciousPrompts: { count: 1 }, anonymizedPrompts: { count: 1 } });
    expect(without.total.topBlockedUsers).toEqual([{ id: data.users.o, count: 1 }]);

    const withAttacks = await figures({ includeRedTeam: true });
    expect(withAttacks.y.map((bucket: Json) => bucket.prompts.count)).toEqual([1, 2, 2, 2]);
    expect(withAttacks.total).toMatchObject({ prompts: { count: 7 }, blockedPrompts: { count: 2 }, maliciousPrompts: { count: 2 }, anonymizedPrompts: { count: 2 } });
    expect(withAttacks.total.llmTokens).toEqual({ count: without.total.llmTokens.count + 1, sum: without.total.llmTokens.sum + 34 });
    // Count descending, then id.
    expect(withAttacks.total.topBlockedUsers).toEqual([data.users.o, data.users.u].sort().map((id) => ({ id, count: 1 })));
    const policyG = (master: Json) => master.total.topPolicies.find((item: Json) => item.id === data.policyG).count;
    expect(policyG(withAttacks)).toBe(policyG(without) + 1);

    // With a filter (U's prompts: derived slots), and again without: nothing of the attacks stays behind in a cache.
    expect((await figures({ userID: data.users.u })).total.prompts.count).toBe(3);
    expect((await figures({ userID: data.users.u, includeRedTeam: true })).total.prompts.count).toBe(4);
    expect((await figures({ includeRedTeam: false })).total.prompts.count).toBe(5);

    // The same figures as the raw rows (the reference).
    const query = { organizationId: data.organizationId, from: Date.parse(WINDOW.from), to: Date.parse(WINDOW.to), zone: 'America/New_York', interval: parseInterval('P1D'), filters: { redTeam: 'include' as const } };
    const [raw, stored] = await Promise.all([computeWindow(t.db.kysely, query, { raw: true }), computeWindow(t.db.kysely, query)]);
    expect(stored.buckets.map((bucket) => bucket.aggregate.prompts)).toEqual(raw.buckets.map((bucket) => bucket.aggregate.prompts));
  });

  it('drill-downs and critical events list them only when asked', async () => {
    const drill = async (includeRedTeam: boolean) => (await gql(DRILL, metricsVariables(data, { includeRedTeam, widgetID: 'blockedPrompts' }))).metricsPromptIDs;
    expect(await drill(false)).toEqual({ promptIDs: [data.prompts.p2], totalPromptIDs: 1 });
    expect(await drill(true)).toEqual({ promptIDs: [attacks.r1, data.prompts.p2], totalPromptIDs: 2 });

    const own = await events({});
    expect(own).not.toContain(attacks.r1);
    expect(await events({ IncludeRedTeam: true })).toEqual([...own, attacks.r1].sort());
    expect(await events({ RedTeam: true })).toEqual([attacks.r1]);
  });
});
