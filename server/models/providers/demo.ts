import { DEMO_MODEL_NAME } from '../../../domain/schemas/language-models';
import { ProviderError } from './errors';
import type { ChatChunk, ChatProvider, ChatRequest, ChatResult, ChatUsage } from './types';

export const DEMO_REPLY_PREFIX = '[Offline demo model]';
const CHUNK_CHARACTERS = 12;

/** A rough, deterministic token count: about four characters a token. */
export function estimateTokens(text: string): number {
  return text ? Math.ceil([...text].length / 4) : 0;
}

/**
 * The built-in offline model: no key, no network. It answers by quoting what it received (the last user message,
 * then any system or context messages), so that what the pipeline sent to the model is visible.
 */
export function demoReply(req: ChatRequest): string {
  const lastUser = [...req.messages].reverse().find((message) => message.role === 'user');
  const context = req.messages.filter((message) => message.role === 'system');
  let reply = `${DEMO_REPLY_PREFIX} I received: «${lastUser?.content ?? ''}»`;
  if (context.length) reply += `\n\nWith this context:\n${context.map((message) => `«${message.content}»`).join('\n')}`;
  return reply;
}

function usageOf(req: ChatRequest, reply: string): ChatUsage {
  return { inputTokens: req.messages.reduce((sum, message) => sum + estimateTokens(message.content), 0), outputTokens: estimateTokens(reply) };
}

function assertNotAborted(signal?: AbortSignal): void {
  if (signal?.aborted) throw new ProviderError('aborted', 'The request to the provider was cancelled.');
}

export class DemoProvider implements ChatProvider {
  constructor(private readonly model: string = DEMO_MODEL_NAME) {}

  async complete(req: ChatRequest, signal?: AbortSignal): Promise<ChatResult> {
    assertNotAborted(signal);
    const text = demoReply(req);
    return { text, usage: usageOf(req, text), model: this.model };
  }

  async *stream(req: ChatRequest, signal?: AbortSignal): AsyncIterable<ChatChunk> {
    const text = demoReply(req);
    const characters = [...text];
    for (let start = 0; start < characters.length; start += CHUNK_CHARACTERS) {
      assertNotAborted(signal);
      yield { type: 'delta', text: characters.slice(start, start + CHUNK_CHARACTERS).join('') };
      // Let other work run between chunks, as a real stream would.
      await new Promise((resolve) => setImmediate(resolve));
    }
    assertNotAborted(signal);
    yield { type: 'usage', ...usageOf(req, text) };
  }
}
