import type { Kysely } from 'kysely';
import { ConfigStatus } from '../../domain/enums';
import { DEMO_MODEL_NAME, LLM_DEFAULT_MAX_TOKENS, LLM_DEFAULT_TEMPERATURE } from '../../domain/schemas/language-models';
import type { Database } from '../db/schema';

export const DEMO_LANGUAGE_MODEL_NAME = 'Offline demo model';

/** The built-in offline model, enabled and granted to no group (so the whole organization may use it). */
export async function seedDemoLanguageModel(db: Kysely<Database>, organizationId: string, at: number): Promise<void> {
  await db
    .insertInto('language_models')
    .values({
      organization_id: organizationId,
      name: DEMO_LANGUAGE_MODEL_NAME,
      provider: 'demo',
      model: DEMO_MODEL_NAME,
      base_url: null,
      api_version: null,
      api_key_enc: null,
      max_tokens: LLM_DEFAULT_MAX_TOKENS,
      temperature: LLM_DEFAULT_TEMPERATURE,
      enabled: 1,
      config_status: ConfigStatus.UNKNOWN,
      config_message: null,
      tested_at: null,
      created_at: at,
      updated_at: at,
    })
    .execute();
}
