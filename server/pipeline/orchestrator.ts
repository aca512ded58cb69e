// One run of the prompt pipeline: every stage in order, each recorded in the prompt's lifecycle record.
// A blocked prompt is a governed outcome, not a malfunction: its status is success with Blocked set, so that
// "failed" counts only prompts the system could not serve (upstream errors, restarts).
import type { FastifyInstance } from 'fastify';
import { VerificationStatus } from '../../domain/enums';
import type { AppliedPolicyAction, SourceCitation } from '../../domain/schemas/chat';
import type { LanguageModelSummary } from '../../domain/schemas/language-models';
import type { ChatMessageType, LifecycleService, PromptBlock } from '../../domain/schemas/lifecycle';
import { PIPELINE_STAGES } from '../../domain/schemas/lifecycle';
import type { Policy } from '../../domain/schemas/policies';
import { policyApplies } from '../../domain/schemas/policies';
import type { VerificationAction, VerificationOutcome } from '../../domain/schemas/verifiers';
import type { Principal } from '../auth/principal';
import { configCacheFor } from '../db/config-cache';
import type { ConfigReader } from '../db/config-cache';
import { notFound } from '../http/errors';
import type { ChatMessage, ChatOptions, ChatProvider, ChatUsage, FinishReason } from '../models/providers/types';
import type { Vault } from '../policies/engine';
import { PolicyAudienceRepository } from '../policies/policy-audience.repository';
import { VerifiersRepository } from '../verifiers/verifiers.repository';
import { contextDetail, governContext, policyActionsOf } from './context-policies';
import type { ContextPassage, GovernedPassage } from './context-policies';
import type { CopilotContext } from './copilot-context';
import { ConversationsRepository } from './conversations.repository';
import { LifecycleRepository, NO_TOOL_TRAFFIC } from './lifecycle.repository';
import type { PromptOutcome, StageUpdate } from './lifecycle.repository';
import { guardExamplesOf } from '../red-teaming/guard-examples.repository';
import { callModel, ModelCallError } from './llm-call';
import type { ModelAnswer } from './llm-call';
import { corporateData, elapsed, failed, policyEngine, promptGuard, skipped, success, verificationUpdate, WEB_SEARCH_DISABLED } from './stages';
import { COPYRIGHT_NOT_RUN_WITHHELD, copyrightStage, recordMatches } from '../copyright/copyright-stage';
import type { CopyrightMatch } from '../../domain/schemas/copyright';
import { countTokens } from './tokens';
import { promptAttackOf } from './off-thread-detection';
import { anonymizeToolCalls, governToolCalls } from './tool-governance';
import type { GovernedToolCall } from './tool-governance';
import { couldBlock, verdictOf } from './verification-gate';

export interface PipelineRequest {
  /** The caller; for a gateway call with a copilot's token, the token's creator (the record's user). */
  actor: Principal;
  model: LanguageModelSummary;
  provider: ChatProvider;
  messages: ChatMessage[];
  messageType: ChatMessageType;
  conversationId?: string | null;
  appId?: string | null;
  /** Retrieve corporate data for the prompt (RAG). A copilot retrieves from its own sources whenever it has any. */
  retrieval?: boolean;
  /** A red-teaming attempt's own data source (indirect injection through a chunk), searched besides the others. */
  redTeamSourceId?: string;
  maxTokens?: number;
  temperature?: number;
  /** The gateway: send the provider only what the caller set (no configured max tokens or temperature). */
  forwardOnly?: boolean;
  /** OpenAI parameters beyond messages (tools, response format, sampling), sent as given. */
  options?: ChatOptions;
  /** When given, the answer is streamed: restored text deltas, in order (held back until verified when a verifier could block it). */
  onDelta?: (text: string) => void | Promise<void>;
  /** Called right after the lifecycle record is created. */
  onStart?: (promptId: string) => void | Promise<void>;
  /** The copilot the prompt goes through: its model, data sources, RAG settings and policies apply. */
  copilot?: CopilotContext;
  /** The call carries the copilot's own token: no user's groups (group policies) apply. */
  appToken?: boolean;
  /** Caller-supplied context (an uploaded document, a cited chunk): governed like retrieved chunks, then given to the model. */
  documents?: { name: string; text: string }[];
  signal?: AbortSignal;
  /** The calling request's view of the configuration (config-cache.ts); without it the prompt takes a snapshot of its own. */
  config?: ConfigReader;
  /** A job's call (research): awaited before each heavy stage, so that people's requests are answered first. */
  giveWay?: () => Promise<void>;
  /** The red-teaming job sending this attack: the record is marked and kept out of the observability figures. */
  redTeamJobId?: string;
}

