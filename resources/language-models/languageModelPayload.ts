import type { LanguageModelInput } from '../../domain';

/**
 * The POST/PUT body: the input fields only. The demo model sends no endpoint and no key; only Azure has an
 * API version; an empty API key is left out (on edit it keeps the stored one, unless "Forget the stored API key").
 */
export function toLanguageModelPayload(values: Record<string, unknown>): LanguageModelInput {
  const provider = values.Provider as LanguageModelInput['Provider'];
  const isDemo = provider === 'demo';
  const apiKey = typeof values.ApiKey === 'string' && values.ApiKey.trim() ? values.ApiKey : null;
  return {
    Name: values.Name as string,
    Provider: provider,
    Model: values.Model as string,
    BaseUrl: isDemo ? null : ((values.BaseUrl as string | null | undefined) ?? null),
    ApiVersion: provider === 'azure-openai' ? ((values.ApiVersion as string | null | undefined) ?? null) : null,
    ApiKey: isDemo ? null : apiKey,
    MaxTokens: values.MaxTokens as number,
    Temperature: values.Temperature as number,
    Vision: values.Vision === true,
    Enabled: values.Enabled as boolean,
    GroupIds: (values.GroupIds as string[] | undefined) ?? [],
    // Forgetting the stored key only when no new one is entered (a key entered replaces it anyway).
    ...(!isDemo && values.ClearApiKey === true && apiKey === null ? { ClearApiKey: true } : {}),
  };
}
