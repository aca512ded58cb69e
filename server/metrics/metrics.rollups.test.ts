import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METRIC_STAGES, METRIC_STAGE_PREFIX, TOOL_COUNT_FIELDS } from '../../domain/schemas/metrics';
import type { ToolTraffic } from '../pipeline/lifecycle.repository';
import { build } from '../../tests/helpers/build';
import type { TestApp } from '../../tests/helpers/build';
import { demoTenant, otherTenant } from '../../tests/helpers/tenants';
import { LifecycleRepository } from '../pipeline/lifecycle.repository';
import { bucketsOf } from './buckets';
import type { PromptFact } from './facts';
import { QUALITY_SCALE } from './facts';
import { loadFacts } from './facts.repository';
import type { DrillDown } from './prompt-ids';
import { promptIds } from './prompt-ids';
import { QUALITY_FIELD_INDEX } from './metrics.response';
import { autoSpec, binOf } from './stats';
import type { MetricsArgs } from './metrics.args';
import { computeWindow } from './metrics.compute';
import { insertApp, insertModel, insertPolicy, seedPrompt, windowArgs } from './metrics.fixtures';
import type { StageSpec } from './metrics.fixtures';
import { materialize, metricsResponse } from './metrics.response';
import { rebuildRollups } from './rollup-writer';
import { rollupCacheFor } from './rollup-cache';
import { addValue, emptyDist, frequencies, kthValue, mergeDist, mergeParts, partsOf } from './aggregate';

// The rollups must answer exactly what the raw rows answer: every count, sum, median, histogram, top list and
// leaderboard, for windows whose edges and buckets do and do not fall on whole hours.

let t: TestApp;
let organizationId: string;
/** What the prompts were spread over, for the filter cases. */
const seeded = { users: [] as string[], apps: [] as string[], models: [] as number[], policies: [] as string[] };
/** The copyright figures the seeded prompts must add up to (all 160 fall in the first three days). */
const copyrightSeeded = { matches: 0, prompts: 0, withheld: 0 };
const START = Date.parse('2026-05-01T00:00:00.000Z');

/** Deterministic pseudo-random numbers (mulberry32). */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}


async function both(args: MetricsArgs) {
  const query = { organizationId, from: args.from, to: args.to, zone: args.zone, interval: args.interval, filters: args.filters };
  const rolled = await computeWindow(t.db.kysely, query);
  const raw = await computeWindow(t.db.kysely, query, { raw: true });
  return { rolled, raw, rolledResponse: materialize(metricsResponse(rolled, args)), rawResponse: materialize(metricsResponse(raw, args)) };
}

