import type { Kysely } from 'kysely';
import type { Database } from '../schema';
import { rebuildRollups } from '../../metrics/rollup-writer';

// Copyright checking, second part (issue 13):
// - an organization's external copyright service (`copyright_settings.service_url`, its API key encrypted in
//   `service_key_enc`, never returned), called like an external verifier;
// - `copyright_checks`: a long answer's check run by a job, with the §4 copyright match status (CREATED, PROCESSING,
//   COMPLETED, ERROR); it keeps the answer and the prompt's outcome until the job has finished the prompt;
// - `metrics_facts.copyright_matches`: the passages the check matched, so that observability counts them (the withheld
//   answers are a flag bit); the facts and rollups are rebuilt from the raw rows so that older prompts count too.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('copyright_settings').addColumn('service_url', 'text').execute();
  await db.schema.alterTable('copyright_settings').addColumn('service_key_enc', 'text').execute();
  await db.schema
    .createTable('copyright_checks')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('organization_id', 'text', (col) => col.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('prompt_id', 'text', (col) => col.notNull().references('prompts.id').onDelete('cascade'))
    .addColumn('status', 'integer', (col) => col.notNull())
    .addColumn('answer_text', 'text')
    .addColumn('outcome_json', 'text')
    .addColumn('answer_chars', 'integer', (col) => col.notNull())
    .addColumn('job_id', 'text')
    .addColumn('error', 'text')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('copyright_checks_prompt_unique').on('copyright_checks').column('prompt_id').unique().execute();
  await db.schema.createIndex('copyright_checks_org_status_idx').on('copyright_checks').columns(['organization_id', 'status']).execute();
  await db.schema.alterTable('metrics_facts').addColumn('copyright_matches', 'integer').execute();
  await rebuildRollups(db as unknown as Kysely<Database>);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('metrics_facts').dropColumn('copyright_matches').execute();
  await db.schema.dropTable('copyright_checks').ifExists().execute();
  await db.schema.alterTable('copyright_settings').dropColumn('service_key_enc').execute();
  await db.schema.alterTable('copyright_settings').dropColumn('service_url').execute();
}
