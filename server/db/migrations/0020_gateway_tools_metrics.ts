import type { Kysely } from 'kysely';

// Issue 17, the rest: agent traffic counted in observability, a copilot's own allowed tool names.
// - `prompts.tool_*`: what a finished prompt's tool traffic was (calls the model made, of them changed by the
//   policies; results the app sent back, of them found malicious by the guard, changed by the policies), written
//   by `LifecycleRepository.finish`; copied into `metrics_facts` like every measured value. Prompts finished before
//   this migration count 0 (their llm stage detail still lists the calls).
// - `apps.allowed_tools`: a JSON array of function names the copilot's token calls may use, within the
//   organization's list; null: the organization's list applies as it is.
const PROMPT_TOOL_COLUMNS = ['tool_calls', 'tool_calls_anonymized', 'tool_results', 'tool_results_malicious', 'tool_results_anonymized'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of PROMPT_TOOL_COLUMNS) {
    await db.schema.alterTable('prompts').addColumn(column, 'integer', (col) => col.notNull().defaultTo(0)).execute();
    await db.schema.alterTable('metrics_facts').addColumn(column, 'integer', (col) => col.notNull().defaultTo(0)).execute();
  }
  await db.schema.alterTable('apps').addColumn('allowed_tools', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('apps').dropColumn('allowed_tools').execute();
  for (const column of [...PROMPT_TOOL_COLUMNS].reverse()) {
    await db.schema.alterTable('metrics_facts').dropColumn(column).execute();
    await db.schema.alterTable('prompts').dropColumn(column).execute();
  }
}
