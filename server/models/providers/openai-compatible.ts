import OpenAI, { AzureOpenAI } from 'openai';
import type { ChatCompletion, ChatCompletionMessageParam, ChatCompletionToolChoiceOption } from 'openai/resources/chat/completions';
import { AZURE_DEFAULT_API_VERSION } from '../../../domain/schemas/language-models';
import { ProviderError, toProviderError } from './errors';
import type { ChatChunk, ChatMessage, ChatProvider, ChatRequest, ChatResult, EmbeddingOptions, EmbeddingResult, FinishReason, ProviderSettings, ToolChoice } from './types';

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

/** A provider's finish reason in the gateway's terms ('function_call' is the legacy name of a tool call). */
export function finishReasonOf(reason: string | null | undefined): FinishReason | undefined {
  if (reason === 'stop' || reason === 'length' || reason === 'tool_calls' || reason === 'content_filter') return reason;
  return reason === 'function_call' ? 'tool_calls' : undefined;
}

function messageParam(message: ChatMessage): ChatCompletionMessageParam {
  switch (message.role) {
    case 'system':
      return { role: 'system', content: message.content };
    case 'tool':
      return { role: 'tool', tool_call_id: message.toolCallId ?? '', content: message.content };
    case 'assistant':
      return {
        role: 'assistant',
        content: message.toolCalls?.length && !message.content ? null : message.content,
        ...(message.toolCalls?.length ? { tool_calls: message.toolCalls.map((call) => ({ id: call.id, type: 'function' as const, function: { name: call.name, arguments: call.arguments } })) } : {}),
      };
    case 'user':
      if (!message.images?.length) return { role: 'user', content: message.content };
      return {
        role: 'user',
        content: [
          ...(message.content ? [{ type: 'text' as const, text: message.content }] : []),
          ...message.images.map((image) => ({ type: 'image_url' as const, image_url: { url: image.url, ...(image.detail ? { detail: image.detail } : {}) } })),
        ],
      };
  }
}

function toolChoiceParam(choice: ToolChoice): ChatCompletionToolChoiceOption {
  return typeof choice === 'string' ? choice : { type: 'function', function: { name: choice.name } };
}

export class OpenAiCompatibleProvider implements ChatProvider {
  private client: OpenAI | undefined;
  constructor(private readonly settings: ProviderSettings) {}

  /**
   * One SDK client per provider (providers are cached per caller and model until the configuration changes): building
   * one per call cost more than the call's own bookkeeping. Its fetch is the guarded one, which checks every call.
   */
  private sdk(): OpenAI {
    return (this.client ??= clientFor(this.settings));
  }

  async complete(req: ChatRequest, signal?: AbortSignal): Promise<ChatResult> {
    if (this.settings.provider === 'azure-openai') return this.completeWith(() => this.sdk().chat.completions.create(this.body(req), { signal }), signal);
    // The time limit is the guarded exchange's one timer, cleared with the call (no signal of our own: ~10 µs each).
    return this.completeWith(() => this.postCompletion(req, signal), signal);
  }

  /**
   * The one non-streamed call of OpenAI's API posted as JSON through the guarded client, without the SDK: the SDK's own
   * bookkeeping per request (its headers, its debug-log formatting, done even when logging is off) cost about as much
   * as the guarded call itself, on a path every gateway prompt takes; and without a platform Response (`text`). Its
   * answers and errors read as the SDK's do.
   */
  private async postCompletion(req: ChatRequest, signal: AbortSignal | undefined): Promise<ChatCompletion> {
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
    if (this.settings.apiKey) headers.authorization = `Bearer ${this.settings.apiKey}`;
    const response = await this.settings.text(`${baseUrlOf(this.settings).replace(/\/+$/, '')}/chat/completions`, { method: 'POST', headers, body: JSON.stringify(this.body(req)), signal, timeoutMs: this.settings.timeoutMs ?? DEFAULT_PROVIDER_TIMEOUT_MS });
    const { text } = response;
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    if (!response.ok) throw Object.assign(new Error(text.trim() || `${response.status} status code (no body)`), { status: response.status, error: body });
    if (!body || typeof body !== 'object' || !Array.isArray((body as ChatCompletion).choices)) throw new ProviderError('upstream', 'The provider answered something that is not a chat completion.');
    return body as ChatCompletion;
  }

