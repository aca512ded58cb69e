// An OpenAI-compatible gateway: the official SDKs work unchanged with baseURL = <console>/api/v1/openai and an
// access token as the API key. Every prompt goes through the same pipeline and lifecycle record as the chat.
// Model ids are the language models' Names (unique per organization, what admins and users see); a request may
// also name a model by its numeric id.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { randomUUID } from 'node:crypto';
import { Role } from '../../domain/enums';
import type { LanguageModelSummary } from '../../domain/schemas/language-models';
import type { Principal } from '../auth/principal';
import { requireSignedIn } from '../http/auth-guards';
import { forbidden, tooManyRequests } from '../http/errors';
import { RateLimiter } from '../auth/rate-limiter';
import { LanguageModelsRepository } from '../models/language-models.repository';
import type { ChatMessage } from '../models/providers/types';
import { PromptOrchestrator } from '../pipeline/orchestrator';
import type { PipelineResult } from '../pipeline/orchestrator';
import { openAiError, registerOpenAiErrorHandler } from './openai-errors';
import { ChatCompletionRequestSchema, textOf } from './openai.schemas';

const TAGS = ['OpenAI-compatible gateway'];
const ALL_ROLES = [Role.PRODUCT_ADMIN, Role.CUSTOMER_ADMIN, Role.ORG_ADMIN, Role.USER];
const MAX_LISTED_MODELS = 500;
export const GATEWAY_REQUESTS_PER_MINUTE = 120;
const MINUTE_MS = 60_000;
export const gatewayRateKey = (userId: string): string => `gateway:${userId}`;

function memberOf(principal: Principal): string {
  if (!principal.organizationId) throw forbidden('Only members of an organization can use the gateway.');
  return principal.organizationId;
}

async function usableModels(app: FastifyInstance, principal: Principal) {
  const { rows } = await new LanguageModelsRepository(app.db.kysely).list({
    organizationId: memberOf(principal),
    usableBy: principal.userId,
    sortField: 'Name',
    sortOrder: 'asc',
    offset: 0,
    limit: MAX_LISTED_MODELS,
  });
  return rows;
}

function completionId(): string {
  return `chatcmpl-${randomUUID().replace(/-/g, '')}`;
}

function usageBody(result: PipelineResult) {
  return { prompt_tokens: result.usage.inputTokens, completion_tokens: result.usage.outputTokens, total_tokens: result.usage.inputTokens + result.usage.outputTokens };
}

function sendSse(reply: FastifyReply, data: unknown): void {
  reply.raw.write(`data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`);
}

