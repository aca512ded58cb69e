// The Test action against the local fake upstream, for every provider: UNKNOWN → TESTING → SUCCESS, or ERROR with
// the provider's message; the key is never part of any answer, row, audit entry or log line.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Role } from '../../domain/enums';
import type { LanguageModel } from '../../domain/schemas/language-models';
import type { FakeLlmUpstream } from '../../tests/fakes/fake-llm-upstream';
import { startFakeLlmUpstream } from '../../tests/fakes/fake-llm-upstream';
import type { TestApp } from '../../tests/helpers/build';
import { build } from '../../tests/helpers/build';
import type { Tenant } from '../../tests/helpers/tenants';
import { demoTenant } from '../../tests/helpers/tenants';
import { LanguageModelsService } from './language-models.service';

const KEY = 'sk-test-action-key-5b7c9d1e3f';
const HEADERS = { 'x-requested-with': 'XMLHttpRequest' };

describe('testing a language model', () => {
  let t: TestApp;
  let fake: FakeLlmUpstream;
  let demo: Tenant;
  let admin: string;

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: { ...HEADERS, cookie: admin }, ...(payload === undefined ? {} : { payload: payload as object }) });

  const inputFor = (provider: string): Record<string, unknown> => {
    const base = { Name: `Model ${provider} ${Math.random().toString(36).slice(2, 8)}`, Provider: provider, Model: 'model-x', ApiKey: KEY, MaxTokens: 500 };
    switch (provider) {
      case 'openai':
      case 'openai-compatible':
        return { ...base, BaseUrl: `${fake.url}/v1` };
      case 'azure-openai':
        return { ...base, BaseUrl: fake.url, ApiVersion: '2024-10-21' };
      default:
        return { ...base, BaseUrl: fake.url };
    }
  };
  const create = async (provider: string) => {
    const response = await call('POST', '/api/v1/language-models', inputFor(provider));
    if (response.statusCode !== 200) throw new Error(response.body);
    return response.json<LanguageModel>();
  };

  beforeAll(async () => {
    fake = await startFakeLlmUpstream();
    t = await build({ env: { JOBS: 'false' } });
    demo = await demoTenant(t);
    admin = await t.login(demo.users.orgAdmin.email);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => fake.reset());

  for (const provider of ['openai', 'azure-openai', 'anthropic', 'ollama', 'openai-compatible']) {
    it(`${provider}: SUCCESS after a tiny request with the stored key`, async () => {
      fake.behave({ text: 'OK', expectedApiKey: KEY });
      const model = await create(provider);
      expect(model.ConfigStatus).toBe(1);
      const tested = await call('POST', `/api/v1/language-models/${model.id}/test`);
      expect(tested.statusCode).toBe(200);
      expect(tested.json()).toMatchObject({ id: model.id, ConfigStatus: 4, ConfigMessage: 'model-x answered: «OK»' });
      expect(tested.json().TestedAt).not.toBeNull();
      expect(fake.requests).toHaveLength(1);
      expect(fake.requests[0]!.body.model).toBe('model-x');
      expect(fake.requests[0]!.body[provider === 'openai' ? 'max_completion_tokens' : 'max_tokens']).toBe(16);
      const question = 'Reply with the single word OK.';
      // Anthropic's messages carry content blocks; the OpenAI-shaped providers a plain string.
      expect(fake.requests[0]!.body.messages).toEqual([{ role: 'user', content: provider === 'anthropic' ? [{ type: 'text', text: question }] : question }]);
    });

    it(`${provider}: ERROR with the provider's message when the upstream answers 401`, async () => {
      fake.behave({ expectedApiKey: 'some-other-key' });
      const model = await create(provider);
      const tested = await call('POST', `/api/v1/language-models/${model.id}/test`);
      expect(tested.statusCode).toBe(200);
      expect(tested.json()).toMatchObject({ ConfigStatus: 3, ConfigMessage: '401: Incorrect API key provided.' });
      const stored = await t.db.kysely.selectFrom('language_models').select(['config_status', 'config_message']).where('id', '=', model.id).executeTakeFirstOrThrow();
      expect(stored).toEqual({ config_status: 3, config_message: '401: Incorrect API key provided.' });
    });
  }

  it('never echoes the key from an upstream error message', async () => {
    fake.behave({ error: { status: 400, message: `Key ${KEY} is not allowed for https://admin:pw@internal.test/v1` } });
    const model = await create('openai-compatible');
    const tested = await call('POST', `/api/v1/language-models/${model.id}/test`);
    expect(tested.json().ConfigMessage).toBe('400: Key [redacted] is not allowed for https://internal.test/v1');
    const everything = [tested.body, JSON.stringify(await t.db.kysely.selectFrom('audit_log').selectAll().execute()), JSON.stringify(await t.db.kysely.selectFrom('language_models').select(['config_message']).execute()), t.logs.join('\n')].join('\n');
    expect(everything).not.toContain(KEY);
  });

  it('tests the built-in demo model without any network', async () => {
    const seeded = (await call('GET', '/api/v1/language-models?filter={"Provider":"demo"}')).json<LanguageModel[]>()[0]!;
    const tested = await call('POST', `/api/v1/language-models/${seeded.id}/test`);
    // The demo model honours the test's 16-token limit (four characters a token): its reply is cut after 64 characters.
    expect(tested.json()).toMatchObject({ ConfigStatus: 4, ConfigMessage: 'offline-demo answered: «[Offline demo model] I received: «Reply with the single word OK.»' });
    expect(fake.requests).toHaveLength(0);
  });

  it('stores TESTING while the provider is asked, visible to other readers', async () => {
    fake.behave({ delayMs: 400 });
    const model = await create('openai-compatible');
    const pending = call('POST', `/api/v1/language-models/${model.id}/test`);
    let seen = 0;
    for (let attempt = 0; attempt < 50 && seen !== 2; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      seen = (await call('GET', `/api/v1/language-models/${model.id}`)).json<LanguageModel>().ConfigStatus;
    }
    expect(seen).toBe(2);
    expect((await pending).json().ConfigStatus).toBe(4);
    const audit = await t.db.kysely.selectFrom('audit_log').select('summary').where('record_id', '=', String(model.id)).orderBy('at').execute();
    expect(audit.map((row) => row.summary).at(-1)).toBe(`Tested language model "${model.Name}": SUCCESS`);
  });

  it('ends in ERROR when the provider is slower than the time limit', async () => {
    fake.behave({ delayMs: 2_000 });
    const model = await create('anthropic');
    const row = await t.db.kysely.selectFrom('users').selectAll().where('id', '=', demo.users.orgAdmin.id).executeTakeFirstOrThrow();
    const principal = { userId: row.id, email: row.email, role: Role.ORG_ADMIN, customerId: row.customer_id, organizationId: row.organization_id, sessionIdHash: null };
    const service = new LanguageModelsService(t.db.kysely, t.app.services.secrets, t.app.services.outbound, { testTimeoutMs: 150 });
    const tested = await service.test(principal, String(model.id));
    expect(tested).toMatchObject({ ConfigStatus: 3, ConfigMessage: 'The provider did not answer in time.' });
  });
});
