import type { Kysely } from 'kysely';

// External vector stores per data source (issue 18): Qdrant, Pinecone, Chroma or Milvus connection settings
// (`vector_store_json`: the public ones with an `ApiKeySet` flag; the key encrypted in `vector_store_secret_enc`).
// `vector_store_entries` records which chunk ids were written to the source's store, under which key (embedding
// model and store location): the pending chunks are those without an entry, and the entries whose chunk is gone
// are the ids to delete from the store. No foreign key to `chunks`: the entry must outlive its chunk until the
// store has forgotten it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('data_sources').addColumn('vector_store_json', 'text', (col) => col.notNull().defaultTo('{}')).execute();
  await db.schema.alterTable('data_sources').addColumn('vector_store_secret_enc', 'text').execute();
  await db.schema
    .createTable('vector_store_entries')
    .addColumn('data_source_id', 'text', (col) => col.notNull().references('data_sources.id').onDelete('cascade'))
    .addColumn('chunk_id', 'text', (col) => col.notNull())
    .addColumn('store_key', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('vector_store_entries_pk', ['data_source_id', 'chunk_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('vector_store_entries').ifExists().execute();
  await db.schema.alterTable('data_sources').dropColumn('vector_store_secret_enc').execute();
  await db.schema.alterTable('data_sources').dropColumn('vector_store_json').execute();
}
