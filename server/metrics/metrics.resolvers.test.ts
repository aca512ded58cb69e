import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOOL_COUNT_FIELDS, attributeId } from '../../domain/schemas/metrics';
import { build } from '../../tests/helpers/build';
import type { TestApp } from '../../tests/helpers/build';
import { demoTenant, otherTenant } from '../../tests/helpers/tenants';
import { insertApp } from './metrics.fixtures';
import type { Dataset } from './metrics.dataset';
import { METRICS_QUERY, PROMPT_IDS_QUERY, RESOLVE_IDS_QUERY, metricsVariables, seedDataset } from './metrics.dataset';

// Answers worked out by hand from metrics.dataset.ts (window 2026-03-09 .. 03-12 UTC, America/New_York, P1D):
// P1 (U, app A, m1, gpt-a, anonymized) · P2 (O, m1, blocked by policy, malicious) · P3 (U, app A, m2, gpt-b, failed,
// redacted) · P4 (U, m2, gpt-b) · P5 (O, app A, m1, gpt-a); P6 in progress and P7 after the window are not counted.

let t: TestApp;
let data: Dataset;
let cookie: string;

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

async function gql(query: string, variables: Record<string, unknown>, as = cookie): Promise<Json> {
  const response = await t.app.inject({ method: 'POST', url: '/api/v1/gql/query', headers: { cookie: as, 'x-requested-with': 'test' }, payload: { query, variables } });
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function metrics(overrides: Record<string, unknown> = {}): Promise<Json> {
  const body = await gql(METRICS_QUERY, metricsVariables(data, overrides));
  expect(body.errors).toBeUndefined();
  return body.data.metrics;
}

async function drill(overrides: Record<string, unknown>): Promise<Json> {
  const body = await gql(PROMPT_IDS_QUERY, metricsVariables(data, overrides));
  expect(body.errors).toBeUndefined();
  return body.data.metricsPromptIDs;
}

beforeAll(async () => {
  t = await build({ env: { JOBS: 'false' } });
  const demo = await demoTenant(t);
  data = await seedDataset(t.db.kysely, { organizationId: demo.organizationId, customerId: demo.customerId, userId: demo.users.user.id, orgAdminId: demo.users.orgAdmin.id });
  cookie = await t.login(demo.users.orgAdmin.email);
});

afterAll(async () => t.close());

describe('metrics', () => {
  it('buckets follow the time zone: New York days (UTC-4 after 8 March), clipped to the window', async () => {
    const result = await metrics();
    expect(result.ttl).toBe(0);
    expect(result.master.x.map((bucket: Json) => [bucket.start, bucket.end])).toEqual([
      ['2026-03-09T00:00:00.000Z', '2026-03-09T04:00:00.000Z'],
      ['2026-03-09T04:00:00.000Z', '2026-03-10T04:00:00.000Z'],
      ['2026-03-10T04:00:00.000Z', '2026-03-11T04:00:00.000Z'],
      ['2026-03-11T04:00:00.000Z', '2026-03-12T00:00:00.000Z'],
    ]);
    expect(result.master.x[1]).toMatchObject({ minDate: '2026-03-09T10:00:00.000Z', maxDate: '2026-03-09T20:00:00.000Z', interval: 'P1D' });
    expect(result.master.y.map((values: Json) => values.prompts.count)).toEqual([1, 2, 1, 1]);
    expect(result.master.y[1]).toMatchObject({ maliciousPrompts: { count: 1 }, blockedPrompts: { count: 1 }, redactedPrompts: { count: 1 }, anonymizedPrompts: { count: 0 } });
    const descending = await metrics({ ascending: false });
    expect(descending.master.x[0].start).toBe('2026-03-11T04:00:00.000Z');
    expect(descending.master.y.map((values: Json) => values.prompts.count)).toEqual([1, 1, 2, 1]);
  });

  it('six-hour buckets in Kolkata (UTC+5:30) start at local 00:00, 06:00, 12:00, 18:00', async () => {
    const result = await metrics({ timezone: 'Asia/Kolkata', interval: 'PT6H', minContextStartTimestamp: '2026-03-09T00:00:00.000Z', maxContextStartTimestamp: '2026-03-10T00:00:00.000Z' });
    expect(result.master.x.map((bucket: Json) => bucket.start)).toEqual([
      '2026-03-09T00:00:00.000Z',
      '2026-03-09T00:30:00.000Z',
      '2026-03-09T06:30:00.000Z',
      '2026-03-09T12:30:00.000Z',
      '2026-03-09T18:30:00.000Z',
    ]);
    expect(result.master.y.map((values: Json) => values.prompts.count)).toEqual([0, 1, 1, 0, 1]);
    expect(result.master.x[0].minDate).toBeNull();
  });

  it('counts and per-stage token, status and latency statistics of the window', async () => {
    const total = (await metrics()).master.total;
    expect([total.prompts, total.maliciousPrompts, total.blockedPrompts, total.anonymizedPrompts, total.redactedPrompts].map((item: Json) => item.count)).toEqual([5, 1, 1, 1, 1]);
    // Agent traffic, per call or result: p1 (2 calls, 1 anonymized; 1 result, anonymized), p2 (blocked: its 1 call withheld; 2 results, 1 malicious).
    expect(TOOL_COUNT_FIELDS.map((field) => [field, total[field].count])).toEqual([
      ['toolCalls', 3],
      ['blockedToolCalls', 1],
      ['anonymizedToolCalls', 1],
      ['toolResults', 3],
      ['maliciousToolResults', 1],
      ['anonymizedToolResults', 1],
    ]);
    expect(total.csTokens).toMatchObject({ count: 5, sum: 34, mean: 6.8, median: 7 });
    expect(total.csTokens.histogram).toHaveLength(10);
    expect(total.csTokens.histogram[0]).toEqual({ lower: 0, upper: 10, mid: 5, count: 4 });
    expect(total.csTokens.histogram[1].count).toBe(1);
    expect(total.csStatus).toEqual({ okCount: 5, skipCount: 0, failCount: 0, totalCount: 5 });
    expect(total.csLatency).toMatchObject({ count: 5, min: 8, max: 12, mean: 10.2, median: 10 });
    expect(total.csLatency.stdDev).toBeCloseTo(1.6, 10);
    const auto = total.csLatency.autoHistogram;
    expect(auto).toMatchObject({ min: 8, max: 12, binsCount: 25, maxFrequency: 2 });
    expect(auto.binSize).toBeCloseTo(0.16, 10);
    expect(auto.mode).toBeCloseTo(11.92, 10);
    expect(auto.bins.map((bin: Json) => bin.count).filter((count: number) => count > 0)).toEqual([1, 1, 1, 2]);
    expect(total.cdrStatus).toEqual({ okCount: 1, skipCount: 4, failCount: 0, totalCount: 5 });
    expect(total.cdrTokens).toMatchObject({ count: 1, sum: 4 });
    expect(total.cdrLatency).toMatchObject({ count: 1, min: 50, max: 50, median: 50, stdDev: 0 });
    expect(total.cdrLatency.autoHistogram).toMatchObject({ binsCount: 1, maxFrequency: 1, mode: 50 });
    expect(total.peLatency).toMatchObject({ count: 5, min: 2, max: 6, mean: 4, median: 4 });
    expect(total.llmStatus).toEqual({ okCount: 3, skipCount: 1, failCount: 1, totalCount: 5 });
    expect(total.llmTokens).toMatchObject({ count: 4, sum: 96, mean: 24, median: 22.5 });
    expect(total.llmLatency).toMatchObject({ count: 4, min: 500, max: 3000, mean: 1625, median: 1500 });
    expect(total.vsStatus).toEqual({ okCount: 2, skipCount: 3, failCount: 0, totalCount: 5 });
    expect(total.vsTokens).toMatchObject({ count: 2, sum: 60, mean: 30, median: 30 });
    expect(total.vsLatency).toMatchObject({ count: 2, min: 100, max: 200, mean: 150 });
  });

  it('LLM quality from the verification results: mean of a metric per answer, only verified values', async () => {
    const total = (await metrics()).master.total;
    expect(total.llmAccuracy).toMatchObject({ count: 2, mean: 52.5, median: 52.5 });
    const bins = total.llmAccuracy.histogram as Json[];
    expect(bins).toHaveLength(20);
    expect(bins[16]).toEqual({ lower: 80, upper: 85, mid: 82.5, count: 1 });
    expect(bins[5]!.count).toBe(1);
    expect(total.llmHallucination).toMatchObject({ count: 2, mean: 50, median: 50 });
    expect(total.llmToxicity).toMatchObject({ count: 2, mean: 30 });
    expect(total.llmBias).toMatchObject({ count: 2, mean: 22.5 });
    const narrow = (await metrics({ llmStatsMin: 0, llmStatsMax: 50, llmStatsBinsCount: 2 })).master.total.llmAccuracy.histogram;
    // 25 sits on the second bin's lower edge; 80, above the range, counts in the last bin.
    expect(narrow.map((bin: Json) => bin.count)).toEqual([0, 2]);
  });

  it('top lists per dimension and kind', async () => {
    const total = (await metrics()).master.total;
    const { u, o } = data.users;
    expect(total.topUsers).toEqual([{ id: u, count: 3 }, { id: o, count: 2 }]);
    expect(total.topMaliciousUsers).toEqual([{ id: o, count: 1 }]);
    expect(total.topBlockedUsers).toEqual([{ id: o, count: 1 }]);
    expect(total.topAnonymizedUsers).toEqual([{ id: u, count: 1 }]);
    expect(total.topRedactedUsers).toEqual([{ id: u, count: 1 }]);
    expect(total.topCopilots).toEqual([{ id: data.appA, count: 3 }]);
    expect(total.topRedactedCopilots).toEqual([{ id: data.appA, count: 1 }]);
    expect(total.topBlockedCopilots).toEqual([]);
    expect([...total.topPolicies].sort((a: Json, b: Json) => a.id.localeCompare(b.id))).toEqual(
      [{ id: data.policyG, count: 2 }, { id: data.policyH, count: 2 }].sort((a, b) => a.id.localeCompare(b.id)),
    );
    expect(total.topAttributes[0]).toEqual({ id: String(attributeId('EMAIL_ADDRESS')), count: 2 });
    expect(total.topAttributes.slice(1).map((item: Json) => item.id).sort()).toEqual([String(attributeId('PERSON')), String(attributeId('SECRET'))].sort());
    expect(total.topLLMs).toEqual([{ id: String(data.m1), count: 3 }, { id: String(data.m2), count: 2 }]);
    expect(total.topLLMModels).toEqual([{ id: 'gpt-a', count: 2 }, { id: 'gpt-b', count: 2 }]);
    expect(total.topMaliciousLLMs).toEqual([{ id: String(data.m1), count: 1 }]);
    const one = (await metrics({ topN: 1 })).master.total;
    expect(one.topUsers).toEqual([{ id: u, count: 3 }]);
  });

  it('risk leaderboards: factor breakdowns and the final score as the mean of enabled factors with data', async () => {
    const board = (await metrics()).master.total.topRiskUsers as Json[];
    expect(board.map((item) => item.id)).toEqual([data.users.o, data.users.u]);
    const [o, u] = board as [Json, Json];
    expect(o.value).toBe(2);
    expect(o.risk.finalRiskScore).toBeCloseTo(0.25, 10);
    expect(o.risk.llmAccuracy).toMatchObject({ count: 0, hits: 0, misses: 0, value: 0, enabled: true });
    expect(o.risk.policySkips).toMatchObject({ value: 0.5, hits: 1, misses: 1, count: 2 });
    expect(o.risk.policySkips.score).toBeCloseTo(0.5, 10);
    expect(o.risk.maliciousPrompts).toMatchObject({ value: 0.5, hits: 1, count: 2 });
    expect(o.risk.tokens).toMatchObject({ value: 28, hits: 0, misses: 2, count: 2, score: 0, valueLo: 100, valueHi: 1000, scoreLo: 0, scoreHi: 1 });
    expect(u.value).toBe(3);
    expect(u.risk.llmAccuracy).toMatchObject({ value: 52.5, hits: 1, misses: 1, count: 2, scoreLo: 1, scoreHi: 0 });
    expect(u.risk.llmAccuracy.score).toBeCloseTo(0.4375, 10);
    expect(u.risk.llmHallucination).toMatchObject({ value: 50, hits: 1, count: 2 });
    expect(u.risk.llmHallucination.score).toBeCloseTo(0.5, 10);
    expect(u.risk.llmBias).toMatchObject({ value: 22.5, score: 0 });
    expect(u.risk.anonymizedPrompts.hits).toBe(1);
    expect(u.risk.anonymizedPrompts.score).toBeCloseTo(1 / 3 / 0.4 - 0.75, 10);
    expect(u.risk.tokens.value).toBeCloseTo((55 + 21 + 96) / 3, 10);
    expect(u.risk.finalRiskScore).toBeCloseTo((0.4375 + 0.5 + 2 * (1 / 3 / 0.4 - 0.75)) / 10, 10);

    // Disabling the ratio factors leaves O with only tokens (score 0): U, with quality scores, now ranks first.
    const ratios = Object.fromEntries(['policySkips', 'maliciousPrompts', 'blockedPrompts', 'anonymizedPrompts', 'redactedPrompts'].map((factor) => [`${factor}Enabled`, false]));
    const changed = (await metrics(ratios)).master.total.topRiskUsers as Json[];
    expect(changed.map((item) => item.id)).toEqual([data.users.u, data.users.o]);
    expect(changed[1]!.risk.finalRiskScore).toBe(0);
    expect(changed[1]!.risk.maliciousPrompts.enabled).toBe(false);

    const total = (await metrics()).master.total;
    expect(total.topRiskCopilots.map((item: Json) => item.id)).toEqual([data.appA]);
    expect(total.topRiskLLMModels.map((item: Json) => item.id).sort()).toEqual(['gpt-a', 'gpt-b']);
    expect(total.topRiskLLMs).toHaveLength(2);
    expect(total.topRiskPolicies).toHaveLength(2);
  });

  it('every filter narrows the prompts counted', async () => {
    const count = async (overrides: Record<string, unknown>) => (await metrics(overrides)).master.total.prompts.count;
    expect(await count({ userID: data.users.u })).toBe(3);
    expect(await count({ copilotID: data.appA })).toBe(3);
    expect(await count({ policyID: data.policyH })).toBe(2);
    expect(await count({ attributeIDs: [attributeId('EMAIL_ADDRESS')] })).toBe(2);
    expect(await count({ attributeIDs: [attributeId('EMAIL_ADDRESS'), attributeId('PERSON')] })).toBe(3);
    expect(await count({ attributeIDs: [9999] })).toBe(0);
    expect(await count({ llmID: data.m2 })).toBe(2);
    expect(await count({ llmModel: 'gpt-a' })).toBe(2);
    expect(await count({ userID: data.users.u, llmModel: 'gpt-b' })).toBe(2);
    const filtered = (await metrics({ copilotID: data.appA })).master.total;
    expect(filtered.topUsers).toEqual([{ id: data.users.u, count: 2 }, { id: data.users.o, count: 1 }]);
  });

  it('a query of counts only reads no stored values and answers the same; a fragment asking for more reads them', async () => {
    const select = (selection: string) => METRICS_QUERY.replace(/\{ ttl master \{[\s\S]*\} \} \} \}\n\}$/, `{ ttl master { ${selection} } }\n}`) ;
    const counts = await gql(select('y { prompts { count } llmStatus { failCount } } total { prompts { count } topUsers { id count } }'), metricsVariables(data));
    expect(counts.errors).toBeUndefined();
    expect(counts.data.metrics.master.y.map((values: Json) => values.prompts.count)).toEqual([1, 2, 1, 1]);
    expect(counts.data.metrics.master.total.topUsers).toEqual([{ id: data.users.u, count: 3 }, { id: data.users.o, count: 2 }]);
    const withFragment = await gql(
      `${select('total { prompts { count } ...Latency }')}\nfragment Latency on WindowValues { llmLatency { median } topRiskUsers { id } }`,
      metricsVariables(data),
    );
    expect(withFragment.errors).toBeUndefined();
    expect(withFragment.data.metrics.master.total.llmLatency.median).toBe(1500);
    expect(withFragment.data.metrics.master.total.topRiskUsers.map((item: Json) => item.id)).toEqual([data.users.o, data.users.u]);
    const noLists = await gql(select('y { prompts { count } csLatency { median } }'), metricsVariables(data));
    expect(noLists.errors).toBeUndefined();
    expect(noLists.data.metrics.master.y.map((values: Json) => values.csLatency.median)).toEqual([10, 12, 8, 9]);
  });

  it('rejects bad arguments with GraphQL errors that carry only a message', async () => {
    const bad = async (overrides: Record<string, unknown>) => (await gql(METRICS_QUERY, metricsVariables(data, overrides))).errors?.[0];
    expect((await bad({ interval: 'PT7M' })).message).toMatch(/interval must be one of/);
    expect((await bad({ timezone: 'Mars/Olympus' })).message).toBe('timezone must be an IANA time zone');
    expect((await bad({ maxContextStartTimestamp: '2026-03-01T00:00:00Z' })).message).toMatch(/after/);
    expect((await bad({ topN: 0 })).extensions.code).toBe('BAD_USER_INPUT');
    expect((await bad({ tokensValueLo: 2000 })).message).toMatch(/tokens: Value high must be greater/);
    const unknownField = await gql('{ metrics { nothing } }', {});
    expect(unknownField.errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    const nested = `{ __schema { types { fields { type { ${'ofType { '.repeat(14)}name${' }'.repeat(14)} } } } } }`;
    const deep = await gql(nested, {});
    expect(deep.errors[0].message).toMatch(/deeper than/);
    expect(JSON.stringify(unknownField)).not.toMatch(/select|stack|at \w+ \(/i);
  });

  it('the schema is documented at /api/documentation', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/documentation/json' });
    const operation = response.json().paths['/api/v1/gql/query'].post;
    expect(operation.description).toContain('type Query');
    expect(operation.description).toContain('finalRiskScore is the mean of the scores');
  });

  it('introspection is on', async () => {
    const body = await gql('{ __type(name: "RiskFactorScore") { fields { name } } }', {});
    expect(body.data.__type.fields.map((field: Json) => field.name)).toContain('hits');
  });
});

