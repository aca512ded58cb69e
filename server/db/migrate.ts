import { Migrator, sql } from 'kysely';
import type { Db } from './connection';
import { migrations } from './migrations';

export async function migrateToLatest(db: Db): Promise<void> {
  // Without a named schema Kysely looks for its migration tables in every schema of the database, so two
  // deployments (or test runs) sharing one PostgreSQL database would see each other's.
  const migrator = new Migrator({
    db: db.kysely,
    provider: { getMigrations: async () => migrations },
    ...(db.schema ? { migrationTableSchema: db.schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const name = failed?.migrationName ?? 'unknown';
    throw new Error(`Database migration ${name} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  // Statistics for the tables a migration created or filled, so the planner does not wait an hour for them.
  if (db.dialect === 'sqlite' && results?.length) await sql`pragma optimize`.execute(db.kysely);
}
