import type { AppliedPolicyAction, ChatDocument, ChatMessage, Conversation, SourceCitation } from '../../domain/schemas/chat';
import type { ChatMessageType } from '../../domain/schemas/lifecycle';
import type { VerificationOutcome } from '../../domain/schemas/verifiers';
import { iso } from '../http/rest';
import type { ChatDocumentRow } from './chat-documents.repository';
import type { ConversationRow } from './chat-conversations.repository';
import type { ChatMessageRow } from './chat-messages.repository';

export function toConversation(row: ConversationRow): Conversation {
  return {
    id: row.id,
    Title: row.title,
    LanguageModelId: row.language_model_id === null ? null : Number(row.language_model_id),
    ParentConversationId: row.parent_conversation_id,
    SourceChunkId: row.source_chunk_id,
    MessageCount: Number(row.message_count),
    CreatedAt: iso(Number(row.created_at)),
    UpdatedAt: iso(Number(row.updated_at)),
  };
}

const statusOf = (status: string): ChatMessage['Status'] => (status === 'success' || status === 'failed' ? status : 'in_progress');

export function toChatMessage(row: ChatMessageRow): ChatMessage {
  const status = statusOf(row.status);
  return {
    id: row.id,
    ConversationId: row.conversation_id,
    MessageType: row.message_type as ChatMessageType,
    Prompt: row.prompt,
    // A message whose prompt ended without an answer (blocked, failed, interrupted) shows an empty one.
    Answer: row.answer ?? (status === 'in_progress' ? null : ''),
    Status: status,
    BlockedMessage: row.blocked_message,
    Error: row.error ?? (status === 'failed' && row.answer === null ? 'The answer was interrupted.' : null),
    PolicyActions: JSON.parse(row.policy_actions_json) as AppliedPolicyAction[],
    Malicious: Number(row.malicious) === 1,
    Verification: row.verification_json ? (JSON.parse(row.verification_json) as VerificationOutcome) : null,
    VerificationWarning: row.verification_warning,
    Sources: JSON.parse(row.sources_json) as SourceCitation[],
    LanguageModelId: row.language_model_id === null ? null : Number(row.language_model_id),
    ModelName: row.model_name,
    AppId: row.app_id,
    AppName: row.app_name,
    DocumentId: row.document_id,
    DocumentName: row.document_name,
    CreatedAt: iso(Number(row.created_at)),
  };
}

export function toChatDocument(row: ChatDocumentRow): ChatDocument {
  return {
    id: row.id,
    ConversationId: row.conversation_id,
    FileName: row.file_name,
    SizeBytes: Number(row.size_bytes),
    Characters: Number(row.characters),
    CreatedAt: iso(Number(row.created_at)),
  };
}
