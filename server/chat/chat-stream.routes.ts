// POST …/messages answers a server-sent event stream: `data: <ChatStreamEvent JSON>` per event — prompt, delta*, then
// done (or error). Anything refused before the prompt starts (validation, unknown conversation, model, copilot or
// document) is an ordinary JSON error; once started, the stream always ends with done or error.
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ChatStreamEvent } from '../../domain/schemas/chat';
import { MAX_PROMPT_CHARS, SendMessageSchema } from '../../domain/schemas/chat';
import { requireRole } from '../http/auth-guards';
import { errorResponses, IdParamsSchema } from '../http/rest';
import { CHAT_ROLES } from './chat.routes';
import { MessageAfterStartError, PIPELINE_FAULT_MESSAGE, SendMessageService } from './send-message.service';

const tags = ['chat'];
/** A message's JSON body: the longest message in characters of up to three UTF-8 bytes, plus the fields around it. */
export const MESSAGE_BODY_LIMIT_BYTES = 3 * MAX_PROMPT_CHARS + 16 * 1024;

function openStream(reply: FastifyReply): void {
  reply.hijack();
  reply.raw.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', connection: 'keep-alive', 'x-accel-buffering': 'no' });
}

function send(reply: FastifyReply, event: ChatStreamEvent): void {
  // The client may be gone: the message still finishes (failed) on the server.
  if (reply.raw.destroyed || reply.raw.writableEnded) return;
  reply.raw.write(`data: ${JSON.stringify(event)}\n\n`);
}

export const chatStreamRoutes: FastifyPluginAsyncZod = async (app) => {
  const messages = new SendMessageService(app);

  app.post(
    '/api/v1/chat/conversations/:id/messages',
    { config: { roles: CHAT_ROLES },
      // A body over the limit is refused (413) while it arrives, before it is parsed.
      bodyLimit: MESSAGE_BODY_LIMIT_BYTES,
      schema: {
        tags,
        summary:
          'Send a message through the governance pipeline; answers text/event-stream with one ChatStreamEvent per `data:` line: prompt (the message started), delta (answer text, real values restored), then done (the final message: answered, blocked or failed) or error',
        params: IdParamsSchema,
        body: SendMessageSchema,
        response: errorResponses,
      },
    },
    async (request, reply) => {
      const actor = requireRole(request, CHAT_ROLES);
      const abort = new AbortController();
      // The response closing before its end means the client went away: the upstream call stops too.
      reply.raw.on('close', () => {
        if (!reply.raw.writableEnded) abort.abort();
      });
      let started = false;
      try {
        const message = await messages.send(actor, request.params.id, request.body, {
          signal: abort.signal,
          started: (first) => {
            started = true;
            openStream(reply);
            send(reply, { type: 'prompt', message: first });
          },
          delta: (text) => send(reply, { type: 'delta', text }),
        });
        send(reply, { type: 'done', message });
      } catch (error) {
        if (!started) throw error;
        if (!(error instanceof MessageAfterStartError)) request.log.error({ err: error }, 'chat stream failed');
        send(reply, { type: 'error', message: PIPELINE_FAULT_MESSAGE });
      }
      reply.raw.end();
      return reply;
    },
  );
};
