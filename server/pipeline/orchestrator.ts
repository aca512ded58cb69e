// One run of the prompt pipeline: every stage in order, each recorded in the prompt's lifecycle record.
// A blocked prompt is a governed outcome, not a malfunction: its status is success with Blocked set, so that
// "failed" counts only prompts the system could not serve (upstream errors, restarts).
import type { FastifyInstance } from 'fastify';
import type { Principal } from '../auth/principal';
import { notFound } from '../http/errors';
import type { ChatMessageType, LifecycleService, PromptBlock } from '../../domain/schemas/lifecycle';
import { PIPELINE_STAGES } from '../../domain/schemas/lifecycle';
import type { LanguageModelSummary } from '../../domain/schemas/language-models';
import { createStreamingRestorer, restore } from '../policies/engine';
import type { Vault } from '../policies/engine';
import { PolicyAudienceRepository } from '../policies/policy-audience.repository';
import type { ChatMessage, ChatProvider, ChatUsage } from '../models/providers/types';
import { ConversationsRepository } from './conversations.repository';
import { LifecycleRepository } from './lifecycle.repository';
import type { StageUpdate } from './lifecycle.repository';
import { corporateData, elapsed, failed, NO_COPYRIGHT_SERVICE, policyEngine, promptGuard, skipped, success, verificationUpdate, WEB_SEARCH_DISABLED } from './stages';
import { countTokens } from './tokens';

export interface PipelineRequest {
  actor: Principal;
  model: LanguageModelSummary;
  provider: ChatProvider;
  messages: ChatMessage[];
  messageType: ChatMessageType;
  conversationId?: string | null;
  appId?: string | null;
  /** Retrieve corporate data for the prompt (RAG). */
  retrieval?: boolean;
  maxTokens?: number;
  temperature?: number;
  /** When given, the answer is streamed: restored text deltas, in order. */
  onDelta?: (text: string) => void | Promise<void>;
  signal?: AbortSignal;
}

export interface PipelineResult {
  promptId: string;
  status: 'success' | 'failed';
  blocked: (PromptBlock & { message: string }) | null;
  /** The answer with the real values restored. */
  answer: string;
  /** The provider's message when the model failed. */
  error: string | null;
  usage: ChatUsage;
  modelName: string;
}

export class PromptOrchestrator {
  constructor(private readonly app: FastifyInstance) {}

