import type { Kysely } from 'kysely';

// Policies of an organization: rules as one JSON list (ordered, always read and written whole), targets as rows
// so "policies of these groups" is one indexed query. A target row names either a group or a language model
// (integer ids, from 0004); deleting either removes it from every policy.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('policies')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('organization_id', 'text', (col) => col.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('description', 'text')
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('enabled', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('priority', 'integer', (col) => col.notNull().defaultTo(100))
    .addColumn('all_targets', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('rules_json', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .addUniqueConstraint('policies_org_name_unique', ['organization_id', 'name'])
    .execute();

  await db.schema
    .createTable('policy_targets')
    .addColumn('policy_id', 'text', (col) => col.notNull().references('policies.id').onDelete('cascade'))
    .addColumn('group_id', 'text', (col) => col.references('groups.id').onDelete('cascade'))
    .addColumn('language_model_id', 'integer', (col) => col.references('language_models.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('policy_targets_policy_idx').on('policy_targets').column('policy_id').execute();
  await db.schema.createIndex('policy_targets_group_idx').on('policy_targets').column('group_id').execute();
  await db.schema.createIndex('policy_targets_model_idx').on('policy_targets').column('language_model_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('policy_targets').ifExists().execute();
  await db.schema.dropTable('policies').ifExists().execute();
}
