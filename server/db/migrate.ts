import { Migrator } from 'kysely';
import type { Db } from './connection';
import { migrations } from './migrations';

export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({ db: db.kysely, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const name = failed?.migrationName ?? 'unknown';
    throw new Error(`Database migration ${name} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
