import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

export type PasswordTokenPurpose = 'reset' | 'welcome';

export class PasswordTokensRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async create(row: Database['password_tokens']): Promise<void> {
    await this.db.insertInto('password_tokens').values(row).execute();
  }

  /** Marks the token used if it is still valid; returns its user, or undefined when it was not valid. */
  async consume(idHash: string, at: number): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('password_tokens')
      .select(['user_id'])
      .where('id_hash', '=', idHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', at)
      .executeTakeFirst();
    if (!row) return undefined;
    const result = await this.db
      .updateTable('password_tokens')
      .set({ used_at: at })
      .where('id_hash', '=', idHash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1 ? row.user_id : undefined;
  }

  async revokeForUser(userId: string, at: number): Promise<void> {
    await this.db.updateTable('password_tokens').set({ used_at: at }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
  }
}
