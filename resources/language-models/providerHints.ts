import type { LlmProvider } from '../../domain';
import { LLM_PROVIDERS, LLM_PROVIDER_LABELS, LLM_PROVIDERS_NEEDING_API_KEY, LLM_PROVIDERS_NEEDING_BASE_URL } from '../../domain';

export const PROVIDER_CHOICES = LLM_PROVIDERS.map((provider) => ({ id: provider, name: LLM_PROVIDER_LABELS[provider] }));

/** What the form says about each provider's fields. */
export interface ProviderHints {
  model: string;
  baseUrl: string;
}

export const PROVIDER_HINTS: Record<LlmProvider, ProviderHints> = {
  openai: { model: 'e.g. gpt-4o-mini', baseUrl: 'Optional: only to reach OpenAI through a proxy' },
  'azure-openai': { model: 'The deployment name of your Azure OpenAI resource', baseUrl: 'e.g. https://my-resource.openai.azure.com' },
  anthropic: { model: 'e.g. claude-3-5-haiku-latest', baseUrl: 'Optional: only to reach Anthropic through a proxy' },
  ollama: { model: 'e.g. llama3.1', baseUrl: 'e.g. http://ollama.internal:11434 (a private or local address must be allowed in OUTBOUND_ALLOW_HOSTS on the server)' },
  'openai-compatible': { model: 'The model name the endpoint expects', baseUrl: 'e.g. https://llm.example.com/v1' },
  demo: { model: 'offline-demo', baseUrl: '' },
};

export const needsBaseUrl = (provider: LlmProvider | undefined) => provider !== undefined && LLM_PROVIDERS_NEEDING_BASE_URL.includes(provider);
export const needsApiKey = (provider: LlmProvider | undefined) => provider !== undefined && LLM_PROVIDERS_NEEDING_API_KEY.includes(provider);
