// A copilot's own gca_ token on the OpenAI-compatible gateway, with the official SDK: the call runs with that
// copilot's model, data sources and policies; copilots are used only by their users and only in their tenant.
import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { UploadJobStatus } from '../../domain/enums';
import type { App, AppTokenCreated } from '../../domain/schemas/apps';
import type { DataSource } from '../../domain/schemas/data-sources';
import { caller, createReferences, stepBodies } from '../apps/apps.fixtures';
import type { Principal } from '../auth/principal';
import { base64 } from '../data-sources/data-sources.fixtures';
import { HttpError } from '../http/errors';
import { DEMO_LANGUAGE_MODEL_NAME } from '../models/seed';
import { copilotContext } from '../pipeline/copilot-context';
import { PromptOrchestrator } from '../pipeline/orchestrator';
import { startFakeLlmUpstream } from '../../tests/fakes/fake-llm-upstream';
import type { FakeLlmUpstream } from '../../tests/fakes/fake-llm-upstream';
import type { TestApp } from '../../tests/helpers/build';
import { build } from '../../tests/helpers/build';
import { listenForGateway, personalToken } from '../../tests/helpers/gateway';
import type { Tenant } from '../../tests/helpers/tenants';
import { demoTenant, otherTenant } from '../../tests/helpers/tenants';
import { NO_TOKEN_CREATOR_MESSAGE } from './gateway-caller';
import { appRateKey } from './rate-limits';

const COPILOT_MODEL = 'Copilot model';
const COPILOT_POLICY = 'Copilot rules';

