// An OpenAI-compatible gateway: the official SDKs work unchanged with baseURL = <console>/api/v1/openai and an
// access token as the API key. Every prompt goes through the same pipeline and lifecycle record as the chat.
// Model ids are the language models' Names (unique per organization, what admins and users see); a request may
// also name a model by its numeric id.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { randomUUID } from 'node:crypto';
import { MAX_PROMPT_BODY_BYTES } from '../../domain/schemas/chat';
import type { LanguageModelSummary } from '../../domain/schemas/language-models';
import { configCacheFor } from '../db/config-cache';
import type { ConfigReader } from '../db/config-cache';
import { LanguageModelsRepository } from '../models/language-models.repository';
import type { z } from 'zod';
import type { ChatProvider } from '../models/providers/types';
import { OrganizationsRepository } from '../tenancy/organizations.repository';
import { AppsRepository } from '../apps/apps.repository';
import { chatMessagesOf, chatOptionsOf, refusedParameter, refusedToolCall, requestProblem, textsOf } from './openai-params';
import type { GatewaySurface } from './openai-params';
import type { CopilotContext } from '../pipeline/copilot-context';
import { copilotContext } from '../pipeline/copilot-context';
import { PromptOrchestrator } from '../pipeline/orchestrator';
import type { PipelineResult } from '../pipeline/orchestrator';
import { budgetsOf, gatewayCaller } from './gateway-caller';
import { admitCall, chargeTokens } from './gateway-rate-limit';
import type { GatewayCaller } from './gateway-caller';
import { openAiError, registerOpenAiErrorHandler } from './openai-errors';
import { ChatCompletionRequestSchema, EmbeddingRequestSchema, oversizeProblem } from './openai.schemas';
import { notHonoured } from '../models/providers/capabilities';
import { ProviderError } from '../models/providers/errors';
import { EmbeddingProviderFailure, runEmbeddings } from '../pipeline/embeddings-run';
import type { ChatCompletionRequest } from './openai.schemas';

const TAGS = ['OpenAI-compatible gateway'];
const MAX_LISTED_MODELS = 500;

/** A member's usable models; for a copilot token, the copilot's enabled models. */
async function modelsOf(app: FastifyInstance, caller: GatewayCaller, config: ConfigReader = configCacheFor(app.db.kysely)) {
  let ids: number[] | undefined;
  if (caller.kind === 'app') {
    const copilot = await app.services.apps.configFor(caller.organizationId, caller.appId);
    ids = (copilot?.LanguageModels ?? []).filter((model) => model.Enabled).map((model) => model.id);
  }
  const key = caller.kind === 'user' ? `models:${caller.organizationId}:user:${caller.principal.userId}` : `models:${caller.organizationId}:app:${caller.appId}:${(ids ?? []).join(',')}`;
  const { rows } = await config.get(key, () => new LanguageModelsRepository(app.db.kysely).list({
    organizationId: caller.organizationId,
    ...(caller.kind === 'user' ? { usableBy: caller.principal.userId } : { ids: ids ?? [], enabled: true }),
    sortField: 'Name',
    sortOrder: 'asc',
    offset: 0,
    limit: MAX_LISTED_MODELS,
  }));
  return rows;
}

/** The organization's image and tool settings; for a copilot token's call, the copilot's own tool list too. */
async function gatewaySurfaceOf(app: FastifyInstance, caller: GatewayCaller): Promise<GatewaySurface> {
  const organization = await new OrganizationsRepository(app.db.kysely).gatewaySurface(caller.organizationId);
  if (caller.kind !== 'app') return organization;
  return { ...organization, copilotTools: await new AppsRepository(app.db.kysely).allowedToolsOf(caller.appId, caller.organizationId) };
}

function completionId(): string {
  return `chatcmpl-${randomUUID().replace(/-/g, '')}`;
}

function usageBody(result: PipelineResult) {
  return { prompt_tokens: result.usage.inputTokens, completion_tokens: result.usage.outputTokens, total_tokens: result.usage.inputTokens + result.usage.outputTokens };
}

/** 403 naming the policy that blocked the prompt, or the verifier that withheld the answer. */
function blockedError(result: PipelineResult) {
  return openAiError(403, result.blocked!.message, result.blockedBy === 'copyright' ? 'blocked_by_copyright' : result.verification ? 'blocked_by_verifier' : 'blocked_by_policy');
}

/**
 * Beyond OpenAI's shape (the SDKs keep unknown fields): a warn_user verifier's warning, on the completion or the
 * last stream chunk, so an app can show it beside the answer.
 */
