import type { Kysely } from 'kysely';
import { sql } from 'kysely';

// Copyright checking (server/copyright/): the organization's protected works (their extracted text, kept so that every
// server can build its in-memory fingerprint index from the database), the organization's copyright settings (the
// action on a match, licence checking, and a revision moved by every change of the works, so that every server knows
// its index is stale), and the matches found in answers.
//
// `copyright_settings` and `app_settings` (the CopyrightCheck feature flag) are read on the request path through the
// configuration cache: like the tables of migration 0014, a trigger bumps `config_versions` in the writing transaction.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('protected_works')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('organization_id', 'text', (col) => col.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('name_key', 'text', (col) => col.notNull())
    .addColumn('description', 'text')
    .addColumn('mime_type', 'text')
    .addColumn('size', 'bigint', (col) => col.notNull())
    .addColumn('content_text', 'text', (col) => col.notNull())
    .addColumn('char_count', 'bigint', (col) => col.notNull())
    .addColumn('status', 'integer', (col) => col.notNull())
    .addColumn('error', 'text')
    .addColumn('fingerprints', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('job_id', 'text')
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('protected_works_name_key_unique').on('protected_works').columns(['organization_id', 'name_key']).unique().execute();
  await db.schema.createIndex('protected_works_org_status_idx').on('protected_works').columns(['organization_id', 'status']).execute();

  await db.schema
    .createTable('copyright_settings')
    .addColumn('organization_id', 'text', (col) => col.primaryKey().references('organizations.id').onDelete('cascade'))
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('licence_check', 'integer', (col) => col.notNull())
    .addColumn('min_match_tokens', 'integer', (col) => col.notNull())
    .addColumn('works_revision', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('updated_by', 'text')
    .addColumn('updated_at', 'bigint')
    .execute();

  await db.schema
    .createTable('copyright_matches')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('organization_id', 'text', (col) => col.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('prompt_id', 'text', (col) => col.notNull().references('prompts.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('work_id', 'text', (col) => col.references('protected_works.id').onDelete('set null'))
    .addColumn('licence_id', 'text')
    .addColumn('source_name', 'text', (col) => col.notNull())
    .addColumn('status', 'integer', (col) => col.notNull())
    .addColumn('answer_start', 'integer', (col) => col.notNull())
    .addColumn('answer_end', 'integer', (col) => col.notNull())
    .addColumn('source_start', 'integer')
    .addColumn('source_end', 'integer')
    .addColumn('coverage', 'real', (col) => col.notNull())
    .addColumn('copied_words', 'integer', (col) => col.notNull())
    .addColumn('withheld', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('copyright_matches_org_created_idx').on('copyright_matches').columns(['organization_id', 'created_at']).execute();
  await db.schema.createIndex('copyright_matches_work_idx').on('copyright_matches').columns(['work_id']).execute();
  await db.schema.createIndex('copyright_matches_prompt_idx').on('copyright_matches').columns(['prompt_id']).execute();

  const postgres = await isPostgres(db);
  for (const table of CACHED_TABLES) {
    if (postgres) {
      await sql.raw(`create trigger ${table}_config_version after insert or update or delete on ${table} for each statement execute function bump_config_version()`).execute(db);
      continue;
    }
    for (const event of ['insert', 'update', 'delete']) {
      await sql.raw(`create trigger ${table}_config_version_${event} after ${event} on ${table} begin update config_versions set version = version + 1 where organization_id = '*'; end`).execute(db);
    }
  }
}

/** Read by every prompt through the configuration cache: the copyright settings, and System Settings (the CopyrightCheck feature flag). */
const CACHED_TABLES = ['copyright_settings', 'app_settings'] as const;

async function isPostgres(db: Kysely<unknown>): Promise<boolean> {
  return db.getExecutor().adapter.constructor.name.toLowerCase().includes('postgres');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = await isPostgres(db);
  for (const table of CACHED_TABLES) {
    if (postgres) await sql.raw(`drop trigger if exists ${table}_config_version on ${table}`).execute(db);
    else for (const event of ['insert', 'update', 'delete']) await sql.raw(`drop trigger if exists ${table}_config_version_${event}`).execute(db);
  }
  await db.schema.dropTable('copyright_matches').ifExists().execute();
  await db.schema.dropTable('copyright_settings').ifExists().execute();
  await db.schema.dropTable('protected_works').ifExists().execute();
}
