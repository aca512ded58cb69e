// Denial of service through the gateway: one huge message once froze the server for minutes. Oversized input is
// refused fast (413, OpenAI's error shape) and the server keeps answering other requests meanwhile.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PROMPT_CHARS, MAX_PROMPT_TOTAL_CHARS } from '../../domain/schemas/chat';
import type { TestApp } from '../../tests/helpers/build';
import { build } from '../../tests/helpers/build';
import { listenForGateway, personalToken } from '../../tests/helpers/gateway';
import { demoTenant } from '../../tests/helpers/tenants';
import { DEMO_LANGUAGE_MODEL_NAME } from '../models/seed';

interface Timed {
  status: number;
  body: { error?: { message: string; type: string; code: string | null } };
  ms: number;
}

describe('gateway input limits', () => {
  let t: TestApp;
  let baseURL: string;
  let apiKey: string;

  beforeAll(async () => {
    t = await build({ env: { JOBS: 'false' } });
    const demo = await demoTenant(t);
    apiKey = await personalToken(t, demo.users.user.email);
    baseURL = await listenForGateway(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const timed = async (path: string, body?: unknown): Promise<Timed> => {
    const startedAt = performance.now();
    const response = await fetch(`${baseURL}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(20_000),
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as Timed['body']) : {}, ms: performance.now() - startedAt };
  };
  const complete = (messages: { role: string; content: string }[]) => timed('/chat/completions', { model: DEMO_LANGUAGE_MODEL_NAME, messages });

  it('refuses a 1,000,000-character message with 413 at once, and answers another request meanwhile', async () => {
    const [huge, other] = await Promise.all([complete([{ role: 'user', content: 'x'.repeat(1_000_000) }]), timed('/models')]);
    expect(huge.status).toBe(413);
    expect(huge.body.error).toMatchObject({ type: 'invalid_request_error', code: 'request_too_large' });
    expect(huge.body.error!.message).toContain('32,000 characters');
    expect(huge.ms).toBeLessThan(2_000);
    expect(other.status).toBe(200);
    expect(other.ms).toBeLessThan(2_000);
  });

  it('refuses one message over the cap with 413 naming the message', async () => {
    const answer = await complete([{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'y'.repeat(MAX_PROMPT_CHARS + 1) }]);
    expect(answer.status).toBe(413);
    expect(answer.body.error!.message).toBe('messages.1.content: the message is 32,001 characters long; the limit is 32,000 characters.');
  });

  it('refuses messages over the total cap with 413, each under the per-message cap', async () => {
    const count = Math.floor(MAX_PROMPT_TOTAL_CHARS / MAX_PROMPT_CHARS) + 1;
    const messages = Array.from({ length: count }, (_, index) => ({ role: index % 2 ? 'assistant' : 'user', content: 'hello world '.repeat(MAX_PROMPT_CHARS / 12) }));
    const answer = await complete(messages);
    expect(answer.status).toBe(413);
    expect(answer.body.error!.message).toMatch(/^messages: the messages hold [\d,]+ characters in all; the limit is 128,000 characters\.$/);
  });

  it('answers a message at the cap of one repeated character without spaces quickly', async () => {
    // Long prompts are checked in worker threads: the first one starts them (the tsx loader makes that slow here).
    expect((await complete([{ role: 'user', content: 'warm up '.repeat(500) }])).status).toBe(200);
    const answer = await complete([{ role: 'user', content: 'a'.repeat(MAX_PROMPT_CHARS) }]);
    expect(answer.status).toBe(200);
    expect(answer.ms).toBeLessThan(3_000);
  });
});