export interface PipelineResult {
  promptId: string;
  status: 'success' | 'failed';
  /** A policy blocked the prompt, or a verifier's block_response withheld the answer (PolicyId/PolicyName: the verifier), or the copyright check did (PolicyId copyright_checker). */
  blocked: (PromptBlock & { message: string; /** The blocking rule's name, when a policy blocked. */ RuleName?: string }) | null;
  /** What withheld the answer, when `blocked`. */
  blockedBy?: 'policy' | 'verifier' | 'copyright';
  /** Passages of the answer that reproduce a protected work or a licence (empty when the check did not run). */
  copyrightMatches?: CopyrightMatch[];
  /** The answer with the real values restored; empty when blocked. */
  answer: string;
  /** The provider's message when the model failed. */
  error: string | null;
  usage: ChatUsage;
  modelName: string;
  /** The retrieved chunks given to the model, best first (empty when a copilot does not cite its sources). */
  sources: SourceCitation[];
  /** null when verification did not run. */
  verification: VerificationOutcome | null;
  verificationWarning: string | null;
  policyActions: AppliedPolicyAction[];
  malicious: boolean;
  /** The model's function calls, governed (arguments as the app receives them); empty when none. */
  toolCalls: GovernedToolCall[];
  /** Why the model stopped, as it said (null when it did not say). */
  finishReason: FinishReason | null;
}

/** The verification stage's reason when the model answered with function calls and no text. */
export const TOOL_CALLS_ONLY = 'Not run: the model answered with tool calls only';

const SNIPPET_CHARS = 200;
/** The llm stage's reason when the caller disconnected and the model call was aborted. */
export const CANCELLED_REASON = 'Cancelled: the client disconnected';

export class PromptOrchestrator {
  constructor(private readonly app: FastifyInstance) {}

