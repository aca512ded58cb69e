// Gateway rate limits: settings per organization (its members' default), per access token and per copilot, requests
// and tokens a minute; the deployment default from GATEWAY_RATE_LIMIT_RPM; OpenAI's x-ratelimit-* headers and a 429
// with Retry-After in OpenAI's error shape; one database round trip per check, shared by servers on one database.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { App, AppTokenCreated } from '../../domain/schemas/apps';
import { buildApp } from '../app';
import { caller, createReferences, stepBodies } from '../apps/apps.fixtures';
import type { TestApp } from '../../tests/helpers/build';
import { build } from '../../tests/helpers/build';
import type { Tenant } from '../../tests/helpers/tenants';
import { demoTenant, otherTenant } from '../../tests/helpers/tenants';
import { DEMO_LANGUAGE_MODEL_NAME } from '../models/seed';
import { admitCall } from './gateway-rate-limit';
import { appRateKey, memberRateKey, tokenRateKey } from './rate-limits';

const DEFAULT_RPM = 3;

describe('gateway rate limits', () => {
  let t: TestApp;
  let demo: Tenant;
  let adminCookie: string;
  let userCookie: string;
  const call = () => caller(t);

  beforeAll(async () => {
    t = await build({ env: { JOBS: 'false', GATEWAY_RATE_LIMIT_RPM: String(DEFAULT_RPM) } });
    demo = await demoTenant(t);
    adminCookie = await t.login(demo.users.orgAdmin.email);
    userCookie = await t.login(demo.users.user.email);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.db.kysely.deleteFrom('rate_limits').execute();
    await t.db.kysely.updateTable('organizations').set({ rate_limit_rpm: null, rate_limit_tpm: null }).execute();
  });

  const chat = (auth: { cookie: string } | { authorization: string }, model = DEMO_LANGUAGE_MODEL_NAME) =>
    t.app.inject({ method: 'POST', url: '/api/v1/openai/chat/completions', headers: { ...auth, 'x-requested-with': 'test' }, payload: { model, messages: [{ role: 'user', content: 'Hello there, how are you today?' }] } });
  const limitHeaders = (response: LightMyRequestResponse) => Object.fromEntries(Object.entries(response.headers).filter(([name]) => name.startsWith('x-ratelimit-') || name === 'retry-after'));
  const saveSettings = async (limits: { RequestsPerMinute?: number | null; TokensPerMinute?: number | null }) => {
    const current = (await call()(adminCookie, 'GET', '/api/v1/settings')).json();
    const { id: _id, DeploymentType: _deployment, DefaultRequestsPerMinute: _default, ...input } = current;
    const saved = await call()(adminCookie, 'PUT', '/api/v1/settings', { ...input, ...limits });
    expect(saved.statusCode, saved.body).toBe(200);
    return saved.json();
  };
  const newToken = async (body: object) => {
    const created = await t.app.inject({ method: 'POST', url: '/api/v1/tokens', headers: { cookie: userCookie }, payload: { Name: 'limited', ExpiryDays: 7, ...body } });
    return created;
  };

  it('applies GATEWAY_RATE_LIMIT_RPM by default, with OpenAI headers and a 429 in OpenAI shape', async () => {
    const remaining: string[] = [];
    for (let i = 0; i < DEFAULT_RPM; i++) {
      const response = await chat({ cookie: userCookie });
      expect(response.statusCode).toBe(200);
      expect(limitHeaders(response)).toMatchObject({ 'x-ratelimit-limit-requests': String(DEFAULT_RPM), 'x-ratelimit-reset-requests': expect.stringMatching(/^\d+s$/) });
      expect(response.headers).not.toHaveProperty('x-ratelimit-limit-tokens');
      remaining.push(String(response.headers['x-ratelimit-remaining-requests']));
    }
    expect(remaining).toEqual(['2', '1', '0']);
    const refused = await chat({ cookie: userCookie });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: { message: `Rate limit of ${DEFAULT_RPM} requests a minute reached; try again shortly.`, type: 'rate_limit_error', code: 'rate_limit_exceeded', param: null } });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(refused.headers['x-ratelimit-remaining-requests']).toBe('0');
    // Another member has a budget of their own.
    expect((await chat({ cookie: adminCookie })).statusCode).toBe(200);
  });

  it('takes the organization’s limits from System Settings, for sessions and tokens alike (tokens share their owner’s budget)', async () => {
    const settings = await saveSettings({ RequestsPerMinute: 5, TokensPerMinute: null });
    expect(settings).toMatchObject({ RequestsPerMinute: 5, TokensPerMinute: null, DefaultRequestsPerMinute: DEFAULT_RPM });
    const { Secret } = (await newToken({})).json();
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await chat({ cookie: userCookie })).statusCode, (await chat({ authorization: `Bearer ${Secret}` })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    // Left out of a later save, the limits stay; null clears them.
    expect((await saveSettings({})).RequestsPerMinute).toBe(5);
    expect((await saveSettings({ RequestsPerMinute: null })).RequestsPerMinute).toBeNull();
    // Another organization's members keep their own (default) limits.
    const other = await otherTenant(t);
    await saveSettings({ RequestsPerMinute: 5 });
    const theirs = await chat({ cookie: await t.login(other.users.user.email) });
    // (Their organization has no demo model: 404 after the rate check, which still reports their limit.)
    expect([theirs.statusCode, theirs.headers['x-ratelimit-limit-requests']]).toEqual([404, String(DEFAULT_RPM)]);
    const theirSettings = await call()(await t.login(other.users.orgAdmin.email), 'GET', '/api/v1/settings');
    expect(theirSettings.json()).toMatchObject({ RequestsPerMinute: null, TokensPerMinute: null });
    const bad = await call()(adminCookie, 'PUT', '/api/v1/settings', { ...(await call()(adminCookie, 'GET', '/api/v1/settings')).json<object>(), RequestsPerMinute: 0, TokensPerMinute: 1.5 });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['RequestsPerMinute', 'TokensPerMinute']);
  });

  it('lets a token narrow, never widen, its owner’s limits', async () => {
    const tooMany = await newToken({ RequestsPerMinute: DEFAULT_RPM + 1 });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors).toEqual({ RequestsPerMinute: `Requests per minute cannot exceed your organization's limit of ${DEFAULT_RPM}` });
    const created = await newToken({ RequestsPerMinute: 1 });
    expect(created.json()).toMatchObject({ RequestsPerMinute: 1, TokensPerMinute: null });
    const first = await chat({ authorization: `Bearer ${created.json().Secret}` });
    expect([first.statusCode, first.headers['x-ratelimit-limit-requests'], first.headers['x-ratelimit-remaining-requests']]).toEqual([200, '1', '0']);
    expect((await chat({ authorization: `Bearer ${created.json().Secret}` })).statusCode).toBe(429);
    // The owner's own budget was charged once per call and still has room.
    expect((await chat({ cookie: userCookie })).statusCode).toBe(200);
    const keys = (await t.db.kysely.selectFrom('rate_limits').select(['key', 'hits']).execute()).map((row) => [row.key, Number(row.hits)]);
    expect(keys).toEqual(expect.arrayContaining([[tokenRateKey(created.json().id), 2], [memberRateKey(demo.users.user.id), 3]]));
  });

  it('counts prompt and completion tokens after each call and refuses the next call once over', async () => {
    await saveSettings({ TokensPerMinute: 20 });
    const first = await chat({ cookie: userCookie });
    expect(first.statusCode).toBe(200);
    const used = first.json().usage.total_tokens as number;
    expect(used).toBeGreaterThan(20);
    expect(first.headers['x-ratelimit-limit-tokens']).toBe('20');
    expect(first.headers['x-ratelimit-remaining-tokens']).toBe('20');
    const refused = await chat({ cookie: userCookie });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe('Rate limit of 20 tokens a minute reached; try again shortly.');
    expect(refused.headers['x-ratelimit-remaining-tokens']).toBe('0');
    const row = await t.db.kysely.selectFrom('rate_limits').select('tokens').where('key', '=', memberRateKey(demo.users.user.id)).executeTakeFirstOrThrow();
    expect(Number(row.tokens)).toBe(used);
  });

  it('gives a copilot its own limits, set on the copilot, else its organization’s', async () => {
    const refs = await createReferences(t, adminCookie, 'Limits');
    const app = (await call()(adminCookie, 'POST', '/api/v1/apps', { Name: 'Limited copilot' })).json<App>();
    const steps = stepBodies(refs, demo.users.user.id);
    for (let step = 1; step <= 7; step++) expect((await call()(adminCookie, 'PUT', `/api/v1/apps/${app.id}/steps/${step}`, steps[step])).statusCode).toBe(200);
    const secret = (await call()(adminCookie, 'POST', `/api/v1/apps/${app.id}/token`)).json<AppTokenCreated>().Secret;
    const copilotChat = () => chat({ authorization: `Bearer ${secret}` }, 'Limits model');

    await saveSettings({ RequestsPerMinute: 4 });
    expect((await copilotChat()).headers['x-ratelimit-limit-requests']).toBe('4');
    const updated = await call()(adminCookie, 'PUT', `/api/v1/apps/${app.id}`, { Name: 'Limited copilot', Description: null, RequestsPerMinute: 2, TokensPerMinute: 1000 });
    expect(updated.json()).toMatchObject({ RequestsPerMinute: 2, TokensPerMinute: 1000 });
    const second = await copilotChat();
    expect([second.statusCode, second.headers['x-ratelimit-limit-requests'], second.headers['x-ratelimit-remaining-requests'], second.headers['x-ratelimit-limit-tokens']]).toEqual([200, '2', '0', '1000']);
    expect((await copilotChat()).statusCode).toBe(429);
    expect(Number((await t.db.kysely.selectFrom('rate_limits').select('hits').where('key', '=', appRateKey(app.id)).executeTakeFirstOrThrow()).hits)).toBe(3);
    // A rename leaves the limits as they are.
    const renamed = await call()(adminCookie, 'PUT', `/api/v1/apps/${app.id}`, { Name: 'Renamed copilot', Description: null });
    expect(renamed.json()).toMatchObject({ RequestsPerMinute: 2, TokensPerMinute: 1000 });
  });

  it('holds across servers sharing the database, with one round trip per check', async () => {
    const second = await buildApp({ config: t.config, db: t.db, logger: false });
    await second.ready();
    try {
      const statuses: number[] = [];
      for (const server of [t.app, second, t.app, second]) {
        const response = await server.inject({ method: 'POST', url: '/api/v1/openai/chat/completions', headers: { cookie: userCookie }, payload: { model: DEMO_LANGUAGE_MODEL_NAME, messages: [{ role: 'user', content: 'Hi' }] } });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await second.close();
    }
    let statements = 0;
    const counted = t.db.kysely.withPlugin({
      transformQuery: (args) => {
        statements++;
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    await admitCall(counted, [{ key: 'a', rpm: 5, tpm: null }, { key: 'b', rpm: 5, tpm: 100 }]);
    expect(statements).toBe(1);
  });
});