beforeAll(async () => {
  t = await build({ env: { JOBS: 'false' } });
  const demo = await demoTenant(t);
  organizationId = demo.organizationId;
  const db = t.db.kysely;
  const apps = [await insertApp(db, organizationId, 'A1'), await insertApp(db, organizationId, 'A2'), null];
  const models = [await insertModel(db, organizationId, 'M1'), await insertModel(db, organizationId, 'M2')];
  const policies = [await insertPolicy(db, organizationId, 'P1'), await insertPolicy(db, organizationId, 'P2')];
  const users = [demo.users.user.id, demo.users.orgAdmin.id];
  Object.assign(seeded, { users, apps: apps.filter((app): app is string => app !== null), models, policies });
  const next = random(42);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const stage = (): StageSpec => {
    const roll = next();
    if (roll < 0.15) return ['skip', null, null, null];
    return [roll < 0.25 ? 'fail' : 'ok', Math.floor(next() * 3000), Math.floor(next() * 200), Math.floor(next() * 50)];
  };
  // A generator of its own, so the other values are the same as without the copyright check.
  const nextCopyright = random(7);
  for (let index = 0; index < 160; index += 1) {
    const blocked = next() < 0.15;
    const verified = next() < 0.6;
    const copyrightRoll = nextCopyright();
    const matches = !blocked && copyrightRoll < 0.3 ? 1 + Math.floor(nextCopyright() * 3) : 0;
    const withheld = matches > 0 && copyrightRoll < 0.1;
    copyrightSeeded.matches += matches;
    copyrightSeeded.prompts += matches ? 1 : 0;
    copyrightSeeded.withheld += withheld ? 1 : 0;
    await seedPrompt(db, {
      organizationId,
      userId: pick(users),
      at: new Date(START + Math.floor(next() * 3 * 86_400_000)).toISOString(),
      appId: pick(apps),
      llmId: pick(models),
      model: pick(['gpt-x', 'gpt-y', 'claude-z']),
      status: next() < 0.1 ? 'failed' : 'success',
      blocked,
      malicious: next() < 0.2,
      anonymized: next() < 0.3,
      redacted: next() < 0.2,
      attributes: ['PERSON', 'EMAIL_ADDRESS', 'SECRET', 'REGEX'].filter(() => next() < 0.3),
      policyIds: policies.filter(() => next() < 0.4),
      stages: {
        prompt_guard: stage(),
        corporate_data_repository: stage(),
        policy_engine: stage(),
        llm: blocked ? ['skip', null, null, null] : stage(),
        verification_service: verified ? ['ok', Math.floor(next() * 500), 10, 0] : ['skip', null, null, null],
      },
      quality: verified ? ['accuracy', 'hallucination', 'toxicity', 'bias'].map((metric) => ({ metric, value: Math.round(next() * 1000) / 10 })) : [],
      ...(matches ? { copyright: { matches, withheld } } : {}),
      tools: toolTraffic(next),
    });
  }
});

/** Agent traffic of one seeded prompt: a third carry tool calls, a quarter tool results (several each). */
function toolTraffic(next: () => number): ToolTraffic {
  const calls = next() < 0.33 ? 1 + Math.floor(next() * 3) : 0;
  const results = next() < 0.25 ? 1 + Math.floor(next() * 3) : 0;
  const part = (of: number) => Math.floor(next() * (of + 1));
  return { calls, callsAnonymized: part(calls), results, resultsMalicious: part(results), resultsAnonymized: part(results) };
}

afterAll(async () => t.close());

