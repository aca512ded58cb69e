import type { Insertable, Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database, UsersTable } from '../db/schema';

export interface AccountRow {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  role: number;
  customer_id: string | null;
  organization_id: string | null;
  enabled: number;
}

/** The users and group memberships that a federated sign-in creates or refreshes. */
export class OidcAccountsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  findByEmail(email: string): Promise<AccountRow | undefined> {
    return this.db
      .selectFrom('users')
      .select(['id', 'email', 'first_name', 'last_name', 'role', 'customer_id', 'organization_id', 'enabled'])
      .where(sql`lower(email)`, '=', email.toLowerCase())
      .executeTakeFirst();
  }

  async insert(row: Insertable<UsersTable>): Promise<void> {
    await this.db.insertInto('users').values(row).execute();
  }

  async updateProfile(id: string, changes: { first_name: string; last_name: string; role: number }, at: number): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ ...changes, updated_at: at })
      .where('id', '=', id)
      .execute();
  }

  /** Ids of the organization's groups whose names match (case-insensitively). */
  async groupIdsByName(organizationId: string, names: string[]): Promise<string[]> {
    if (names.length === 0) return [];
    const rows = await this.db
      .selectFrom('groups')
      .select('id')
      .where('organization_id', '=', organizationId)
      .where(
        sql`lower(name)`,
        'in',
        names.map((name) => name.toLowerCase()),
      )
      .execute();
    return rows.map((row) => row.id);
  }

  /** Adds the user to each group they are not yet a member of; answers how many memberships were added. */
  async addMemberships(userId: string, groupIds: string[]): Promise<number> {
    if (groupIds.length === 0) return 0;
    const existing = await this.db.selectFrom('group_members').select('group_id').where('user_id', '=', userId).where('group_id', 'in', groupIds).execute();
    const have = new Set(existing.map((row) => row.group_id));
    const missing = groupIds.filter((id) => !have.has(id));
    if (missing.length) await this.db.insertInto('group_members').values(missing.map((groupId) => ({ group_id: groupId, user_id: userId }))).execute();
    return missing.length;
  }
}
