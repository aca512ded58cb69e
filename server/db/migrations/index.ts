import type { Migration } from 'kysely';
import * as foundation from './0001_foundation';

/** Every migration, in order. Listed in code so the bundled server carries them. */
export const migrations: Record<string, Migration> = {
  '0001_foundation': foundation,
};
