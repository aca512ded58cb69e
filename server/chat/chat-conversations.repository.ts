import type { Kysely, Selectable } from 'kysely';
import { sql } from 'kysely';
import type { ConversationsTable, Database } from '../db/schema';
import { containsAny } from '../db/like';

export type ConversationRow = Omit<Selectable<ConversationsTable>, 'vault_enc'> & { message_count: number | string };

export const CONVERSATION_SORT = {
  id: 'c.id',
  Title: 'c.title',
  MessageCount: 'message_count',
  CreatedAt: 'c.created_at',
  UpdatedAt: 'c.updated_at',
} as const;
export type ConversationSortField = keyof typeof CONVERSATION_SORT;

export interface Owner {
  organizationId: string;
  userId: string;
}

export interface ConversationListQuery extends Owner {
  search?: string;
  ids?: string[];
  /** A parent's child chats; null: only top-level conversations; undefined: all. */
  parentId?: string | null;
  sortField: ConversationSortField;
  sortOrder: 'asc' | 'desc';
  offset: number;
  limit: number;
}

export interface NewConversation extends Owner {
  id: string;
  title: string;
  parentConversationId: string | null;
  sourceChunkId: string | null;
  at: number;
}

/** Conversations of one user: every query is scoped to the owner, so another user's id reads as unknown. */
export class ChatConversationsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private owned(owner: Owner) {
    return this.db
      .selectFrom('conversations as c')
      .where('c.organization_id', '=', owner.organizationId)
      .where('c.user_id', '=', owner.userId);
  }

  private withCount(owner: Owner) {
    return this.owned(owner).select([
      'c.id',
      'c.organization_id',
      'c.user_id',
      'c.title',
      'c.language_model_id',
      'c.parent_conversation_id',
      'c.source_chunk_id',
      'c.created_at',
      'c.updated_at',
      (eb) => eb.selectFrom('chat_messages as m').select((inner) => inner.fn.countAll<number>().as('n')).whereRef('m.conversation_id', '=', 'c.id').as('message_count'),
    ]);
  }

  async list(query: ConversationListQuery): Promise<{ rows: ConversationRow[]; total: number }> {
    let base = this.owned(query);
    if (query.search) base = base.where((eb) => containsAny(eb, ['c.title'], query.search!));
    if (query.ids) base = base.where('c.id', 'in', query.ids.length ? query.ids : ['']);
    if (query.parentId === null) base = base.where('c.parent_conversation_id', 'is', null);
    else if (query.parentId !== undefined) base = base.where('c.parent_conversation_id', '=', query.parentId);
    const ids = base.select('c.id');
    const [rows, count] = await Promise.all([
      this.withCount(query)
        .where('c.id', 'in', ids)
        .orderBy(sql.ref(CONVERSATION_SORT[query.sortField]), query.sortOrder)
        .orderBy('c.id', query.sortOrder)
        .offset(query.offset)
        .limit(query.limit)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { rows: rows as ConversationRow[], total: Number(count.total) };
  }

  async find(owner: Owner, id: string): Promise<ConversationRow | undefined> {
    return (await this.withCount(owner).where('c.id', '=', id).executeTakeFirst()) as ConversationRow | undefined;
  }

  async insert(input: NewConversation): Promise<void> {
    await this.db
      .insertInto('conversations')
      .values({
        id: input.id,
        organization_id: input.organizationId,
        user_id: input.userId,
        vault_enc: null,
        title: input.title,
        language_model_id: null,
        parent_conversation_id: input.parentConversationId,
        source_chunk_id: input.sourceChunkId,
        created_at: input.at,
        updated_at: input.at,
      })
      .execute();
  }

  async update(owner: Owner, id: string, changes: { title?: string; languageModelId?: number; at: number }): Promise<void> {
    await this.db
      .updateTable('conversations')
      .set({
        ...(changes.title !== undefined ? { title: changes.title } : {}),
        ...(changes.languageModelId !== undefined ? { language_model_id: changes.languageModelId } : {}),
        updated_at: changes.at,
      })
      .where('id', '=', id)
      .where('organization_id', '=', owner.organizationId)
      .where('user_id', '=', owner.userId)
      .execute();
  }

  async delete(owner: Owner, id: string): Promise<void> {
    await this.db.deleteFrom('conversations').where('id', '=', id).where('organization_id', '=', owner.organizationId).where('user_id', '=', owner.userId).execute();
  }
}
