import { decode } from 'gpt-tokenizer';
import type { Kysely } from 'kysely';
import type { ChatDocument } from '../../domain/schemas/chat';
import type { LanguageModelSummary } from '../../domain/schemas/language-models';
import type { Principal } from '../auth/principal';
import { newId } from '../db/ids';
import type { Database } from '../db/schema';
import { notFound } from '../http/errors';
import { countTokens, encodeTokens } from '../pipeline/tokens';
import type { SecretBox } from '../security/secret-box';
import { toChatDocument } from './chat.dto';
import type { ChatDocumentRow } from './chat-documents.repository';
import { ChatDocumentsRepository } from './chat-documents.repository';
import type { Owner } from './chat-conversations.repository';
import type { UploadedText } from './chat-upload';
import { ConversationsService, ownerOf } from './conversations.service';

/**
 * The context a summary may fill: the models have no context-window setting, so a size that today's hosted models
 * all take, less the answer's own MaxTokens; never below MIN_DOCUMENT_TOKENS.
 */
export const SUMMARY_CONTEXT_TOKENS = 16_000;
export const MIN_DOCUMENT_TOKENS = 2_000;
const MAX_CHARACTERS_PER_TOKEN = 12;

export const documentTokenBudget = (model: Pick<LanguageModelSummary, 'MaxTokens'>): number => Math.max(MIN_DOCUMENT_TOKENS, SUMMARY_CONTEXT_TOKENS - model.MaxTokens);

export interface BudgetedText {
  text: string;
  truncated: boolean;
  /** Share of the document kept, 0-100. */
  keptPercent: number;
}

/** The document's first `budget` tokens; counting stops early, so a 10 MB text costs about what the budget costs. */
export function truncateToTokens(text: string, budget: number): BudgetedText {
  const head = text.slice(0, budget * MAX_CHARACTERS_PER_TOKEN);
  if (head.length === text.length && countTokens(text) <= budget) return { text, truncated: false, keptPercent: 100 };
  let kept: string;
  try {
    const tokens = encodeTokens(head);
    kept = tokens.length > budget ? decode(tokens.slice(0, budget)) : head;
  } catch {
    kept = head.slice(0, budget * 4);
  }
  // A cut token can leave half a surrogate pair or a replacement character at the end.
  kept = kept.replace(/[\uD800-\uDBFF]$/, '').replace(/\uFFFD+$/, '');
  return { text: kept, truncated: true, keptPercent: Math.max(1, Math.floor((kept.length / text.length) * 100)) };
}

export class ChatDocumentsService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly secrets: SecretBox,
  ) {}

  async upload(actor: Principal, conversationId: string, file: UploadedText): Promise<ChatDocument> {
    const owner = ownerOf(actor);
    await new ConversationsService(this.db).findOrThrow(owner, conversationId);
    const row: ChatDocumentRow = {
      id: newId(),
      conversation_id: conversationId,
      organization_id: owner.organizationId,
      user_id: owner.userId,
      file_name: file.fileName,
      mime_type: file.mimeType,
      size_bytes: file.sizeBytes,
      characters: file.text.length,
      text_enc: this.secrets.encrypt(file.text),
      created_at: Date.now(),
    };
    await new ChatDocumentsRepository(this.db).insert(row);
    return toChatDocument(row);
  }

  /** A document of the conversation with its text, or 404. */
  async open(owner: Owner, conversationId: string, id: string): Promise<{ row: ChatDocumentRow; text: string }> {
    const row = await new ChatDocumentsRepository(this.db).find(owner, conversationId, id);
    if (!row) throw notFound('The document');
    return { row, text: this.secrets.decrypt(row.text_enc) };
  }
}
