// Language model administration: CRUD with field errors, the write-only API key, what a USER sees, and the seed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LanguageModel } from '../../domain/schemas/language-models';
import type { TestApp } from '../../tests/helpers/build';
import { build } from '../../tests/helpers/build';
import type { Tenant } from '../../tests/helpers/tenants';
import { demoTenant } from '../../tests/helpers/tenants';

const KEY = 'sk-live-key-do-not-leak-4e1f9b2c';
const NEW_KEY = 'sk-second-key-never-shown-77aa01';
const HEADERS = { 'x-requested-with': 'XMLHttpRequest' };

const openAiInput = (overrides: Record<string, unknown> = {}) => ({
  Name: 'GPT for analysts',
  Provider: 'openai',
  Model: 'gpt-4o-mini',
  ApiKey: KEY,
  MaxTokens: 2048,
  Temperature: 0.3,
  ...overrides,
});

describe('language models administration', () => {
  let t: TestApp;
  let demo: Tenant;
  let admin: string;
  let user: string;

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: { ...HEADERS, cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });

  beforeAll(async () => {
    t = await build({ env: { JOBS: 'false' } });
    demo = await demoTenant(t);
    admin = await t.login(demo.users.orgAdmin.email);
    user = await t.login(demo.users.user.email);
  });
  afterAll(() => t.close());

  it('seeds the built-in offline demo model, enabled, for the whole demo organization', async () => {
    const response = await call('GET', '/api/v1/language-models', admin);
    expect(response.statusCode).toBe(200);
    const [demoModel] = response.json<LanguageModel[]>();
    expect(response.json()).toHaveLength(1);
    expect(demoModel).toMatchObject({
      Name: 'Offline demo model',
      Provider: 'demo',
      Model: 'offline-demo',
      BaseUrl: null,
      ApiKeySet: false,
      Enabled: true,
      GroupIds: [],
      ConfigStatus: 1,
      ConfigMessage: null,
      TestedAt: null,
    });
    expect(typeof demoModel!.id).toBe('number');
    expect(response.headers['content-range']).toBe('language-models 0-0/1');
  });

  it('creates, reads, updates and deletes a model, with integer ids and audit rows', async () => {
    const group = (await call('POST', '/api/v1/groups', admin, { Name: 'Analysts', MemberIds: [demo.users.user.id] })).json<{ id: string }>().id;
    const created = await call('POST', '/api/v1/language-models', admin, openAiInput({ GroupIds: [group] }));
    expect(created.statusCode).toBe(200);
    const model = created.json<LanguageModel>();
    expect(model).toEqual({
      id: model.id,
      Name: 'GPT for analysts',
      Provider: 'openai',
      Model: 'gpt-4o-mini',
      BaseUrl: null,
      ApiVersion: null,
      ApiKeySet: true,
      MaxTokens: 2048,
      Temperature: 0.3,
      Vision: false,
      Enabled: true,
      GroupIds: [group],
      ConfigStatus: 1,
      ConfigMessage: null,
      TestedAt: null,
      CreatedAt: model.CreatedAt,
      UpdatedAt: model.UpdatedAt,
    });
    expect(Number.isInteger(model.id)).toBe(true);

    const read = await call('GET', `/api/v1/language-models/${model.id}`, admin);
    expect(read.json()).toEqual(model);

    const updated = await call('PUT', `/api/v1/language-models/${model.id}`, admin, openAiInput({ Name: 'GPT', ApiKey: '', MaxTokens: 4000, Temperature: 1.5, Enabled: false, GroupIds: [] }));
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ id: model.id, Name: 'GPT', ApiKeySet: true, MaxTokens: 4000, Temperature: 1.5, Enabled: false, GroupIds: [] });

    // A kept key only goes where it was entered for: pointing the model at another server needs the key again.
    const moved = await call('PUT', `/api/v1/language-models/${model.id}`, admin, openAiInput({ Name: 'GPT', BaseUrl: 'http://ollama.internal:11434', ApiKey: '', GroupIds: [] }));
    expect(moved.statusCode).toBe(400);
    expect(moved.json().errors).toEqual({ ApiKey: 'API key is required for OpenAI' });

    const many = await call('GET', `/api/v1/language-models?filter=${encodeURIComponent(JSON.stringify({ id: [model.id] }))}`, admin);
    expect(many.json<LanguageModel[]>().map((row) => row.id)).toEqual([model.id]);

    const deleted = await call('DELETE', `/api/v1/language-models/${model.id}`, admin);
    expect(deleted.statusCode).toBe(200);
    expect((await call('GET', `/api/v1/language-models/${model.id}`, admin)).statusCode).toBe(404);

    const audit = await t.db.kysely.selectFrom('audit_log').select(['action', 'summary', 'record_id']).where('resource', '=', 'language-models').orderBy('at').execute();
    expect(audit.map((row) => [row.action, row.summary, row.record_id])).toEqual([
      ['create', 'Created language model "GPT for analysts"', String(model.id)],
      ['update', 'Updated language model "GPT"', String(model.id)],
      ['delete', 'Deleted language model "GPT"', String(model.id)],
    ]);
  });

  it('answers every invalid field with its own message', async () => {
    const response = await call('POST', '/api/v1/language-models', admin, { Name: '', Provider: 'azure-openai', Model: '', MaxTokens: 0, Temperature: 2.5, BaseUrl: 'ftp://x.test' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      Name: 'Name is required',
      Model: 'Model is required',
      MaxTokens: 'Max tokens must be at least 1',
      Temperature: 'Temperature must be between 0 and 2',
      BaseUrl: 'Base URL must be an http(s) URL without user name, password or query, such as https://api.example.com/v1',
      ApiKey: 'API key is required for Azure OpenAI',
    });

    const missing = await call('POST', '/api/v1/language-models', admin, { Name: 'Local', Provider: 'ollama', Model: 'llama3', MaxTokens: 200_001 });
    expect(missing.json().errors).toEqual({ BaseUrl: 'Base URL is required for Ollama', MaxTokens: 'Max tokens must be at most 200000' });

    const provider = await call('POST', '/api/v1/language-models', admin, { Name: 'X', Provider: 'mistral', Model: 'm' });
    expect(provider.json().errors).toEqual({ Provider: 'Provider must be one of openai, azure-openai, anthropic, ollama, openai-compatible, demo' });

    const credentials = await call('POST', '/api/v1/language-models', admin, { Name: 'X', Provider: 'openai-compatible', Model: 'm', BaseUrl: 'https://user:pass@llm.example.test/v1' });
    expect(credentials.json().errors).toEqual({ BaseUrl: 'Base URL must be an http(s) URL without user name, password or query, such as https://api.example.com/v1' });
  });

  it('refuses a duplicate name and groups of nobody or of another organization', async () => {
    const duplicate = await call('POST', '/api/v1/language-models', admin, { Name: 'offline DEMO model', Provider: 'demo', Model: 'offline-demo' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().errors).toEqual({ Name: 'Name is already in use' });
    const badGroup = await call('POST', '/api/v1/language-models', admin, { Name: 'Y', Provider: 'demo', Model: 'offline-demo', GroupIds: ['not-a-group'] });
    expect(badGroup.statusCode).toBe(400);
    expect(badGroup.json().errors).toEqual({ GroupIds: 'Choose groups of your organization' });
  });

  it('keeps the API key write-only: encrypted at rest, never answered, logged or audited', async () => {
    const created = (await call('POST', '/api/v1/language-models', admin, openAiInput({ Name: 'Secret keeper' }))).json<LanguageModel>();
    await call('PUT', `/api/v1/language-models/${created.id}`, admin, openAiInput({ Name: 'Secret keeper', ApiKey: NEW_KEY }));

    const row = await t.db.kysely.selectFrom('language_models').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(row.api_key_enc).toMatch(/^v1:/);
    expect(row.api_key_enc).not.toContain(NEW_KEY);
    expect(t.app.services.secrets.decrypt(row.api_key_enc!)).toBe(NEW_KEY);

    const everything = [
      (await call('GET', '/api/v1/language-models?range=[0,99]', admin)).body,
      (await call('GET', `/api/v1/language-models/${created.id}`, admin)).body,
      JSON.stringify(await t.db.kysely.selectFrom('audit_log').selectAll().execute()),
      t.logs.join('\n'),
    ].join('\n');
    for (const secret of [KEY, NEW_KEY]) expect(everything).not.toContain(secret);
    const audit = await t.db.kysely.selectFrom('audit_log').select('summary').where('record_id', '=', String(created.id)).orderBy('at').execute();
    expect(audit.map((entry) => entry.summary)).toEqual(['Created language model "Secret keeper"', 'Updated language model "Secret keeper" (new API key)']);
  });

  it('asks for a key when a keyless model becomes one that needs it, and drops the key of the demo model', async () => {
    const local = (await call('POST', '/api/v1/language-models', admin, { Name: 'Local llama', Provider: 'ollama', Model: 'llama3', BaseUrl: 'http://ollama.internal:11434/' })).json<LanguageModel>();
    expect(local).toMatchObject({ BaseUrl: 'http://ollama.internal:11434', ApiKeySet: false });
    const toAnthropic = await call('PUT', `/api/v1/language-models/${local.id}`, admin, { Name: 'Local llama', Provider: 'anthropic', Model: 'claude' });
    expect(toAnthropic.statusCode).toBe(400);
    expect(toAnthropic.json().errors).toEqual({ ApiKey: 'API key is required for Anthropic' });

    const keyed = (await call('POST', '/api/v1/language-models', admin, openAiInput({ Name: 'Becomes demo' }))).json<LanguageModel>();
    const demoNow = await call('PUT', `/api/v1/language-models/${keyed.id}`, admin, { Name: 'Becomes demo', Provider: 'demo', Model: 'offline-demo', BaseUrl: 'https://ignored.test' });
    expect(demoNow.json()).toMatchObject({ Provider: 'demo', BaseUrl: null, ApiKeySet: false });
  });

  it('forgets an optional stored key when asked; a required key is only replaced', async () => {
    const local = (await call('POST', '/api/v1/language-models', admin, { Name: 'Guarded llama', Provider: 'ollama', Model: 'llama3', BaseUrl: 'http://ollama.internal:11434', ApiKey: KEY })).json<LanguageModel>();
    expect(local.ApiKeySet).toBe(true);
    const forgotten = await call('PUT', `/api/v1/language-models/${local.id}`, admin, { Name: 'Guarded llama', Provider: 'ollama', Model: 'llama3', BaseUrl: 'http://ollama.internal:11434', ClearApiKey: true });
    expect(forgotten.statusCode, forgotten.body).toBe(200);
    expect(forgotten.json()).toMatchObject({ ApiKeySet: false });
    expect((await t.db.kysely.selectFrom('language_models').select('api_key_enc').where('id', '=', local.id).executeTakeFirstOrThrow()).api_key_enc).toBeNull();
    const audit = await t.db.kysely.selectFrom('audit_log').select('summary').where('record_id', '=', String(local.id)).orderBy('at').execute();
    expect(audit.at(-1)?.summary).toBe('Updated language model "Guarded llama" (API key removed)');
    // A key entered with the flag is the new key.
    const rekeyed = await call('PUT', `/api/v1/language-models/${local.id}`, admin, { Name: 'Guarded llama', Provider: 'ollama', Model: 'llama3', BaseUrl: 'http://ollama.internal:11434', ApiKey: NEW_KEY, ClearApiKey: true });
    expect(rekeyed.json()).toMatchObject({ ApiKeySet: true });

    const keyed = (await call('POST', '/api/v1/language-models', admin, openAiInput({ Name: 'Keeps its key' }))).json<LanguageModel>();
    const refused = await call('PUT', `/api/v1/language-models/${keyed.id}`, admin, openAiInput({ Name: 'Keeps its key', ApiKey: '', ClearApiKey: true }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ ApiKey: 'API key is required for OpenAI' });
    expect((await call('GET', `/api/v1/language-models/${keyed.id}`, admin)).json()).toMatchObject({ ApiKeySet: true });
  });

  it('defaults the Azure API version and resets the test status when the connection settings change', async () => {
    const azure = (await call('POST', '/api/v1/language-models', admin, { Name: 'Azure', Provider: 'azure-openai', Model: 'my-deployment', BaseUrl: 'https://acme.openai.azure.com', ApiKey: KEY })).json<LanguageModel>();
    expect(azure).toMatchObject({ ApiVersion: '2024-10-21', MaxTokens: 1024, Temperature: 0.7, Vision: false });
    await t.db.kysely.updateTable('language_models').set({ config_status: 4, config_message: 'ok', tested_at: 1 }).where('id', '=', azure.id).execute();
    const renamed = await call('PUT', `/api/v1/language-models/${azure.id}`, admin, { Name: 'Azure EU', Provider: 'azure-openai', Model: 'my-deployment', BaseUrl: 'https://acme.openai.azure.com', ApiVersion: '2024-10-21' });
    expect(renamed.json()).toMatchObject({ ConfigStatus: 4, ConfigMessage: 'ok' });
    const moved = await call('PUT', `/api/v1/language-models/${azure.id}`, admin, { Name: 'Azure EU', Provider: 'azure-openai', Model: 'other-deployment', BaseUrl: 'https://acme.openai.azure.com', ApiVersion: '2024-10-21' });
    expect(moved.json()).toMatchObject({ ConfigStatus: 1, ConfigMessage: null, TestedAt: null });
  });

  it('shows a USER only the enabled models granted to their groups or to nobody, without configuration', async () => {
    const kysely = t.db.kysely;
    const mine = (await call('POST', '/api/v1/groups', admin, { Name: 'Mine', MemberIds: [demo.users.user.id] })).json<{ id: string }>().id;
    const notMine = (await call('POST', '/api/v1/groups', admin, { Name: 'Not mine' })).json<{ id: string }>().id;
    const create = async (name: string, extra: Record<string, unknown>) =>
      (await call('POST', '/api/v1/language-models', admin, { Provider: 'demo', Model: 'offline-demo', Name: name, ...extra })).json<LanguageModel>().id;
    const granted = await create('User granted', { GroupIds: [mine, notMine] });
    const otherGroup = await create('User other group', { GroupIds: [notMine] });
    const disabled = await create('User disabled', { GroupIds: [mine], Enabled: false });
    const seeded = (await kysely.selectFrom('language_models').select('id').where('name', '=', 'Offline demo model').executeTakeFirstOrThrow()).id;

    const list = await call('GET', '/api/v1/language-models?range=[0,99]&filter={"q":"user"}', user);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([{ id: granted, Name: 'User granted', Provider: 'demo', Model: 'offline-demo', MaxTokens: 1024, Temperature: 0.7, Vision: false }]);
    const all = (await call('GET', '/api/v1/language-models?range=[0,99]', user)).json<{ id: number }[]>().map((row) => row.id);
    expect(all).toContain(seeded);
    expect(all).toContain(granted);
    expect(all).not.toContain(otherGroup);
    expect(all).not.toContain(disabled);

    expect((await call('GET', `/api/v1/language-models/${granted}`, user)).json()).toEqual({ id: granted, Name: 'User granted', Provider: 'demo', Model: 'offline-demo', MaxTokens: 1024, Temperature: 0.7, Vision: false });
    expect((await call('GET', `/api/v1/language-models/${otherGroup}`, user)).statusCode).toBe(404);
    expect((await call('GET', `/api/v1/language-models/${disabled}`, user)).statusCode).toBe(404);
    const sortByConfig = await call('GET', '/api/v1/language-models?sort=["ConfigStatus","ASC"]', user);
    expect(sortByConfig.statusCode).toBe(400);
  });

  it('answers 404 for ids that are not integers', async () => {
    for (const id of ['abc', '0', '-1', '1.5', '99999999']) {
      const response = await call('GET', `/api/v1/language-models/${id}`, admin);
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toEqual({ message: 'The language model was not found.' });
    }
  });
});