describe('rollups equal the raw rows', () => {
  const cases: [string, string, string, string][] = [
    ['2026-05-01T00:00:00.000Z', '2026-05-04T00:00:00.000Z', 'UTC', 'P1D'],
    ['2026-05-01T03:17:12.345Z', '2026-05-03T22:41:00.000Z', 'UTC', 'PT6H'],
    ['2026-05-01T03:17:12.345Z', '2026-05-03T22:41:00.000Z', 'America/New_York', 'P1D'],
    ['2026-04-30T20:00:00.000Z', '2026-05-04T05:00:00.000Z', 'Asia/Kolkata', 'PT6H'],
    ['2026-05-01T10:05:00.000Z', '2026-05-01T16:55:00.000Z', 'Europe/Berlin', 'PT15M'],
    ['2026-05-01T00:00:00.000Z', '2026-05-04T00:00:00.000Z', 'Asia/Kathmandu', 'PT1H'],
    ['2026-04-28T00:00:00.000Z', '2026-05-10T00:00:00.000Z', 'UTC', 'P1W'],
  ];
  it.each(cases)('%s .. %s in %s by %s', async (from, to, zone, interval) => {
    const result = await both(windowArgs(from, to, zone, interval));
    expect(result.rolled.source).toBe('rollups');
    expect(result.raw.source).toBe('raw');
    expect(result.rolledResponse).toEqual(result.rawResponse);
  });

  it('the data set is not trivial: the window counts prompts in every kind', async () => {
    const { rolledResponse } = await both(windowArgs('2026-05-01T00:00:00.000Z', '2026-05-04T00:00:00.000Z', 'UTC', 'P1D'));
    const total = (rolledResponse as { master: { total: Record<string, { count: number }> } }).master.total;
    expect(total.prompts!.count).toBe(160);
    for (const field of ['maliciousPrompts', 'blockedPrompts', 'anonymizedPrompts', 'redactedPrompts', 'llmAccuracy']) expect(total[field]!.count).toBeGreaterThan(5);
    for (const field of TOOL_COUNT_FIELDS) expect(total[field]!.count).toBeGreaterThan(3);
  });

  it('tool calls and results: the sums of what each finished prompt recorded, blocked calls those of blocked prompts', async () => {
    const { rolledResponse } = await both(windowArgs('2026-05-01T00:00:00.000Z', '2026-05-04T00:00:00.000Z', 'UTC', 'P1D'));
    const total = (rolledResponse as { master: { total: Record<string, { count: number }> } }).master.total;
    const rows = await t.db.kysely
      .selectFrom('prompts')
      .select(['blocked_json', 'tool_calls', 'tool_calls_anonymized', 'tool_results', 'tool_results_malicious', 'tool_results_anonymized'])
      .where('organization_id', '=', organizationId)
      .where('created_at', '>=', Date.parse('2026-05-01T00:00:00.000Z'))
      .where('created_at', '<', Date.parse('2026-05-04T00:00:00.000Z'))
      .where('status', '!=', 'in_progress')
      .execute();
    const sum = (value: (row: (typeof rows)[number]) => number) => rows.reduce((acc, row) => acc + value(row), 0);
    expect(total.toolCalls!.count).toBe(sum((row) => Number(row.tool_calls)));
    expect(total.blockedToolCalls!.count).toBe(sum((row) => (row.blocked_json ? Number(row.tool_calls) : 0)));
    expect(total.anonymizedToolCalls!.count).toBe(sum((row) => Number(row.tool_calls_anonymized)));
    expect(total.toolResults!.count).toBe(sum((row) => Number(row.tool_results)));
    expect(total.maliciousToolResults!.count).toBe(sum((row) => Number(row.tool_results_malicious)));
    expect(total.anonymizedToolResults!.count).toBe(sum((row) => Number(row.tool_results_anonymized)));
  });

  it('copyright matches, answers with a match and withheld answers are counted exactly, per organization', async () => {
    expect(copyrightSeeded.withheld).toBeGreaterThan(3);
    expect(copyrightSeeded.matches).toBeGreaterThan(copyrightSeeded.prompts);
    for (const [zone, interval] of [['UTC', 'P1D'], ['Asia/Kolkata', 'PT6H']]) {
      const { rolledResponse, rawResponse } = await both(windowArgs('2026-04-30T00:00:00.000Z', '2026-05-04T00:00:00.000Z', zone!, interval!));
      for (const response of [rolledResponse, rawResponse]) {
        const master = (response as { master: { total: Record<string, { count: number }>; y: Record<string, { count: number }>[] } }).master;
        expect([master.total.copyrightMatches!.count, master.total.copyrightMatchedPrompts!.count, master.total.copyrightWithheldPrompts!.count]).toEqual([copyrightSeeded.matches, copyrightSeeded.prompts, copyrightSeeded.withheld]);
        expect(master.y.reduce((sum, bucket) => sum + bucket.copyrightMatches!.count, 0)).toBe(copyrightSeeded.matches);
        expect(master.y.reduce((sum, bucket) => sum + bucket.copyrightWithheldPrompts!.count, 0)).toBe(copyrightSeeded.withheld);
      }
    }
    // Another organization's window counts none of them.
    const other = await otherTenant(t);
    const elsewhere = await computeWindow(t.db.kysely, { organizationId: other.organizationId, from: Date.parse('2026-04-30T00:00:00.000Z'), to: Date.parse('2026-05-04T00:00:00.000Z'), zone: 'UTC', interval: windowArgs('2026-04-30T00:00:00.000Z', '2026-05-04T00:00:00.000Z', 'UTC', 'P1D').interval, filters: {} });
    expect(elsewhere.total?.copyright).toEqual([0, 0, 0]);
  });

  it('a rebuild from the raw rows gives the same rollups as the ones kept prompt by prompt', async () => {
    const read = () => t.db.kysely.selectFrom('metrics_rollups').select(['dimension', 'span', 'start_at', 'item', 'prompts']).where('organization_id', '=', organizationId).orderBy('dimension').orderBy('span').orderBy('start_at').orderBy('item').execute();
    const before = await read();
    const args = windowArgs('2026-05-01T03:17:12.345Z', '2026-05-03T22:41:00.000Z', 'America/New_York', 'PT6H');
    const answer = (await both(args)).rolledResponse;
    expect(await rebuildRollups(t.db.kysely, organizationId)).toBe(160);
    expect(await read()).toEqual(before);
    expect((await both(args)).rolledResponse).toEqual(answer);
  });

  it('a prompt finished twice is counted once; prompts a restart fails are counted', async () => {
    const demo = await demoTenant(t);
    const lifecycle = new LifecycleRepository(t.db.kysely);
    const args = windowArgs('2026-05-05T00:00:00.000Z', '2026-05-06T00:00:00.000Z', 'UTC', 'P1D');
    const id = await seedPrompt(t.db.kysely, { organizationId, userId: demo.users.user.id, at: '2026-05-05T10:00:00.000Z', stages: { prompt_guard: ['ok', 3, 1, 0] } });
    await lifecycle.finish(id, { status: 'success', blocked: null, malicious: false, flagged: false, anonymized: false, redacted: false, attributes: [], policyIds: [] });
    await lifecycle.create({ organizationId, userId: demo.users.user.id, conversationId: null, appId: null, languageModelId: null, messageType: 'PROMPT_LLM' }, Date.parse('2026-05-05T11:00:00.000Z'));
    expect(await lifecycle.failInterrupted()).toBe(1);
    const result = await both(args);
    expect(result.rolledResponse).toEqual(result.rawResponse);
    expect((result.rolledResponse as { master: { total: { prompts: { count: number }; llmStatus: { failCount: number } } } }).master.total.prompts.count).toBe(2);
    expect((result.rolledResponse as { master: { total: { llmStatus: { failCount: number } } } }).master.total.llmStatus.failCount).toBe(1);
  });
});