  async run(request: PipelineRequest): Promise<PipelineResult> {
    const db = this.app.db.kysely;
    const { actor, copilot } = request;
    const config = request.config ?? configCacheFor(db).snapshot();
    // A copilot's configuration decides the model.
    const model = copilot?.model ?? request.model;
    const provider = copilot?.provider ?? request.provider;
    const organizationId = actor.organizationId;
    if (!organizationId) throw new Error('The pipeline runs for a member of an organization.');
    const lifecycle = new LifecycleRepository(db);
    const conversations = new ConversationsRepository(db, this.app.services.secrets);
    const conversation = request.conversationId ? await conversations.open(request.conversationId, organizationId, actor.userId) : undefined;
    // Another user's conversation is unknown to this one: never its vault.
    if (request.conversationId && !conversation) throw notFound('The conversation');
    // The in-progress marker commits while the checks and the model call run (the event loop's first wait for I/O
    // is usually the model call): not on the request's path. Every write of the prompt waits for it first.
    const marker = lifecycle.begin(
      {
        organizationId,
        userId: actor.userId,
        conversationId: conversation?.id ?? null,
        appId: copilot?.appId ?? request.appId ?? null,
        languageModelId: model.id,
        messageType: request.messageType,
        redTeamJobId: request.redTeamJobId ?? null,
      },
      Date.now(),
      this.app.serverInstance.id,
    );
    const promptId = marker.id;
    const markerWritten = marker.written;
    // Observed here so that a failed write is not an unhandled rejection before the first wait for it.
    markerWritten.catch(() => undefined);
    // The trace: stages are recorded in memory and written with the outcome, in the one transaction of `finish`.
    const trace = new Map<LifecycleService, StageUpdate>();
    const record = (service: LifecycleService, update: StageUpdate) => {
      trace.set(service, update);
    };
    const finish = async (outcome: PromptOutcome) => {
      await markerWritten;
      return lifecycle.finish(promptId, outcome, Date.now(), trace);
    };
    const skipRest = (from: LifecycleService, reason: string) => {
      for (const service of PIPELINE_STAGES.slice(PIPELINE_STAGES.indexOf(from as (typeof PIPELINE_STAGES)[number]))) record(service, skipped(reason));
    };
    const prompt = [...request.messages].reverse().find((message) => message.role === 'user')?.content ?? '';
    // tools: the agent traffic the metrics count (calls the model made, results the app sent back, what governance did to them).
    const outcome = { malicious: false, flagged: false, anonymized: false, redacted: false, attributes: [] as string[], policyIds: [] as string[], tools: { ...NO_TOOL_TRAFFIC } };
    const noUsage: ChatUsage = { inputTokens: 0, outputTokens: 0 };
    // Answers are built with Object.assign: Node 20's V8 builds a literal with properties after a spread slowly (~6 µs here).
    const base = { promptId, error: null, usage: noUsage, modelName: model.Name, sources: [] as SourceCitation[], verification: null, verificationWarning: null, policyActions: [] as AppliedPolicyAction[], toolCalls: [] as GovernedToolCall[], finishReason: null };
    // Tool-role messages are results the app fetched (untrusted data): governed like documents, not as the user's words.
    const toolNames = new Map(request.messages.flatMap((message) => (message.toolCalls ?? []).map((call) => [call.id, call.name] as const)));
    const toolResults = request.messages.flatMap((message, index) => (message.role === 'tool' ? [{ index, message }] : []));
    const conversational = request.messages.filter((message) => message.role !== 'tool');

    try {
      if (request.onStart) {
        // The caller may write rows referencing the prompt (the chat's message).
        await markerWritten;
        await request.onStart(promptId);
      }
      // The organization's own attack examples (red teaming's "Add as guard example") count for the guard and the rules.
      const examples = await guardExamplesOf(db, organizationId, config);
      await request.giveWay?.();
      // Detections are kept per organization for the next turn, which sends the same conversation again.
      const guard = await promptGuard(prompt, examples, organizationId);
      // Indirect prompt injection: every tool result is scanned too, as untrusted data.
      const injected = await Promise.all(toolResults.map(async ({ message }) => ({ ToolCallId: message.toolCallId ?? null, Name: toolNames.get(message.toolCallId ?? '') ?? null, ...(await promptAttackOf(message.content, [], 'data', organizationId)) })));
      outcome.malicious = guard.attack.malicious || injected.some((result) => result.malicious);
      outcome.tools.results = toolResults.length;
      outcome.tools.resultsMalicious = injected.filter((result) => result.malicious).length;
      record('prompt_guard', injected.length ? withToolResultScan(guard.update, injected) : guard.update);

      const groupIds = request.appToken ? [] : await config.get(`groups:${actor.userId}`, () => new PolicyAudienceRepository(db).groupIdsOfUser(actor.userId));
      const corporate = await corporateData(db, {
        organizationId,
        groupIds,
        query: prompt,
        wanted: request.retrieval === true || copilot !== undefined,
        embedders: this.app.services.embedders,
        stores: this.app.services.vectorStores,
        // A red-teaming attempt carrying its attack in a chunk also searches its own data source.
        redTeamSource: request.redTeamJobId && request.redTeamSourceId ? { jobId: request.redTeamJobId, sourceId: request.redTeamSourceId } : undefined,
        ...(copilot ? { copilot: { dataSourceIds: copilot.dataSourceIds, rag: copilot.rag } } : {}),
      });
      record('corporate_data_repository', corporate.update);

      const policies = await this.policiesFor(organizationId, groupIds, model.id, copilot, config);
      await request.giveWay?.();
      const policy = await policyEngine(conversational, policies, conversation?.vault ?? {}, examples, organizationId);
      const passages: ContextPassage[] = [
        ...corporate.chunks.map((chunk) => ({ kind: 'chunk' as const, name: chunk.documentName, chunkId: chunk.chunkId, text: chunk.text })),
        ...(request.documents ?? []).map((document) => ({ kind: 'document' as const, name: document.name, chunkId: null, text: document.text })),
        ...toolResults.map(({ message }) => ({ kind: 'tool_result' as const, name: toolNames.get(message.toolCallId ?? '') ?? 'tool', chunkId: message.toolCallId ?? null, text: message.content })),
      ];
      const history = policy.evaluation.blocked ? { messages: policy.messages, vault: policy.vault } : await anonymizeHistoryCalls(policy.messages, policies, policy.vault);
      const context = policy.evaluation.blocked ? { passages: [], vault: policy.vault } : await governContext(passages, policies, history.vault, examples, organizationId);
      const { evaluation } = policy;
      const contextFindings = context.passages.flatMap((passage) => passage.findings.filter((finding) => finding.applied));
      Object.assign(outcome, {
        flagged: evaluation.flagged || contextFindings.some((finding) => finding.action === 'flag'),
        anonymized: evaluation.anonymizedTypes.length > 0 || contextFindings.some((finding) => finding.action === 'anonymize'),
        redacted: evaluation.redactedTypes.length > 0 || contextFindings.some((finding) => finding.action === 'redact' || finding.action === 'block'),
        attributes: [...new Set([...evaluation.findings, ...contextFindings].map((finding) => finding.type))],
        policyIds: evaluation.policies.map((item) => item.policyId),
      });
      outcome.tools.resultsAnonymized = context.passages.filter((passage) => passage.kind === 'tool_result' && passage.transformed !== passage.text).length;
      const policyActions = policyActionsOf(evaluation, context.passages);
      record('policy_engine', withToolResults(withContext(policy.update, context.passages), context.passages));

      if (evaluation.blocked) {
        const blocked = { PolicyId: evaluation.blocked.policyId, PolicyName: evaluation.blocked.policyName, Reason: evaluation.blocked.reason, message: evaluation.blocked.message, RuleName: evaluation.blocked.ruleName };
        skipRest('llm', evaluation.blocked.message);
        await finish({ status: 'success', blocked: { PolicyId: blocked.PolicyId, PolicyName: blocked.PolicyName, Reason: blocked.Reason }, ...outcome });
        return Object.assign({}, base, { status: 'success' as const, blocked, blockedBy: 'policy' as const, answer: '', policyActions, malicious: outcome.malicious });
      }
      if (conversation) await conversations.saveVault(conversation.id, context.vault);

      const chunkTexts = context.passages.filter((passage) => passage.kind === 'chunk').map((passage) => passage.transformed);
      const documents = context.passages.filter((passage) => passage.kind === 'document');
      const governedResults = context.passages.filter((passage) => passage.kind === 'tool_result');
      const sent = withContextMessage(withToolMessages(history.messages, request.messages, toolResults.map(({ index }, i) => ({ index, content: governedResults[i]!.transformed }))), chunkTexts, documents);
      const cite = copilot?.rag?.CiteSources ?? true;
      const sources: SourceCitation[] = cite
        ? corporate.chunks.map((chunk, index) => ({ ChunkId: chunk.chunkId, DataSourceId: chunk.dataSourceId, DataSourceName: chunk.dataSourceName, DocumentName: chunk.documentName, Snippet: chunkTexts[index]!.slice(0, SNIPPET_CHARS), Score: chunk.score }))
        : [];
      const verifiers = (await config.get(`verifiers:${organizationId}`, () => new VerifiersRepository(db).enabledOf(organizationId))).map((row) => ({ id: row.id, name: row.name, action: row.action as VerificationAction }));
      const hold = couldBlock(verifiers) || (await this.app.services.copyright.couldWithhold(organizationId, config));

      const llmStartedAt = performance.now();
      const chatRequest = {
        messages: sent,
        ...(request.maxTokens ? { maxTokens: request.maxTokens } : {}),
        ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
        ...(request.forwardOnly ? { forwardOnly: true } : {}),
        ...(request.options ? { options: request.options } : {}),
      };
      const json = request.options?.responseFormat !== undefined && request.options.responseFormat.type !== 'text';
      let reply: ModelAnswer;
      try {
        // A caller already gone is not worth a model call.
        if (request.signal?.aborted) throw new ModelCallError(CANCELLED_REASON, '', '');
        await request.giveWay?.();
        reply = await callModel({ provider, request: chatRequest, vault: context.vault, onDelta: request.onDelta, hold, signal: request.signal, json });
      } catch (error) {
        // The prompt statuses have no "cancelled" (§4): a prompt whose caller went away is failed, and says so.
        const cancelled = request.signal?.aborted === true;
        const failure = cancelled ? new ModelCallError(CANCELLED_REASON, error instanceof ModelCallError ? error.raw : '', '') : error instanceof ModelCallError ? error : new ModelCallError('The language model failed.', '', '');
        record('llm', failed(failure.message, { latencyMs: elapsed(llmStartedAt), tokensIn: sent.reduce((sum, item) => sum + countTokens(item.content), 0), tokensOut: countTokens(failure.raw), detail: { Model: model.Name, Sent: sent } }));
        skipRest('verification_service', cancelled ? 'Not run: the client disconnected' : 'Not run: the language model failed');
        await finish({ status: 'failed', blocked: null, ...outcome });
        return Object.assign({}, base, { status: 'failed' as const, blocked: null, answer: hold ? '' : failure.answer, error: failure.message, sources, policyActions, malicious: outcome.malicious });
      }
      const modelName = reply.model ?? model.Name;
      const usage = reply.usage ?? { inputTokens: sent.reduce((sum, item) => sum + countTokens(item.content), 0), outputTokens: countTokens(reply.raw) };
      // The model's function calls through the policies before they reach the app.
      const tools = await governToolCalls(reply.toolCalls, policies, context.vault);
      const toolCallRows = tools.calls.map((call) => ({ Id: call.id, Name: call.name, Arguments: call.sent, Findings: call.findings.filter((finding) => finding.applied).map((finding) => `${finding.action} ${finding.type}`).join(', ') || null }));
      // What the model saw and said: placeholders, never the original values.
      record('llm', success(`Answered by ${model.Name}${tools.calls.length ? ` with ${tools.calls.length} tool call${tools.calls.length === 1 ? '' : 's'}` : ''}`, { latencyMs: elapsed(llmStartedAt), tokensIn: usage.inputTokens, tokensOut: usage.outputTokens, detail: { Model: modelName, Sent: sent, Answer: reply.raw, ...(toolCallRows.length ? { ToolCalls: toolCallRows } : {}) } }));
      const toolFindings = tools.calls.flatMap((call) => call.findings.filter((finding) => finding.applied));
      outcome.tools.calls = tools.calls.length;
      outcome.tools.callsAnonymized = tools.calls.filter((call) => call.findings.some((finding) => finding.applied && (finding.action === 'anonymize' || finding.action === 'redact'))).length;
      if (toolFindings.length) {
        outcome.anonymized ||= toolFindings.some((finding) => finding.action === 'anonymize');
        outcome.redacted ||= toolFindings.some((finding) => finding.action === 'redact');
        outcome.flagged ||= toolFindings.some((finding) => finding.action === 'flag');
        outcome.attributes = [...new Set([...outcome.attributes, ...toolFindings.map((finding) => finding.type)])];
      }
      if (tools.blocked) {
        const decision = tools.blocked;
        const message = `The model's call of a tool was withheld: ${decision.message}`;
        const blocked = { PolicyId: decision.policyId, PolicyName: decision.policyName, Reason: `Tool call arguments: ${decision.reason}`, message };
        for (const service of ['verification_service', 'copyright_checker', 'web_search'] as const) record(service, skipped(message));
        await finish({ status: 'success', blocked: { PolicyId: blocked.PolicyId, PolicyName: blocked.PolicyName, Reason: blocked.Reason }, ...outcome, policyIds: [...new Set([...outcome.policyIds, decision.policyId])] });
        return Object.assign({}, base, { status: 'success' as const, blocked, answer: '', usage, modelName, sources, policyActions, malicious: outcome.malicious });
      }
      const toolResult = { toolCalls: tools.calls, finishReason: reply.finishReason };
      if (tools.calls.length && !reply.raw) {
        // Nothing to verify: the app runs the tools and comes back with their results.
        for (const [service, reason] of [['verification_service', TOOL_CALLS_ONLY], ['copyright_checker', TOOL_CALLS_ONLY], ['web_search', WEB_SEARCH_DISABLED]] as const) record(service, skipped(reason, service === 'web_search' ? 'disabled' : 'skipped'));
        await finish({ status: 'success', blocked: null, ...outcome });
        return Object.assign({}, base, { status: 'success' as const, blocked: null, answer: '', usage, modelName, sources, policyActions, malicious: outcome.malicious }, toolResult);
      }

      await request.giveWay?.();
      const verifyStartedAt = performance.now();
      const verification = await this.app.services.verifiers.verifyAnswer(organizationId, { prompt: evaluation.transformedPrompt, answer: reply.raw, context: [...chunkTexts, ...documents.map((document) => document.transformed)] }, config);
      const verdict = verdictOf(verification, verifiers);
      const verificationStage = verificationUpdate(verification, elapsed(verifyStartedAt), reply.raw);
      record('verification_service', verdict.blocked ? { ...verificationStage, reason: `${verificationStage.reason}: ${verdict.blocked.message}` } : verificationStage);
      // A long answer (or one an external service checks) is delivered now and checked by a job, unless the action withholds.
      const defer = !verdict.blocked && (await this.app.services.copyright.defersCheck(organizationId, reply.answer, config));
      const copyright = verdict.blocked || defer ? null : await copyrightStage(this.app.services.copyright, organizationId, reply.answer, { config });
      if (!defer) record('copyright_checker', copyright?.update ?? skipped(COPYRIGHT_NOT_RUN_WITHHELD));
      record('web_search', skipped(WEB_SEARCH_DISABLED, 'disabled'));
      const shown = verification.Status === VerificationStatus.None ? null : verification;
      const withheld = verdict.blocked ?? copyright?.blocked ?? null;
      const copyrightMatches = copyright?.matches ?? [];
      const keepMatches = () => recordMatches(db, organizationId, promptId, copyrightMatches, withheld !== null).catch((error: unknown) => this.app.log.warn({ err: error, promptId }, 'copyright matches not recorded'));
      if (withheld) {
        const { message: _message, ...block } = withheld;
        await finish({ status: 'success', blocked: block, ...outcome });
        await keepMatches();
        return Object.assign({}, base, { status: 'success' as const, blocked: withheld, blockedBy: verdict.blocked ? ('verifier' as const) : ('copyright' as const), copyrightMatches, answer: '', usage, modelName, sources, verification: shown, policyActions, malicious: outcome.malicious });
      }
      if (hold && request.onDelta && reply.answer) await request.onDelta(reply.answer);
      if (defer) {
        // The record stays in progress until the job has checked the answer and finishes it.
        const { action } = await this.app.services.copyright.runtime(organizationId, config);
        await markerWritten;
        await this.app.services.copyright.defer({ organizationId, customerId: actor.customerId, promptId, answer: reply.answer, action, outcome: { ...outcome }, trace });
      } else {
        await finish({ status: 'success', blocked: null, ...outcome });
        await keepMatches();
      }
      const warning = [verdict.warning, copyright?.warning].filter(Boolean).join(' ') || null;
      return Object.assign({}, base, { status: 'success' as const, blocked: null, copyrightMatches, answer: reply.answer, usage, modelName, sources, verification: shown, verificationWarning: warning, policyActions, malicious: outcome.malicious }, toolResult);
    } catch (error) {
      // A fault of the pipeline itself: the record must still end, never stay in progress.
      await finish({ status: 'failed', blocked: null, ...outcome }).catch(() => undefined);
      throw error;
    }
  }

