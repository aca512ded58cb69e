// A custom pattern the save-time check lets through can still backtrack for seconds (`[a-z]+[a-z]+[a-z]+!` took 8 s on
// 300 letters): patterns run in a worker thread with a time limit, so one evil pattern cannot stall the server. Over the
// limit the text is refused (never sent unchecked) and other requests are answered meanwhile.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../tests/helpers/build';
import { build } from '../../tests/helpers/build';
import { listenForGateway, personalToken } from '../../tests/helpers/gateway';
import { demoTenant } from '../../tests/helpers/tenants';
import { DEMO_LANGUAGE_MODEL_NAME } from '../models/seed';
import { DETECTION_TIME_LIMIT_MS, DETECTION_TIMED_OUT } from '../pipeline/off-thread-detection';
import { caller } from '../chat/chat.fixtures';

const EVIL = '[a-z]+[a-z]+[a-z]+!';
const rules = [{ Name: 'Shouted words', Kind: 'regex', Action: 'block', Pattern: EVIL }];

describe('custom patterns run with a time bound', () => {
  let t: TestApp;
  let admin: string;
  const call = (...args: Parameters<ReturnType<typeof caller>>) => caller(t)(...args);

  /** The slow request, and how long another request took while it ran. */
  async function withOtherRequest<T>(slow: () => Promise<T>) {
    const startedAt = performance.now();
    const running = slow();
    await new Promise((resolve) => setTimeout(resolve, 500));
    const otherStartedAt = performance.now();
    const other = await call(admin, 'GET', '/api/v1/policies');
    const otherMs = performance.now() - otherStartedAt;
    const value = await running;
    return { value, ms: performance.now() - startedAt, other: other.statusCode, otherMs };
  }

  beforeAll(async () => {
    t = await build({ env: { JOBS: 'false' } });
    admin = await t.login((await demoTenant(t)).users.orgAdmin.email);
    // Texts under custom patterns are checked in worker threads: this starts them (slow under tsx), untimed.
    const warmUp = { Name: 'Warm up', Type: 'Global Policy', Rules: [{ Kind: 'regex', Action: 'flag', Pattern: 'EMP-\\d{6}' }] };
    expect((await call(admin, 'POST', '/api/v1/policies/test', { Prompt: 'EMP-123456', Draft: warmUp })).statusCode).toBe(200);
  }, 120_000);
  afterAll(() => t.close());

  it('refuses the text of "Test this policy" once the pattern runs over the limit, answering others meanwhile', async () => {
    const draft = { Name: 'Evil', Type: 'Global Policy', Rules: rules };
    const { value, ms, other, otherMs } = await withOtherRequest(() => call(admin, 'POST', '/api/v1/policies/test', { Prompt: 'a'.repeat(3_000), Draft: draft }));
    expect(value.statusCode).toBe(400);
    expect(value.json()).toEqual({ message: DETECTION_TIMED_OUT });
    expect(ms).toBeLessThan(DETECTION_TIME_LIMIT_MS + 5_000);
    expect(other).toBe(200);
    expect(otherMs).toBeLessThan(1_000);
    // The pattern still works on ordinary text.
    const matched = await call(admin, 'POST', '/api/v1/policies/test', { Prompt: 'stop!', Draft: draft });
    expect(matched.json<{ Blocked: boolean }>().Blocked).toBe(true);
  }, 30_000);

  it('refuses a gateway prompt under a saved evil pattern with 400, answering others meanwhile', async () => {
    const saved = await call(admin, 'POST', '/api/v1/policies', { Name: 'Evil', Type: 'Global Policy', Enabled: true, Priority: 1, Rules: rules });
    expect(saved.statusCode, saved.body).toBe(200);
    const baseURL = await listenForGateway(t);
    const apiKey = await personalToken(t, (await demoTenant(t)).users.user.email);
    const { value, other, otherMs } = await withOtherRequest(async () => {
      const response = await fetch(`${baseURL}/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model: DEMO_LANGUAGE_MODEL_NAME, messages: [{ role: 'user', content: 'a'.repeat(3_000) }] }),
      });
      return { status: response.status, body: (await response.json()) as { error: { message: string } } };
    });
    expect(value.status).toBe(400);
    expect(value.body.error.message).toBe(DETECTION_TIMED_OUT);
    expect(other).toBe(200);
    expect(otherMs).toBeLessThan(1_000);
  }, 30_000);
});