export async function openAiGatewayRoutes(app: FastifyInstance): Promise<void> {
  registerOpenAiErrorHandler(app);
  const orchestrator = new PromptOrchestrator(app);

  app.get('/api/v1/openai/models', { config: { roles: ALL_ROLES }, schema: { tags: TAGS, summary: 'Language models the token owner may use (OpenAI list shape)' } }, async (request) => {
    const principal = requireSignedIn(request);
    const rows = await usableModels(app, principal);
    return {
      object: 'list',
      data: rows.map((row) => ({ id: row.name, object: 'model', created: Math.floor(Number(row.created_at) / 1000), owned_by: row.provider })),
    };
  });

  app.post('/api/v1/openai/chat/completions', { config: { roles: ALL_ROLES }, schema: { tags: TAGS, summary: 'Chat completion through the governance pipeline (OpenAI shape, SSE when stream is true)' } }, async (request, reply) => {
    const principal = requireSignedIn(request);
    memberOf(principal);
    const limiter = new RateLimiter(app.db.kysely);
    const limit = await limiter.isBlocked(gatewayRateKey(principal.userId), GATEWAY_REQUESTS_PER_MINUTE, MINUTE_MS);
    if (limit.blocked) throw tooManyRequests(`Rate limit of ${GATEWAY_REQUESTS_PER_MINUTE} requests a minute reached; try again shortly.`, limit.retryAfterMs / 1000);
    await limiter.hit(gatewayRateKey(principal.userId), MINUTE_MS);
    const parsed = ChatCompletionRequestSchema.safeParse(request.body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return reply.status(400).send(openAiError(400, issue ? `${issue.path.join('.') || 'body'}: ${issue.message}` : 'The request is not valid.'));
    }
    const body = parsed.data;
    const row = (await usableModels(app, principal)).find((model) => model.name === body.model || String(model.id) === body.model);
    if (!row) return reply.status(404).send(openAiError(404, `The model "${body.model}" does not exist or you do not have access to it.`));
    const { model, provider } = await app.services.languageModels.usable(principal, Number(row.id));
    const messages: ChatMessage[] = body.messages.map((message) => ({ role: message.role === 'developer' ? 'system' : message.role, content: textOf(message.content) }));
    if (!messages.some((message) => message.role === 'user')) return reply.status(400).send(openAiError(400, 'messages: at least one user message is required'));
    const maxTokens = body.max_completion_tokens ?? body.max_tokens ?? undefined;
    const common = { actor: principal, model, provider, messages, messageType: 'PROMPT_LLM' as const, ...(maxTokens ? { maxTokens } : {}), ...(typeof body.temperature === 'number' ? { temperature: body.temperature } : {}) };
    const id = completionId();
    const created = Math.floor(Date.now() / 1000);
    const modelId = (m: LanguageModelSummary) => m.Name;

    if (!body.stream) {
      const result = await orchestrator.run(common);
      if (result.blocked) return reply.status(403).send(openAiError(403, result.blocked.message, 'blocked_by_policy'));
      if (result.error !== null) return reply.status(502).send(openAiError(502, `The language model failed: ${result.error}`));
      return {
        id,
        object: 'chat.completion',
        created,
        model: modelId(model),
        choices: [{ index: 0, message: { role: 'assistant', content: result.answer, refusal: null }, finish_reason: 'stop', logprobs: null }],
        usage: usageBody(result),
      };
    }

    // Headers go out with the first delta, so a block or an upstream failure before it still answers 403/502.
    let started = false;
    const chunk = (delta: Record<string, unknown>, finishReason: string | null) => ({ id, object: 'chat.completion.chunk', created, model: modelId(model), choices: [{ index: 0, delta, finish_reason: finishReason, logprobs: null }] });
    const start = () => {
      if (started) return;
      started = true;
      reply.hijack();
      reply.raw.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', connection: 'keep-alive', 'x-accel-buffering': 'no' });
      sendSse(reply, chunk({ role: 'assistant', content: '' }, null));
    };
    const abort = new AbortController();
    // The response closing before its end means the client went away: stop the upstream request too.
    reply.raw.on('close', () => {
      if (!reply.raw.writableEnded) abort.abort();
    });
    let result: PipelineResult;
    try {
      result = await orchestrator.run({ ...common, signal: abort.signal, onDelta: (text) => {
        start();
        sendSse(reply, chunk({ content: text }, null));
      } });
    } catch (error) {
      if (!started) throw error;
      request.log.error({ err: error }, 'gateway stream failed');
      sendSse(reply, openAiError(500, 'Something went wrong on our side.'));
      reply.raw.end();
      return reply;
    }
    if (!started) {
      if (result.blocked) return reply.status(403).send(openAiError(403, result.blocked.message, 'blocked_by_policy'));
      if (result.error !== null) return reply.status(502).send(openAiError(502, `The language model failed: ${result.error}`));
      start();
    }
    if (result.error !== null) {
      sendSse(reply, openAiError(502, `The language model failed: ${result.error}`));
    } else {
      sendSse(reply, { ...chunk({}, 'stop'), usage: usageBody(result) });
    }
    sendSse(reply, '[DONE]');
    reply.raw.end();
    return reply;
  });
}


