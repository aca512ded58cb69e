import type { Kysely, Selectable } from 'kysely';
import type { AppSettingsTable, Database } from '../db/schema';

export const GLOBAL_SCOPE = 'global';

export type SettingsRow = Selectable<AppSettingsTable>;

export class SettingsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The deployment's settings and, when given, one organization's, in that order. */
  findScopes(organizationId: string | null): Promise<SettingsRow[]> {
    const scopes = organizationId ? [GLOBAL_SCOPE, organizationId] : [GLOBAL_SCOPE];
    return this.db.selectFrom('app_settings').selectAll().where('scope', 'in', scopes).execute();
  }

  async upsert(row: AppSettingsTable): Promise<void> {
    const { scope: _scope, ...changes } = row;
    await this.db.insertInto('app_settings').values(row).onConflict((oc) => oc.column('scope').doUpdateSet(changes)).execute();
  }
}
