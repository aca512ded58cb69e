import { DEMO_MODEL_NAME } from '../../../domain/schemas/language-models';
import { ProviderError } from './errors';
import type { ChatChunk, ChatProvider, ChatRequest, ChatResult, ChatUsage, EmbeddingOptions, EmbeddingResult, FinishReason, ToolCall, ToolDefinition } from './types';

export const DEMO_REPLY_PREFIX = '[Offline demo model]';
const CHUNK_CHARACTERS = 12;
/** The demo embedding's length when the caller asks for none. */
export const DEMO_EMBEDDING_DIMENSIONS = 64;
export const DEMO_EMBEDDING_MAX_DIMENSIONS = 3072;

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
  const images = lastUser?.images?.length ?? 0;
  const last = req.messages.at(-1);
  if (req.options?.responseFormat && req.options.responseFormat.type !== 'text') {
    // JSON mode: the same facts as one JSON object.
    return JSON.stringify({ received: lastUser?.content ?? '', ...(context.length ? { context: context.map((message) => message.content) } : {}), ...(last?.role === 'tool' ? { tool_result: last.content } : {}) });
  }
  if (last?.role === 'tool') return `${DEMO_REPLY_PREFIX} The tool returned: «${last.content}»`;
  let reply = `${DEMO_REPLY_PREFIX} I received: «${lastUser?.content ?? ''}»`;
  if (images) reply += ` and ${images} image${images === 1 ? '' : 's'}`;
  if (context.length) reply += `\n\nWith this context:\n${context.map((message) => `«${message.content}»`).join('\n')}`;
  return reply;
}

/** The first string property of a tool's parameter schema, else "input": where the demo puts the user's words. */
function argumentName(tool: ToolDefinition): string {
  const properties = (tool.parameters?.properties ?? {}) as Record<string, { type?: unknown }>;
  return Object.entries(properties).find(([, schema]) => schema?.type === 'string')?.[0] ?? 'input';
}

/**
 * The demo model's tool call, deterministic: only when tools are given, tool_choice is not "none" and the last
 * message is the user's (after a tool result it answers in text). It calls the tool tool_choice names; else, with
 * tool_choice "required", or when the user's message contains a tool's name, that tool (the first named, else the
 * first given). The arguments: `{"<the tool's first string parameter, else input>": "<the user's message>"}`.
 */
export function demoToolCall(req: ChatRequest): ToolCall | null {
  const tools = req.options?.tools ?? [];
  const choice = req.options?.toolChoice;
  const last = req.messages.at(-1);
  if (!tools.length || choice === 'none' || last?.role !== 'user') return null;
  const named = typeof choice === 'object' ? tools.find((tool) => tool.name === choice.name) : tools.find((tool) => last.content.includes(tool.name));
  const tool = named ?? (choice === 'required' ? tools[0] : undefined);
  if (!tool) return null;
  const turn = req.messages.filter((message) => message.role === 'assistant').length + 1;
  return { id: `call_demo_${turn}`, name: tool.name, arguments: JSON.stringify({ [argumentName(tool)]: last.content }) };
}

/** The reply cut at the first stop sequence and at max tokens (four characters a token), with why it ended. */
function limited(req: ChatRequest, text: string): { text: string; finishReason: FinishReason } {
  let result = text;
  for (const stop of req.options?.stop ?? []) {
    const at = stop ? result.indexOf(stop) : -1;
    if (at >= 0) result = result.slice(0, at);
  }
  const characters = [...result];
  if (req.maxTokens !== undefined && characters.length > req.maxTokens * 4) return { text: characters.slice(0, req.maxTokens * 4).join(''), finishReason: 'length' };
  return { text: result, finishReason: 'stop' };
}

function usageOf(req: ChatRequest, reply: string): ChatUsage {
  return { inputTokens: req.messages.reduce((sum, message) => sum + estimateTokens(message.content), 0), outputTokens: estimateTokens(reply) };
}

function assertNotAborted(signal?: AbortSignal): void {
  if (signal?.aborted) throw new ProviderError('aborted', 'The request to the provider was cancelled.');
}

/** FNV-1a, 32 bits: a word's bucket and sign in the demo embedding. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * The demo embedding: the text's lower-cased words hashed into `dimensions` buckets (a signed bag of words),
 * L2-normalised. Deterministic and offline; texts sharing words are close, so retrieval demos work without a model.
 */
export function demoEmbedding(text: string, dimensions = DEMO_EMBEDDING_DIMENSIONS): number[] {
  const vector = new Array<number>(dimensions).fill(0);
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    const h = hash(word);
    vector[h % dimensions]! += h & 0x80000000 ? -1 : 1;
  }
  const norm = Math.sqrt(vector.reduce((sum, value) => sum + value * value, 0));
  return norm ? vector.map((value) => value / norm) : vector;
}

export class DemoProvider implements ChatProvider {
  constructor(private readonly model: string = DEMO_MODEL_NAME) {}

  async complete(req: ChatRequest, signal?: AbortSignal): Promise<ChatResult> {
    assertNotAborted(signal);
    const call = demoToolCall(req);
    if (call) return { text: '', toolCalls: [call], finishReason: 'tool_calls', usage: usageOf(req, call.arguments), model: this.model };
    const { text, finishReason } = limited(req, demoReply(req));
    return { text, finishReason, usage: usageOf(req, text), model: this.model };
  }

  async *stream(req: ChatRequest, signal?: AbortSignal): AsyncIterable<ChatChunk> {
    const call = demoToolCall(req);
    if (call) {
      assertNotAborted(signal);
      yield { type: 'tool_call', index: 0, id: call.id, name: call.name };
      // The arguments in pieces, as real providers stream them.
      const characters = [...call.arguments];
      for (let start = 0; start < characters.length; start += CHUNK_CHARACTERS) yield { type: 'tool_call', index: 0, arguments: characters.slice(start, start + CHUNK_CHARACTERS).join('') };
      yield { type: 'finish', reason: 'tool_calls' };
      yield { type: 'usage', ...usageOf(req, call.arguments) };
      return;
    }
    const { text, finishReason } = limited(req, demoReply(req));
    const characters = [...text];
    for (let start = 0; start < characters.length; start += CHUNK_CHARACTERS) {
      assertNotAborted(signal);
      yield { type: 'delta', text: characters.slice(start, start + CHUNK_CHARACTERS).join('') };
      // Let other work run between chunks, as a real stream would.
      await new Promise((resolve) => setImmediate(resolve));
    }
    assertNotAborted(signal);
    yield { type: 'finish', reason: finishReason };
    yield { type: 'usage', ...usageOf(req, text) };
  }

  async embed(texts: string[], options: EmbeddingOptions = {}, signal?: AbortSignal): Promise<EmbeddingResult> {
    assertNotAborted(signal);
    const dimensions = options.dimensions ?? DEMO_EMBEDDING_DIMENSIONS;
    if (!Number.isInteger(dimensions) || dimensions < 1 || dimensions > DEMO_EMBEDDING_MAX_DIMENSIONS) throw new ProviderError('configuration', `The demo model's embeddings have 1 to ${DEMO_EMBEDDING_MAX_DIMENSIONS} dimensions.`);
    return { vectors: texts.map((text) => demoEmbedding(text, dimensions)), inputTokens: texts.reduce((sum, text) => sum + estimateTokens(text), 0), model: this.model };
  }
}
