import type { ConfigStatusValue, LanguageModel, LanguageModelSummary, LlmProvider } from '../../domain/schemas/language-models';
import { iso, isoOrNull } from '../http/rest';
import type { LanguageModelRow } from './language-models.repository';

/** The admin's view: never the key, only whether one is stored. */
export function toLanguageModel(row: LanguageModelRow, groupIds: string[]): LanguageModel {
  return {
    id: Number(row.id),
    Name: row.name,
    Provider: row.provider as LlmProvider,
    Model: row.model,
    BaseUrl: row.base_url,
    ApiVersion: row.api_version,
    ApiKeySet: row.api_key_enc !== null && row.api_key_enc.length > 0,
    MaxTokens: row.max_tokens,
    Temperature: Number(row.temperature),
    Vision: row.vision === 1,
    Enabled: row.enabled === 1,
    GroupIds: groupIds,
    ConfigStatus: row.config_status as ConfigStatusValue,
    ConfigMessage: row.config_message,
    TestedAt: isoOrNull(row.tested_at),
    CreatedAt: iso(row.created_at),
    UpdatedAt: iso(row.updated_at),
  };
}

/** A USER's view of a model they may use. */
export function toLanguageModelSummary(row: LanguageModelRow): LanguageModelSummary {
  return {
    id: Number(row.id),
    Name: row.name,
    Provider: row.provider as LlmProvider,
    Model: row.model,
    MaxTokens: row.max_tokens,
    Temperature: Number(row.temperature),
    Vision: row.vision === 1,
  };
}
