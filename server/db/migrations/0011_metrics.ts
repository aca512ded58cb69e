import type { Kysely } from 'kysely';

// Observability: the model name the llm stage recorded, on the prompt (filled when the prompt finishes); hourly and
// daily rollups per organization, whole (dimension 'all') and per user, copilot, language model, model name, policy
// and attribute, kept in the transaction that finishes a prompt; risk-factor settings per organization.
// Existing prompts are rolled up by 0012, which adds the last tables the rebuild writes.
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter.constructor.name.toLowerCase().includes('postgres');
  await db.schema.alterTable('prompts').addColumn('model_name', 'text').execute();
  // 1 once the prompt is counted in the rollups, so finishing a prompt twice never counts it twice.
  await db.schema.alterTable('prompts').addColumn('rolled_up', 'integer', (col) => col.notNull().defaultTo(0)).execute();

  // The dashboards' user and copilot filters (and critical events by user) read the raw rows of one of them.
  await db.schema.createIndex('prompts_org_user_created_idx').on('prompts').columns(['organization_id', 'user_id', 'created_at']).execute();
  await db.schema.createIndex('prompts_org_app_created_idx').on('prompts').columns(['organization_id', 'app_id', 'created_at']).execute();

  await db.schema
    .createTable('metrics_rollups')
    .addColumn('organization_id', 'text', (col) => col.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('dimension', 'text', (col) => col.notNull())
    .addColumn('span', 'text', (col) => col.notNull())
    .addColumn('start_at', 'bigint', (col) => col.notNull())
    .addColumn('item', 'text', (col) => col.notNull())
    .addColumn('prompts', 'integer', (col) => col.notNull())
    // The organization's rollup version at the row's last write (see metrics_rollup_versions).
    .addColumn('version', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('data', 'text', (col) => col.notNull())
    .addColumn('dist_values', postgres ? 'bytea' : 'blob', (col) => col.notNull())
    .addPrimaryKeyConstraint('metrics_rollups_pk', ['organization_id', 'dimension', 'span', 'start_at', 'item'])
    .execute();

  // Bumped by every rollup write and rebuild, never reset: a row's (key, version) names one content, so servers may
  // cache decoded rows and check them against the versions alone (server/metrics/rollup-cache.ts).
  await db.schema
    .createTable('metrics_rollup_versions')
    .addColumn('organization_id', 'text', (col) => col.primaryKey().references('organizations.id').onDelete('cascade'))
    .addColumn('version', 'bigint', (col) => col.notNull())
    .addColumn('rebuilt_at', 'bigint', (col) => col.notNull().defaultTo(0))
    .execute();

  // The rows written since a version: what a cache must drop.
  await db.schema.createIndex('metrics_rollups_org_version_idx').on('metrics_rollups').columns(['organization_id', 'version']).execute();

  await db.schema
    .createTable('risk_settings')
    .addColumn('organization_id', 'text', (col) => col.primaryKey().references('organizations.id').onDelete('cascade'))
    .addColumn('settings_json', 'text', (col) => col.notNull())
    .addColumn('updated_by', 'text')
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();

}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('risk_settings').ifExists().execute();
  await db.schema.dropTable('metrics_rollup_versions').ifExists().execute();
  await db.schema.dropTable('metrics_rollups').ifExists().execute();
  await db.schema.alterTable('prompts').dropColumn('rolled_up').execute();
  await db.schema.alterTable('prompts').dropColumn('model_name').execute();
}
