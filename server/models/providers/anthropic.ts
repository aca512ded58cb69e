import Anthropic from '@anthropic-ai/sdk';
import type { MessageCreateParamsNonStreaming, MessageParam } from '@anthropic-ai/sdk/resources/messages/messages';
import { ProviderError, toProviderError } from './errors';
import { DEFAULT_PROVIDER_TIMEOUT_MS } from './openai-compatible';
import type { ChatChunk, ChatProvider, ChatRequest, ChatResult, ProviderSettings } from './types';

export const ANTHROPIC_BASE_URL = 'https://api.anthropic.com';

function clientFor(settings: ProviderSettings): Anthropic {
  if (!settings.apiKey) throw new ProviderError('configuration', 'Anthropic needs an API key.');
  // Key and base URL are always explicit, so neither ANTHROPIC_* variables nor a credentials profile on disk apply.
  return new Anthropic({
    apiKey: settings.apiKey,
    authToken: null,
    baseURL: settings.baseUrl ?? ANTHROPIC_BASE_URL,
    maxRetries: 0,
    timeout: settings.timeoutMs ?? DEFAULT_PROVIDER_TIMEOUT_MS,
    openTelemetry: false,
    fetch: settings.fetch,
  });
}

export class AnthropicProvider implements ChatProvider {
  constructor(private readonly settings: ProviderSettings) {}

  async complete(req: ChatRequest, signal?: AbortSignal): Promise<ChatResult> {
    try {
      const message = await clientFor(this.settings).messages.create(this.body(req), { signal });
      const text = message.content.map((block) => (block.type === 'text' ? block.text : '')).join('');
      return { text, model: message.model || this.settings.model, usage: { inputTokens: message.usage.input_tokens, outputTokens: message.usage.output_tokens } };
    } catch (error) {
      throw toProviderError(error, [this.settings.apiKey], signal);
    }
  }

  async *stream(req: ChatRequest, signal?: AbortSignal): AsyncIterable<ChatChunk> {
    let inputTokens = 0;
    let outputTokens = 0;
    let sawUsage = false;
    try {
      const events = await clientFor(this.settings).messages.create({ ...this.body(req), stream: true }, { signal });
      for await (const event of events) {
        if (event.type === 'message_start') {
          inputTokens = event.message.usage.input_tokens;
          outputTokens = event.message.usage.output_tokens;
          sawUsage = true;
        } else if (event.type === 'content_block_delta' && event.delta.type === 'text_delta' && event.delta.text) {
          yield { type: 'delta', text: event.delta.text };
        } else if (event.type === 'message_delta') {
          // message_delta carries cumulative output tokens.
          outputTokens = event.usage.output_tokens;
          sawUsage = true;
        }
      }
    } catch (error) {
      throw toProviderError(error, [this.settings.apiKey], signal);
    }
    if (sawUsage) yield { type: 'usage', inputTokens, outputTokens };
  }

  /** Anthropic takes system text apart from the conversation. */
  private body(req: ChatRequest): MessageCreateParamsNonStreaming {
    const system = req.messages.filter((message) => message.role === 'system').map((message) => message.content).join('\n\n');
    const messages = req.messages
      .filter((message) => message.role !== 'system')
      .map((message): MessageParam => ({ role: message.role as 'user' | 'assistant', content: message.content }));
    return {
      model: this.settings.model,
      // No temperature: Anthropic's current API version (2026-10-21, SDK 1.x) no longer takes one.
      max_tokens: req.maxTokens ?? this.settings.maxTokens,
      messages,
      ...(system ? { system } : {}),
    };
  }
}