  private async completeWith(call: () => Promise<ChatCompletion>, signal?: AbortSignal): Promise<ChatResult> {
    try {
      const completion = await call();
      const usage = completion.usage;
      const choice = completion.choices[0];
      const toolCalls = (choice?.message.tool_calls ?? []).flatMap((call) => (call.type === 'function' ? [{ id: call.id, name: call.function.name, arguments: call.function.arguments }] : []));
      const finishReason = finishReasonOf(choice?.finish_reason);
      return {
        text: choice?.message.content ?? '',
        model: completion.model || this.settings.model,
        ...(toolCalls.length ? { toolCalls } : {}),
        ...(finishReason ? { finishReason } : {}),
        ...(usage ? { usage: { inputTokens: usage.prompt_tokens, outputTokens: usage.completion_tokens } } : {}),
      };
    } catch (error) {
      throw toProviderError(error, [this.settings.apiKey], signal);
    }
  }

  async *stream(req: ChatRequest, signal?: AbortSignal): AsyncIterable<ChatChunk> {
    try {
      const stream = await this.sdk().chat.completions.create(
        { ...this.body(req), stream: true, stream_options: { include_usage: true } },
        { signal },
      );
      for await (const chunk of stream) {
        const choice = chunk.choices[0];
        const text = choice?.delta?.content;
        if (text) yield { type: 'delta', text };
        for (const call of choice?.delta?.tool_calls ?? []) {
          yield { type: 'tool_call', index: call.index, ...(call.id ? { id: call.id } : {}), ...(call.function?.name ? { name: call.function.name } : {}), ...(call.function?.arguments ? { arguments: call.function.arguments } : {}) };
        }
        const finish = finishReasonOf(choice?.finish_reason);
        if (finish) yield { type: 'finish', reason: finish };
        if (chunk.usage) yield { type: 'usage', inputTokens: chunk.usage.prompt_tokens, outputTokens: chunk.usage.completion_tokens };
      }
    } catch (error) {
      throw toProviderError(error, [this.settings.apiKey], signal);
    }
  }

  async embed(texts: string[], options: EmbeddingOptions = {}, signal?: AbortSignal): Promise<EmbeddingResult> {
    try {
      const answer = await this.sdk().embeddings.create(
        { model: this.settings.model, input: texts, encoding_format: 'float', ...(options.dimensions ? { dimensions: options.dimensions } : {}), ...(options.user ? { user: options.user } : {}) },
        { signal },
      );
      const vectors = [...answer.data].sort((a, b) => a.index - b.index).map((item) => item.embedding);
      if (vectors.length !== texts.length) throw new ProviderError('upstream', `The provider answered ${vectors.length} embeddings for ${texts.length} texts.`);
      return { vectors, model: answer.model || this.settings.model, ...(answer.usage ? { inputTokens: answer.usage.prompt_tokens } : {}) };
    } catch (error) {
      throw toProviderError(error, [this.settings.apiKey], signal);
    }
  }

  private body(req: ChatRequest) {
    const maxTokens = req.maxTokens ?? (req.forwardOnly ? undefined : this.settings.maxTokens);
    const temperature = req.temperature ?? (req.forwardOnly ? undefined : this.settings.temperature);
    const o = req.options ?? {};
    return {
      model: this.settings.model,
      messages: req.messages.map(messageParam),
      // OpenAI's own API has replaced max_tokens (which its reasoning models refuse); the others still speak max_tokens.
      ...(maxTokens === undefined ? {} : this.settings.provider === 'openai' ? { max_completion_tokens: maxTokens } : { max_tokens: maxTokens }),
      ...(temperature === undefined ? {} : { temperature }),
      ...(o.topP !== undefined ? { top_p: o.topP } : {}),
      ...(o.stop?.length ? { stop: o.stop } : {}),
      ...(o.seed !== undefined ? { seed: o.seed } : {}),
      ...(o.presencePenalty !== undefined ? { presence_penalty: o.presencePenalty } : {}),
      ...(o.frequencyPenalty !== undefined ? { frequency_penalty: o.frequencyPenalty } : {}),
      ...(o.user !== undefined ? { user: o.user } : {}),
      ...(o.tools?.length ? { tools: o.tools.map((tool) => ({ type: 'function' as const, function: { name: tool.name, ...(tool.description !== undefined ? { description: tool.description } : {}), ...(tool.parameters ? { parameters: tool.parameters } : {}), ...(tool.strict !== undefined ? { strict: tool.strict } : {}) } })) } : {}),
      ...(o.toolChoice !== undefined ? { tool_choice: toolChoiceParam(o.toolChoice) } : {}),
      ...(o.parallelToolCalls !== undefined ? { parallel_tool_calls: o.parallelToolCalls } : {}),
      ...(o.responseFormat ? { response_format: o.responseFormat } : {}),
    };
  }
}
