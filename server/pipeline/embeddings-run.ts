// Embeddings (the gateway's `/embeddings`) as a prompt lifecycle record, like a chat completion: the texts go
// through the caller's policies (a block refuses the request; anonymize/redact change what is embedded), the
// provider embeds what the policies let through, and the record keeps the stages that apply — policy_engine and
// llm — with the others SKIPPED saying why. Unlike a chat prompt's policy stage, the record keeps only the texts as
// they were sent (placeholders, redactions), never the original values: a RAG app embeds whole documents.
import type { FastifyInstance } from 'fastify';
import type { ChatMessageType, LifecycleService } from '../../domain/schemas/lifecycle';
import type { Policy } from '../../domain/schemas/policies';
import type { LanguageModelSummary } from '../../domain/schemas/language-models';
import type { Principal } from '../auth/principal';
import type { ChatProvider, EmbeddingOptions, EmbeddingResult } from '../models/providers/types';
import type { BlockDecision, EvaluationResult } from '../policies/engine';
import { LifecycleRepository } from './lifecycle.repository';
import type { PromptOutcome, StageUpdate } from './lifecycle.repository';
import { evaluateTexts } from './off-thread-detection';
import { NO_CORPORATE_DATA, WEB_SEARCH_DISABLED, elapsed, failed, skipped, success } from './stages';
import { countTokens } from './tokens';

export const EMBEDDINGS_NOT_GUARDED = 'Not run: texts to embed are data, not instructions to a model (the policies scan them)';
export const EMBEDDINGS_NOTHING_TO_CHECK = 'Not run: embeddings have no answer to check';

/** The provider's embed call failed (recorded already): `failure` is what it threw. */
export class EmbeddingProviderFailure extends Error {
  constructor(readonly failure: unknown) {
    super(failure instanceof Error ? failure.message : 'The provider failed.');
  }
}

export interface EmbeddingsRequest {
  actor: Principal;
  model: LanguageModelSummary;
  provider: ChatProvider;
  /** The copilot whose token called (its app id on the record). */
  appId: string | null;
  messageType: ChatMessageType;
  policies: readonly Policy[];
  texts: readonly string[];
  options: EmbeddingOptions;
}

export type EmbeddingsResult =
  | { promptId: string; blocked: BlockDecision; answer: null; texts: string[] }
  | { promptId: string; blocked: null; answer: EmbeddingResult; inputTokens: number; texts: string[] };

/** The policy stage of texts to embed: what was sent (after the policies), the findings without their original text. */
function policyUpdate(texts: readonly string[], results: readonly EvaluationResult[], blocked: BlockDecision | null, startedAt: number): StageUpdate {
  const findings = results.flatMap((result, index) =>
    result.findings.map((finding) => ({ Input: index, Type: finding.type, Action: finding.action, Applied: finding.applied, Replacement: finding.replacement, Policy: finding.decidedBy.policyName, Rule: finding.decidedBy.ruleName })),
  );
  const sent = blocked ? null : results.length ? results.map((result) => result.transformedPrompt) : [...texts];
  const applied = [...new Set(findings.filter((finding) => finding.Applied).map((finding) => `${finding.Action} ${finding.Type}`))];
  const reason = blocked ? blocked.message : findings.length ? `Applied: ${applied.join(', ') || 'no change'}` : results.length ? 'No policy rule matched' : 'No policy applies';
  const policies = new Map(results.flatMap((result) => result.policies.map((policy) => [policy.policyId, policy.policyName] as const)));
  return success(reason, {
    latencyMs: elapsed(startedAt),
    tokensIn: texts.reduce((sum, text) => sum + countTokens(text), 0),
    tokensOut: sent ? sent.reduce((sum, text) => sum + countTokens(text), 0) : 0,
    detail: {
      Kind: 'embeddings',
      // As sent to the provider (placeholders and redactions): the original values are not kept for embeddings.
      Texts: sent,
      Blocked: blocked ? { PolicyId: blocked.policyId, PolicyName: blocked.policyName, Rule: blocked.ruleName, Reason: blocked.reason } : null,
      Flagged: results.some((result) => result.flagged),
      Findings: findings,
      Policies: [...policies].map(([PolicyId, PolicyName]) => ({ PolicyId, PolicyName })),
    },
  });
}

