import type { Kysely } from 'kysely';

// Documents an analyst uploads with a company research search (insurance application, SOC 2 / ISO report, security
// policy): only the extracted text is kept (the file's bytes are not), with the name it is cited by. Read again when
// the search is refreshed; deleted with the search.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('research_uploads')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('search_id', 'text', (col) => col.notNull().references('research_searches.id').onDelete('cascade'))
    .addColumn('ordinal', 'integer', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('mime_type', 'text', (col) => col.notNull())
    .addColumn('bytes', 'integer', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('research_uploads_search_idx').on('research_uploads').columns(['search_id', 'ordinal']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('research_uploads').execute();
}
