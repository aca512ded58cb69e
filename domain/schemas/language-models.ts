import { z } from 'zod';
import { ConfigStatus } from '../enums';
import { idList, IsoDateSchema, optionalText, requiredText } from './fields';

// Language models of an organization (the "/admin/language-models" page) and what a USER sees of them.

export const LLM_PROVIDERS = ['openai', 'azure-openai', 'anthropic', 'ollama', 'openai-compatible', 'demo'] as const;
export type LlmProvider = (typeof LLM_PROVIDERS)[number];
export const LLM_PROVIDER_LABELS: Record<LlmProvider, string> = {
  openai: 'OpenAI',
  'azure-openai': 'Azure OpenAI',
  anthropic: 'Anthropic',
  ollama: 'Ollama',
  'openai-compatible': 'OpenAI-compatible endpoint',
  demo: 'Offline demo model (built-in)',
};

/** Providers that cannot work without an admin-set endpoint. */
export const LLM_PROVIDERS_NEEDING_BASE_URL: readonly LlmProvider[] = ['azure-openai', 'ollama', 'openai-compatible'];
/** Providers that cannot work without an API key. */
export const LLM_PROVIDERS_NEEDING_API_KEY: readonly LlmProvider[] = ['openai', 'azure-openai', 'anthropic'];
export const AZURE_DEFAULT_API_VERSION = '2024-10-21';
export const DEMO_MODEL_NAME = 'offline-demo';

export const LLM_MAX_TOKENS_LIMIT = 200_000;
export const LLM_DEFAULT_MAX_TOKENS = 1024;
export const LLM_DEFAULT_TEMPERATURE = 0.7;

export const CONFIG_STATUSES = [ConfigStatus.UNKNOWN, ConfigStatus.TESTING, ConfigStatus.ERROR, ConfigStatus.SUCCESS] as const;
export type ConfigStatusValue = (typeof CONFIG_STATUSES)[number];
export const ConfigStatusSchema = z.union(CONFIG_STATUSES.map((status) => z.literal(status))) as unknown as z.ZodType<ConfigStatusValue>;

/** Integer ids: the metrics API filters by `llmID (int)`. */
export const LanguageModelIdSchema = z.number().int().positive();

export const LlmProviderSchema = z.enum(LLM_PROVIDERS, { error: `Provider must be one of ${LLM_PROVIDERS.join(', ')}` });

/** http(s) without user name, password, query or fragment: credentials belong in the API key field. */
export function isAcceptableBaseUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password && !url.search && !url.hash;
}

/** What an organization admin sees and edits. The API key itself is never returned. */
export const LanguageModelSchema = z.object({
  id: LanguageModelIdSchema,
  Name: z.string(),
  Provider: LlmProviderSchema,
  Model: z.string(),
  BaseUrl: z.string().nullable(),
  /** Azure OpenAI only. */
  ApiVersion: z.string().nullable(),
  ApiKeySet: z.boolean(),
  MaxTokens: z.number().int(),
  Temperature: z.number(),
  /** The model takes image parts (the gateway forwards them only to such models, and only where images are allowed). */
  Vision: z.boolean(),
  Enabled: z.boolean(),
  /** Groups whose members may use the model; none means the whole organization. */
  GroupIds: z.array(z.string()),
  ConfigStatus: ConfigStatusSchema,
  /** The last test's outcome: the provider's (sanitised) message on ERROR. */
  ConfigMessage: z.string().nullable(),
  TestedAt: IsoDateSchema.nullable(),
  CreatedAt: IsoDateSchema,
  UpdatedAt: IsoDateSchema,
});
export type LanguageModel = z.infer<typeof LanguageModelSchema>;

/** What a USER sees of a model they may use: no endpoint, no configuration internals. */
export const LanguageModelSummarySchema = z.object({
  id: LanguageModelIdSchema,
  Name: z.string(),
  Provider: LlmProviderSchema,
  Model: z.string(),
  MaxTokens: z.number().int(),
  Temperature: z.number(),
  Vision: z.boolean(),
});
export type LanguageModelSummary = z.infer<typeof LanguageModelSummarySchema>;