  /** The policies a request of this caller to this model (through this copilot) is held to: for texts outside a prompt (embeddings). */
  async policiesOfCaller(actor: Principal, model: LanguageModelSummary, copilot: CopilotContext | undefined, appToken: boolean, config: ConfigReader = configCacheFor(this.app.db.kysely).snapshot()): Promise<Policy[]> {
    if (!actor.organizationId) throw new Error('The pipeline runs for a member of an organization.');
    const db = this.app.db.kysely;
    const groupIds = appToken ? [] : await config.get(`groups:${actor.userId}`, () => new PolicyAudienceRepository(db).groupIdsOfUser(actor.userId));
    return this.policiesFor(actor.organizationId, groupIds, (copilot?.model ?? model).id, copilot, config);
  }

  /**
   * The policies that apply to the caller and model, plus a copilot's own (step 5) whatever their targets: the copilot
   * adds rules, never removes one. All are decided by the engine's one precedence (a block wins; else the most specific
   * scope by each policy's type; else the strictest action).
   */
  private async policiesFor(organizationId: string, groupIds: string[], languageModelId: number, copilot: CopilotContext | undefined, config: ConfigReader): Promise<Policy[]> {
    const enabled = await config.get(`policies:${organizationId}`, () => this.app.services.policies.enabledPolicies(organizationId));
    const applicable = enabled.filter((policy) => policyApplies(policy, { groupIds, languageModelId }));
    if (!copilot?.policyIds.length) return applicable;
    const own = enabled.filter((policy) => copilot.policyIds.includes(policy.id) && !applicable.some((item) => item.id === policy.id));
    return [...applicable, ...own];
  }
}

