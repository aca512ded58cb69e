// The one interface the prompt pipeline talks to, whatever the provider behind it.
import type { FetchLike } from '../../outbound';

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ChatRequest {
  messages: ChatMessage[];
  /** Defaults to the model's configured limit. */
  maxTokens?: number;
  /** Defaults to the model's configured temperature. */
  temperature?: number;
}

export interface ChatUsage {
  inputTokens: number;
  outputTokens: number;
}

export interface ChatResult {
  text: string;
  usage?: ChatUsage;
  /** The model that answered, as the provider names it. */
  model: string;
}

export type ChatChunk = { type: 'delta'; text: string } | ({ type: 'usage' } & ChatUsage);

export interface ChatProvider {
  complete(req: ChatRequest, signal?: AbortSignal): Promise<ChatResult>;
  stream(req: ChatRequest, signal?: AbortSignal): AsyncIterable<ChatChunk>;
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
}