describe('filtered windows (metrics_facts) equal the raw rows', () => {
  const base = ['2026-05-01T03:17:12.345Z', '2026-05-03T22:41:00.000Z', 'America/New_York', 'PT6H'] as const;
  const cases: [string, () => MetricsArgs['filters']][] = [
    ['a user', () => ({ userId: seeded.users[0] })],
    ['a copilot', () => ({ appId: seeded.apps[1] })],
    ['a language model', () => ({ llmId: seeded.models[0] })],
    ['a model name', () => ({ modelName: 'claude-z' })],
    ['a policy', () => ({ policyId: seeded.policies[1] })],
    ['attributes (any of them; an unknown id matches nothing)', () => ({ attributeIds: [1, 3, 999] })],
    ['a user, a policy and a model together', () => ({ userId: seeded.users[1], policyId: seeded.policies[0], llmId: seeded.models[1] })],
  ];
  it.each(cases)('%s', async (_name, filters) => {
    const args = { ...windowArgs(...base), filters: filters() };
    const result = await both(args);
    expect(result.rolled.source).toBe('facts');
    expect(result.rolledResponse).toEqual(result.rawResponse);
    // Again: the hours and days computed for this filter now come from the cache and the kept merges.
    expect((await both(args)).rolledResponse).toEqual(result.rawResponse);
    expect((await both(args)).rolledResponse).toEqual(result.rawResponse);
    const total = (result.rolledResponse as { master: { total: { prompts: { count: number } } } }).master.total.prompts.count;
    expect(total).toBeGreaterThan(0);
    expect(total).toBeLessThan(160);
  });

  it('a deleted prompt leaves metrics_facts with it (a rebuild then realigns the rollups)', async () => {
    const fact = await t.db.kysely.selectFrom('metrics_facts').select('prompt_id').where('organization_id', '=', organizationId).executeTakeFirstOrThrow();
    await t.db.kysely.deleteFrom('prompts').where('id', '=', fact.prompt_id).execute();
    expect(await t.db.kysely.selectFrom('metrics_facts').select('prompt_id').where('prompt_id', '=', fact.prompt_id).execute()).toEqual([]);
    expect(await t.db.kysely.selectFrom('metrics_fact_items').select('prompt_id').where('prompt_id', '=', fact.prompt_id).execute()).toEqual([]);
    await rebuildRollups(t.db.kysely, organizationId);
    const result = await both(windowArgs('2026-04-28T00:00:00.000Z', '2026-05-10T00:00:00.000Z', 'UTC', 'P1D'));
    expect(result.rolledResponse).toEqual(result.rawResponse);
  });
});