/** The policy stage also processed the passages: their tokens count, and what changed in them is kept. */
function withContext(update: StageUpdate, passages: readonly GovernedPassage[]): StageUpdate {
  if (!passages.length) return update;
  const tokens = { tokensIn: (update.tokensIn ?? 0) + passages.reduce((sum, passage) => sum + countTokens(passage.text), 0), tokensOut: (update.tokensOut ?? 0) + passages.reduce((sum, passage) => sum + countTokens(passage.transformed), 0) };
  const detail = contextDetail(passages);
  if (!detail.length) return { ...update, ...tokens };
  const count = detail.length;
  return { ...update, ...tokens, reason: `${update.reason}; ${count} context passage${count === 1 ? '' : 's'} transformed`, detail: { ...update.detail, Context: detail } };
}

/** The prompt guard also scanned the tool results: one row each, and the reason says when one is an attack. */
function withToolResultScan(update: StageUpdate, results: readonly { ToolCallId: string | null; Name: string | null; malicious: boolean; score: number; reasons: string[] }[]): StageUpdate {
  const attacks = results.filter((result) => result.malicious).length;
  const reason = attacks ? `${update.reason}; prompt injection in ${attacks} tool result${attacks === 1 ? '' : 's'}` : update.reason;
  return { ...update, reason, detail: { ...update.detail, ToolResults: results.map((result) => ({ ToolCallId: result.ToolCallId, Name: result.Name, Malicious: result.malicious, Score: result.score, Reasons: result.reasons.join(', ') || null })) } };
}

