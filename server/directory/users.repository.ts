import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

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

  findCurrentUser(id: string): Promise<CurrentUserRow | undefined> {
    return this.db
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
      .where('u.id', '=', id)
      .executeTakeFirst();
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
}
