import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Role } from '../../domain/enums';
import { ChatCopilotSchema, ChatDocumentSchema, ChatModelSchema, CitedSourceSchema, ConversationDetailSchema, ConversationInputSchema, ConversationSchema } from '../../domain/schemas/chat';
import { ApiErrorSchema, IdSchema } from '../../domain/schemas/common';
import { requireRole } from '../http/auth-guards';
import { parseListQuery } from '../http/list-query';
import { errorResponses, IdParamsSchema, ListQuerystringSchema, sendPage } from '../http/rest';
import { ChatCatalogService } from './chat-catalog.service';
import { CONVERSATION_SORT } from './chat-conversations.repository';
import type { ConversationSortField } from './chat-conversations.repository';
import { ChatDocumentsService } from './chat-documents.service';
import { readUploadedText, registerChatMultipartBody } from './chat-upload';
import { CitedSourceService } from './cited-source.service';
import { ConversationsService, ownerOf } from './conversations.service';

const tags = ['chat'];
/** Members of an organization chat; product and customer admins belong to none. */
export const CHAT_ROLES = [Role.ORG_ADMIN, Role.USER] as const;
const SourceParamsSchema = z.object({ id: IdSchema, pid: IdSchema, chunk: IdSchema });

export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  const conversations = new ConversationsService(app.db.kysely);
  const documents = new ChatDocumentsService(app.db.kysely, app.services.secrets);
  const catalog = new ChatCatalogService(app);
  const citedSources = new CitedSourceService(app);
  registerChatMultipartBody(app);

  app.get(
    '/api/v1/chat/conversations',
    { config: { roles: CHAT_ROLES },
      schema: {
        tags,
        summary: "The caller's own conversations, latest activity first by default (filter q on the title, id, ParentConversationId: a parent's child chats or null for top-level ones)",
        querystring: ListQuerystringSchema,
        response: { 200: z.array(ConversationSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const actor = requireRole(request, CHAT_ROLES);
      const params = parseListQuery(request.query, Object.keys(CONVERSATION_SORT) as ConversationSortField[], ['UpdatedAt', 'desc']);
      return sendPage(reply, 'conversations', params.offset, await conversations.list(actor, params));
    },
  );

  app.post(
    '/api/v1/chat/conversations',
    { config: { roles: CHAT_ROLES },
      schema: {
        tags,
        summary: 'Start a conversation (Title optional: the first prompt names it); a child chat about a cited passage gives ParentConversationId and SourceChunkId',
        body: ConversationInputSchema,
        response: { 201: ConversationSchema, ...errorResponses },
      },
    },
    async (request, reply) => reply.status(201).send(await conversations.create(requireRole(request, CHAT_ROLES), request.body)),
  );

  app.get(
    '/api/v1/chat/conversations/:id',
    { config: { roles: CHAT_ROLES }, schema: { tags, summary: 'A conversation with its messages, oldest first', params: IdParamsSchema, response: { 200: ConversationDetailSchema, ...errorResponses } } },
    async (request) => conversations.get(requireRole(request, CHAT_ROLES), request.params.id),
  );

  app.put(
    '/api/v1/chat/conversations/:id',
    { config: { roles: CHAT_ROLES }, schema: { tags, summary: 'Rename a conversation', params: IdParamsSchema, body: ConversationInputSchema, response: { 200: ConversationSchema, ...errorResponses } } },
    async (request) => conversations.update(requireRole(request, CHAT_ROLES), request.params.id, request.body),
  );

  app.delete(
    '/api/v1/chat/conversations/:id',
    { config: { roles: CHAT_ROLES },
      schema: {
        tags,
        summary: 'Delete a conversation with its messages and documents (the prompts’ lifecycle records stay, for the metrics)',
        params: IdParamsSchema,
        response: { 200: z.object({ id: z.string() }), ...errorResponses },
      },
    },
    async (request) => conversations.delete(requireRole(request, CHAT_ROLES), request.params.id),
  );

  app.post(
    '/api/v1/chat/conversations/:id/documents',
    { config: { roles: CHAT_ROLES },
      schema: {
        tags,
        summary: 'Upload a document to summarize (multipart/form-data, one file: text, Markdown, CSV, JSON, HTML or PDF, up to 10 MB); only its text is kept, encrypted',
        params: IdParamsSchema,
        response: { 201: ChatDocumentSchema, ...errorResponses, 413: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const actor = requireRole(request, CHAT_ROLES);
      // An unknown conversation answers 404 whatever the file.
      await conversations.findOrThrow(ownerOf(actor), request.params.id);
      const file = await readUploadedText(request.body, request.headers['content-type']);
      return reply.status(201).send(await documents.upload(actor, request.params.id, file));
    },
  );

  app.get(
    '/api/v1/chat/conversations/:id/prompts/:pid/sources/:chunk',
    { config: { roles: CHAT_ROLES },
      schema: {
        tags,
        summary: 'A passage the answer cited, as the model saw it after the policies, with its neighbouring passages (404 unless that answer cited it)',
        params: SourceParamsSchema,
        response: { 200: CitedSourceSchema, ...errorResponses },
      },
    },
    async (request) => citedSources.get(requireRole(request, CHAT_ROLES), request.params.id, request.params.pid, request.params.chunk),
  );

  app.get(
    '/api/v1/chat/copilots',
    { config: { roles: CHAT_ROLES }, schema: { tags, summary: 'Active copilots the caller may use, with their predefined prompts', response: { 200: z.array(ChatCopilotSchema), ...errorResponses } } },
    async (request) => catalog.copilots(requireRole(request, CHAT_ROLES)),
  );

  app.get(
    '/api/v1/chat/models',
    { config: { roles: CHAT_ROLES }, schema: { tags, summary: 'Enabled language models the caller may use, by name', response: { 200: z.array(ChatModelSchema), ...errorResponses } } },
    async (request) => catalog.models(requireRole(request, CHAT_ROLES)),
  );
};
