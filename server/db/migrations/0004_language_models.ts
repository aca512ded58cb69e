import type { Kysely } from 'kysely';
import { PostgresAdapter } from 'kysely';

// Language models of an organization and the groups allowed to use them. Their ids are integers (the metrics
// API filters by `llmID (int)`), the one place where the house's text ids do not apply.
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('language_models')
    .addColumn('id', 'integer', (col) => (postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement()))
    .addColumn('organization_id', 'text', (col) => col.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('model', 'text', (col) => col.notNull())
    .addColumn('base_url', 'text')
    .addColumn('api_version', 'text')
    .addColumn('api_key_enc', 'text')
    .addColumn('max_tokens', 'integer', (col) => col.notNull())
    .addColumn('temperature', 'double precision', (col) => col.notNull())
    .addColumn('enabled', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('config_status', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('config_message', 'text')
    .addColumn('tested_at', 'bigint')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .addUniqueConstraint('language_models_org_name_unique', ['organization_id', 'name'])
    .execute();

  await db.schema
    .createTable('language_model_groups')
    .addColumn('language_model_id', 'integer', (col) => col.notNull().references('language_models.id').onDelete('cascade'))
    .addColumn('group_id', 'text', (col) => col.notNull().references('groups.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('language_model_groups_pk', ['language_model_id', 'group_id'])
    .execute();
  await db.schema.createIndex('language_model_groups_group_idx').on('language_model_groups').column('group_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('language_model_groups').ifExists().execute();
  await db.schema.dropTable('language_models').ifExists().execute();
}
