// The verifiers' actions on an answer, in the pipeline and through the gateway: show_response shows it, warn_user
// shows it with a warning, block_response withholds it — and a streamed answer never reaches the client before
// a verifier that could block it has passed it.
import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { VerificationAction } from '../../domain/schemas/verifiers';
import type { Principal } from '../auth/principal';
import { newId } from '../db/ids';
import { startFakeLlmUpstream } from '../../tests/fakes/fake-llm-upstream';
import type { FakeLlmUpstream } from '../../tests/fakes/fake-llm-upstream';
import type { TestApp } from '../../tests/helpers/build';
import { build } from '../../tests/helpers/build';
import { listenForGateway, personalToken } from '../../tests/helpers/gateway';
import { demoTenant } from '../../tests/helpers/tenants';
import { LifecycleRepository } from './lifecycle.repository';
import { PromptOrchestrator } from './orchestrator';

const TOXIC = 'You are a stupid idiot for asking.';
const CLEAN = 'Two plus two is four.';
const MODEL = 'Fake upstream';

describe('verifier actions on answers', () => {
  let t: TestApp;
  let fake: FakeLlmUpstream;
  let user: Principal;
  let modelId: number;
  let orchestrator: PromptOrchestrator;
  let lifecycle: LifecycleRepository;
  let client: OpenAI;
  let baseURL: string;
  let apiKey: string;

  /** The organization's only enabled verifier: a toxicity check (threshold 50) with the given action. */
  const onlyVerifier = async (action: VerificationAction): Promise<{ id: string; name: string }> => {
    const db = t.db.kysely;
    await db.updateTable('verifiers').set({ enabled: 0 }).where('organization_id', '=', user.organizationId!).execute();
    const id = newId();
    const name = `Toxicity ${action} ${id.slice(-6)}`;
    const at = Date.now();
    await db
      .insertInto('verifiers')
      .values({ id, organization_id: user.organizationId!, name, metric_types_json: '["toxicity"]', intensity: 'Medium', api_version: 'v1', action, threshold: 50, endpoint: null, api_key_enc: null, enabled: 1, created_at: at, updated_at: at })
      .execute();
    return { id, name };
  };
  const ask = async (deltas?: string[]) => {
    const { model, provider } = await t.app.services.languageModels.usable(user, modelId);
    return orchestrator.run({ actor: user, model, provider, messages: [{ role: 'user', content: 'What is two plus two?' }], messageType: 'PROMPT_LLM', ...(deltas ? { onDelta: (text: string) => void deltas.push(text) } : {}) });
  };

  beforeAll(async () => {
    fake = await startFakeLlmUpstream();
    t = await build({ env: { JOBS: 'false' } });
    const demo = await demoTenant(t);
    user = (await t.app.services.auth.principalOf(demo.users.user.id, null))!;
    const admin = (await t.app.services.auth.principalOf(demo.users.orgAdmin.id, null))!;
    modelId = (await t.app.services.languageModels.create(admin, { Name: MODEL, Provider: 'openai-compatible', Model: 'model-x', ApiKey: 'sk-test', BaseUrl: `${fake.url}/v1`, MaxTokens: 100, Temperature: 0.2, Enabled: true, GroupIds: [] } as never)).id;
    orchestrator = new PromptOrchestrator(t.app);
    lifecycle = new LifecycleRepository(t.db.kysely);
    apiKey = await personalToken(t, demo.users.user.email);
    baseURL = await listenForGateway(t);
    client = new OpenAI({ baseURL, apiKey, maxRetries: 0 });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => fake.reset());

  it('show_response: a failing answer is shown, streamed as it comes, without a warning', async () => {
    await onlyVerifier('show_response');
    fake.behave({ text: TOXIC, chunkSize: 5 });
    const plain = await ask();
    expect([plain.answer, plain.blocked, plain.verificationWarning]).toEqual([TOXIC, null, null]);
    expect(plain.verification).toMatchObject({ ResponseType: 'invalid', Action: 'show_response' });
    const deltas: string[] = [];
    const streamed = await ask(deltas);
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.join('')).toBe(TOXIC);
    expect(streamed.answer).toBe(TOXIC);
  });

  it('warn_user: a failing answer is shown with the warning naming the verifier; a passing one without', async () => {
    const verifier = await onlyVerifier('warn_user');
    fake.behave({ text: TOXIC, chunkSize: 5 });
    for (const deltas of [undefined, [] as string[]]) {
      const result = await ask(deltas);
      expect(result.answer).toBe(TOXIC);
      expect(result.blocked).toBeNull();
      expect(result.verificationWarning).toContain(`"${verifier.name}" found toxicity`);
      if (deltas) expect(deltas.join('')).toBe(TOXIC);
    }
    const completion = await client.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'Hi' }] });
    expect(completion.choices[0]!.message.content).toBe(TOXIC);
    expect((completion as unknown as { verification_warning: string }).verification_warning).toContain(verifier.name);
    fake.behave({ text: CLEAN });
    const clean = await ask();
    expect([clean.answer, clean.verificationWarning, clean.verification?.ResponseType]).toEqual([CLEAN, null, 'valid']);
  });

  it('block_response: the answer is withheld, never streamed, and the record names the verifier', async () => {
    const verifier = await onlyVerifier('block_response');
    fake.behave({ text: TOXIC, chunkSize: 5 });
    for (const deltas of [undefined, [] as string[]]) {
      const result = await ask(deltas);
      expect(result.status).toBe('success');
      expect(result.answer).toBe('');
      expect(result.blocked).toEqual({ PolicyId: verifier.id, PolicyName: verifier.name, Reason: expect.stringContaining('toxicity'), message: expect.stringContaining(`withheld by the verifier "${verifier.name}"`) });
      if (deltas) expect(deltas).toEqual([]);
      const record = (await lifecycle.find(result.promptId))!;
      expect(record.Blocked).toEqual({ PolicyId: verifier.id, PolicyName: verifier.name, Reason: result.blocked!.Reason });
      const stage = record.Stages.find((item) => item.Service === 'verification_service')!;
      expect(stage.Reason).toContain('withheld');
      // The lifecycle keeps what the model said, for the admin to see why.
      expect(JSON.stringify(record.Stages.find((item) => item.Service === 'llm')!.Detail)).toContain(TOXIC);
    }
    // A passing answer is held until verified, then released whole.
    fake.behave({ text: CLEAN, chunkSize: 3 });
    const deltas: string[] = [];
    const clean = await ask(deltas);
    expect(deltas).toEqual([CLEAN]);
    expect(clean.answer).toBe(CLEAN);
  });

  it('through the gateway: 403 for a withheld answer, streamed or not, and the text is never sent', async () => {
    const verifier = await onlyVerifier('block_response');
    fake.behave({ text: TOXIC, chunkSize: 5 });
    for (const stream of [false, true]) {
      const error = await client.chat.completions.create({ model: MODEL, stream, messages: [{ role: 'user', content: 'Hi' }] }).then(() => null, (caught: unknown) => caught);
      expect(error).toBeInstanceOf(OpenAI.PermissionDeniedError);
      const apiError = error as InstanceType<typeof OpenAI.APIError>;
      expect(apiError.code).toBe('blocked_by_verifier');
      expect(apiError.message).toContain(verifier.name);
    }
    const raw = await fetch(`${baseURL}/chat/completions`, { method: 'POST', headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' }, body: JSON.stringify({ model: MODEL, stream: true, messages: [{ role: 'user', content: 'Hi' }] }) });
    const body = await raw.text();
    expect(raw.status).toBe(403);
    expect(body).not.toContain('stupid');

    fake.behave({ text: CLEAN, chunkSize: 3 });
    const stream = await client.chat.completions.create({ model: MODEL, stream: true, messages: [{ role: 'user', content: 'Hi' }] });
    let text = '';
    for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
    expect(text).toBe(CLEAN);
  });
});
