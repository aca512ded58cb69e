// MSW handlers of the chat pages (domain/schemas/chat.ts): conversations over an in-memory list reset before every
// test, the answer stream as a ReadableStream of `data: <json>\n\n` events, documents, cited sources, pickers and
// the lifecycle record. Tests script the next answers with `chatMockState().replies`.
import { http, HttpResponse } from 'msw';
import {
  ChatStreamEventSchema,
  ConversationInputSchema,
  MAX_CHAT_DOCUMENT_BYTES,
  SendMessageSchema,
} from '../domain';
import type { ChatCopilot, ChatDocument, ChatMessage, ChatModel, ChatStreamEvent, ConversationDetail, PromptDetails } from '../domain';
import { buildApiError } from './builders';
import {
  anonymizedAction,
  buildBlockedMessage,
  buildChatCopilots,
  buildChatMessage,
  buildChatModels,
  buildCitedSource,
  buildConversation,
  buildPromptDetails,
  buildSourceCitation,
  buildVerification,
} from './chatBuilders';
import { badRequestFromIssues, listResponse, notFound } from './restCollection';

/** One scripted answer: its text in pieces, then the final message's fields (or a broken stream). */
export interface ReplyScript {
  deltas: string[];
  final?: Partial<ChatMessage>;
  /** Held before the final event until it resolves (to look at a half-streamed answer). */
  gate?: Promise<void>;
  /** The stream ends with an error event instead of the final message. */
  streamError?: string;
}

interface ChatMockState {
  /** false: the caller belongs to no organization, every chat call answers 403. */
  access: boolean;
  models: ChatModel[];
  copilots: ChatCopilot[];
  conversations: ConversationDetail[];
  documents: ChatDocument[];
  replies: ReplyScript[];
  /** Bodies of POST …/messages, in order. */
  sent: { conversationId: string; body: unknown }[];
  /** Lifecycle records that differ from the default one built from the message. */
  details: Record<string, PromptDetails>;
  nextId: number;
}

const BASE_TIME = Date.parse('2026-03-06T08:00:00.000Z');
const NEW_CHAT_TITLE = 'New chat';
const SUMMARIZABLE = /\.(txt|md|markdown|csv|json|html?|pdf)$/i;
const UNSUPPORTED = 'Only text, Markdown, CSV, JSON, HTML and PDF files can be summarized.';

function initialConversations(): ConversationDetail[] {
  const rag = buildChatMessage({
    id: 'prm_rag',
    MessageType: 'SEARCH_RAG',
    Prompt: 'Which class do we fly? Ask Jane Doe (jane@example.com).',
    Answer: 'Economy class for flights **under six hours** [1].',
    PolicyActions: [anonymizedAction()],
    Sources: [buildSourceCitation()],
  });
  const budget = buildConversation({ id: 'cnv_budget', Title: 'Travel rules', MessageCount: 2, UpdatedAt: '2026-03-05T11:00:00.000Z' });
  const older = buildConversation({ id: 'cnv_older', Title: 'Quarterly report ideas', LanguageModelId: 2, MessageCount: 0, UpdatedAt: '2026-03-01T09:00:00.000Z' });
  return [
    { ...budget, Messages: [rag, buildBlockedMessage({ ConversationId: 'cnv_budget' })] },
    { ...older, Messages: [] },
  ];
}

const initialState = (): ChatMockState => ({
  access: true,
  models: buildChatModels(),
  copilots: buildChatCopilots(),
  conversations: initialConversations(),
  documents: [],
  replies: [],
  sent: [],
  details: {},
  nextId: 1,
});
let state = initialState();

export function resetChatMocks(): void {
  state = initialState();
}
export function chatMockState(): ChatMockState {
  return state;
}

const clock = () => new Date(BASE_TIME + state.nextId * 60_000).toISOString();
const forbidden = () => HttpResponse.json(buildApiError('Chat is available to members of an organization.'), { status: 403 });
const findConversation = (cid: unknown) => state.conversations.find((conversation) => conversation.id === cid);
const summary = ({ Messages: _messages, ...conversation }: ConversationDetail) => conversation;

