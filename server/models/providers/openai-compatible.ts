import OpenAI, { AzureOpenAI } from 'openai';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { AZURE_DEFAULT_API_VERSION } from '../../../domain/schemas/language-models';
import { ProviderError, toProviderError } from './errors';
import type { ChatChunk, ChatProvider, ChatRequest, ChatResult, ProviderSettings } from './types';

export const OPENAI_BASE_URL = 'https://api.openai.com/v1';
export const DEFAULT_PROVIDER_TIMEOUT_MS = 120_000;

/** The client for OpenAI, Azure OpenAI, Ollama (its /v1 API) and any OpenAI-compatible endpoint. */
function clientFor(settings: ProviderSettings): OpenAI {
  // Every option is explicit so that no OPENAI_* / AZURE_* variable of the server's environment can redirect a request.
  const common = {
    maxRetries: 0,
    timeout: settings.timeoutMs ?? DEFAULT_PROVIDER_TIMEOUT_MS,
    organization: null,
    project: null,
    adminAPIKey: null,
    webhookSecret: null,
    fetch: settings.fetch,
  };
  if (settings.provider === 'azure-openai') {
    if (!settings.baseUrl || !settings.apiKey) throw new ProviderError('configuration', 'Azure OpenAI needs a base URL and an API key.');
    return new AzureOpenAI({
      ...common,
      endpoint: settings.baseUrl,
      baseURL: null as unknown as undefined,
      apiKey: settings.apiKey,
      apiVersion: settings.apiVersion ?? AZURE_DEFAULT_API_VERSION,
      deployment: settings.model,
    });
  }
  const baseURL = baseUrlOf(settings);
  if (settings.apiKey) return new OpenAI({ ...common, baseURL, apiKey: settings.apiKey });
  // Without a key (a local Ollama, an open endpoint) no Authorization header is sent: the SDK insists on a key, and the
  // explicit null header removes the one it would build from it.
  return new OpenAI({ ...common, baseURL, apiKey: 'no-key', defaultHeaders: { Authorization: null } });
}

function baseUrlOf(settings: ProviderSettings): string {
  if (settings.provider === 'openai') return settings.baseUrl ?? OPENAI_BASE_URL;
  if (!settings.baseUrl) throw new ProviderError('configuration', 'This provider needs a base URL.');
  // Ollama speaks the OpenAI API under /v1 of its own address.
  return settings.provider === 'ollama' && !/\/v1$/.test(settings.baseUrl) ? `${settings.baseUrl}/v1` : settings.baseUrl;
}

export class OpenAiCompatibleProvider implements ChatProvider {
  constructor(private readonly settings: ProviderSettings) {}

  async complete(req: ChatRequest, signal?: AbortSignal): Promise<ChatResult> {
    try {
      const completion = await clientFor(this.settings).chat.completions.create(this.body(req), { signal });
      const usage = completion.usage;
      return {
        text: completion.choices[0]?.message.content ?? '',
        model: completion.model || this.settings.model,
        ...(usage ? { usage: { inputTokens: usage.prompt_tokens, outputTokens: usage.completion_tokens } } : {}),
      };
    } catch (error) {
      throw toProviderError(error, [this.settings.apiKey], signal);
    }
  }

  async *stream(req: ChatRequest, signal?: AbortSignal): AsyncIterable<ChatChunk> {
    try {
      const stream = await clientFor(this.settings).chat.completions.create(
        { ...this.body(req), stream: true, stream_options: { include_usage: true } },
        { signal },
      );
      for await (const chunk of stream) {
        const text = chunk.choices[0]?.delta?.content;
        if (text) yield { type: 'delta', text };
        if (chunk.usage) yield { type: 'usage', inputTokens: chunk.usage.prompt_tokens, outputTokens: chunk.usage.completion_tokens };
      }
    } catch (error) {
      throw toProviderError(error, [this.settings.apiKey], signal);
    }
  }

  private body(req: ChatRequest) {
    const maxTokens = req.maxTokens ?? this.settings.maxTokens;
    return {
      model: this.settings.model,
      messages: req.messages.map((message): ChatCompletionMessageParam => ({ role: message.role, content: message.content })),
      // OpenAI's own API has replaced max_tokens (which its reasoning models refuse); the others still speak max_tokens.
      ...(this.settings.provider === 'openai' ? { max_completion_tokens: maxTokens } : { max_tokens: maxTokens }),
      temperature: req.temperature ?? this.settings.temperature,
    };
  }
}
