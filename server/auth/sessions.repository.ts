import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

export interface SessionRow {
  id_hash: string;
  user_id: string;
  expires_at: number;
  last_seen_at: number;
}

export class SessionsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async create(session: Database['sessions']): Promise<void> {
    await this.db.insertInto('sessions').values(session).execute();
  }

  findActive(idHash: string, at: number): Promise<SessionRow | undefined> {
    return this.db
      .selectFrom('sessions')
      .select(['id_hash', 'user_id', 'expires_at', 'last_seen_at'])
      .where('id_hash', '=', idHash)
      .where('expires_at', '>', at)
      .executeTakeFirst();
  }

  async touch(idHash: string, lastSeenAt: number, expiresAt: number): Promise<void> {
    await this.db.updateTable('sessions').set({ last_seen_at: lastSeenAt, expires_at: expiresAt }).where('id_hash', '=', idHash).execute();
  }

  async delete(idHash: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('id_hash', '=', idHash).execute();
  }

  async deleteForUser(userId: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('user_id', '=', userId).execute();
  }

  async deleteExpired(at: number): Promise<void> {
    await this.db.deleteFrom('sessions').where('expires_at', '<=', at).execute();
  }
}