describe('copilot tokens on the gateway', () => {
  let t: TestApp;
  let fake: FakeLlmUpstream;
  let demo: Tenant;
  let other: Tenant;
  let baseURL: string;
  let copilotId: string;
  let token: string;
  let client: OpenAI;
  let userKey: string;
  let otherCopilotId: string;
  let otherToken: string;

  const setUpCopilot = async (cookie: string, name: string, steps: Record<number, unknown>): Promise<{ id: string; secret: string }> => {
    const call = caller(t);
    const app = (await call(cookie, 'POST', '/api/v1/apps', { Name: name })).json<App>();
    for (let step = 1; step <= 7; step++) {
      const saved = await call(cookie, 'PUT', `/api/v1/apps/${app.id}/steps/${step}`, steps[step]);
      if (saved.statusCode !== 200) throw new Error(`step ${step}: ${saved.body}`);
    }
    return { id: app.id, secret: (await call(cookie, 'POST', `/api/v1/apps/${app.id}/token`)).json<AppTokenCreated>().Secret };
  };

  beforeAll(async () => {
    fake = await startFakeLlmUpstream();
    t = await build({ env: { JOBS: 'false' } });
    demo = await demoTenant(t);
    other = await otherTenant(t);
    const cookie = await t.login(demo.users.orgAdmin.email);
    const call = caller(t);
    const created = async (url: string, body: object) => {
      const response = await call(cookie, 'POST', url, body);
      if (response.statusCode !== 200) throw new Error(`${url}: ${response.body}`);
      return response.json<{ id: string }>().id;
    };
    const source = async (name: string, text: string) => {
      const id = (await call(cookie, 'POST', '/api/v1/cdr', { Name: name, AppId: 0 })).json<DataSource>().id;
      await call(cookie, 'POST', `/api/v1/cdr/${id}/documents`, { Name: `${name}.txt`, ContentType: 2, MimeType: 'text/plain', ContentBase64: base64(text) });
      return id;
    };
    const handbook = await source('Handbook', 'Copilot handbook: the hotel expense limit is 180 euros per night.');
    const wiki = await source('Team wiki', 'Team wiki: hotel expense exceptions go to the travel desk.');
    await source('Outside', 'Outside source: the hotel expense limit is 999 euros.');
    await t.app.services.jobs.drain();
    // Every file indexed (else a later test would miss a source for a reason it does not name).
    expect(await t.db.kysely.selectFrom('documents').select(['name', 'error']).where('upload_status', '!=', UploadJobStatus.COMPLETED).execute()).toEqual([]);
    const team = await created('/api/v1/groups', { Name: 'Travel team', MemberIds: [demo.users.user.id] });
    const nobody = await created('/api/v1/groups', { Name: 'Nobody' });
    // A Group Policy of an empty group: it applies to nobody except through the copilot.
    const policy = await created('/api/v1/policies', { Name: COPILOT_POLICY, Type: 'Group Policy', Targets: { GroupIds: [nobody] }, Rules: [{ Kind: 'keywords', Action: 'block', Keywords: ['Falcon'] }] });
    const model = await created('/api/v1/language-models', { Name: COPILOT_MODEL, Provider: 'openai-compatible', Model: 'model-x', ApiKey: 'sk-test', BaseUrl: `${fake.url}/v1`, MaxTokens: 100, Temperature: 0.2 });
    const copilot = await setUpCopilot(cookie, 'Travel copilot', {
      1: { DataSourceIds: [handbook, wiki] },
      2: { DataAccess: [{ DataSourceId: wiki, GroupIds: [team] }] },
      3: { Rag: { TopK: 5, MinScore: 0, CiteSources: true } },
      4: { LanguageModelIds: [Number(model)], DefaultLanguageModelId: Number(model) },
      5: { PolicyIds: [policy] },
      6: { UserIds: [demo.users.user.id], GroupIds: [] },
      7: { PromptType: 1, PredefinedPrompts: [] },
    });
    copilotId = copilot.id;
    token = copilot.secret;

    const otherCookie = await t.login(other.users.orgAdmin.email);
    const refs = await createReferences(t, otherCookie, 'Other');
    const theirs = await setUpCopilot(otherCookie, 'Their copilot', stepBodies(refs, other.users.user.id));
    otherCopilotId = theirs.id;
    otherToken = theirs.secret;

    userKey = await personalToken(t, demo.users.user.email);
    baseURL = await listenForGateway(t);
    client = new OpenAI({ baseURL, apiKey: token, maxRetries: 0 });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => fake.reset());

  const latestPrompt = () => t.db.kysely.selectFrom('prompts').selectAll().orderBy('created_at', 'desc').orderBy('id').limit(1).executeTakeFirstOrThrow();
  const listModels = async (sdk: OpenAI) => {
    const ids: string[] = [];
    for await (const model of sdk.models.list()) ids.push(model.id);
    return ids;
  };
  const errorOf = (promise: Promise<unknown>) => promise.then(() => null, (caught: unknown) => caught as InstanceType<typeof OpenAI.APIError>);

  it('lists the copilot’s models for its token', async () => {
    expect(await listModels(client)).toEqual([COPILOT_MODEL]);
  });

  it('answers with the copilot’s model and its open data sources only, recorded as the copilot’s prompt', async () => {
    fake.behave({ text: 'At most 180 euros.' });
    const completion = await client.chat.completions.create({ model: COPILOT_MODEL, messages: [{ role: 'user', content: 'What is the hotel expense limit?' }] });
    expect(completion.choices[0]!.message.content).toBe('At most 180 euros.');
    expect(completion.model).toBe(COPILOT_MODEL);
    const sent = JSON.stringify(fake.requests.at(-1)!.body.messages);
    expect(sent).toContain('Copilot handbook');
    // The wiki is readable through the copilot only by its data-access group; the outside source is not the copilot's.
    expect(sent).not.toContain('Team wiki');
    expect(sent).not.toContain('Outside source');
    const prompt = await latestPrompt();
    expect([prompt.app_id, prompt.user_id, prompt.organization_id, prompt.message_type, prompt.status]).toEqual([copilotId, demo.users.orgAdmin.id, demo.organizationId, 'PROMPT_COPILOT', 'success']);

    const stream = await client.chat.completions.create({ model: COPILOT_MODEL, stream: true, messages: [{ role: 'user', content: 'What is the hotel expense limit?' }] });
    let text = '';
    for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
    expect(text).toBe('At most 180 euros.');
  });

  it('applies the copilot’s policy, which does not apply to the same user outside the copilot', async () => {
    const blocked = await errorOf(client.chat.completions.create({ model: COPILOT_MODEL, messages: [{ role: 'user', content: 'Tell me about Falcon.' }] }));
    expect(blocked).toBeInstanceOf(OpenAI.PermissionDeniedError);
    expect([blocked!.code, blocked!.message.includes(COPILOT_POLICY)]).toEqual(['blocked_by_policy', true]);
    expect(fake.requests).toHaveLength(0);
    const own = new OpenAI({ baseURL, apiKey: userKey, maxRetries: 0 });
    const allowed = await own.chat.completions.create({ model: COPILOT_MODEL, messages: [{ role: 'user', content: 'Tell me about Falcon.' }] });
    expect(allowed.choices[0]!.message.content).toBe('Hello from the fake upstream.');
    expect((await latestPrompt()).app_id).toBeNull();
  });

  it('refuses a model that is not the copilot’s, and limits the token’s own requests', async () => {
    const wrong = await errorOf(client.chat.completions.create({ model: DEMO_LANGUAGE_MODEL_NAME, messages: [{ role: 'user', content: 'Hi' }] }));
    expect(wrong!.status).toBe(404);
    // Earlier calls of this token made its row; it is spent now.
    const spent = await t.db.kysely.updateTable('rate_limits').set({ hits: t.config.GATEWAY_RATE_LIMIT_RPM, window_start: Date.now() }).where('key', '=', appRateKey(copilotId)).executeTakeFirst();
    expect(Number(spent.numUpdatedRows)).toBe(1);
    const limited = await errorOf(client.chat.completions.create({ model: COPILOT_MODEL, messages: [{ role: 'user', content: 'Hi' }] }));
    expect(limited).toBeInstanceOf(OpenAI.RateLimitError);
    // The creator's own calls have their own budget.
    const own = new OpenAI({ baseURL, apiKey: userKey, maxRetries: 0 });
    expect((await own.chat.completions.create({ model: COPILOT_MODEL, messages: [{ role: 'user', content: 'Hi' }] })).object).toBe('chat.completion');
    await t.db.kysely.deleteFrom('rate_limits').where('key', '=', appRateKey(copilotId)).execute();
  });

  it('keeps copilot tokens in their tenant', async () => {
    const theirs = new OpenAI({ baseURL, apiKey: otherToken, maxRetries: 0 });
    expect(await listModels(theirs)).toEqual(['Other model']);
    const foreign = await errorOf(theirs.chat.completions.create({ model: COPILOT_MODEL, messages: [{ role: 'user', content: 'Hi' }] }));
    expect(foreign!.status).toBe(404);
    const answer = await theirs.chat.completions.create({ model: 'Other model', messages: [{ role: 'user', content: 'Hello' }] });
    expect(answer.choices[0]!.message.content).toContain('Hello');
    const prompt = await latestPrompt();
    expect([prompt.app_id, prompt.organization_id, prompt.user_id]).toEqual([otherCopilotId, other.organizationId, other.users.orgAdmin.id]);
    expect(await listModels(client)).toEqual([COPILOT_MODEL]);
    const forged = await errorOf(new OpenAI({ baseURL, apiKey: `${token.slice(0, -2)}xx`, maxRetries: 0 }).models.list());
    expect(forged).toBeInstanceOf(OpenAI.AuthenticationError);
  });

  it('answers 401 when the token’s creator is disabled: a token call is recorded as its creator’s', async () => {
    await t.db.kysely.updateTable('users').set({ enabled: 0 }).where('id', '=', other.users.orgAdmin.id).execute();
    const theirs = new OpenAI({ baseURL, apiKey: otherToken, maxRetries: 0 });
    const error = await errorOf(theirs.models.list());
    expect(error).toBeInstanceOf(OpenAI.AuthenticationError);
    expect(error!.message).toContain(NO_TOKEN_CREATOR_MESSAGE);
    await t.db.kysely.updateTable('users').set({ enabled: 1 }).where('id', '=', other.users.orgAdmin.id).execute();
    expect(await listModels(theirs)).toEqual(['Other model']);
  });

  it('lets only the copilot’s users use it, reading the sources of their groups', async () => {
    const principal = async (id: string): Promise<Principal> => (await t.app.services.auth.principalOf(id, null))!;
    const user = await principal(demo.users.user.id);
    const context = await copilotContext(t.app, user, copilotId);
    expect([context.appName, context.model.Name, context.dataSourceIds.length]).toEqual(['Travel copilot', COPILOT_MODEL, 2]);
    const status = (promise: Promise<unknown>) => promise.then(() => 200, (error: unknown) => (error instanceof HttpError ? error.statusCode : 500));
    expect(await status(copilotContext(t.app, await principal(demo.users.orgAdmin.id), copilotId))).toBe(403);
    expect(await status(copilotContext(t.app, await principal(other.users.user.id), copilotId))).toBe(404);
    expect(await status(copilotContext(t.app, user, otherCopilotId))).toBe(404);

    fake.behave({ text: 'Ask the travel desk.' });
    const result = await new PromptOrchestrator(t.app).run({ actor: user, model: context.model, provider: context.provider, copilot: context, messages: [{ role: 'user', content: 'Who handles hotel expense exceptions?' }], messageType: 'PROMPT_COPILOT' });
    expect(result.answer).toBe('Ask the travel desk.');
    expect(result.sources.map((source) => source.DataSourceName).sort()).toEqual(['Handbook', 'Team wiki']);
    expect(JSON.stringify(fake.requests.at(-1)!.body.messages)).toContain('Team wiki');
    expect((await latestPrompt()).app_id).toBe(copilotId);

    // Its RAG settings: top K passages, and no citations when the copilot does not cite its sources.
    const narrow = await new PromptOrchestrator(t.app).run({ actor: user, model: context.model, provider: context.provider, copilot: { ...context, rag: { TopK: 1, MinScore: 0, CiteSources: false } }, messages: [{ role: 'user', content: 'Who handles hotel expense exceptions?' }], messageType: 'PROMPT_COPILOT' });
    expect(narrow.sources).toEqual([]);
    const system = fake.requests.at(-1)!.body.messages as { role: string; content: string }[];
    expect(system[0]!.content).toContain('Team wiki');
    expect(system[0]!.content).not.toContain('Copilot handbook');
  });

  it('answers 401 for a revoked token and 403 while the copilot is disabled', async () => {
    const cookie = await t.login(demo.users.orgAdmin.email);
    const call = caller(t);
    expect((await call(cookie, 'PUT', `/api/v1/apps/${copilotId}`, { Name: 'Travel copilot', Status: 'disabled' })).statusCode).toBe(200);
    expect(await errorOf(client.models.list())).toBeInstanceOf(OpenAI.PermissionDeniedError);
    expect((await call(cookie, 'PUT', `/api/v1/apps/${copilotId}`, { Name: 'Travel copilot', Status: 'active' })).statusCode).toBe(200);
    expect(await listModels(client)).toEqual([COPILOT_MODEL]);
    expect((await call(cookie, 'DELETE', `/api/v1/apps/${copilotId}/token`)).statusCode).toBe(200);
    expect(await errorOf(client.models.list())).toBeInstanceOf(OpenAI.AuthenticationError);
  });
});
