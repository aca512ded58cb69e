import type { LlmProvider } from '../../../domain/schemas/language-models';
import type { OutboundClient, OutboundLimits } from '../../outbound';
import type { SecretBox } from '../../security/secret-box';
import { AnthropicProvider } from './anthropic';
import { DemoProvider } from './demo';
import { ProviderError } from './errors';
import { OpenAiCompatibleProvider } from './openai-compatible';
import type { ChatProvider, ProviderSettings } from './types';

export type { ChatChunk, ChatMessage, ChatProvider, ChatRequest, ChatResult, ChatUsage, ProviderSettings } from './types';
export { ProviderError, sanitizeProviderMessage } from './errors';
export { demoReply, DEMO_REPLY_PREFIX } from './demo';

/** The stored fields of a language model that choose and configure its provider. */
export interface ModelRecordForProvider {
  provider: string;
  model: string;
  base_url: string | null;
  api_version: string | null;
  api_key_enc: string | null;
  max_tokens: number;
  temperature: number;
}

/** Bounds of one exchange with a provider, a long streamed answer included. */
export const PROVIDER_OUTBOUND_LIMITS: Partial<OutboundLimits> = { timeoutMs: 10 * 60_000, maxResponseBytes: 32 * 1024 * 1024, maxRedirects: 3 };

/** Settings straight from the stored record: the base URL is the admin's, never the request's. */
export function settingsOf(record: ModelRecordForProvider, secrets: SecretBox, outbound: OutboundClient, timeoutMs?: number): ProviderSettings {
  return {
    provider: record.provider,
    model: record.model,
    baseUrl: record.base_url,
    apiVersion: record.api_version,
    apiKey: record.api_key_enc ? secrets.decrypt(record.api_key_enc) : null,
    maxTokens: record.max_tokens,
    temperature: record.temperature,
    fetch: outbound.fetcher(PROVIDER_OUTBOUND_LIMITS),
    text: outbound.texter(PROVIDER_OUTBOUND_LIMITS),
    ...(timeoutMs !== undefined ? { timeoutMs } : {}),
  };
}

/** The provider of a stored model; every request it makes goes through the guarded outbound client. */
export function providerFor(record: ModelRecordForProvider, secrets: SecretBox, outbound: OutboundClient, options: { timeoutMs?: number } = {}): ChatProvider {
  const provider = record.provider as LlmProvider;
  switch (provider) {
    case 'demo':
      return new DemoProvider(record.model);
    case 'anthropic':
      return new AnthropicProvider(settingsOf(record, secrets, outbound, options.timeoutMs));
    case 'openai':
    case 'azure-openai':
    case 'ollama':
    case 'openai-compatible':
      return new OpenAiCompatibleProvider(settingsOf(record, secrets, outbound, options.timeoutMs));
    default:
      throw new ProviderError('configuration', `Unknown provider ${String(record.provider)}.`);
  }
}
