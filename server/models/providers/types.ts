// The one interface the prompt pipeline talks to, whatever the provider behind it.
import type { FetchLike, TextExchange } from '../../outbound';

/** A function call the model asked for (OpenAI's `tool_calls[]` entry, flattened). `arguments` is JSON text. */
export interface ToolCall {
  id: string;
  name: string;
  arguments: string;
}

/** An image part of a user message: an https URL or a `data:image/…;base64,` URL. */
export interface ImagePart {
  url: string;
  detail?: 'auto' | 'low' | 'high';
}

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant' | 'tool';
  content: string;
  /** User messages: image parts after the text (only for vision-capable models). */
  images?: ImagePart[];
  /** Assistant messages: the tool calls it made (the content may be empty). */
  toolCalls?: ToolCall[];
  /** Tool messages: the call this is the result of. */
  toolCallId?: string;
}

/** A function the model may call (OpenAI's `tools[]` entry of type function). */
export interface ToolDefinition {
  name: string;
  description?: string;
  /** JSON Schema of the arguments. */
  parameters?: Record<string, unknown>;
  strict?: boolean;
}

export type ToolChoice = 'auto' | 'none' | 'required' | { name: string };

export type ResponseFormat = { type: 'text' } | { type: 'json_object' } | { type: 'json_schema'; json_schema: { name: string; description?: string; schema?: Record<string, unknown>; strict?: boolean | null } };

/**
 * The OpenAI chat parameters beyond messages that a caller may set. Each is sent only when set; a provider that
 * cannot honour one says so (`unsupportedParameter` in capabilities.ts) before the call, never drops it.
 */
export interface ChatOptions {
  topP?: number;
  stop?: string[];
  seed?: number;
  presencePenalty?: number;
  frequencyPenalty?: number;
  /** The end user, for the provider's abuse monitoring. */
  user?: string;
  tools?: ToolDefinition[];
  toolChoice?: ToolChoice;
  parallelToolCalls?: boolean;
  responseFormat?: ResponseFormat;
}

export interface ChatRequest {
  messages: ChatMessage[];
  /** Defaults to the model's configured limit, unless `forwardOnly`. */
  maxTokens?: number;
  /** Defaults to the model's configured temperature, unless `forwardOnly`. */
  temperature?: number;
  /**
   * Send only what is set here (the gateway: forward what the app sent): no configured max tokens or temperature.
   * Anthropic, whose API requires max_tokens, still gets the model's configured limit when none is given.
   */
  forwardOnly?: boolean;
  options?: ChatOptions;
}

export interface ChatUsage {
  inputTokens: number;
  outputTokens: number;
}

export type FinishReason = 'stop' | 'length' | 'tool_calls' | 'content_filter';

export interface ChatResult {
  text: string;
  /** The function calls the model asked for, when it did. */
  toolCalls?: ToolCall[];
  finishReason?: FinishReason;
  usage?: ChatUsage;
  /** The model that answered, as the provider names it. */
  model: string;
}

/**
 * A streamed answer: text deltas, tool-call fragments (OpenAI's shape: `index` tells the calls apart; `id` and
 * `name` come with a call's first fragment, `arguments` arrive in pieces to be concatenated), the finish reason, usage.
 */
export type ChatChunk =
  | { type: 'delta'; text: string }
  | { type: 'tool_call'; index: number; id?: string; name?: string; arguments?: string }
  | { type: 'finish'; reason: FinishReason }
  | ({ type: 'usage' } & ChatUsage);

export interface EmbeddingResult {
  /** One vector per input text, in order. */
  vectors: number[][];
  /** Input tokens, when the provider reports them. */
  inputTokens?: number;
  model: string;
}

export interface EmbeddingOptions {
  /** Ask the model for vectors of this length (OpenAI's text-embedding-3 models and the demo model). */
  dimensions?: number;
  user?: string;
}

export interface ChatProvider {
  complete(req: ChatRequest, signal?: AbortSignal): Promise<ChatResult>;
  stream(req: ChatRequest, signal?: AbortSignal): AsyncIterable<ChatChunk>;
  /**
   * Embeds texts with the configured model (one vector per text, in order); absent when the provider has no
   * embeddings API (Anthropic). The texts are sent as given: governing them is the caller's concern.
   */
  embed?(texts: string[], options?: EmbeddingOptions, signal?: AbortSignal): Promise<EmbeddingResult>;
}

/** What a provider needs of a language model record: the admin-set settings and the decrypted key. */
export interface ProviderSettings {
  provider: string;
  model: string;
  baseUrl: string | null;
  apiVersion: string | null;
  apiKey: string | null;
  maxTokens: number;
  temperature: number;
  /** Per-request time limit; the caller's signal may end a request sooner. */
  timeoutMs?: number;
  /** The guarded outbound fetch every request goes through. */
  fetch: FetchLike;
  /** The same guarded client for a call whose answer is read whole as text (a non-streamed completion). */
  text: TextExchange;
}
