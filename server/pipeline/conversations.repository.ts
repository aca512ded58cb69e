import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { SecretBox } from '../security/secret-box';
import type { Vault } from '../policies/engine';

/** A conversation's anonymization vault, encrypted at rest: it holds the original values behind the placeholders. */
export class ConversationsRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly secrets: SecretBox,
  ) {}

  /** The caller's conversation (created when new); another user's id is treated as unknown and answers undefined. */
  async open(id: string, organizationId: string, userId: string): Promise<{ id: string; vault: Vault } | undefined> {
    const row = await this.db.selectFrom('conversations').selectAll().where('id', '=', id).executeTakeFirst();
    if (row) {
      if (row.user_id !== userId || row.organization_id !== organizationId) return undefined;
      return { id: row.id, vault: row.vault_enc ? (JSON.parse(this.secrets.decrypt(row.vault_enc)) as Vault) : {} };
    }
    const at = Date.now();
    await this.db.insertInto('conversations').values({ id, organization_id: organizationId, user_id: userId, vault_enc: null, created_at: at, updated_at: at }).execute();
    return { id, vault: {} };
  }

  async saveVault(id: string, vault: Vault): Promise<void> {
    await this.db.updateTable('conversations').set({ vault_enc: this.secrets.encrypt(JSON.stringify(vault)), updated_at: Date.now() }).where('id', '=', id).execute();
  }
}
