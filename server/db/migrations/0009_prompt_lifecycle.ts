import type { Kysely } from 'kysely';

// The lifecycle record of every prompt (chat, copilots, gateway): one row per prompt, one per stage, plus the entity
// types found and the policies that applied, as rows so the metrics can count them with indexed queries.
// The prompt text each stage saw lives in that stage's detail_json; original values only in the policy stage's.
// A conversation keeps its anonymization vault, encrypted, so placeholders stay consistent across its prompts.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('conversations')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('organization_id', 'text', (col) => col.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('vault_enc', 'text')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('conversations_user_idx').on('conversations').column('user_id').execute();

  await db.schema
    .createTable('prompts')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('organization_id', 'text', (col) => col.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('conversation_id', 'text', (col) => col.references('conversations.id').onDelete('set null'))
    .addColumn('app_id', 'text', (col) => col.references('apps.id').onDelete('set null'))
    .addColumn('language_model_id', 'integer', (col) => col.references('language_models.id').onDelete('set null'))
    .addColumn('message_type', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('blocked_json', 'text')
    .addColumn('malicious', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('flagged', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('anonymized', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('redacted', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('finished_at', 'bigint')
    .execute();
  await db.schema.createIndex('prompts_org_created_idx').on('prompts').columns(['organization_id', 'created_at']).execute();
  await db.schema.createIndex('prompts_status_idx').on('prompts').column('status').execute();

  await db.schema
    .createTable('prompt_stages')
    .addColumn('prompt_id', 'text', (col) => col.notNull().references('prompts.id').onDelete('cascade'))
    .addColumn('ordinal', 'integer', (col) => col.notNull())
    .addColumn('service', 'text', (col) => col.notNull())
    .addColumn('cycle_status', 'integer', (col) => col.notNull())
    .addColumn('service_status', 'text', (col) => col.notNull())
    .addColumn('reason', 'text')
    .addColumn('latency_ms', 'integer')
    .addColumn('tokens_in', 'integer')
    .addColumn('tokens_out', 'integer')
    .addColumn('detail_json', 'text')
    .addPrimaryKeyConstraint('prompt_stages_pk', ['prompt_id', 'service'])
    .execute();

  await db.schema
    .createTable('prompt_attributes')
    .addColumn('prompt_id', 'text', (col) => col.notNull().references('prompts.id').onDelete('cascade'))
    .addColumn('attribute', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('prompt_attributes_pk', ['prompt_id', 'attribute'])
    .execute();

  await db.schema
    .createTable('prompt_policies')
    .addColumn('prompt_id', 'text', (col) => col.notNull().references('prompts.id').onDelete('cascade'))
    .addColumn('policy_id', 'text', (col) => col.notNull().references('policies.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('prompt_policies_pk', ['prompt_id', 'policy_id'])
    .execute();
  await db.schema.createIndex('prompt_policies_policy_idx').on('prompt_policies').column('policy_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['prompt_policies', 'prompt_attributes', 'prompt_stages', 'prompts', 'conversations']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
