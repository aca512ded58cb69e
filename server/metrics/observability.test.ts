import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RISK_SETTINGS } from '../../domain/schemas/metrics';
import type { CriticalEvent, RiskSettings } from '../../domain/schemas/metrics';
import { build } from '../../tests/helpers/build';
import type { TestApp } from '../../tests/helpers/build';
import { demoTenant } from '../../tests/helpers/tenants';
import type { Tenant } from '../../tests/helpers/tenants';
import { insertApp, seedPrompt } from './metrics.fixtures';

let t: TestApp;
let demo: Tenant;
let orgAdmin: string;

const headers = (cookie: string) => ({ cookie, 'x-requested-with': 'test' });

beforeAll(async () => {
  t = await build({ env: { JOBS: 'false' } });
  demo = await demoTenant(t);
  orgAdmin = await t.login(demo.users.orgAdmin.email);
});
afterAll(() => t.close());

describe('risk settings', () => {
  const url = '/api/v1/observability/risk-settings';
  const put = (body: unknown) => t.app.inject({ method: 'PUT', url, headers: headers(orgAdmin), payload: body as object });

  it('answers the §9 defaults until saved, then what was saved; each save is audit-logged', async () => {
    const initial = await t.app.inject({ method: 'GET', url, headers: headers(orgAdmin) });
    expect(initial.json()).toEqual(DEFAULT_RISK_SETTINGS);
    const changed: RiskSettings = { ...DEFAULT_RISK_SETTINGS, tokens: { enabled: false, valueLo: 200, valueHi: 2000, scoreLo: 0, scoreHi: 0.8 } };
    const saved = await put(changed);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual(changed);
    expect((await t.app.inject({ method: 'GET', url, headers: headers(orgAdmin) })).json()).toEqual(changed);
    const user = await t.login(demo.users.user.email);
    expect((await t.app.inject({ method: 'GET', url, headers: headers(user) })).json().tokens.valueHi).toBe(2000);
    const audit = await t.db.kysely.selectFrom('audit_log').selectAll().where('resource', '=', 'risk-settings').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'update', record_id: demo.organizationId, organization_id: demo.organizationId, actor_id: demo.users.orgAdmin.id });
    const tokensOf = (json: string | null) => (JSON.parse(json!) as { Factors: { Factor: string; valueHi: number }[] }).Factors.find((item) => item.Factor === 'tokens')!;
    expect(tokensOf(audit[0]!.before_json).valueHi).toBe(1000);
    expect(tokensOf(audit[0]!.after_json).valueHi).toBe(2000);
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    ['enabled not a boolean', { enabled: 'yes' }, 'llmBias.enabled', 'Enabled must be true or false'],
    ['valueLo not a number', { valueLo: 'low' }, 'llmBias.valueLo', 'Value low must be a number'],
    ['valueHi not above valueLo', { valueLo: 80, valueHi: 70 }, 'llmBias.valueHi', 'Value high must be greater than value low'],
    ['scoreLo above 1', { scoreLo: 1.5 }, 'llmBias.scoreLo', 'Scores are between 0 and 1'],
    ['scoreHi below 0', { scoreHi: -0.1 }, 'llmBias.scoreHi', 'Scores are between 0 and 1'],
    ['equal scores', { scoreLo: 0.5, scoreHi: 0.5 }, 'llmBias.scoreHi', 'Score low and high must differ'],
  ])('refuses %s with a message on the field', async (_name, change, field, message) => {
    const response = await put({ ...DEFAULT_RISK_SETTINGS, llmBias: { ...DEFAULT_RISK_SETTINGS.llmBias, ...change } });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[field]).toBe(message);
  });

  it('refuses a body missing a factor', async () => {
    const { tokens: _tokens, ...missing } = DEFAULT_RISK_SETTINGS;
    const response = await put(missing);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors)).toEqual(['tokens']);
  });
});

