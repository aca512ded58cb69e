import type { Kysely, Selectable } from 'kysely';
import type { ChatDocumentsTable, Database } from '../db/schema';
import type { Owner } from './chat-conversations.repository';

export type ChatDocumentRow = Selectable<ChatDocumentsTable>;

export class ChatDocumentsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: ChatDocumentRow): Promise<void> {
    await this.db.insertInto('chat_documents').values(row).execute();
  }

  find(owner: Owner, conversationId: string, id: string): Promise<ChatDocumentRow | undefined> {
    return this.db
      .selectFrom('chat_documents')
      .selectAll()
      .where('id', '=', id)
      .where('conversation_id', '=', conversationId)
      .where('organization_id', '=', owner.organizationId)
      .where('user_id', '=', owner.userId)
      .executeTakeFirst();
  }
}
