import type { Kysely } from 'kysely';

// Embeddings per data source (issue 18): whether a source's chunks are embedded, through which of the organization's
// language models (its provider, key and base URL) and which model name (null: the one mapped from the §3.2 choice);
// `vector_revision` moves whenever the source's vectors change, so an in-memory index knows when to reload.
// `chunk_vectors` is the embedded store: one float32 vector per chunk (base64 of its little-endian bytes, the same
// on SQLite and PostgreSQL), with the model it was made by, so that a change of model re-embeds.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('data_sources').addColumn('embeddings_enabled', 'integer', (col) => col.notNull().defaultTo(0)).execute();
  await db.schema
    .alterTable('data_sources')
    .addColumn('embedding_language_model_id', 'integer', (col) => col.references('language_models.id').onDelete('set null'))
    .execute();
  await db.schema.alterTable('data_sources').addColumn('embedding_model_name', 'text').execute();
  await db.schema.alterTable('data_sources').addColumn('vector_revision', 'integer', (col) => col.notNull().defaultTo(0)).execute();
  await db.schema
    .createTable('chunk_vectors')
    .addColumn('chunk_id', 'text', (col) => col.primaryKey().references('chunks.id').onDelete('cascade'))
    .addColumn('data_source_id', 'text', (col) => col.notNull())
    .addColumn('model_key', 'text', (col) => col.notNull())
    .addColumn('dimensions', 'integer', (col) => col.notNull())
    .addColumn('vector', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('chunk_vectors_source_idx').on('chunk_vectors').columns(['data_source_id', 'model_key']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('chunk_vectors').ifExists().execute();
  await db.schema.alterTable('data_sources').dropColumn('vector_revision').execute();
  await db.schema.alterTable('data_sources').dropColumn('embedding_model_name').execute();
  await db.schema.alterTable('data_sources').dropColumn('embedding_language_model_id').execute();
  await db.schema.alterTable('data_sources').dropColumn('embeddings_enabled').execute();
}
