import type { Kysely, Selectable } from 'kysely';
import type { Database, OidcPendingLoginsTable } from '../db/schema';

export type PendingLoginRow = Selectable<OidcPendingLoginsTable>;

export class OidcPendingLoginsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async create(row: PendingLoginRow): Promise<void> {
    await this.db.insertInto('oidc_pending_logins').values(row).execute();
  }

  /** Single use: the row is deleted as it is read, so a replayed callback finds nothing. */
  async consume(stateHash: string, at: number): Promise<PendingLoginRow | undefined> {
    const row = await this.db.deleteFrom('oidc_pending_logins').where('state_hash', '=', stateHash).returningAll().executeTakeFirst();
    return row && row.expires_at > at ? row : undefined;
  }

  async deleteExpired(at: number): Promise<void> {
    await this.db.deleteFrom('oidc_pending_logins').where('expires_at', '<=', at).execute();
  }
}