/** Either view; the full record comes first so that an admin's answer is never cut down to the summary. */
export const LanguageModelViewSchema = z.union([LanguageModelSchema, LanguageModelSummarySchema]);

const BaseUrlSchema = z
  .string({ error: 'Base URL must be text' })
  .trim()
  .max(500, 'Base URL must be at most 500 characters')
  .nullish()
  .transform((value) => (value ? value.replace(/\/+$/, '') : null))
  .refine((value) => value === null || isAcceptableBaseUrl(value), 'Base URL must be an http(s) URL without user name, password or query, such as https://api.example.com/v1');

const ApiKeySchema = z
  .string({ error: 'API key must be text' })
  .trim()
  .max(4000, 'API key must be at most 4000 characters')
  .nullish()
  .transform((value) => (value ? value : null));

const inputShape = {
  Name: requiredText('Name', 80),
  Provider: LlmProviderSchema,
  Model: requiredText('Model', 200),
  BaseUrl: BaseUrlSchema,
  ApiVersion: optionalText('API version', 40),
  ApiKey: ApiKeySchema,
  MaxTokens: z
    .number({ error: 'Max tokens must be a whole number' })
    .int('Max tokens must be a whole number')
    .min(1, 'Max tokens must be at least 1')
    .max(LLM_MAX_TOKENS_LIMIT, `Max tokens must be at most ${LLM_MAX_TOKENS_LIMIT}`)
    .default(LLM_DEFAULT_MAX_TOKENS),
  /** Sent to OpenAI-style providers; Anthropic's current API takes none. */
  Temperature: z
    .number({ error: 'Temperature must be a number' })
    .min(0, 'Temperature must be between 0 and 2')
    .max(2, 'Temperature must be between 0 and 2')
    .default(LLM_DEFAULT_TEMPERATURE),
  Vision: z.boolean({ error: 'Vision must be true or false' }).default(false),
  Enabled: z.boolean({ error: 'Enabled must be true or false' }).default(true),
  GroupIds: idList('Groups').default([]),
};

type InputValue = { Provider: LlmProvider; BaseUrl: string | null; ApiKey: string | null };
type Field = keyof InputValue;

/**
 * Where a cross-field rule reports, and when it runs: even when other fields failed (so that the form shows every
 * message at once), but only when the fields it reads are valid.
 */
function ruleParams(reads: Field[], path: Field, message: (value: InputValue) => string): z.core.$ZodCustomParams {
  return {
    path: [path],
    error: (issue) => message(issue.input as InputValue),
    when: (payload) => !payload.issues.some((issue) => reads.includes(issue.path?.[0] as Field)),
  };
}

const needsBaseUrl = (value: InputValue) => !LLM_PROVIDERS_NEEDING_BASE_URL.includes(value.Provider) || value.BaseUrl !== null;
const baseUrlParams = ruleParams(['Provider', 'BaseUrl'], 'BaseUrl', (value) => `Base URL is required for ${LLM_PROVIDER_LABELS[value.Provider]}`);
const needsApiKey = (value: InputValue) => !LLM_PROVIDERS_NEEDING_API_KEY.includes(value.Provider) || value.ApiKey !== null;
const apiKeyParams = ruleParams(['Provider', 'ApiKey'], 'ApiKey', (value) => `API key is required for ${LLM_PROVIDER_LABELS[value.Provider]}`);

/** Create: the API key is required for OpenAI, Azure OpenAI and Anthropic. It is write-only and stored encrypted. */
export const LanguageModelCreateSchema = z
  .object(inputShape)
  .refine(needsBaseUrl, baseUrlParams)
  .refine(needsApiKey, apiKeyParams);
export type LanguageModelCreate = z.input<typeof LanguageModelCreateSchema>;

/**
 * Update: an empty or missing ApiKey keeps the stored one; ClearApiKey forgets it (a provider whose key is optional,
 * such as a local Ollama; a key entered wins).
 */
export const LanguageModelInputSchema = z
  .object({ ...inputShape, ClearApiKey: z.boolean({ error: 'Forget the stored API key must be true or false' }).default(false) })
  .refine(needsBaseUrl, baseUrlParams);
export type LanguageModelInput = z.input<typeof LanguageModelInputSchema>;