/**
 * Runs an embeddings request through the policies and the provider, recorded as one prompt (create in progress,
 * finish with the trace, like the chat pipeline). A provider failure is recorded (llm FAILED, prompt failed) and
 * thrown on as an EmbeddingProviderFailure, which the caller answers.
 */
export async function runEmbeddings(app: FastifyInstance, request: EmbeddingsRequest): Promise<EmbeddingsResult> {
  const organizationId = request.actor.organizationId;
  if (!organizationId) throw new Error('Embeddings run for a member of an organization.');
  const lifecycle = new LifecycleRepository(app.db.kysely);
  const promptId = await lifecycle.create(
    { organizationId, userId: request.actor.userId, conversationId: null, appId: request.appId, languageModelId: request.model.id, messageType: request.messageType },
    Date.now(),
    app.serverInstance.id,
  );
  const trace = new Map<LifecycleService, StageUpdate>();
  const record = (service: LifecycleService, update: StageUpdate) => trace.set(service, update);
  const outcome: Omit<PromptOutcome, 'status' | 'blocked'> = { malicious: false, flagged: false, anonymized: false, redacted: false, attributes: [], policyIds: [] };
  const finish = (status: PromptOutcome['status'], blocked: PromptOutcome['blocked']) => lifecycle.finish(promptId, { status, blocked, ...outcome }, Date.now(), trace);
  try {
    record('prompt_guard', skipped(EMBEDDINGS_NOT_GUARDED));
    record('corporate_data_repository', skipped(NO_CORPORATE_DATA, 'disabled'));
    const policyStartedAt = performance.now();
    const results = request.policies.length ? await evaluateTexts([...request.texts], request.policies, {}) : [];
    const blocked = results.find((result) => result.blocked)?.blocked ?? null;
    Object.assign(outcome, {
      flagged: results.some((result) => result.flagged),
      anonymized: results.some((result) => result.anonymizedTypes.length > 0),
      redacted: results.some((result) => result.redactedTypes.length > 0),
      attributes: [...new Set(results.flatMap((result) => result.findings.map((finding) => finding.type)))],
      policyIds: [...new Set(results.flatMap((result) => result.policies.map((policy) => policy.policyId)))],
    });
    record('policy_engine', policyUpdate(request.texts, results, blocked, policyStartedAt));
    const texts = results.length ? results.map((result) => result.transformedPrompt) : [...request.texts];
    const rest = (reason: string) => {
      for (const service of ['verification_service', 'copyright_checker'] as const) record(service, skipped(reason));
      record('web_search', skipped(WEB_SEARCH_DISABLED, 'disabled'));
    };
    if (blocked) {
      record('llm', skipped(blocked.message));
      rest(blocked.message);
      await finish('success', { PolicyId: blocked.policyId, PolicyName: blocked.policyName, Reason: blocked.reason });
      return { promptId, blocked, answer: null, texts };
    }
    const llmStartedAt = performance.now();
    const llmDetail = { Model: request.model.Name, Kind: 'embeddings', Texts: texts };
    let answer: EmbeddingResult;
    try {
      answer = await request.provider.embed!(texts, request.options);
    } catch (error) {
      record('llm', failed(error instanceof Error ? error.message : 'The provider failed.', { latencyMs: elapsed(llmStartedAt), tokensIn: texts.reduce((sum, text) => sum + countTokens(text), 0), tokensOut: 0, detail: llmDetail }));
      rest('Not run: the language model failed');
      await finish('failed', null);
      throw new EmbeddingProviderFailure(error);
    }
    const inputTokens = answer.inputTokens ?? texts.reduce((sum, text) => sum + countTokens(text), 0);
    const count = answer.vectors.length;
    record(
      'llm',
      success(`Embedded ${count} text${count === 1 ? '' : 's'} with ${request.model.Name}`, {
        latencyMs: elapsed(llmStartedAt),
        tokensIn: inputTokens,
        tokensOut: 0,
        detail: { ...llmDetail, Model: answer.model || request.model.Name, Dimensions: answer.vectors[0]?.length ?? 0 },
      }),
    );
    rest(EMBEDDINGS_NOTHING_TO_CHECK);
    await finish('success', null);
    return { promptId, blocked: null, answer, inputTokens, texts };
  } catch (error) {
    // The record must end, never stay in progress (finish leaves an already finished prompt as it is).
    await finish('failed', null).catch(() => undefined);
    throw error;
  }
}
