import type { Kysely } from 'kysely';
import type { Database } from '../schema';
import { rebuildRollups } from '../../metrics/rollup-writer';

// Observability, filtered windows and drill-downs: each finished prompt as one row of what the metrics measure, a
// column per value (written in the transaction that finishes it, like the rollups), so a window filtered to a user,
// copilot, model, policy or attribute, the raw edges of every window and the drill-downs read one table through an
// index range, and a drill-down selects its prompts in SQL. Existing prompts get theirs here (a rebuild of the metrics).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('metrics_facts')
    .addColumn('prompt_id', 'text', (col) => col.primaryKey().references('prompts.id').onDelete('cascade'))
    .addColumn('organization_id', 'text', (col) => col.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('app_id', 'text')
    .addColumn('llm_id', 'integer')
    .addColumn('model_name', 'text')
    .addColumn('flags', 'integer', (col) => col.notNull())
    .$call((table) => {
      let withValues = table;
      for (const stage of ['cs', 'cdr', 'pe', 'llm', 'vs']) {
        withValues = withValues.addColumn(`${stage}_status`, 'integer').addColumn(`${stage}_tokens`, 'integer').addColumn(`${stage}_latency`, 'integer');
      }
      for (const metric of ['accuracy', 'hallucination', 'toxicity', 'bias']) withValues = withValues.addColumn(`q_${metric}`, 'integer');
      return withValues;
    })
    .addColumn('lists', 'text')
    .execute();
  await db.schema.createIndex('metrics_facts_org_created_idx').on('metrics_facts').columns(['organization_id', 'created_at']).execute();
  for (const column of ['user_id', 'app_id', 'llm_id', 'model_name']) {
    await db.schema.createIndex(`metrics_facts_org_${column}_idx`).on('metrics_facts').columns(['organization_id', column, 'created_at']).execute();
  }

  await db.schema
    .createTable('metrics_fact_items')
    .addColumn('organization_id', 'text', (col) => col.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('dimension', 'text', (col) => col.notNull())
    .addColumn('item', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('prompt_id', 'text', (col) => col.notNull().references('prompts.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('metrics_fact_items_pk', ['organization_id', 'dimension', 'item', 'created_at', 'prompt_id'])
    .execute();
  await db.schema.createIndex('metrics_fact_items_prompt_idx').on('metrics_fact_items').column('prompt_id').execute();

  await rebuildRollups(db as unknown as Kysely<Database>);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('metrics_fact_items').ifExists().execute();
  await db.schema.dropTable('metrics_facts').ifExists().execute();
}
