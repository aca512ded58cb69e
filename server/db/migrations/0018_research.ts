import type { Kysely } from 'kysely';

// Company research (Vora, Vora P): one row per search, one per section of a search (its §4 status, timestamps,
// evidence and reason), the follow-up questions asked about a search, and each organization's underwriting
// guidelines (with a marker that the default set was given once, so deleting them all does not bring them back).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('research_searches')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('organization_id', 'text', (col) => col.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('variant', 'text', (col) => col.notNull())
    .addColumn('account_name', 'text', (col) => col.notNull())
    .addColumn('site_link', 'text', (col) => col.notNull())
    .addColumn('location', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('job_id', 'text')
    .addColumn('models_json', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .addColumn('completed_at', 'bigint')
    .execute();
  await db.schema.createIndex('research_searches_org_idx').on('research_searches').columns(['organization_id', 'variant', 'created_at']).execute();

  await db.schema
    .createTable('research_sections')
    .addColumn('search_id', 'text', (col) => col.notNull().references('research_searches.id').onDelete('cascade'))
    .addColumn('section_key', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('started_at', 'bigint')
    .addColumn('finished_at', 'bigint')
    .addColumn('evidence_json', 'text')
    .addColumn('reason', 'text')
    .addPrimaryKeyConstraint('research_sections_pk', ['search_id', 'section_key'])
    .execute();

  await db.schema
    .createTable('research_followups')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('search_id', 'text', (col) => col.notNull().references('research_searches.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('prompt_id', 'text')
    .addColumn('question', 'text', (col) => col.notNull())
    .addColumn('answer', 'text')
    .addColumn('error', 'text')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('research_followups_search_idx').on('research_followups').columns(['search_id', 'user_id', 'created_at']).execute();

  await db.schema
    .createTable('research_guidelines')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('organization_id', 'text', (col) => col.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('rule_json', 'text', (col) => col.notNull())
    .addColumn('enabled', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('research_guidelines_org_idx').on('research_guidelines').column('organization_id').execute();

  await db.schema
    .createTable('research_guideline_defaults')
    .addColumn('organization_id', 'text', (col) => col.primaryKey().references('organizations.id').onDelete('cascade'))
    .addColumn('given_at', 'bigint', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['research_guideline_defaults', 'research_guidelines', 'research_followups', 'research_sections', 'research_searches']) {
    await db.schema.dropTable(table).execute();
  }
}