describe('merges kept between queries (merge-memo.ts) stay exact', () => {
  const windows: [string, string, string, string][] = [
    ['2026-05-01T03:17:12.345Z', '2026-05-03T22:41:00.000Z', 'America/New_York', 'P1D'],
    ['2026-04-30T20:00:00.000Z', '2026-05-04T05:00:00.000Z', 'Asia/Kolkata', 'PT6H'],
  ];

  it('the first, second (merged into one part) and third use answer what the raw rows answer', async () => {
    for (const [from, to, zone, interval] of windows) {
      const args = windowArgs(from, to, zone, interval);
      for (let use = 0; use < 3; use += 1) {
        const result = await both(args);
        expect(result.rolledResponse).toEqual(result.rawResponse);
      }
    }
    expect(rollupCacheFor(t.db.kysely).merges.hits).toBeGreaterThan(0);
  });

  it('a prompt finished into an old hour of a kept merge, and one into the newest, are counted at once', async () => {
    const demo = await demoTenant(t);
    const args = windowArgs(...windows[0]!);
    await both(args);
    await both(args);
    for (const at of ['2026-05-02T09:30:00.000Z', '2026-05-03T21:10:00.000Z']) {
      const before = (await both(args)).rolledResponse as { master: { total: { prompts: { count: number } } } };
      await seedPrompt(t.db.kysely, { organizationId, userId: demo.users.user.id, at, stages: { prompt_guard: ['ok', 12_345, 7, 1], llm: ['ok', 23_456, 50, 400] } });
      const after = await both(args);
      expect(after.rolledResponse).toEqual(after.rawResponse);
      expect((after.rolledResponse as typeof before).master.total.prompts.count).toBe(before.master.total.prompts.count + 1);
    }
  });
});

describe('mergeParts', () => {
  it('merges sorted parts into the same values and counts as adding them one by one', () => {
    const next = random(7);
    const parts = Array.from({ length: 7 }, () => {
      const dist = emptyDist();
      for (let index = 0; index < Math.floor(next() * 40); index += 1) addValue(dist, Math.floor(next() * 60) - 10, 1 + Math.floor(next() * 3));
      return dist;
    });
    const all = emptyDist();
    for (const dist of parts) for (const [value, count] of frequencies(dist)) addValue(all, value, count);
    const merged = mergeParts(parts.flatMap((dist) => partsOf(dist)));
    expect([...merged.values]).toEqual([...frequencies(all).keys()].sort((a, b) => a - b));
    expect(merged.cumulative[merged.cumulative.length - 1]).toBe(all.n);
    const combined = emptyDist();
    for (const dist of parts) mergeDist(combined, dist);
    combined.compact = true;
    expect(partsOf(combined)).toHaveLength(1);
    for (let k = 1; k <= all.n; k += 5) expect(kthValue(combined, k)).toBe(kthValue(all, k));
  });
});

