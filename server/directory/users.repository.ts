import type { Kysely, Selectable } from 'kysely';
import type { Database, UsersTable } from '../db/schema';
import { containsAny } from '../db/like';
import { executeCompiledOnce } from '../db/compiled-once';

export type UserRow = Selectable<UsersTable>;

export const USER_SORT = {
  id: 'id',
  FirstName: 'first_name',
  LastName: 'last_name',
  Email: 'email',
  Role: 'role',
  IdentityType: 'identity_type',
  Enabled: 'enabled',
  LastLoginAt: 'last_login_at',
  CreatedAt: 'created_at',
} as const;
export type UserSortField = keyof typeof USER_SORT;

export interface UserListQuery {
  organizationId: string;
  search?: string;
  ids?: string[];
  role?: number;
  enabled?: boolean;
  groupId?: string;
  sortField: UserSortField;
  sortOrder: 'asc' | 'desc';
  offset: number;
  limit: number;
}

export interface UserCredentials {
  id: string;
  password_hash: string | null;
  enabled: number;
}

export interface CurrentUserRow {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  role: number;
  customer_id: string | null;
  organization_id: string | null;
  image: string | null;
  enabled: number;
  organization_name: string | null;
  customer_name: string | null;
}

export class UsersRepository {
  constructor(private readonly db: Kysely<Database>) {}

  findCredentialsByEmail(email: string): Promise<UserCredentials | undefined> {
    return this.db.selectFrom('users').select(['id', 'password_hash', 'enabled']).where('email', '=', email).executeTakeFirst();
  }

  findIdByEmail(email: string): Promise<{ id: string; enabled: number } | undefined> {
    return this.db.selectFrom('users').select(['id', 'enabled']).where('email', '=', email).executeTakeFirst();
  }

  // Every authenticated request reads it: compiled once (compiled-once.ts).
  async findCurrentUser(id: string): Promise<CurrentUserRow | undefined> {
    const result = await executeCompiledOnce(this.db, 'users.current', [id], () => this.db
      .selectFrom('users as u')
      .leftJoin('organizations as o', 'o.id', 'u.organization_id')
      .leftJoin('customers as c', 'c.id', 'u.customer_id')
      .select([
        'u.id',
        'u.email',
        'u.first_name',
        'u.last_name',
        'u.role',
        'u.customer_id',
        'u.organization_id',
        'u.image',
        'u.enabled',
        'o.name as organization_name',
        'c.name as customer_name',
      ])
      .where('u.id', '=', id));
    return result.rows[0];
  }

  async setPasswordHash(id: string, passwordHash: string, at: number): Promise<void> {
    await this.db.updateTable('users').set({ password_hash: passwordHash, updated_at: at }).where('id', '=', id).execute();
  }

  async recordLogin(id: string, at: number): Promise<void> {
    await this.db.updateTable('users').set({ last_login_at: at }).where('id', '=', id).execute();
  }

  async insert(row: Database['users']): Promise<void> {
    await this.db.insertInto('users').values(row).execute();
  }

  async list(query: UserListQuery): Promise<{ rows: UserRow[]; total: number }> {
    let base = this.db.selectFrom('users').where('organization_id', '=', query.organizationId);
    if (query.search) base = base.where((eb) => containsAny(eb, ['first_name', 'last_name', 'email'], query.search!));
    if (query.ids) base = base.where('id', 'in', query.ids.length ? query.ids : ['']);
    if (query.role !== undefined) base = base.where('role', '=', query.role);
    if (query.enabled !== undefined) base = base.where('enabled', '=', query.enabled ? 1 : 0);
    if (query.groupId) {
      const groupId = query.groupId;
      base = base.where('id', 'in', (eb) => eb.selectFrom('group_members').select('user_id').where('group_id', '=', groupId));
    }
    const [rows, count] = await Promise.all([
      base.selectAll().orderBy(USER_SORT[query.sortField], query.sortOrder).orderBy('id').offset(query.offset).limit(query.limit).execute(),
      base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.total) };
  }

  findInOrganization(id: string, organizationId: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).where('organization_id', '=', organizationId).executeTakeFirst();
  }

  async emailTaken(email: string, exceptId: string | null): Promise<boolean> {
    let query = this.db.selectFrom('users').select('id').where('email', '=', email);
    if (exceptId) query = query.where('id', '!=', exceptId);
    return (await query.executeTakeFirst()) !== undefined;
  }

  async update(id: string, changes: Partial<UserRow>): Promise<void> {
    await this.db.updateTable('users').set(changes).where('id', '=', id).execute();
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('users').where('id', '=', id).execute();
  }
}
