import type { Kysely } from 'kysely';
import type { Database } from '../schema';
import { writeRedTeamFacts } from '../../metrics/rollup-writer';

// Red teaming, second part:
// - `red_team_attempts.carrier`: where an indirect injection sits — null: a document sent with the prompt; `chunk`: a
//   chunk of a data source the job owns, found by retrieval (SEARCH_RAG, or the copilot's retrieval).
// - `data_sources.red_team_job_id`: that data source, retrievable only by its own job's prompts, hidden from the data
//   source screens, deleted when the job ends.
// - red-team prompts now write their metrics fact, flagged, so that figures can include them when asked: the prompts
//   finished before get theirs here.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('red_team_attempts').addColumn('carrier', 'text').execute();
  await db.schema.alterTable('data_sources').addColumn('red_team_job_id', 'text').execute();
  await writeRedTeamFacts(db as unknown as Kysely<Database>);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('data_sources').dropColumn('red_team_job_id').execute();
  await db.schema.alterTable('red_team_attempts').dropColumn('carrier').execute();
}
