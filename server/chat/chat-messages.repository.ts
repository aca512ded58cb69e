import { sql } from 'kysely';
import type { Kysely, Selectable, Updateable } from 'kysely';
import type { ChatMessagesTable, Database } from '../db/schema';
import type { Owner } from './chat-conversations.repository';

/** A chat message with its prompt's lifecycle status. */
export type ChatMessageRow = Selectable<ChatMessagesTable> & { status: string };
export type ChatMessageInsert = Omit<Selectable<ChatMessagesTable>, 'answer' | 'blocked_message' | 'error' | 'policy_actions_json' | 'sources_json' | 'verification_json' | 'verification_warning' | 'malicious'>;
export type ChatMessageOutcome = Pick<
  Updateable<ChatMessagesTable>,
  'answer' | 'blocked_message' | 'error' | 'policy_actions_json' | 'sources_json' | 'verification_json' | 'verification_warning' | 'malicious' | 'model_name'
>;

export class ChatMessagesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private owned(owner: Owner) {
    return this.db
      .selectFrom('chat_messages as m')
      .innerJoin('prompts as p', 'p.id', 'm.id')
      .selectAll('m')
      // An answer kept while its prompt is in progress was delivered and is being checked for copyright by a job
      // (copyright-check-job.ts): to the chat it is answered.
      .select(sql<string>`case when p.status = 'in_progress' and m.answer is not null then 'success' else p.status end`.as('status'))
      .where('m.organization_id', '=', owner.organizationId)
      .where('m.user_id', '=', owner.userId);
  }

  async insert(row: ChatMessageInsert): Promise<void> {
    await this.db
      .insertInto('chat_messages')
      .values({ ...row, answer: null, blocked_message: null, error: null, policy_actions_json: '[]', sources_json: '[]', verification_json: null, verification_warning: null, malicious: 0 })
      .execute();
  }

  async finish(id: string, outcome: ChatMessageOutcome): Promise<void> {
    await this.db.updateTable('chat_messages').set(outcome).where('id', '=', id).execute();
  }

  /** A conversation's messages, oldest first. */
  ofConversation(owner: Owner, conversationId: string): Promise<ChatMessageRow[]> {
    return this.owned(owner).where('m.conversation_id', '=', conversationId).orderBy('m.created_at').orderBy('m.id').execute();
  }

  /** The latest answered messages of a conversation, newest first, for the model's context. */
  recentAnswered(owner: Owner, conversationId: string, limit: number): Promise<ChatMessageRow[]> {
    return this.owned(owner)
      .where('m.conversation_id', '=', conversationId)
      .where((eb) => eb.or([eb('p.status', '=', 'success'), eb('p.status', '=', 'in_progress')]))
      .where('m.blocked_message', 'is', null)
      .where('m.answer', 'is not', null)
      .orderBy('m.created_at', 'desc')
      .orderBy('m.id', 'desc')
      .limit(limit)
      .execute();
  }

  find(owner: Owner, conversationId: string, id: string): Promise<ChatMessageRow | undefined> {
    return this.owned(owner).where('m.conversation_id', '=', conversationId).where('m.id', '=', id).executeTakeFirst();
  }

  /** Any message of the prompt, whoever's: the lifecycle API has already checked who may read the prompt. */
  byPromptId(promptId: string): Promise<Selectable<ChatMessagesTable> | undefined> {
    return this.db.selectFrom('chat_messages').selectAll().where('id', '=', promptId).executeTakeFirst();
  }

  /** Whether one of the conversation's answers cited the chunk. */
  async cited(owner: Owner, conversationId: string, chunkId: string): Promise<boolean> {
    const rows = await this.owned(owner).where('m.conversation_id', '=', conversationId).where('m.sources_json', 'like', `%${JSON.stringify(chunkId)}%`).execute();
    return rows.some((row) => citedChunkIds(row.sources_json).includes(chunkId));
  }
}

export function citedChunkIds(sourcesJson: string): string[] {
  const sources = JSON.parse(sourcesJson) as { ChunkId: string }[];
  return sources.map((source) => source.ChunkId);
}
