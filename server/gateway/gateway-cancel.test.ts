// A gateway client that disconnects from a non-streamed call: the upstream request is aborted at once (not left to
// run into its 120 s timeout) and the prompt's lifecycle record says the call was cancelled, not that it timed out.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlmUpstream } from '../../tests/fakes/fake-llm-upstream';
import type { FakeLlmUpstream } from '../../tests/fakes/fake-llm-upstream';
import type { TestApp } from '../../tests/helpers/build';
import { build } from '../../tests/helpers/build';
import { listenForGateway, personalToken } from '../../tests/helpers/gateway';
import { demoTenant } from '../../tests/helpers/tenants';
import { CANCELLED_REASON } from '../pipeline/orchestrator';

const MODEL = 'Slow upstream';

async function until<T>(read: () => Promise<T | undefined> | T | undefined, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('gateway call cancelled by its client', () => {
  let t: TestApp;
  let fake: FakeLlmUpstream;
  let baseURL: string;
  let apiKey: string;

  beforeAll(async () => {
    fake = await startFakeLlmUpstream({ delayMs: 30_000 });
    t = await build({ env: { JOBS: 'false' } });
    const demo = await demoTenant(t);
    const admin = (await t.app.services.auth.principalOf(demo.users.orgAdmin.id, null))!;
    await t.app.services.languageModels.create(admin, { Name: MODEL, Provider: 'openai-compatible', Model: 'slow-x', ApiKey: 'sk-test', BaseUrl: `${fake.url}/v1`, MaxTokens: 100, Temperature: 0.2, Enabled: true, GroupIds: [] } as never);
    apiKey = await personalToken(t, demo.users.orgAdmin.email);
    baseURL = await listenForGateway(t);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('aborts the upstream request within a second and records the prompt as cancelled', async () => {
    const url = new URL(`${baseURL}/chat/completions`);
    const client = http.request({ host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' } });
    client.on('error', () => undefined);
    client.end(JSON.stringify({ model: MODEL, messages: [{ role: 'user', content: 'Take your time.' }] }));

    const upstream = await until(() => fake.requests[0]);
    const prompt = await until(() => t.db.kysely.selectFrom('prompts').select(['id', 'status']).executeTakeFirst());
    expect(prompt.status).toBe('in_progress');
    const disconnectedAt = Date.now();
    client.destroy();

    const abortedAt = await until(() => upstream.abortedAt, 2000);
    expect(abortedAt - disconnectedAt).toBeLessThan(1000);
    const finished = await until(async () => {
      const row = await t.db.kysely.selectFrom('prompts').select('status').where('id', '=', prompt.id).executeTakeFirstOrThrow();
      return row.status === 'in_progress' ? undefined : row;
    });
    expect(finished.status).toBe('failed');
    const stages = await t.db.kysely.selectFrom('prompt_stages').select(['service', 'reason']).where('prompt_id', '=', prompt.id).execute();
    const reasonOf = (service: string) => stages.find((stage) => stage.service === service)?.reason;
    expect(reasonOf('llm')).toBe(CANCELLED_REASON);
    expect(reasonOf('verification_service')).toBe('Not run: the client disconnected');
    expect(JSON.stringify(stages)).not.toMatch(/timed? ?out/i);
  });
});
