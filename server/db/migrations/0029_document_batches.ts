import type { Kysely } from 'kysely';

// Files uploaded to the built-in store in one request, indexed by one job (`job_id`). The bytes wait here until the
// job has read their text (then `content` is emptied), so a restarted job picks up where the last one stopped; each
// row keeps its outcome (indexed, or failed with the reason) for the upload dialog. Deleted with the data source.
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter.constructor.name.toLowerCase().includes('postgres');
  await db.schema
    .createTable('document_batch_files')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('job_id', 'text', (col) => col.notNull())
    .addColumn('data_source_id', 'text', (col) => col.notNull().references('data_sources.id').onDelete('cascade'))
    .addColumn('ordinal', 'integer', (col) => col.notNull())
    .addColumn('path', 'text', (col) => col.notNull())
    .addColumn('mime_type', 'text')
    .addColumn('size', 'bigint', (col) => col.notNull())
    .addColumn('content', postgres ? 'bytea' : 'blob')
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('document_id', 'text')
    .addColumn('error', 'text')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('document_batch_files_job_idx').on('document_batch_files').columns(['job_id', 'ordinal']).execute();
  await db.schema.createIndex('document_batch_files_source_idx').on('document_batch_files').column('data_source_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('document_batch_files').execute();
}