function defaultReply(message: ChatMessage): ReplyScript {
  switch (message.MessageType) {
    case 'SEARCH_RAG':
      return { deltas: ['According to the handbook, ', 'economy class is booked ', 'for short flights [1].'], final: { Sources: [buildSourceCitation()] } };
    case 'PROMPT_COPILOT':
      return { deltas: [`${message.AppName ?? 'The copilot'} says: `, 'you have 25 days.'] };
    case 'SUMMARIZE_DOCUMENT':
      return { deltas: [`Summary of ${message.DocumentName ?? 'the document'}: `, 'three key points.'] };
    default:
      return { deltas: ['Here is ', 'the answer ', 'to your question.'] };
  }
}

const sse = (event: ChatStreamEvent) => `data: ${JSON.stringify(ChatStreamEventSchema.parse(event))}\n\n`;
const pause = () => new Promise((resolve) => setTimeout(resolve, 5));

function streamAnswer(conversation: ConversationDetail, started: ChatMessage, script: ReplyScript, signal: AbortSignal): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    async start(controller) {
      const send = (event: ChatStreamEvent) => controller.enqueue(encoder.encode(sse(event)));
      const store = (message: ChatMessage) => {
        conversation.Messages = conversation.Messages.map((existing) => (existing.id === message.id ? message : existing));
      };
      let answer = '';
      // As the server: a stopped answer is kept as it stood at the moment the client went away, before the client
      // fetches the conversation again.
      const keepStopped = () => store({ ...started, Answer: answer, Status: 'failed', Error: 'The answer was stopped.' });
      signal.addEventListener('abort', keepStopped, { once: true });
      send({ type: 'prompt', message: started });
      for (const text of script.deltas) {
        await pause();
        if (signal.aborted) break;
        answer += text;
        send({ type: 'delta', text });
      }
      await script.gate;
      if (signal.aborted) {
        controller.close();
        return;
      }
      signal.removeEventListener('abort', keepStopped);
      if (script.streamError) {
        store({ ...started, Answer: answer, Status: 'failed', Error: script.streamError });
        send({ type: 'error', message: script.streamError });
      } else {
        const blocked = Boolean(script.final?.BlockedMessage);
        const final: ChatMessage = { ...started, Answer: blocked ? '' : answer, Status: 'success', Verification: blocked ? null : buildVerification(), ...script.final };
        store(final);
        send({ type: 'done', message: final });
      }
      controller.close();
    },
  });
}