describe('drill-downs selected in SQL (prompt-ids.ts) name the prompts the raw rows name', () => {
  it('every count, status, token, latency and quality bin of a window and of a bucket', async () => {
    const args = { ...windowArgs('2026-05-01T03:17:12.345Z', '2026-05-03T22:41:00.000Z', 'America/New_York', 'P1D') };
    const facts = await loadFacts(t.db.kysely, { organizationId, ranges: [{ start: args.from, end: args.to }] });
    const newestFirst = (chosen: PromptFact[]) => chosen.sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : -1)).map((fact) => fact.id);
    const cases: [Record<string, number | string | null>, (fact: PromptFact) => boolean][] = [
      [{ widgetID: 'prompts' }, () => true],
      [{ widgetID: 'maliciousPrompts' }, (fact) => fact.malicious],
      [{ widgetID: 'blockedPrompts' }, (fact) => fact.blocked],
      [{ widgetID: 'anonymizedPrompts' }, (fact) => fact.anonymized],
      [{ widgetID: 'redactedPrompts' }, (fact) => fact.redacted],
      // Tool counts: the prompts that carried any.
      ...TOOL_COUNT_FIELDS.map((widgetID, index): [Record<string, string>, (fact: PromptFact) => boolean] => [{ widgetID }, (fact) => fact.tools[index]! > 0]),
    ];
    METRIC_STAGES.forEach((stage, index) => {
      const prefix = METRIC_STAGE_PREFIX[stage];
      cases.push([{ widgetID: `${prefix}Status` }, (fact) => fact.stages[index]!.status !== null]);
      (['ok', 'skip', 'fail'] as const).forEach((status, itemIndex) => cases.push([{ widgetID: `${prefix}Status`, itemIndex }, (fact) => fact.stages[index]!.status === status]));
      for (let binIndex = 0; binIndex < 10; binIndex += 1) {
        cases.push([{ widgetID: `${prefix}Tokens`, binIndex }, (fact) => fact.stages[index]!.tokens !== null && binOf(fact.stages[index]!.tokens!, args.tokenSpec) === binIndex]);
      }
      const latencies = emptyDist();
      for (const fact of facts) if (fact.stages[index]!.latency !== null) addValue(latencies, fact.stages[index]!.latency!);
      const spec = autoSpec(latencies, args.latencyBins);
      for (let binIndex = 0; binIndex < 25; binIndex += 1) {
        cases.push([{ widgetID: `${prefix}Latency`, binIndex }, (fact) => spec !== null && fact.stages[index]!.latency !== null && binOf(fact.stages[index]!.latency!, spec) === binIndex]);
      }
    });
    for (const [widgetID, index] of Object.entries(QUALITY_FIELD_INDEX)) {
      for (let binIndex = 0; binIndex < 20; binIndex += 1) {
        cases.push([{ widgetID, binIndex }, (fact) => fact.quality[index] !== null && binOf(fact.quality[index]!, args.llmSpec, QUALITY_SCALE) === binIndex]);
      }
    }
    let nonEmpty = 0;
    for (const [drill, test] of cases) {
      const answer = await promptIds(t.db.kysely, organizationId, args, { ...drill, pageSize: 100 } as DrillDown);
      const expected = newestFirst(facts.filter(test));
      expect({ drill, ids: answer.promptIDs, total: answer.totalPromptIDs }).toEqual({ drill, ids: expected.slice(0, 100), total: expected.length });
      if (expected.length) nonEmpty += 1;
    }
    expect(nonEmpty).toBeGreaterThan(cases.length / 2);
    // One bucket, a later page.
    const bucket = await promptIds(t.db.kysely, organizationId, args, { widgetID: 'prompts', seriesIndex: 1, page: 2, pageSize: 7 });
    const buckets = bucketsOf(args.zone, args.interval, args.from, args.to);
    const inBucket = newestFirst(facts.filter((fact) => fact.createdAt >= buckets[1]!.start && fact.createdAt < buckets[1]!.end));
    expect(bucket.promptIDs).toEqual(inBucket.slice(7, 14));
    expect(bucket.totalPromptIDs).toBe(inBucket.length);
  });
});