describe('critical events', () => {
  let ids: Record<'blocked' | 'malicious' | 'failed' | 'both' | 'plain' | 'otherUser', string>;
  let appId: string;

  beforeAll(async () => {
    const db = t.db.kysely;
    appId = await insertApp(db, demo.organizationId, 'Finance Copilot');
    const base = { organizationId: demo.organizationId, userId: demo.users.user.id };
    ids = {
      blocked: await seedPrompt(db, { ...base, at: '2026-04-01T10:00:00.000Z', blocked: true, policyIds: [] }),
      malicious: await seedPrompt(db, { ...base, at: '2026-04-02T10:00:00.000Z', malicious: true, appId, stages: { prompt_guard: ['ok', 3, 1, 0] } }),
      failed: await seedPrompt(db, { ...base, at: '2026-04-03T10:00:00.000Z', status: 'failed', model: 'gpt-q', stages: { llm: ['fail', 900, 3, 0] } }),
      both: await seedPrompt(db, { ...base, at: '2026-04-04T10:00:00.000Z', blocked: true, malicious: true }),
      plain: await seedPrompt(db, { ...base, at: '2026-04-05T10:00:00.000Z' }),
      otherUser: await seedPrompt(db, { ...base, userId: demo.users.orgAdmin.id, at: '2026-04-06T10:00:00.000Z', status: 'failed' }),
    };
  });

  const list = async (filter: Record<string, unknown> = {}, extra = '') => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/observability/critical-events?filter=${encodeURIComponent(JSON.stringify(filter))}${extra}`,
      headers: headers(orgAdmin),
    });
    return response;
  };
  const idsOf = async (filter: Record<string, unknown> = {}) => (await list(filter)).json<CriticalEvent[]>().map((event) => event.id);

  it('lists blocked, malicious and failed prompts newest first, with Content-Range', async () => {
    const response = await list({}, '&range=[0,1]');
    expect(response.headers['content-range']).toBe('critical-events 0-1/5');
    expect(response.json<CriticalEvent[]>().map((event) => event.id)).toEqual([ids.otherUser, ids.both]);
    expect(await idsOf()).toEqual([ids.otherUser, ids.both, ids.failed, ids.malicious, ids.blocked]);
    const events = (await list()).json<CriticalEvent[]>();
    const both = events.find((event) => event.id === ids.both)!;
    expect(both.Kinds).toEqual(['blocked', 'malicious']);
    expect(both.Reason).toBe('Blocking policy: Blocked by rule');
    const failed = events.find((event) => event.id === ids.failed)!;
    expect(failed).toMatchObject({ Kinds: ['failed'], Reason: 'llm failed', ModelName: 'gpt-q', UserEmail: demo.users.user.email, MessageType: 'PROMPT_LLM' });
    expect(events.find((event) => event.id === ids.malicious)).toMatchObject({ AppId: appId, AppName: 'Finance Copilot' });
  });

  it('filters by Kind, UserId, q, From and To', async () => {
    expect(await idsOf({ Kind: 'blocked' })).toEqual([ids.both, ids.blocked]);
    expect(await idsOf({ Kind: 'malicious' })).toEqual([ids.both, ids.malicious]);
    expect(await idsOf({ Kind: 'failed' })).toEqual([ids.otherUser, ids.failed]);
    expect(await idsOf({ UserId: demo.users.orgAdmin.id })).toEqual([ids.otherUser]);
    expect(await idsOf({ q: 'finance' })).toEqual([ids.malicious]);
    expect(await idsOf({ q: 'GPT-Q' })).toEqual([ids.failed]);
    expect(await idsOf({ From: '2026-04-02T00:00:00.000Z', To: '2026-04-04T00:00:00.000Z' })).toEqual([ids.failed, ids.malicious]);
    const bad = await list({ Kind: 'sad' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.Kind).toMatch(/must be one of/);
    expect((await list({ From: 'yesterday' })).json().errors).toEqual({ From: 'must be an ISO 8601 time' });
  });

  it('sorts oldest first when asked', async () => {
    const response = await list({ Kind: 'blocked' }, `&sort=${encodeURIComponent('["CreatedAt","ASC"]')}`);
    expect(response.json<CriticalEvent[]>().map((event) => event.id)).toEqual([ids.blocked, ids.both]);
  });
});
