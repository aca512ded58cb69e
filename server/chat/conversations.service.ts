import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Conversation, ConversationDetail, ConversationInputSchema } from '../../domain/schemas/chat';
import { CONVERSATION_TITLE_MAX } from '../../domain/schemas/chat';
import type { Principal } from '../auth/principal';
import { newId } from '../db/ids';
import type { Database } from '../db/schema';
import { badRequest, forbidden, notFound } from '../http/errors';
import type { ListParams } from '../http/list-query';
import { filterIds, filterText } from '../http/rest';
import { toChatMessage, toConversation } from './chat.dto';
import type { ConversationRow, ConversationSortField, Owner } from './chat-conversations.repository';
import { ChatConversationsRepository } from './chat-conversations.repository';
import { ChatMessagesRepository } from './chat-messages.repository';

export type ConversationInputValue = z.output<typeof ConversationInputSchema>;

export const CONVERSATION_NOT_FOUND = 'The conversation';
export const CITED_SOURCE_NOT_FOUND = 'The cited source';
const TITLE_FROM_PROMPT_CHARS = 60;

/** The caller as the owner of conversations: only members of an organization chat. */
export function ownerOf(actor: Principal): Owner {
  if (!actor.organizationId) throw forbidden('Only members of an organization can chat.');
  return { organizationId: actor.organizationId, userId: actor.userId };
}

/** A title from the first prompt: its first line, cut at a word boundary. */
export function titleFromPrompt(prompt: string): string {
  const line = prompt.trim().split('\n')[0]!.replace(/\s+/g, ' ').trim();
  if (line.length <= TITLE_FROM_PROMPT_CHARS) return line;
  const cut = line.slice(0, TITLE_FROM_PROMPT_CHARS);
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > TITLE_FROM_PROMPT_CHARS / 2 ? cut.slice(0, atWord) : cut).trimEnd()}…`.slice(0, CONVERSATION_TITLE_MAX);
}

export class ConversationsService {
  constructor(private readonly db: Kysely<Database>) {}

  async list(actor: Principal, params: ListParams<ConversationSortField>): Promise<{ rows: Conversation[]; total: number }> {
    const { filter, ...page } = params;
    const parent = filter.ParentConversationId;
    const result = await new ChatConversationsRepository(this.db).list({
      ...page,
      ...ownerOf(actor),
      search: filterText(filter.q),
      ids: filterIds(filter.id),
      parentId: parent === null ? null : typeof parent === 'string' && parent ? parent : undefined,
    });
    return { rows: result.rows.map(toConversation), total: result.total };
  }

  async get(actor: Principal, id: string): Promise<ConversationDetail> {
    const owner = ownerOf(actor);
    const row = await this.findOrThrow(owner, id);
    const messages = await new ChatMessagesRepository(this.db).ofConversation(owner, id);
    return { ...toConversation(row), Messages: messages.map(toChatMessage) };
  }

  async create(actor: Principal, input: ConversationInputValue): Promise<Conversation> {
    const owner = ownerOf(actor);
    const parentId = input.ParentConversationId || null;
    const chunkId = input.SourceChunkId || null;
    if ((parentId === null) !== (chunkId === null)) {
      const missing = parentId === null ? 'ParentConversationId' : 'SourceChunkId';
      throw badRequest('A child chat needs both the parent conversation and the cited source.', { [missing]: 'Required for a child chat' });
    }
    if (parentId && chunkId) {
      await this.findOrThrow(owner, parentId);
      if (!(await new ChatMessagesRepository(this.db).cited(owner, parentId, chunkId))) throw notFound(CITED_SOURCE_NOT_FOUND);
    }
    const id = newId();
    await new ChatConversationsRepository(this.db).insert({ ...owner, id, title: input.Title ?? '', parentConversationId: parentId, sourceChunkId: chunkId, at: Date.now() });
    return toConversation(await this.findOrThrow(owner, id));
  }

  /** Renames; a child chat's parent and source are fixed at creation. */
  async update(actor: Principal, id: string, input: ConversationInputValue): Promise<Conversation> {
    const owner = ownerOf(actor);
    const repository = new ChatConversationsRepository(this.db);
    await this.findOrThrow(owner, id);
    await repository.update(owner, id, { ...(input.Title !== undefined ? { title: input.Title } : {}), at: Date.now() });
    return toConversation(await this.findOrThrow(owner, id));
  }

  async delete(actor: Principal, id: string): Promise<{ id: string }> {
    const owner = ownerOf(actor);
    await this.findOrThrow(owner, id);
    await new ChatConversationsRepository(this.db).delete(owner, id);
    return { id };
  }

  async findOrThrow(owner: Owner, id: string): Promise<ConversationRow> {
    const row = await new ChatConversationsRepository(this.db).find(owner, id);
    if (!row) throw notFound(CONVERSATION_NOT_FOUND);
    return row;
  }
}
