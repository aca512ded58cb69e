import type { Migration } from 'kysely';
import * as foundation from './0001_foundation';
import * as directory from './0002_directory';
import * as identityProviders from './0003_identity_providers';

/** Every migration, in order. Listed in code so the bundled server carries them. */
export const migrations: Record<string, Migration> = {
  '0001_foundation': foundation,
  '0002_directory': directory,
  '0003_identity_providers': identityProviders,
};
