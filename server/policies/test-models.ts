import type { TestApp } from '../../tests/helpers/build';

/** A language model row for target tests (the language-models module owns the table). */
export async function insertModel(t: TestApp, organizationId: string, name: string, enabled = 1): Promise<number> {
  const at = Date.now();
  const row = await t.db.kysely
    .insertInto('language_models')
    .values({ organization_id: organizationId, name, provider: 'demo', model: 'demo', base_url: null, api_version: null, api_key_enc: null, max_tokens: 512, temperature: 0.2, enabled, config_status: 1, config_message: null, tested_at: null, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}
