import Anthropic from '@anthropic-ai/sdk';
import type { ContentBlockParam, ImageBlockParam, MessageCreateParamsNonStreaming, MessageParam, ToolChoice } from '@anthropic-ai/sdk/resources/messages/messages';
import { ProviderError, toProviderError } from './errors';
import { DEFAULT_PROVIDER_TIMEOUT_MS } from './openai-compatible';
import type { ChatChunk, ChatMessage, ChatOptions, ChatProvider, ChatRequest, ChatResult, FinishReason, ImagePart, ProviderSettings } from './types';

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

const IMAGE_DATA_URL = /^data:(image\/(?:jpeg|png|gif|webp));base64,(.+)$/s;

function imageBlock(image: ImagePart): ImageBlockParam {
  const data = IMAGE_DATA_URL.exec(image.url);
  if (data) return { type: 'image', source: { type: 'base64', media_type: data[1] as 'image/png', data: data[2]! } };
  return { type: 'image', source: { type: 'url', url: image.url } };
}

/** JSON arguments as Anthropic's tool input object (an unparsable or non-object text is wrapped, not lost). */
function inputOf(args: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(args || '{}');
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : { value };
  } catch {
    return { arguments: args };
  }
}

/** OpenAI's messages as Anthropic's: tool results become user turns of tool_result blocks, consecutive turns of one role merge. */
function messagesOf(messages: readonly ChatMessage[]): MessageParam[] {
  const result: MessageParam[] = [];
  const push = (role: 'user' | 'assistant', blocks: ContentBlockParam[]) => {
    const last = result.at(-1);
    if (last && last.role === role && Array.isArray(last.content)) last.content.push(...blocks);
    else result.push({ role, content: blocks });
  };
  for (const message of messages) {
    if (message.role === 'system') continue;
    if (message.role === 'tool') {
      push('user', [{ type: 'tool_result', tool_use_id: message.toolCallId ?? '', content: message.content }]);
    } else if (message.role === 'assistant') {
      push('assistant', [
        ...(message.content ? [{ type: 'text' as const, text: message.content }] : []),
        ...(message.toolCalls ?? []).map((call): ContentBlockParam => ({ type: 'tool_use', id: call.id, name: call.name, input: inputOf(call.arguments) })),
      ]);
    } else {
      push('user', [...(message.content ? [{ type: 'text' as const, text: message.content }] : []), ...(message.images ?? []).map(imageBlock)]);
    }
  }
  return result;
}

function toolChoiceOf(options: ChatOptions): ToolChoice | undefined {
  const disable = options.parallelToolCalls === false ? { disable_parallel_tool_use: true } : {};
  const choice = options.toolChoice;
  if (choice === undefined) return options.parallelToolCalls === false ? { type: 'auto', ...disable } : undefined;
  if (choice === 'none') return { type: 'none' };
  if (choice === 'auto') return { type: 'auto', ...disable };
  if (choice === 'required') return { type: 'any', ...disable };
  return { type: 'tool', name: choice.name, ...disable };
}

function finishOf(reason: string | null | undefined): FinishReason | undefined {
  if (reason === 'end_turn' || reason === 'stop_sequence') return 'stop';
  if (reason === 'max_tokens') return 'length';
  if (reason === 'tool_use') return 'tool_calls';
  if (reason === 'refusal') return 'content_filter';
  return undefined;
}

export class AnthropicProvider implements ChatProvider {
  private client: Anthropic | undefined;
  constructor(private readonly settings: ProviderSettings) {}

  /** One SDK client per provider, as for OpenAI (openai-compatible.ts); its fetch is the guarded one. */
  private sdk(): Anthropic {
    return (this.client ??= clientFor(this.settings));
  }

  async complete(req: ChatRequest, signal?: AbortSignal): Promise<ChatResult> {
    try {
      const message = await this.sdk().messages.create(this.body(req), { signal });
      const text = message.content.map((block) => (block.type === 'text' ? block.text : '')).join('');
      const toolCalls = message.content.flatMap((block) => (block.type === 'tool_use' ? [{ id: block.id, name: block.name, arguments: JSON.stringify(block.input ?? {}) }] : []));
      const finishReason = finishOf(message.stop_reason);
      return {
        text,
        model: message.model || this.settings.model,
        usage: { inputTokens: message.usage.input_tokens, outputTokens: message.usage.output_tokens },
        ...(toolCalls.length ? { toolCalls } : {}),
        ...(finishReason ? { finishReason } : {}),
      };
    } catch (error) {
      throw toProviderError(error, [this.settings.apiKey], signal);
    }
  }

  async *stream(req: ChatRequest, signal?: AbortSignal): AsyncIterable<ChatChunk> {
    let inputTokens = 0;
    let outputTokens = 0;
    let sawUsage = false;
    // Anthropic numbers content blocks (text and tool_use alike); OpenAI numbers tool calls from 0.
    const toolIndex = new Map<number, number>();
    try {
      const events = await this.sdk().messages.create({ ...this.body(req), stream: true }, { signal });
      for await (const event of events) {
        if (event.type === 'message_start') {
          inputTokens = event.message.usage.input_tokens;
          outputTokens = event.message.usage.output_tokens;
          sawUsage = true;
        } else if (event.type === 'content_block_start' && event.content_block.type === 'tool_use') {
          const index = toolIndex.size;
          toolIndex.set(event.index, index);
          yield { type: 'tool_call', index, id: event.content_block.id, name: event.content_block.name };
        } else if (event.type === 'content_block_delta' && event.delta.type === 'text_delta' && event.delta.text) {
          yield { type: 'delta', text: event.delta.text };
        } else if (event.type === 'content_block_delta' && event.delta.type === 'input_json_delta' && event.delta.partial_json) {
          const index = toolIndex.get(event.index);
          if (index !== undefined) yield { type: 'tool_call', index, arguments: event.delta.partial_json };
        } else if (event.type === 'message_delta') {
          // message_delta carries cumulative output tokens.
          outputTokens = event.usage.output_tokens;
          sawUsage = true;
          const finish = finishOf(event.delta.stop_reason);
          if (finish) yield { type: 'finish', reason: finish };
        }
      }
    } catch (error) {
      throw toProviderError(error, [this.settings.apiKey], signal);
    }
    if (sawUsage) yield { type: 'usage', inputTokens, outputTokens };
  }

  /** Anthropic takes system text apart from the conversation; parameters it cannot honour are refused before (capabilities.ts). */
  private body(req: ChatRequest): MessageCreateParamsNonStreaming {
    const system = req.messages.filter((message) => message.role === 'system').map((message) => message.content).join('\n\n');
    const options = req.options ?? {};
    const toolChoice = toolChoiceOf(options);
    return {
      model: this.settings.model,
      // No temperature: Anthropic's current API version (2026-10-21, SDK 1.x) no longer takes one. max_tokens is
      // required by the API: the model's configured limit when the caller set none.
      max_tokens: req.maxTokens ?? this.settings.maxTokens,
      messages: messagesOf(req.messages),
      ...(system ? { system } : {}),
      ...(options.stop?.length ? { stop_sequences: options.stop } : {}),
      ...(options.user ? { metadata: { user_id: options.user } } : {}),
      ...(options.tools?.length ? { tools: options.tools.map((tool) => ({ name: tool.name, ...(tool.description !== undefined ? { description: tool.description } : {}), input_schema: { type: 'object' as const, ...(tool.parameters ?? {}) } })) } : {}),
      ...(toolChoice ? { tool_choice: toolChoice } : {}),
    };
  }
}