  async run(request: PipelineRequest): Promise<PipelineResult> {
    const db = this.app.db.kysely;
    const { actor } = request;
    const organizationId = actor.organizationId;
    if (!organizationId) throw new Error('The pipeline runs for a member of an organization.');
    const lifecycle = new LifecycleRepository(db);
    const conversations = new ConversationsRepository(db, this.app.services.secrets);
    const conversation = request.conversationId ? await conversations.open(request.conversationId, organizationId, actor.userId) : undefined;
    // Another user's conversation is unknown to this one: never its vault.
    if (request.conversationId && !conversation) throw notFound('The conversation');
    const promptId = await lifecycle.create({
      organizationId,
      userId: actor.userId,
      conversationId: conversation?.id ?? null,
      appId: request.appId ?? null,
      languageModelId: request.model.id,
      messageType: request.messageType,
    });
    const record = (service: LifecycleService, update: StageUpdate) => lifecycle.updateStage(promptId, service, update);
    const skipRest = async (from: LifecycleService, reason: string) => {
      for (const service of PIPELINE_STAGES.slice(PIPELINE_STAGES.indexOf(from as (typeof PIPELINE_STAGES)[number]))) await record(service, skipped(reason));
    };
    const prompt = [...request.messages].reverse().find((message) => message.role === 'user')?.content ?? '';
    const outcome = { malicious: false, flagged: false, anonymized: false, redacted: false, attributes: [] as string[], policyIds: [] as string[] };
    const noUsage: ChatUsage = { inputTokens: 0, outputTokens: 0 };

    try {
      const guard = promptGuard(prompt);
      outcome.malicious = guard.attack.malicious;
      await record('prompt_guard', guard.update);

      const groupIds = await new PolicyAudienceRepository(db).groupIdsOfUser(actor.userId);
      const corporate = await corporateData(db, { organizationId, groupIds, query: prompt, wanted: request.retrieval === true });
      await record('corporate_data_repository', corporate.update);

      const policies = await this.app.services.policies.applicableFor(organizationId, groupIds, request.model.id);
      const vault: Vault = conversation?.vault ?? {};
      const policy = policyEngine(request.messages, policies, vault);
      const { evaluation } = policy;
      Object.assign(outcome, {
        flagged: evaluation.flagged,
        anonymized: evaluation.anonymizedTypes.length > 0,
        redacted: evaluation.redactedTypes.length > 0,
        attributes: evaluation.findings.map((finding) => finding.type),
        policyIds: evaluation.policies.map((item) => item.policyId),
      });
      await record('policy_engine', policy.update);

      if (evaluation.blocked) {
        const blocked = { PolicyId: evaluation.blocked.policyId, PolicyName: evaluation.blocked.policyName, Reason: evaluation.blocked.reason, message: evaluation.blocked.message };
        await skipRest('llm', evaluation.blocked.message);
        await lifecycle.finish(promptId, { status: 'success', blocked: { PolicyId: blocked.PolicyId, PolicyName: blocked.PolicyName, Reason: blocked.Reason }, ...outcome });
        return { promptId, status: 'success', blocked, answer: '', error: null, usage: noUsage, modelName: request.model.Name };
      }
      if (conversation) await conversations.saveVault(conversation.id, policy.vault);

      const context = corporate.chunks.map((chunk) => chunk.text);
      const sent: ChatMessage[] = context.length
        ? [{ role: 'system', content: `Answer using this context from the organization's documents:\n${context.join('\n---\n')}` }, ...policy.messages]
        : policy.messages;
      const llmStartedAt = performance.now();
      let rawAnswer = '';
      let answer = '';
      let usage: ChatUsage | undefined;
      let modelName = request.model.Name;
      try {
        const chatRequest = { messages: sent, ...(request.maxTokens ? { maxTokens: request.maxTokens } : {}), ...(request.temperature !== undefined ? { temperature: request.temperature } : {}) };
        if (request.onDelta) {
          const restorer = createStreamingRestorer(policy.vault);
          for await (const chunk of request.provider.stream(chatRequest, request.signal)) {
            if (chunk.type === 'usage') {
              usage = { inputTokens: chunk.inputTokens, outputTokens: chunk.outputTokens };
              continue;
            }
            rawAnswer += chunk.text;
            const text = restorer.push(chunk.text);
            answer += text;
            if (text) await request.onDelta(text);
          }
          const rest = restorer.flush();
          answer += rest;
          if (rest) await request.onDelta(rest);
        } else {
          const result = await request.provider.complete(chatRequest, request.signal);
          rawAnswer = result.text;
          answer = restore(result.text, policy.vault);
          usage = result.usage;
          modelName = result.model || modelName;
        }
      } catch (error) {
        const message = error instanceof Error ? error.message : 'The language model failed.';
        await record('llm', failed(message, { latencyMs: elapsed(llmStartedAt), tokensIn: sent.reduce((sum, item) => sum + countTokens(item.content), 0), tokensOut: countTokens(rawAnswer), detail: { Model: request.model.Name, Sent: sent } }));
        await skipRest('verification_service', 'Not run: the language model failed');
        await lifecycle.finish(promptId, { status: 'failed', blocked: null, ...outcome });
        return { promptId, status: 'failed', blocked: null, answer, error: message, usage: noUsage, modelName };
      }
      const finalUsage = usage ?? { inputTokens: sent.reduce((sum, item) => sum + countTokens(item.content), 0), outputTokens: countTokens(rawAnswer) };
      // What the model saw and said: placeholders, never the original values.
      await record('llm', success(`Answered by ${request.model.Name}`, { latencyMs: elapsed(llmStartedAt), tokensIn: finalUsage.inputTokens, tokensOut: finalUsage.outputTokens, detail: { Model: modelName, Sent: sent, Answer: rawAnswer } }));

      const verifyStartedAt = performance.now();
      const verification = await this.app.services.verifiers.verifyAnswer(organizationId, { prompt: policy.evaluation.transformedPrompt, answer: rawAnswer, context });
      await record('verification_service', verificationUpdate(verification, elapsed(verifyStartedAt), rawAnswer));
      await record('copyright_checker', skipped(NO_COPYRIGHT_SERVICE, 'disabled'));
      await record('web_search', skipped(WEB_SEARCH_DISABLED, 'disabled'));
      await lifecycle.finish(promptId, { status: 'success', blocked: null, ...outcome });
      return { promptId, status: 'success', blocked: null, answer, error: null, usage: finalUsage, modelName };
    } catch (error) {
      // A fault of the pipeline itself: the record must still end, never stay in progress.
      await lifecycle.finish(promptId, { status: 'failed', blocked: null, ...outcome }).catch(() => undefined);
      throw error;
    }
  }
}

/** Prompts a crash left in progress become failed; called once when the server is ready. */
export async function failInterruptedPrompts(app: FastifyInstance): Promise<number> {
  const count = await new LifecycleRepository(app.db.kysely).failInterrupted();
  if (count) app.log.warn({ count }, 'prompts interrupted by a server restart marked failed');
  return count;
}
