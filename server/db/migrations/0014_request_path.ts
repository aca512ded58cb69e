import type { Kysely } from 'kysely';
import { sql } from 'kysely';

// The request path kept lean (pipeline README, "Scale-out"):
// - rollups are aggregated in the background from the facts written with each finished prompt: the aggregator finds
//   the prompts not yet counted (`rolled_up` 0) through an index instead of a scan;
// - each server process registers itself with a heartbeat, and an in-progress prompt carries the instance serving it,
//   so a starting server fails only the prompts of servers that are gone, never those another live server is serving;
// - the configuration every request reads (models and their groups, policies and their targets, verifiers, group
//   memberships) is cached in each process and dropped when `config_versions` row '*' moves: triggers bump it on every
//   write to those tables, whatever writes them (a service, a seed, a cascade, a tool), in the writing transaction, so
//   several servers see one another's changes at their next request (server/db/config-cache.ts).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('prompts_rolled_up_idx').on('prompts').columns(['rolled_up', 'organization_id']).execute();
  await db.schema.alterTable('prompts').addColumn('instance_id', 'text').execute();
  await db.schema
    .createTable('server_instances')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('started_at', 'bigint', (col) => col.notNull())
    .addColumn('heartbeat_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('config_versions')
    .addColumn('organization_id', 'text', (col) => col.primaryKey())
    .addColumn('version', 'bigint', (col) => col.notNull())
    .execute();
  await sql`insert into config_versions (organization_id, version) values ('*', 1)`.execute(db);
  const postgres = await isPostgres(db);
  if (postgres) {
    await sql`create or replace function bump_config_version() returns trigger language plpgsql as $$
      begin
        update config_versions set version = version + 1 where organization_id = '*';
        return null;
      end $$`.execute(db);
  }
  for (const table of CONFIG_TABLES) {
    if (postgres) {
      await sql.raw(`create trigger ${table}_config_version after insert or update or delete on ${table} for each statement execute function bump_config_version()`).execute(db);
      continue;
    }
    for (const event of ['insert', 'update', 'delete']) {
      await sql.raw(`create trigger ${table}_config_version_${event} after ${event} on ${table} begin update config_versions set version = version + 1 where organization_id = '*'; end`).execute(db);
    }
  }
}

/** The tables whose rows the request path reads through the configuration cache. */
const CONFIG_TABLES = ['language_models', 'language_model_groups', 'policies', 'policy_targets', 'verifiers', 'group_members'] as const;

async function isPostgres(db: Kysely<unknown>): Promise<boolean> {
  return db.getExecutor().adapter.constructor.name.toLowerCase().includes('postgres');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = await isPostgres(db);
  for (const table of CONFIG_TABLES) {
    if (postgres) await sql.raw(`drop trigger if exists ${table}_config_version on ${table}`).execute(db);
    else for (const event of ['insert', 'update', 'delete']) await sql.raw(`drop trigger if exists ${table}_config_version_${event}`).execute(db);
  }
  if (postgres) await sql`drop function if exists bump_config_version()`.execute(db);
  await db.schema.dropTable('config_versions').ifExists().execute();
  await db.schema.dropTable('server_instances').ifExists().execute();
  await db.schema.alterTable('prompts').dropColumn('instance_id').execute();
  await db.schema.dropIndex('prompts_rolled_up_idx').ifExists().execute();
}