function verificationExtras(result: PipelineResult): { verification_warning?: string } {
  return result.verificationWarning ? { verification_warning: result.verificationWarning } : {};
}

function finishReasonOf(result: PipelineResult): string {
  return result.finishReason ?? (result.toolCalls.length ? 'tool_calls' : 'stop');
}

/** Does the request carry images or tools (then the organization's settings for them are read)? */
function needsSurface(body: ChatCompletionRequest): boolean {
  return Boolean(body.tools?.length || body.tool_choice || body.messages.some((message) => (message.role === 'assistant' && message.tool_calls?.length) || (Array.isArray(message.content) && message.content.some((part) => part.type === 'image_url'))));
}

/** A 400 in OpenAI's shape naming the field; an unknown field as OpenAI words it. */
function invalidRequest(issues: readonly z.core.$ZodIssue[]) {
  const issue = issues[0];
  if (!issue) return openAiError(400, 'The request is not valid.');
  if (issue.code === 'unrecognized_keys') return openAiError(400, `Unrecognized request argument supplied: ${issue.keys.join(', ')}`, undefined, issue.keys[0]);
  const path = issue.path.join('.');
  return openAiError(400, `${path || 'body'}: ${issue.message}`, undefined, path || undefined);
}

function sendSse(reply: FastifyReply, data: unknown): void {
  reply.raw.write(`data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`);
}

export interface GatewayOptions {
  /** GATEWAY_RATE_LIMIT_RPM: requests a minute where no organization, token or copilot sets a limit. */
  defaultRpm: number;
}