export const chatHandlers = [
  http.get('/api/v1/chat/models', () => (state.access ? HttpResponse.json(state.models) : forbidden())),
  http.get('/api/v1/chat/copilots', () => (state.access ? HttpResponse.json(state.copilots) : forbidden())),

  http.get('/api/v1/chat/conversations', ({ request }) => {
    if (!state.access) return forbidden();
    return listResponse('chat/conversations', state.conversations.map(summary), new URL(request.url), { searchFields: ['Title'], defaultSort: 'UpdatedAt' });
  }),
  http.post('/api/v1/chat/conversations', async ({ request }) => {
    if (!state.access) return forbidden();
    const parsed = ConversationInputSchema.safeParse(await request.json());
    if (!parsed.success) return badRequestFromIssues(parsed.error.issues);
    const { Title, ParentConversationId, SourceChunkId } = parsed.data;
    if (ParentConversationId && !findConversation(ParentConversationId)) return notFound('The conversation');
    const now = clock();
    const conversation: ConversationDetail = {
      ...buildConversation({ id: `cnv_new_${state.nextId++}`, Title: Title || NEW_CHAT_TITLE, LanguageModelId: null, ParentConversationId: ParentConversationId ?? null, SourceChunkId: SourceChunkId ?? null, CreatedAt: now, UpdatedAt: now }),
      Messages: [],
    };
    state.conversations.push(conversation);
    return HttpResponse.json(summary(conversation), { status: 201 });
  }),
  http.get('/api/v1/chat/conversations/:cid', ({ params }) => {
    if (!state.access) return forbidden();
    const conversation = findConversation(params.cid);
    return conversation ? HttpResponse.json(conversation) : notFound('The conversation');
  }),
  http.put('/api/v1/chat/conversations/:cid', async ({ params, request }) => {
    const conversation = findConversation(params.cid);
    if (!conversation) return notFound('The conversation');
    const parsed = ConversationInputSchema.safeParse(await request.json());
    if (!parsed.success) return badRequestFromIssues(parsed.error.issues);
    Object.assign(conversation, { Title: parsed.data.Title || conversation.Title, UpdatedAt: clock() });
    return HttpResponse.json(summary(conversation));
  }),
  http.delete('/api/v1/chat/conversations/:cid', ({ params }) => {
    if (!findConversation(params.cid)) return notFound('The conversation');
    state.conversations = state.conversations.filter((conversation) => conversation.id !== params.cid);
    return HttpResponse.json({ id: params.cid });
  }),

  http.post('/api/v1/chat/conversations/:cid/documents', async ({ params, request }) => {
    if (!findConversation(params.cid)) return notFound('The conversation');
    const file = (await request.formData()).get('file');
    // Not `instanceof File`: under jsdom the parsed body's File is Node's, not the window's. Messages as the server's.
    if (typeof file !== 'object' || file === null || !('size' in file)) return HttpResponse.json(buildApiError('Choose a file to upload.', { File: 'Choose a file to upload.' }), { status: 400 });
    if (file.size > MAX_CHAT_DOCUMENT_BYTES) return HttpResponse.json(buildApiError('The file is larger than 10 MB.'), { status: 413 });
    if (!SUMMARIZABLE.test(file.name)) return HttpResponse.json(buildApiError(UNSUPPORTED, { File: UNSUPPORTED }), { status: 400 });
    if (file.size === 0) return HttpResponse.json(buildApiError('The file has no text to index.', { File: 'The file has no text to index.' }), { status: 400 });
    const document: ChatDocument = { id: `doc_${state.nextId++}`, ConversationId: String(params.cid), FileName: file.name, SizeBytes: file.size, Characters: file.size, CreatedAt: clock() };
    state.documents.push(document);
    return HttpResponse.json(document, { status: 201 });
  }),

  http.post('/api/v1/chat/conversations/:cid/messages', async ({ params, request }) => {
    if (!state.access) return forbidden();
    const conversation = findConversation(params.cid);
    if (!conversation) return notFound('The conversation');
    const body: unknown = await request.json();
    state.sent.push({ conversationId: conversation.id, body });
    const parsed = SendMessageSchema.safeParse(body);
    if (!parsed.success) return badRequestFromIssues(parsed.error.issues);
    const input = parsed.data;
    const model = state.models.find((candidate) => candidate.id === input.LanguageModelId);
    const copilot = state.copilots.find((candidate) => candidate.id === input.AppId);
    const document = state.documents.find((candidate) => candidate.id === input.DocumentId && candidate.ConversationId === conversation.id);
    if (input.MessageType === 'PROMPT_COPILOT' && !copilot) return notFound('The copilot');
    if (input.MessageType === 'SUMMARIZE_DOCUMENT' && !document) return notFound('The document');
    if (input.MessageType !== 'PROMPT_COPILOT' && !model) return notFound('The language model');
    const now = clock();
    const started = buildChatMessage({
      id: `prm_new_${state.nextId++}`,
      ConversationId: conversation.id,
      MessageType: input.MessageType,
      Prompt: input.Content,
      Answer: null,
      Status: 'in_progress',
      Verification: null,
      LanguageModelId: model?.id ?? 1,
      ModelName: model?.Name ?? state.models[0]?.Name ?? null,
      AppId: copilot?.id ?? null,
      AppName: copilot?.Name ?? null,
      DocumentId: document?.id ?? null,
      DocumentName: document?.FileName ?? null,
      CreatedAt: now,
    });
    conversation.Messages.push(started);
    Object.assign(conversation, {
      Title: conversation.Title === NEW_CHAT_TITLE ? input.Content.slice(0, 60) : conversation.Title,
      LanguageModelId: started.LanguageModelId,
      MessageCount: conversation.Messages.length,
      UpdatedAt: now,
    });
    const script = state.replies.shift() ?? defaultReply(started);
    return new HttpResponse(streamAnswer(conversation, started, script, request.signal), { headers: { 'Content-Type': 'text/event-stream' } });
  }),

  http.get('/api/v1/chat/conversations/:cid/prompts/:pid/sources/:chunk', ({ params }) => {
    const message = findConversation(params.cid)?.Messages.find((candidate) => candidate.id === params.pid);
    const citation = message?.Sources.find((source) => source.ChunkId === params.chunk);
    return citation ? HttpResponse.json(buildCitedSource(citation)) : notFound('The source');
  }),

  http.get('/api/v1/prompts/:pid', ({ params }) => {
    const pid = String(params.pid);
    if (state.details[pid]) return HttpResponse.json(state.details[pid]);
    const message = state.conversations.flatMap((conversation) => conversation.Messages).find((candidate) => candidate.id === pid);
    return message ? HttpResponse.json(buildPromptDetails(message)) : notFound('The prompt');
  }),
];
