import type { Kysely } from 'kysely';
import { sql } from 'kysely';

// Red teaming: jobs, their attempts, the organization's guard examples, and a flag on prompts so that red-team
// prompts are told apart in the lifecycle records and left out of the metrics facts.
// `guard_examples` is read on the request path through the configuration cache: its triggers bump
// config_versions['*'] like the tables of migration 0014.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('prompts').addColumn('red_team_job_id', 'text').execute();

  await db.schema
    .createTable('red_team_jobs')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('organization_id', 'text', (col) => col.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('target_kind', 'text', (col) => col.notNull())
    .addColumn('language_model_id', 'integer')
    .addColumn('app_id', 'text')
    .addColumn('target_name', 'text', (col) => col.notNull())
    .addColumn('run_as_user_id', 'text', (col) => col.notNull())
    .addColumn('categories_json', 'text', (col) => col.notNull())
    .addColumn('strategies_json', 'text', (col) => col.notNull())
    .addColumn('attempts_per_category', 'integer', (col) => col.notNull())
    .addColumn('concurrency', 'integer', (col) => col.notNull())
    .addColumn('system_prompt', 'text')
    .addColumn('judge_language_model_id', 'integer')
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('message', 'text')
    .addColumn('job_id', 'text')
    .addColumn('rerun_of', 'text')
    .addColumn('secrets_json', 'text', (col) => col.notNull())
    .addColumn('created_by', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('finished_at', 'bigint')
    .execute();
  await db.schema.createIndex('red_team_jobs_org_created').on('red_team_jobs').columns(['organization_id', 'created_at']).execute();

  await db.schema
    .createTable('red_team_attempts')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('job_id', 'text', (col) => col.notNull().references('red_team_jobs.id').onDelete('cascade'))
    .addColumn('organization_id', 'text', (col) => col.notNull())
    .addColumn('ordinal', 'integer', (col) => col.notNull())
    .addColumn('category', 'text', (col) => col.notNull())
    .addColumn('strategy', 'text', (col) => col.notNull())
    .addColumn('attack_id', 'text', (col) => col.notNull())
    .addColumn('turns_json', 'text', (col) => col.notNull())
    .addColumn('document', 'text')
    .addColumn('outcome', 'text', (col) => col.notNull())
    .addColumn('evidence', 'text')
    .addColumn('rule', 'text')
    .addColumn('flagged', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('answer', 'text')
    .addColumn('judge_json', 'text')
    .addColumn('prompt_id', 'text')
    .addColumn('previous_outcome', 'text')
    .addColumn('finished_at', 'bigint')
    .execute();
  await db.schema.createIndex('red_team_attempts_job').on('red_team_attempts').columns(['job_id', 'ordinal']).execute();

  await db.schema
    .createTable('guard_examples')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('organization_id', 'text', (col) => col.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('source_attempt_id', 'text')
    .addColumn('created_by', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('guard_examples_org').on('guard_examples').columns(['organization_id', 'created_at']).execute();

  if (await isPostgres(db)) {
    await sql.raw('create trigger guard_examples_config_version after insert or update or delete on guard_examples for each statement execute function bump_config_version()').execute(db);
  } else {
    for (const event of ['insert', 'update', 'delete']) {
      await sql.raw(`create trigger guard_examples_config_version_${event} after ${event} on guard_examples begin update config_versions set version = version + 1 where organization_id = '*'; end`).execute(db);
    }
  }
}

async function isPostgres(db: Kysely<unknown>): Promise<boolean> {
  return db.getExecutor().adapter.constructor.name.toLowerCase().includes('postgres');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (await isPostgres(db)) await sql.raw('drop trigger if exists guard_examples_config_version on guard_examples').execute(db);
  else for (const event of ['insert', 'update', 'delete']) await sql.raw(`drop trigger if exists guard_examples_config_version_${event}`).execute(db);
  await db.schema.dropTable('guard_examples').execute();
  await db.schema.dropTable('red_team_attempts').execute();
  await db.schema.dropTable('red_team_jobs').execute();
  await db.schema.alterTable('prompts').dropColumn('red_team_job_id').execute();
}
