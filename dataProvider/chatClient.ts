// The chat calls of domain/schemas/chat.ts: conversations, documents, cited sources, pickers, the lifecycle
// record, and the answer stream (text/event-stream read with fetch + ReadableStream). Every answer is parsed
// with its domain schema; errors are react-admin HttpErrors and pass through the session-lost rule (§8).
import { z } from 'zod';
import {
  ChatCopilotSchema,
  ChatDocumentSchema,
  ChatModelSchema,
  ChatStreamEventSchema,
  CitedSourceSchema,
  ConversationDetailSchema,
  ConversationSchema,
  PromptDetailsSchema,
} from '../domain';
import type {
  ChatCopilot,
  ChatDocument,
  ChatModel,
  ChatStreamEvent,
  CitedSource,
  Conversation,
  ConversationDetail,
  ConversationInput,
  PromptDetails,
  SendMessage,
} from '../domain';
import { API_BASE, getJson, postJson } from './api';
import { postEventStream } from './eventStream';
import { httpClient } from './httpClient';

const CONVERSATIONS = '/chat/conversations';
/** The list shows this many conversations, newest first; search narrows it. */
export const CONVERSATION_PAGE_SIZE = 100;

const id = (value: string) => encodeURIComponent(value);
const conversationPath = (cid: string) => `${CONVERSATIONS}/${id(cid)}`;

export function listConversations(search: string, signal?: AbortSignal): Promise<Conversation[]> {
  const query = new URLSearchParams({
    sort: JSON.stringify(['UpdatedAt', 'DESC']),
    range: JSON.stringify([0, CONVERSATION_PAGE_SIZE - 1]),
    filter: JSON.stringify(search.trim() ? { q: search.trim() } : {}),
  });
  return getJson(`${CONVERSATIONS}?${query.toString()}`, z.array(ConversationSchema), { signal });
}

export function createConversation(input: ConversationInput): Promise<Conversation> {
  return postJson(CONVERSATIONS, input, ConversationSchema);
}

export function getConversation(cid: string, signal?: AbortSignal): Promise<ConversationDetail> {
  return getJson(conversationPath(cid), ConversationDetailSchema, { signal });
}

export async function renameConversation(cid: string, title: string): Promise<Conversation> {
  const { json } = await httpClient(`${API_BASE}${conversationPath(cid)}`, { method: 'PUT', body: JSON.stringify({ Title: title }) });
  return ConversationSchema.parse(json);
}

export async function deleteConversation(cid: string): Promise<void> {
  await httpClient(`${API_BASE}${conversationPath(cid)}`, { method: 'DELETE' });
}

export async function uploadChatDocument(cid: string, file: File): Promise<ChatDocument> {
  const body = new FormData();
  body.append('file', file, file.name);
  const { json } = await httpClient(`${API_BASE}${conversationPath(cid)}/documents`, { method: 'POST', body });
  return ChatDocumentSchema.parse(json);
}

export function getCitedSource(cid: string, pid: string, chunk: string, signal?: AbortSignal): Promise<CitedSource> {
  return getJson(`${conversationPath(cid)}/prompts/${id(pid)}/sources/${id(chunk)}`, CitedSourceSchema, { signal });
}

export function listChatModels(signal?: AbortSignal): Promise<ChatModel[]> {
  return getJson('/chat/models', z.array(ChatModelSchema), { signal });
}

export function listChatCopilots(signal?: AbortSignal): Promise<ChatCopilot[]> {
  return getJson('/chat/copilots', z.array(ChatCopilotSchema), { signal });
}

export function getPromptDetails(pid: string, signal?: AbortSignal): Promise<PromptDetails> {
  return getJson(`/prompts/${id(pid)}`, PromptDetailsSchema, { signal });
}

// ---- the answer stream -------------------------------------------------------------------------------------

/**
 * POST /chat/conversations/:cid/messages: calls `onEvent` for every event of the stream, in order, and resolves
 * when the stream ends. Rejects with an HttpError when the message is refused (400, 404...) or the connection
 * breaks; an abort through `signal` rejects with the AbortError.
 */
export async function streamChatMessage(
  cid: string,
  message: SendMessage,
  onEvent: (event: ChatStreamEvent) => void,
  signal?: AbortSignal,
): Promise<void> {
  await postEventStream(`${conversationPath(cid)}/messages`, message, (data) => onEvent(ChatStreamEventSchema.parse(data)), signal);
}
