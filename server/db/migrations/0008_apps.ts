import type { Kysely } from 'kysely';

// Copilots. Step data without ids to look up (data access, RAG configuration, predefined prompts) is JSON; every
// reference to another record is a join-table row, so "copilots this user may use" is one indexed query and
// deleting a data source, model, policy, user or group removes it from every copilot. An app's access token lives
// in its own table (one per app): access_tokens belongs to users (user_id is required).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('apps')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('organization_id', 'text', (col) => col.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('description', 'text')
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('completed_step', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('data_access_json', 'text', (col) => col.notNull())
    .addColumn('rag_json', 'text', (col) => col.notNull())
    .addColumn('default_language_model_id', 'integer', (col) => col.references('language_models.id').onDelete('set null'))
    .addColumn('prompt_type', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('predefined_prompts_json', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .addUniqueConstraint('apps_org_name_unique', ['organization_id', 'name'])
    .execute();

  const join = async (table: string, column: string, type: 'text' | 'integer', references: string) => {
    await db.schema
      .createTable(table)
      .addColumn('app_id', 'text', (col) => col.notNull().references('apps.id').onDelete('cascade'))
      .addColumn(column, type, (col) => col.notNull().references(references).onDelete('cascade'))
      .addPrimaryKeyConstraint(`${table}_pk`, ['app_id', column])
      .execute();
    await db.schema.createIndex(`${table}_${column}_idx`).on(table).column(column).execute();
  };
  await join('app_data_sources', 'data_source_id', 'text', 'data_sources.id');
  await join('app_language_models', 'language_model_id', 'integer', 'language_models.id');
  await join('app_policies', 'policy_id', 'text', 'policies.id');
  await join('app_users', 'user_id', 'text', 'users.id');
  await join('app_groups', 'group_id', 'text', 'groups.id');

  await db.schema
    .createTable('app_tokens')
    .addColumn('app_id', 'text', (col) => col.primaryKey().references('apps.id').onDelete('cascade'))
    .addColumn('secret_hash', 'text', (col) => col.notNull().unique())
    .addColumn('masked_secret', 'text', (col) => col.notNull())
    .addColumn('created_by', 'text', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('last_used_at', 'bigint')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['app_tokens', 'app_groups', 'app_users', 'app_policies', 'app_language_models', 'app_data_sources', 'apps']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