export async function openAiGatewayRoutes(app: FastifyInstance, { defaultRpm }: GatewayOptions): Promise<void> {
  registerOpenAiErrorHandler(app);
  const orchestrator = new PromptOrchestrator(app);

  app.get('/api/v1/openai/models', { schema: { tags: TAGS, summary: 'Language models the token owner may use, or a copilot token\'s models (OpenAI list shape)' } }, async (request) => {
    const rows = await modelsOf(app, await gatewayCaller(app, request));
    return {
      object: 'list',
      data: rows.map((row) => ({ id: row.name, object: 'model', created: Math.floor(Number(row.created_at) / 1000), owned_by: row.provider })),
    };
  });

  // A body over the limit is refused (413) while it arrives, before it is parsed.
  app.post('/api/v1/openai/chat/completions', { bodyLimit: MAX_PROMPT_BODY_BYTES, schema: { tags: TAGS, summary: 'Chat completion through the governance pipeline (OpenAI shape, SSE when stream is true); a copilot token applies the copilot' } }, async (request, reply) => {
    const caller = await gatewayCaller(app, request);
    const budgets = await budgetsOf(app, request, caller, defaultRpm);
    const rate = await admitCall(app.db.kysely, budgets);
    if (rate.refusal) throw rate.refusal;
    void reply.headers(rate.headers);
    const charge = (result: PipelineResult) =>
      chargeTokens(app.db.kysely, budgets, result.usage.inputTokens + result.usage.outputTokens).catch((error: unknown) => request.log.warn({ err: error }, 'gateway token count failed'));
    const parsed = ChatCompletionRequestSchema.safeParse(request.body);
    if (!parsed.success) return reply.status(400).send(invalidRequest(parsed.error.issues));
    const body = parsed.data;
    const refused = refusedParameter(body as Record<string, unknown>);
    if (refused) return reply.status(refused.status).send(openAiError(refused.status, refused.message, refused.code, refused.param));
    const texts = textsOf(body.messages);
    const oversize = oversizeProblem(texts);
    if (oversize) return reply.status(413).send(openAiError(413, oversize));
    // One view of the configuration for the whole call (config-cache.ts).
    const config = configCacheFor(app.db.kysely).snapshot();
    const row = (await modelsOf(app, caller, config)).find((model) => model.name === body.model || String(model.id) === body.model);
    if (!row) return reply.status(404).send(openAiError(404, `The model "${body.model}" does not exist or you do not have access to it.`));
    let copilot: CopilotContext | undefined;
    let chosen: { model: LanguageModelSummary; provider: ChatProvider };
    if (caller.kind === 'app') {
      copilot = await copilotContext(app, null, caller.appId, Number(row.id));
      chosen = copilot;
    } else {
      chosen = await app.services.languageModels.usable(caller.principal, Number(row.id), config);
    }
    const { model, provider } = chosen;
    // The organization's image and tool settings are read only by requests that carry images or tools.
    const surface: GatewaySurface = needsSurface(body) ? await gatewaySurfaceOf(app, caller) : { imagesAllowed: false, allowedTools: null };
    const problem = requestProblem(body, model, surface);
    if (problem) return reply.status(problem.status).send(openAiError(problem.status, problem.message, problem.code, problem.param));
    const messages = chatMessagesOf(body.messages, texts);
    if (!messages.some((message) => message.role === 'user')) return reply.status(400).send(openAiError(400, 'messages: at least one user message is required', undefined, 'messages'));
    const options = chatOptionsOf(body);
    const maxTokens = body.max_completion_tokens ?? body.max_tokens ?? undefined;
    const common = {
      actor: caller.principal,
      model,
      provider,
      messages,
      messageType: copilot ? ('PROMPT_COPILOT' as const) : ('PROMPT_LLM' as const),
      ...(copilot ? { copilot, appToken: true } : {}),
      ...(maxTokens ? { maxTokens } : {}), ...(typeof body.temperature === 'number' ? { temperature: body.temperature } : {}),
      // Only what the app sent reaches the provider: no configured max tokens or temperature added.
      forwardOnly: true,
      config,
      ...(Object.keys(options).length ? { options } : {}),
    };
    /** A model's call of a tool the organization (or the calling copilot) does not allow: refused like an offered one. */
    const refusedCall = (result: PipelineResult) => {
      const refused = refusedToolCall(result.toolCalls.map((call) => call.name), surface);
      return refused ? openAiError(refused.status, refused.message, refused.code, refused.param) : null;
    };
    const id = completionId();
    const created = Math.floor(Date.now() / 1000);
    const modelId = (m: LanguageModelSummary) => m.Name;
    const abort = new AbortController();
    // The response closing before its end means the client went away: stop the upstream request too (the prompt's
    // record then says it was cancelled).
    reply.raw.on('close', () => {
      if (!reply.raw.writableEnded) abort.abort();
    });

    if (!body.stream) {
      const result = await orchestrator.run(Object.assign({}, common, { signal: abort.signal }));
      await charge(result);
      if (abort.signal.aborted) {
        // Nobody is left to answer.
        reply.hijack();
        reply.raw.destroy();
        return reply;
      }
      if (result.blocked) return reply.status(403).send(blockedError(result));
      if (result.error !== null) return reply.status(502).send(openAiError(502, `The language model failed: ${result.error}`));
      const notAllowed = refusedCall(result);
      if (notAllowed) return reply.status(403).send(notAllowed);
      const toolCalls = result.toolCalls.map((call) => ({ id: call.id, type: 'function' as const, function: { name: call.name, arguments: call.arguments } }));
      return {
        id,
        object: 'chat.completion',
        created,
        model: modelId(model),
        choices: [{ index: 0, message: { role: 'assistant', content: toolCalls.length && !result.answer ? null : result.answer, refusal: null, ...(toolCalls.length ? { tool_calls: toolCalls } : {}) }, finish_reason: finishReasonOf(result), logprobs: null }],
        usage: usageBody(result),
        ...verificationExtras(result),
      };
    }

    // Headers go out with the first delta, so a block or an upstream failure before it still answers 403/502.
    let started = false;
    const chunk = (delta: Record<string, unknown>, finishReason: string | null) => ({ id, object: 'chat.completion.chunk', created, model: modelId(model), choices: [{ index: 0, delta, finish_reason: finishReason, logprobs: null }] });
    const start = () => {
      if (started) return;
      started = true;
      reply.hijack();
      reply.raw.writeHead(200, { ...rate.headers, 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', connection: 'keep-alive', 'x-accel-buffering': 'no' });
      sendSse(reply, chunk({ role: 'assistant', content: '' }, null));
    };
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
    await charge(result);
    if (!started) {
      if (result.blocked) return reply.status(403).send(blockedError(result));
      if (result.error !== null) return reply.status(502).send(openAiError(502, `The language model failed: ${result.error}`));
      start();
    }
    const notAllowed = result.error === null ? refusedCall(result) : null;
    if (result.error !== null) {
      sendSse(reply, openAiError(502, `The language model failed: ${result.error}`));
    } else if (notAllowed) {
      sendSse(reply, notAllowed);
    } else {
      // Tool calls go out whole, once their arguments have been through the policies: one delta per call.
      for (const [index, call] of result.toolCalls.entries()) sendSse(reply, chunk({ tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.name, arguments: call.arguments } }] }, null));
      if (body.stream_options?.include_usage) {
        // OpenAI's shape: the finish chunk, then one chunk with no choices and the usage.
        sendSse(reply, { ...chunk({}, finishReasonOf(result)), ...verificationExtras(result) });
        sendSse(reply, { id, object: 'chat.completion.chunk', created, model: modelId(model), choices: [], usage: usageBody(result) });
      } else {
        sendSse(reply, { ...chunk({}, finishReasonOf(result)), usage: usageBody(result), ...verificationExtras(result) });
      }
    }
    sendSse(reply, '[DONE]');
    reply.raw.end();
    return reply;
  });

  // Embeddings (RAG apps): the texts go through the caller's policies first: a block rule refuses the request (403),
  // anonymize and redact rules change the text that is embedded. Each call is a prompt lifecycle record (runEmbeddings).
  app.post('/api/v1/openai/embeddings', { bodyLimit: MAX_PROMPT_BODY_BYTES, schema: { tags: TAGS, summary: 'Embeddings of texts through the policies (OpenAI shape); a copilot token applies the copilot' } }, async (request, reply) => {
    const caller = await gatewayCaller(app, request);
    const budgets = await budgetsOf(app, request, caller, defaultRpm);
    const rate = await admitCall(app.db.kysely, budgets);
    if (rate.refusal) throw rate.refusal;
    void reply.headers(rate.headers);
    const parsed = EmbeddingRequestSchema.safeParse(request.body);
    if (!parsed.success) return reply.status(400).send(invalidRequest(parsed.error.issues));
    const body = parsed.data;
    const input = typeof body.input === 'string' ? [body.input] : body.input;
    if (!input.every((item): item is string => typeof item === 'string')) return reply.status(400).send(openAiError(400, 'input: token arrays are not supported by this gateway; send text (the policies read text).', undefined, 'input'));
    const oversize = oversizeProblem(input);
    if (oversize) return reply.status(413).send(openAiError(413, oversize.replace(/^messages/, 'input')));
    // One view of the configuration for the whole call (config-cache.ts).
    const config = configCacheFor(app.db.kysely).snapshot();
    const row = (await modelsOf(app, caller, config)).find((model) => model.name === body.model || String(model.id) === body.model);
    if (!row) return reply.status(404).send(openAiError(404, `The model "${body.model}" does not exist or you do not have access to it.`));
    const copilot = caller.kind === 'app' ? await copilotContext(app, null, caller.appId, Number(row.id)) : undefined;
    const { model, provider } = copilot ?? (await app.services.languageModels.usable(caller.principal, Number(row.id), config));
    const unsupported = !provider.embed ? 'embeddings' : body.dimensions != null && notHonoured(model.Provider, 'dimensions') ? 'dimensions' : null;
    if (unsupported) return reply.status(400).send(openAiError(400, `${unsupported === 'dimensions' ? 'dimensions' : 'Embeddings'} ${unsupported === 'dimensions' ? 'is' : 'are'} not supported by the model "${model.Name}": ${notHonoured(model.Provider, unsupported) ?? 'its provider offers no embeddings'}.`, undefined, unsupported === 'dimensions' ? 'dimensions' : 'model'));
    const policies = await orchestrator.policiesOfCaller(caller.principal, model, copilot, caller.kind === 'app', config);
    const options = { ...(body.dimensions != null ? { dimensions: body.dimensions } : {}), ...(body.user != null ? { user: body.user } : {}) };
    let run;
    try {
      // Recorded as a prompt lifecycle (policy and llm stages; the texts as sent, never the original values).
      run = await runEmbeddings(app, { actor: caller.principal, model, provider, appId: copilot?.appId ?? null, messageType: copilot ? 'PROMPT_COPILOT' : 'PROMPT_LLM', policies, texts: input, options });
    } catch (error) {
      if (!(error instanceof EmbeddingProviderFailure)) throw error;
      if (error.failure instanceof ProviderError && error.failure.kind === 'configuration') return reply.status(400).send(openAiError(400, error.message, undefined, 'dimensions'));
      return reply.status(502).send(openAiError(502, `The language model failed: ${error.message}`));
    }
    if (run.blocked) return reply.status(403).send(openAiError(403, run.blocked.message, 'blocked_by_policy', 'input'));
    const { answer, inputTokens: promptTokens } = run;
    await chargeTokens(app.db.kysely, budgets, promptTokens).catch((error: unknown) => request.log.warn({ err: error }, 'gateway token count failed'));
    return {
      object: 'list',
      data: answer.vectors.map((vector, index) => ({ object: 'embedding', index, embedding: body.encoding_format === 'base64' ? Buffer.from(new Float32Array(vector).buffer).toString('base64') : vector })),
      model: model.Name,
      usage: { prompt_tokens: promptTokens, total_tokens: promptTokens },
    };
  });
}
