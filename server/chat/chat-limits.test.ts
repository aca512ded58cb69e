// Denial of service through the chat: a huge message is refused by its size before it is parsed (413), one over the
// cap with the field's message (400), and the server keeps answering other requests meanwhile.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PROMPT_CHARS } from '../../domain/schemas/chat';
import type { TestApp } from '../../tests/helpers/build';
import { build } from '../../tests/helpers/build';
import { demoTenant } from '../../tests/helpers/tenants';
import { caller, demoModelId, newConversation, sendMessage } from './chat.fixtures';

describe('chat input limits', () => {
  let t: TestApp;
  let user: string;
  let modelId: number;
  let cid: string;
  const call = (...args: Parameters<ReturnType<typeof caller>>) => caller(t)(...args);
  const timed = async <T>(work: Promise<T>): Promise<{ value: T; ms: number }> => {
    const startedAt = performance.now();
    const value = await work;
    return { value, ms: performance.now() - startedAt };
  };

  beforeAll(async () => {
    t = await build({ env: { JOBS: 'false' } });
    const demo = await demoTenant(t);
    user = await t.login(demo.users.user.email);
    modelId = await demoModelId(t, demo.organizationId);
    cid = await newConversation(t, user);
  });
  afterAll(async () => {
    await t.close();
  });

  const send = (Content: string) => call(user, 'POST', `/api/v1/chat/conversations/${cid}/messages`, { MessageType: 'PROMPT_LLM', Content, LanguageModelId: modelId });

  it('refuses a 1,000,000-character message with 413 before parsing it, and answers another request meanwhile', async () => {
    const [huge, other] = await Promise.all([timed(send('x'.repeat(1_000_000))), timed(call(user, 'GET', '/api/v1/chat/models'))]);
    expect(huge.value.statusCode).toBe(413);
    expect(huge.value.json()).toEqual({ message: 'The request is too large.' });
    expect(huge.ms).toBeLessThan(2_000);
    expect(other.value.statusCode).toBe(200);
    expect(other.ms).toBeLessThan(2_000);
  });

  it('refuses a message one character over the cap with the field message', async () => {
    const answer = await send('y'.repeat(MAX_PROMPT_CHARS + 1));
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ message: 'Some fields are not valid.', errors: { Content: `Message must be at most ${MAX_PROMPT_CHARS} characters` } });
  });

  it('answers a message at the cap of one repeated character without spaces quickly', async () => {
    // Long prompts are checked in worker threads: the first one starts them (the tsx loader makes that slow here).
    await sendMessage(t, user, cid, { MessageType: 'PROMPT_LLM', Content: 'warm up '.repeat(500), LanguageModelId: modelId });
    const sent = await timed(sendMessage(t, user, cid, { MessageType: 'PROMPT_LLM', Content: 'a'.repeat(MAX_PROMPT_CHARS), LanguageModelId: modelId }));
    expect(sent.value.message.Status).toBe('success');
    expect(sent.ms).toBeLessThan(3_000);
  });
});