describe('metricsPromptIDs', () => {
  const { ids } = { ids: (result: Json) => result.promptIDs as string[] };

  it('prompt counts per series, newest first, paged', async () => {
    const { p1, p2, p3, p4, p5 } = data.prompts;
    expect(ids(await drill({ widgetID: 'prompts', seriesIndex: 1 }))).toEqual([p3, p2]);
    expect(ids(await drill({ widgetID: 'maliciousPrompts' }))).toEqual([p2]);
    const page = await drill({ widgetID: 'prompts', page: 2, pageSize: 2 });
    expect(page).toEqual({ promptIDs: [p3, p2], totalPromptIDs: 5, pageSize: 2, currentPage: 2, totalPages: 3, ok: true, hasNext: true, hasPrevious: true });
    expect(ids(await drill({ widgetID: 'prompts' }))).toEqual([p5, p4, p3, p2, p1]);
    expect(ids(await drill({ widgetID: 'prompts', seriesIndex: 0, ascending: false }))).toEqual([p5]);
  });

  it('status items, latency, token and quality bins', async () => {
    const { p1, p2, p3, p5 } = data.prompts;
    expect(ids(await drill({ widgetID: 'llmStatus', itemIndex: 2 }))).toEqual([p3]);
    expect(ids(await drill({ widgetID: 'llmStatus', itemIndex: 1 }))).toEqual([p2]);
    expect(ids(await drill({ widgetID: 'llmLatency', binIndex: 5 }))).toEqual([p1]);
    expect(ids(await drill({ widgetID: 'llmLatency', binIndex: 24 }))).toEqual([p3]);
    expect(ids(await drill({ widgetID: 'csTokens', binIndex: 1 }))).toEqual([p5]);
    expect(ids(await drill({ widgetID: 'llmAccuracy', binIndex: 16 }))).toEqual([p1]);
  });

  it('top-list and leaderboard items', async () => {
    const { p1, p2, p3, p4, p5 } = data.prompts;
    expect(ids(await drill({ widgetID: 'topUsers', itemIndex: 0 }))).toEqual([p4, p3, p1]);
    expect(ids(await drill({ widgetID: 'topMaliciousUsers', itemIndex: 0 }))).toEqual([p2]);
    expect(ids(await drill({ widgetID: 'topRiskUsers', itemIndex: 0 }))).toEqual([p5, p2]);
    expect(ids(await drill({ widgetID: 'topLLMModels', itemIndex: 1 }))).toEqual([p4, p3]);
    expect(ids(await drill({ widgetID: 'topAttributes', itemIndex: 0 }))).toEqual([p2, p1]);
    expect(ids(await drill({ widgetID: 'topRiskCopilots', itemIndex: 0 }))).toEqual([p5, p3, p1]);
    expect((await drill({ widgetID: 'topUsers', itemIndex: 5 })).totalPromptIDs).toBe(0);
    const unknown = await gql(PROMPT_IDS_QUERY, metricsVariables(data, { widgetID: 'nope' }));
    expect(unknown.errors[0].message).toBe('Unknown widgetID nope');
  });
});