/** The policy stage's rows for the tool results: what the app sent back and what the model was given instead. */
function withToolResults(update: StageUpdate, passages: readonly GovernedPassage[]): StageUpdate {
  const results = passages.filter((passage) => passage.kind === 'tool_result');
  if (!results.length) return update;
  return { ...update, detail: { ...update.detail, ToolResults: results.map((passage) => ({ ToolCallId: passage.chunkId, Name: passage.name, Content: passage.text, SentAs: passage.transformed })) } };
}

/** Function calls the app re-sends in assistant messages, anonymized with the request's vault. */
async function anonymizeHistoryCalls(messages: ChatMessage[], policies: Policy[], vault: Vault): Promise<{ messages: ChatMessage[]; vault: Vault }> {
  let current = vault;
  const result: ChatMessage[] = [];
  for (const message of messages) {
    if (!message.toolCalls?.length) {
      result.push(message);
      continue;
    }
    const anonymized = await anonymizeToolCalls(message.toolCalls, policies, current);
    current = anonymized.vault;
    result.push({ ...message, toolCalls: anonymized.calls });
  }
  return { messages: result, vault: current };
}

/** The governed tool results put back where the app had them among the other messages. */
function withToolMessages(governed: ChatMessage[], original: readonly ChatMessage[], results: readonly { index: number; content: string }[]): ChatMessage[] {
  if (!results.length) return governed;
  const merged: ChatMessage[] = [];
  let next = 0;
  for (const [index, message] of original.entries()) {
    const result = results.find((item) => item.index === index);
    merged.push(result ? { ...message, content: result.content } : governed[next++]!);
  }
  return merged;
}

function withContextMessage(messages: ChatMessage[], chunks: readonly string[], documents: readonly GovernedPassage[]): ChatMessage[] {
  const parts: string[] = [];
  if (chunks.length) parts.push(`Answer using this context from the organization's documents:\n${chunks.join('\n---\n')}`);
  if (documents.length) parts.push(`The user provided ${documents.length === 1 ? 'this document' : 'these documents'}:\n${documents.map((document) => `Document "${document.name}":\n${document.transformed}`).join('\n---\n')}`);
  return parts.length ? [{ role: 'system', content: parts.join('\n\n') }, ...messages] : messages;
}

/**
 * What a server's start does (server-instance.ts): prompts left in progress by servers that are gone, and rows naming
 * no server, become failed; never those of a live server.
 */
export async function failInterruptedPrompts(app: FastifyInstance): Promise<number> {
  return app.serverInstance.recover(Date.now(), true);
}
