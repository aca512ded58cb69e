import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** Group memberships, read and written from either side. */
export class MembershipsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async groupIdsByUser(userIds: string[]): Promise<Map<string, string[]>> {
    const map = new Map<string, string[]>(userIds.map((id) => [id, []]));
    if (!userIds.length) return map;
    const rows = await this.db.selectFrom('group_members').select(['user_id', 'group_id']).where('user_id', 'in', userIds).orderBy('group_id').execute();
    for (const row of rows) map.get(row.user_id)?.push(row.group_id);
    return map;
  }

  async userIdsByGroup(groupIds: string[]): Promise<Map<string, string[]>> {
    const map = new Map<string, string[]>(groupIds.map((id) => [id, []]));
    if (!groupIds.length) return map;
    const rows = await this.db.selectFrom('group_members').select(['user_id', 'group_id']).where('group_id', 'in', groupIds).orderBy('user_id').execute();
    for (const row of rows) map.get(row.group_id)?.push(row.user_id);
    return map;
  }

  async setGroupsOfUser(userId: string, groupIds: string[]): Promise<void> {
    await this.db.deleteFrom('group_members').where('user_id', '=', userId).execute();
    if (groupIds.length) await this.db.insertInto('group_members').values(groupIds.map((groupId) => ({ group_id: groupId, user_id: userId }))).execute();
  }

  async setMembersOfGroup(groupId: string, userIds: string[]): Promise<void> {
    await this.db.deleteFrom('group_members').where('group_id', '=', groupId).execute();
    if (userIds.length) await this.db.insertInto('group_members').values(userIds.map((userId) => ({ group_id: groupId, user_id: userId }))).execute();
  }

  /** The subset of `ids` that are rows of `table` in the organization. */
  async existingInOrganization(table: 'users' | 'groups', organizationId: string, ids: string[]): Promise<Set<string>> {
    if (!ids.length) return new Set();
    const rows = await this.db.selectFrom(table).select('id').where('organization_id', '=', organizationId).where('id', 'in', ids).execute();
    return new Set(rows.map((row) => row.id));
  }
}
