// Copilots: create, each step's validation (foreign ids refused), step order, resume, activation, disabling,
// the configuration the pipeline reads, and the access token shown once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../domain/schemas/apps';
import type { TestApp } from '../../tests/helpers/build';
import { build } from '../../tests/helpers/build';
import type { Tenant } from '../../tests/helpers/tenants';
import { demoTenant, otherTenant } from '../../tests/helpers/tenants';
import { authenticateAppToken } from './app-tokens';
import type { CopilotReferences } from './apps.fixtures';
import { caller, createReferences, stepBodies } from './apps.fixtures';

describe('copilots', () => {
  let t: TestApp;
  let demo: Tenant;
  let other: Tenant;
  let oa: string;
  let own: CopilotReferences;
  let foreign: CopilotReferences;
  let call: ReturnType<typeof caller>;

  const admin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => call(oa, method, url, payload);
  const createApp = async (Name: string) => (await admin('POST', '/api/v1/apps', { Name, Description: 'Answers HR questions' })).json<App>();
  const saveThrough = async (id: string, last: number) => {
    const bodies = stepBodies(own, demo.users.user.id);
    let app: App | undefined;
    for (let step = 1; step <= last; step += 1) {
      const response = await admin('PUT', `/api/v1/apps/${id}/steps/${step}`, bodies[step]);
      if (response.statusCode !== 200) throw new Error(`step ${step}: ${response.body}`);
      app = response.json<App>();
    }
    return app!;
  };

  beforeAll(async () => {
    t = await build({ env: { JOBS: 'false' } });
    call = caller(t);
    demo = await demoTenant(t);
    other = await otherTenant(t);
    oa = await t.login(demo.users.orgAdmin.email);
    own = await createReferences(t, oa, 'Own');
    foreign = await createReferences(t, await t.login(other.users.orgAdmin.email), 'Foreign');
  });
  afterAll(() => t.close());

  it('creates a draft copilot with default step data and lists it with its status', async () => {
    const created = await admin('POST', '/api/v1/apps', { Name: 'HR helper', Description: 'Answers HR questions' });
    expect(created.statusCode).toBe(200);
    const app = created.json<App>();
    expect(app).toMatchObject({
      Name: 'HR helper',
      Description: 'Answers HR questions',
      Status: 'draft',
      CompletedStep: 0,
      DataSourceIds: [],
      DataAccess: [],
      Rag: { TopK: 5, MinScore: 0, CiteSources: true },
      LanguageModelIds: [],
      DefaultLanguageModelId: null,
      PolicyIds: [],
      UserIds: [],
      GroupIds: [],
      PromptType: 1,
      PredefinedPrompts: [],
      TokenSet: false,
      TokenMasked: null,
    });
    const list = await admin('GET', `/api/v1/apps?filter=${encodeURIComponent(JSON.stringify({ Status: 'draft', q: 'hr help' }))}`);
    expect(list.json().map((row: App) => [row.Name, row.Status])).toEqual([['HR helper', 'draft']]);
    expect(list.headers['content-range']).toBe('apps 0-0/1');
    const taken = await admin('POST', '/api/v1/apps', { Name: 'hr HELPER' });
    expect(taken.statusCode).toBe(409);
    expect((await admin('POST', '/api/v1/apps', { Name: '' })).json().errors).toEqual({ Name: 'Name is required' });
  });

  it('saves steps only in order: a later step before the earlier ones is 409', async () => {
    const app = await createApp('Ordered');
    const early = await admin('PUT', `/api/v1/apps/${app.id}/steps/3`, { Rag: { TopK: 3, MinScore: 0, CiteSources: true } });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ message: 'Complete step 1 (Data sources) first: the set-up steps are saved in order.' });
    expect((await admin('PUT', `/api/v1/apps/${app.id}/steps/8`, {})).json()).toEqual({ message: 'Some fields are not valid.', errors: { step: 'The step must be 1 to 7' } });
    await saveThrough(app.id, 2);
    const skip = await admin('PUT', `/api/v1/apps/${app.id}/steps/4`, stepBodies(own, demo.users.user.id)[4]);
    expect(skip.json().message).toBe('Complete step 3 (RAG configs) first: the set-up steps are saved in order.');
  });

  it("validates each step's fields and refuses ids of another organization", async () => {
    const app = await createApp('Validated');
    const step = (n: number, body: unknown) => admin('PUT', `/api/v1/apps/${app.id}/steps/${n}`, body);
    const errorsOf = async (n: number, body: unknown) => {
      const response = await step(n, body);
      expect(response.statusCode, response.body).toBe(400);
      return response.json().errors as Record<string, string>;
    };
    expect(await errorsOf(1, { DataSourceIds: [foreign.dataSourceId] })).toEqual({ DataSourceIds: 'Choose data sources of your organization' });
    expect(await errorsOf(1, { DataSourceIds: 'all' })).toEqual({ DataSourceIds: 'Data sources must be a list of ids' });
    expect((await step(1, { DataSourceIds: [own.dataSourceId] })).statusCode).toBe(200);

    expect(await errorsOf(2, { DataAccess: [{ DataSourceId: own.secondDataSourceId, GroupIds: [] }] })).toEqual({ DataAccess: 'Data access can name only the data sources chosen in step 1' });
    expect(await errorsOf(2, { DataAccess: [{ DataSourceId: own.dataSourceId, GroupIds: [foreign.groupId] }] })).toEqual({ DataAccess: 'Choose groups of your organization' });
    expect(await errorsOf(2, { DataAccess: [{ DataSourceId: own.dataSourceId, GroupIds: [] }, { DataSourceId: own.dataSourceId, GroupIds: [] }] })).toEqual({ DataAccess: 'Name each data source once' });
    expect((await step(2, { DataAccess: [] })).statusCode).toBe(200);

    expect(await errorsOf(3, { Rag: { TopK: 21, MinScore: 1.5, CiteSources: 'yes' } })).toEqual({
      'Rag.TopK': 'Top K must be a whole number from 1 to 20',
      'Rag.MinScore': 'Minimum score must be a number from 0 to 1',
      'Rag.CiteSources': 'Cite sources must be true or false',
    });
    expect((await step(3, { Rag: { TopK: 20, MinScore: 1, CiteSources: true } })).statusCode).toBe(200);

    expect(await errorsOf(4, { LanguageModelIds: [] })).toEqual({ LanguageModelIds: 'Choose at least one language model' });
    expect(await errorsOf(4, { LanguageModelIds: [foreign.languageModelId] })).toEqual({ LanguageModelIds: 'Choose language models of your organization' });
    expect(await errorsOf(4, { LanguageModelIds: [own.languageModelId], DefaultLanguageModelId: foreign.languageModelId })).toEqual({
      DefaultLanguageModelId: 'The default language model must be one of the chosen language models',
    });
    const fourth = await step(4, { LanguageModelIds: [own.languageModelId] });
    expect(fourth.json()).toMatchObject({ LanguageModelIds: [own.languageModelId], DefaultLanguageModelId: own.languageModelId, CompletedStep: 4 });

    expect(await errorsOf(5, { PolicyIds: [own.policyId, foreign.policyId] })).toEqual({ PolicyIds: 'Choose policies of your organization' });
    expect((await step(5, { PolicyIds: [] })).statusCode).toBe(200);

    expect(await errorsOf(6, {})).toEqual({ UserIds: 'Choose at least one user or group' });
    expect(await errorsOf(6, { UserIds: [other.users.user.id] })).toEqual({ UserIds: 'Choose users of your organization' });
    expect(await errorsOf(6, { GroupIds: [foreign.groupId] })).toEqual({ GroupIds: 'Choose groups of your organization' });
    expect((await step(6, { GroupIds: [own.groupId] })).statusCode).toBe(200);

    expect(await errorsOf(7, { PromptType: 2 })).toEqual({ PredefinedPrompts: 'Add at least one predefined prompt' });
    expect(await errorsOf(7, { PromptType: 3 })).toEqual({ PromptType: 'Prompt type must be 1 (freeform) or 2 (predefined)' });
    expect(await errorsOf(7, { PromptType: 2, PredefinedPrompts: [{ Title: '', Prompt: 'x' }] })).toEqual({ 'PredefinedPrompts.0.Title': 'Title is required' });
    const last = await step(7, { PromptType: 1 });
    expect(last.json()).toMatchObject({ Status: 'active', CompletedStep: 7, PromptType: 1, PredefinedPrompts: [] });
  });

  it('resumes where the set-up stopped, keeps later steps when an earlier one is saved again, and activates at step 7', async () => {
    const app = await createApp('Resumable');
    const afterThree = await saveThrough(app.id, 3);
    expect(afterThree).toMatchObject({ Status: 'draft', CompletedStep: 3, Rag: { TopK: 8, MinScore: 0.25, CiteSources: false } });
    const resumed = (await admin('GET', `/api/v1/apps/${app.id}`)).json<App>();
    expect(resumed).toMatchObject({
      CompletedStep: 3,
      DataSourceIds: [own.dataSourceId, own.secondDataSourceId].sort(),
      DataAccess: [{ DataSourceId: own.dataSourceId, GroupIds: [own.groupId] }],
    });
    // Dropping the source of step 2 from step 1 drops its data access too; step 2 stays valid.
    const again = await admin('PUT', `/api/v1/apps/${app.id}/steps/1`, { DataSourceIds: [own.secondDataSourceId] });
    expect(again.json()).toMatchObject({ CompletedStep: 3, DataSourceIds: [own.secondDataSourceId], DataAccess: [] });

    const bodies = stepBodies(own, demo.users.user.id);
    for (const step of [4, 5, 6]) expect((await admin('PUT', `/api/v1/apps/${app.id}/steps/${step}`, bodies[step])).json().Status).toBe('draft');
    const done = (await admin('PUT', `/api/v1/apps/${app.id}/steps/7`, bodies[7])).json<App>();
    expect(done).toMatchObject({ Status: 'active', CompletedStep: 7, PromptType: 2, PredefinedPrompts: [{ Title: 'Leave', Prompt: 'How many days of leave do I have?' }] });

    const audit = await t.db.kysely.selectFrom('audit_log').select('summary').where('resource', '=', 'apps').where('record_id', '=', app.id).orderBy('at').execute();
    expect(audit.map((entry) => entry.summary)).toEqual([
      'Created copilot "Resumable"',
      ...[1, 2, 3, 1, 4, 5, 6, 7].map((step) => `Saved step ${step} of copilot "Resumable"`),
    ]);
  });

  it('falls back to draft when a referenced record disappears, and disables and enables on request', async () => {
    const app = await createApp('Fragile');
    const model = (await admin('POST', '/api/v1/language-models', { Name: 'Short-lived model', Provider: 'demo', Model: 'offline-demo' })).json().id as number;
    const bodies: Record<number, unknown> = { ...stepBodies(own, demo.users.user.id), 4: { LanguageModelIds: [model] } };
    for (let step = 1; step <= 7; step += 1) await admin('PUT', `/api/v1/apps/${app.id}/steps/${step}`, bodies[step]);
    expect((await admin('GET', `/api/v1/apps/${app.id}`)).json()).toMatchObject({ Status: 'active', CompletedStep: 7 });

    await admin('DELETE', `/api/v1/language-models/${model}`);
    expect((await admin('GET', `/api/v1/apps/${app.id}`)).json()).toMatchObject({ Status: 'draft', CompletedStep: 3, LanguageModelIds: [], DefaultLanguageModelId: null });
    const enable = await admin('PUT', `/api/v1/apps/${app.id}`, { Name: 'Fragile', Status: 'active' });
    expect(enable.statusCode).toBe(409);
    expect(enable.json().message).toBe('A copilot becomes active once all 7 set-up steps are complete; it has 3.');
    // Steps 5 to 7 were saved before: re-saving step 4 completes the set-up again.
    expect((await admin('PUT', `/api/v1/apps/${app.id}/steps/4`, stepBodies(own, demo.users.user.id)[4])).json()).toMatchObject({ Status: 'active', CompletedStep: 7 });

    const disabled = await admin('PUT', `/api/v1/apps/${app.id}`, { Name: 'Fragile', Description: null, Status: 'disabled' });
    expect(disabled.json()).toMatchObject({ Status: 'disabled', CompletedStep: 7, Description: null });
    expect((await admin('PUT', `/api/v1/apps/${app.id}/steps/3`, stepBodies(own, demo.users.user.id)[3])).json().Status).toBe('disabled');
    expect((await admin('GET', `/api/v1/apps/${app.id}/config`)).json()).toMatchObject({ Status: 'disabled', Ready: false });
    expect((await admin('PUT', `/api/v1/apps/${app.id}`, { Name: 'Fragile', Status: 'active' })).json().Status).toBe('active');
  });

  it('resolves the configuration the pipeline runs with', async () => {
    const app = await createApp('Configured');
    await saveThrough(app.id, 7);
    const config = await admin('GET', `/api/v1/apps/${app.id}/config`);
    expect(config.statusCode).toBe(200);
    const [first, second] = [own.dataSourceId, own.secondDataSourceId];
    expect(config.json()).toEqual({
      id: app.id,
      Name: 'Configured',
      Status: 'active',
      Ready: true,
      DataSources: [
        { id: first, Name: 'Own handbook', Enabled: true, SourceGroupIds: [], AccessGroupIds: [own.groupId] },
        { id: second, Name: 'Own wiki', Enabled: true, SourceGroupIds: [], AccessGroupIds: [] },
      ],
      Rag: { TopK: 8, MinScore: 0.25, CiteSources: false },
      LanguageModels: [{ id: own.languageModelId, Name: 'Own model', Provider: 'demo', Model: 'offline-demo', Enabled: true }],
      DefaultLanguageModelId: own.languageModelId,
      Policies: [{ id: own.policyId, Name: 'Own policy', Type: 'Global Policy', Enabled: true }],
      UserIds: [demo.users.user.id],
      GroupIds: [own.groupId],
      PromptType: 2,
      PredefinedPrompts: [{ Title: 'Leave', Prompt: 'How many days of leave do I have?' }],
    });
    expect(await t.app.services.apps.configFor(other.organizationId, app.id)).toBeUndefined();
  });

  it('creates the access token once, rotates and revokes it; the app token is not a user session', async () => {
    const app = await createApp('With token');
    const created = await admin('POST', `/api/v1/apps/${app.id}/token`);
    expect(created.statusCode).toBe(200);
    const { Secret: secret, TokenMasked: masked } = created.json();
    expect(secret).toMatch(/^gca_[A-Za-z0-9_-]{20,}$/);
    expect(masked).toBe(`${secret.slice(0, 10)}…`);
    const shown = await admin('GET', `/api/v1/apps/${app.id}`);
    expect(shown.json()).toMatchObject({ TokenSet: true, TokenMasked: masked });
    expect(shown.body).not.toContain(secret);
    const stored = await t.db.kysely.selectFrom('app_tokens').selectAll().where('app_id', '=', app.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(secret);

    expect(await authenticateAppToken(t.db.kysely, secret)).toEqual({ appId: app.id, organizationId: demo.organizationId, status: 'draft', limits: { rpm: null, tpm: null }, organizationLimits: { rpm: null, tpm: null } });
    expect(await authenticateAppToken(t.db.kysely, `${secret}x`)).toBeUndefined();
    const asUser = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { authorization: `Bearer ${secret}` } });
    expect(asUser.statusCode).toBe(401);

    const rotated = (await admin('POST', `/api/v1/apps/${app.id}/token`)).json();
    expect(rotated.Secret).not.toBe(secret);
    expect(await authenticateAppToken(t.db.kysely, secret)).toBeUndefined();
    expect((await authenticateAppToken(t.db.kysely, rotated.Secret as string))?.appId).toBe(app.id);

    const revoked = await admin('DELETE', `/api/v1/apps/${app.id}/token`);
    expect(revoked.json()).toMatchObject({ TokenSet: false, TokenMasked: null });
    expect(await authenticateAppToken(t.db.kysely, rotated.Secret as string)).toBeUndefined();
    expect((await admin('DELETE', `/api/v1/apps/${app.id}/token`)).statusCode).toBe(404);

    const audit = await t.db.kysely.selectFrom('audit_log').select(['summary', 'before_json', 'after_json']).where('record_id', '=', app.id).orderBy('at').execute();
    expect(audit.map((entry) => entry.summary)).toEqual([
      'Created copilot "With token"',
      `Created the access token of copilot "With token" (${masked})`,
      `Rotated the access token of copilot "With token" (${rotated.TokenMasked})`,
      'Revoked the access token of copilot "With token"',
    ]);
    expect(JSON.stringify(audit)).not.toContain(secret);
    expect(JSON.stringify(audit)).not.toContain(rotated.Secret);
    expect(t.logs.join('')).not.toContain(secret);
  });

  it('deletes a copilot with its references and token', async () => {
    const app = await createApp('Doomed');
    await saveThrough(app.id, 6);
    await admin('POST', `/api/v1/apps/${app.id}/token`);
    expect((await admin('DELETE', `/api/v1/apps/${app.id}`)).json()).toMatchObject({ Name: 'Doomed', CompletedStep: 6 });
    expect((await admin('GET', `/api/v1/apps/${app.id}`)).statusCode).toBe(404);
    for (const table of ['app_data_sources', 'app_language_models', 'app_policies', 'app_users', 'app_groups', 'app_tokens'] as const) {
      const rows = await t.db.kysely.selectFrom(table).select('app_id').where('app_id', '=', app.id).execute();
      expect(rows, table).toEqual([]);
    }
  });
});