describe('resolveIDs', () => {
  it("names the organization's users, copilots and policies; others are bad ids", async () => {
    const other = await otherTenant(t);
    const foreignApp = await insertApp(t.db.kysely, other.organizationId, 'Foreign');
    const body = await gql(RESOLVE_IDS_QUERY, {
      customerID: data.customerId,
      organizationID: data.organizationId,
      userIDs: [data.users.u, 'deleted-user', other.users.user.id],
      copilotIDs: [data.appA, foreignApp],
      policyIDs: [data.policyG, 'gone'],
    });
    const resolved = body.data.resolveIDs;
    expect(resolved.users).toHaveLength(1);
    expect(resolved.users[0]).toMatchObject({ id: data.users.u });
    expect(resolved.users[0].fullName).toBe(`${resolved.users[0].firstName} ${resolved.users[0].lastName}`);
    expect(resolved.badUserIDs).toEqual(['deleted-user', other.users.user.id]);
    expect(resolved.copilots).toEqual([{ id: data.appA, name: 'Copilot A', description: 'Copilot A description' }]);
    expect(resolved.badCopilotIDs).toEqual([foreignApp]);
    expect(resolved.policies).toEqual([{ id: data.policyG, name: 'Policy G', description: '' }]);
    expect(resolved.badPolicyIDs).toEqual(['gone']);
  });
});
