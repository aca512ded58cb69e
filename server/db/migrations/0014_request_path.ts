import type { Kysely } from 'kysely';

// The request path kept lean (pipeline README, "Scale-out"):
// - rollups are aggregated in the background from the facts written with each finished prompt: the aggregator finds
//   the prompts not yet counted (`rolled_up` 0) through an index instead of a scan;
// - each server process registers itself with a heartbeat, and an in-progress prompt carries the instance serving it,
//   so a starting server fails only the prompts of servers that are gone, never those another live server is serving;
// - per-organization configuration (models, policies, verifiers, groups, copilots) is cached in each process and
//   dropped when `config_versions` moves (bumped by every change), so several servers see one another's changes.
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
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('config_versions').ifExists().execute();
  await db.schema.dropTable('server_instances').ifExists().execute();
  await db.schema.alterTable('prompts').dropColumn('instance_id').execute();
  await db.schema.dropIndex('prompts_rolled_up_idx').ifExists().execute();
}
