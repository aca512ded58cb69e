import type { Kysely } from 'kysely';

// Corporate data sources, the groups that may read them, the built-in store's folder/file tree, the chunks of
// its files and an inverted index (term → chunk, with term frequency) that BM25 retrieval reads.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('data_sources')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('organization_id', 'text', (col) => col.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('app_id', 'integer', (col) => col.notNull())
    .addColumn('connection_json', 'text', (col) => col.notNull())
    .addColumn('secrets_enc', 'text')
    .addColumn('vector_database', 'integer', (col) => col.notNull())
    .addColumn('embedding_model', 'integer', (col) => col.notNull())
    .addColumn('chunk_size', 'integer', (col) => col.notNull())
    .addColumn('similarity', 'integer', (col) => col.notNull())
    .addColumn('sync_interval', 'integer')
    .addColumn('sync_interval_unit', 'text', (col) => col.notNull())
    .addColumn('enabled', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('last_sync_status', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('last_sync_at', 'bigint')
    .addColumn('last_sync_message', 'text')
    .addColumn('sync_job_id', 'text')
    // BM25 statistics of the source: how many chunks, and their total length in index terms.
    .addColumn('chunk_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('token_count', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .addUniqueConstraint('data_sources_org_name_unique', ['organization_id', 'name'])
    .execute();

  await db.schema
    .createTable('data_source_groups')
    .addColumn('data_source_id', 'text', (col) => col.notNull().references('data_sources.id').onDelete('cascade'))
    .addColumn('group_id', 'text', (col) => col.notNull().references('groups.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('data_source_groups_pk', ['data_source_id', 'group_id'])
    .execute();
  await db.schema.createIndex('data_source_groups_group_idx').on('data_source_groups').column('group_id').execute();

  await db.schema
    .createTable('documents')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('data_source_id', 'text', (col) => col.notNull().references('data_sources.id').onDelete('cascade'))
    .addColumn('parent_id', 'text', (col) => col.references('documents.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('content_type', 'integer', (col) => col.notNull())
    .addColumn('upload_status', 'integer')
    .addColumn('size', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('mime_type', 'text')
    .addColumn('content_text', 'text')
    .addColumn('content_hash', 'text')
    // What the current chunks were made from, so a sync re-indexes only what changed.
    .addColumn('indexed_hash', 'text')
    .addColumn('indexed_chunk_size', 'integer')
    .addColumn('chunk_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('documents_source_parent_idx').on('documents').columns(['data_source_id', 'parent_id']).execute();
  await db.schema.createIndex('documents_parent_idx').on('documents').column('parent_id').execute();

  await db.schema
    .createTable('chunks')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('data_source_id', 'text', (col) => col.notNull().references('data_sources.id').onDelete('cascade'))
    .addColumn('document_id', 'text', (col) => col.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('ordinal', 'integer', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('token_count', 'integer', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('chunks_document_idx').on('chunks').columns(['document_id', 'ordinal']).execute();
  await db.schema.createIndex('chunks_source_idx').on('chunks').column('data_source_id').execute();

  // The inverted index, one row per (term, chunk). chunk_tokens repeats the chunk's length, and the lookup index
  // covers every column scoring reads, so a query is answered from the index alone (no primary key: the
  // indexer writes each (term, chunk) once, and a second copy of the rows would only cost space).
  await db.schema
    .createTable('chunk_terms')
    .addColumn('term', 'text', (col) => col.notNull())
    .addColumn('data_source_id', 'text', (col) => col.notNull())
    .addColumn('chunk_id', 'text', (col) => col.notNull().references('chunks.id').onDelete('cascade'))
    .addColumn('tf', 'integer', (col) => col.notNull())
    .addColumn('chunk_tokens', 'integer', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('chunk_terms_lookup_idx').on('chunk_terms').columns(['term', 'data_source_id', 'chunk_id', 'tf', 'chunk_tokens']).execute();
  await db.schema.createIndex('chunk_terms_chunk_idx').on('chunk_terms').column('chunk_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('chunk_terms').ifExists().execute();
  await db.schema.dropTable('chunks').ifExists().execute();
  await db.schema.dropTable('documents').ifExists().execute();
  await db.schema.dropTable('data_source_groups').ifExists().execute();
  await db.schema.dropTable('data_sources').ifExists().execute();
}
