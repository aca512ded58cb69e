import type { Kysely } from 'kysely';

// Verification sources of an organization. Metric types are one JSON list (always read and written whole); the
// API key of an external verification service is SecretBox ciphertext.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('verifiers')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('organization_id', 'text', (col) => col.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('metric_types_json', 'text', (col) => col.notNull())
    .addColumn('intensity', 'text', (col) => col.notNull())
    .addColumn('api_version', 'text', (col) => col.notNull())
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('threshold', 'integer', (col) => col.notNull())
    .addColumn('endpoint', 'text')
    .addColumn('api_key_enc', 'text')
    .addColumn('enabled', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .addUniqueConstraint('verifiers_org_name_unique', ['organization_id', 'name'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('verifiers').ifExists().execute();
}
