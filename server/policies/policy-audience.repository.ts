import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** Who policies apply to: a user's groups and the language models they may use, and target checks. */
export class PolicyAudienceRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async groupIdsOfUser(userId: string): Promise<string[]> {
    const rows = await this.db.selectFrom('group_members').select('group_id').where('user_id', '=', userId).orderBy('group_id').execute();
    return rows.map((row) => row.group_id);
  }

  /** Enabled models of the organization open to everyone (no groups) or to one of these groups. */
  async modelIdsUsableBy(organizationId: string, groupIds: string[]): Promise<number[]> {
    const rows = await this.db
      .selectFrom('language_models as m')
      .select('m.id')
      .where('m.organization_id', '=', organizationId)
      .where('m.enabled', '=', 1)
      .where((eb) =>
        eb.or([
          eb.not(eb.exists(eb.selectFrom('language_model_groups as g').select('g.group_id').whereRef('g.language_model_id', '=', 'm.id'))),
          ...(groupIds.length
            ? [eb.exists(eb.selectFrom('language_model_groups as g').select('g.group_id').whereRef('g.language_model_id', '=', 'm.id').where('g.group_id', 'in', groupIds))]
            : []),
        ]),
      )
      .orderBy('m.id')
      .execute();
    return rows.map((row) => Number(row.id));
  }

  async existingGroups(organizationId: string, ids: string[]): Promise<Set<string>> {
    if (!ids.length) return new Set();
    const rows = await this.db.selectFrom('groups').select('id').where('organization_id', '=', organizationId).where('id', 'in', ids).execute();
    return new Set(rows.map((row) => row.id));
  }

  async existingModels(organizationId: string, ids: number[]): Promise<Set<number>> {
    if (!ids.length) return new Set();
    const rows = await this.db.selectFrom('language_models').select('id').where('organization_id', '=', organizationId).where('id', 'in', ids).execute();
    return new Set(rows.map((row) => Number(row.id)));
  }
}
