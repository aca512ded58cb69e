// The non-LLM stages: each one measured, returning what the lifecycle record keeps.
import type { Kysely } from 'kysely';
import { PromptCycleStatus, VerificationStatus } from '../../domain/enums';
import type { Database } from '../db/schema';
import { DEFAULT_RETRIEVAL_LIMIT } from '../data-sources/retrieval';
import { retrieve, retrieveFromSources } from '../data-sources/search';
import type { EmbedderFactory } from '../data-sources/embeddings/source-embedder';
import type { VectorStoreFactory } from '../data-sources/vector-stores/stores';
import type { RagConfig } from '../../domain/schemas/apps';
import type { RetrievedChunk } from '../data-sources/retrieval';
import type { RedTeamSource } from '../data-sources/data-sources.repository';
import type { Policy } from '../../domain/schemas/policies';
import type { VerificationOutcome } from '../../domain/schemas/verifiers';
import { evaluate } from '../policies/engine';
import type { EvaluationResult, Vault } from '../policies/engine';
import type { PromptAttackResult } from './detection';
import { evaluateTexts, promptAttackOf } from './off-thread-detection';
import type { StageUpdate } from './lifecycle.repository';
import { countTokens } from './tokens';
import type { ChatMessage } from '../models/providers/types';

export const WEB_SEARCH_DISABLED = 'Web search is not enabled';
export const NO_VERIFIER = 'No verifier is enabled for this organization';
export const NO_CORPORATE_DATA = 'Corporate data was not requested for this prompt';
export const NO_COPILOT_DATA = 'The copilot has no data source this caller may read';

export const elapsed = (startedAt: number): number => Math.max(0, Math.round(performance.now() - startedAt));

export const success = (reason: string | null, extra: Omit<StageUpdate, 'cycleStatus' | 'serviceStatus' | 'reason'> = {}): StageUpdate => ({
  cycleStatus: PromptCycleStatus.SUCCESS,
  serviceStatus: 'success',
  reason,
  ...extra,
});
export const skipped = (reason: string, serviceStatus: StageUpdate['serviceStatus'] = 'skipped'): StageUpdate => ({ cycleStatus: PromptCycleStatus.SKIPPED, serviceStatus, reason });
export const failed = (reason: string, extra: Omit<StageUpdate, 'cycleStatus' | 'serviceStatus' | 'reason'> = {}): StageUpdate => ({
  cycleStatus: PromptCycleStatus.FAILED,
  serviceStatus: 'failed',
  reason,
  ...extra,
});

/** `memoScope`: the organization's id, under which detections are kept for the next check of the same text. */
export async function promptGuard(prompt: string, examples: readonly string[] = [], memoScope?: string): Promise<{ attack: PromptAttackResult; update: StageUpdate }> {
  const startedAt = performance.now();
  const attack = await promptAttackOf(prompt, examples, 'prompt', memoScope);
  const reason = attack.malicious ? `Prompt attack detected (score ${attack.score.toFixed(2)})` : 'No prompt attack detected';
  // The original text is kept only in the policy stage's detail.
  return { attack, update: success(reason, { latencyMs: elapsed(startedAt), tokensIn: countTokens(prompt), tokensOut: 0, detail: { Malicious: attack.malicious, Score: attack.score, Reasons: attack.reasons } }) };
}

export interface CorporateDataInput {
  organizationId: string;
  groupIds: string[];
  query: string;
  wanted: boolean;
  /** A copilot's sources (already narrowed to what the caller may read) and RAG settings, instead of the caller's groups. */
  copilot?: { dataSourceIds: string[]; rag: RagConfig | null };
  /** Embeds the question for sources with embeddings on (hybrid retrieval); without it, BM25 alone. */
  embedders?: EmbedderFactory;
  /** The external vector store of sources that use one. */
  stores?: VectorStoreFactory;
  /** A red-teaming attempt's prompt: its own data source (the poisoned chunk) is searched too. */
  redTeamSource?: RedTeamSource | undefined;
}

export async function corporateData(db: Kysely<Database>, input: CorporateDataInput): Promise<{ chunks: RetrievedChunk[]; update: StageUpdate }> {
  if (!input.wanted) return { chunks: [], update: skipped(NO_CORPORATE_DATA, 'disabled') };
  if (input.copilot && !input.copilot.dataSourceIds.length && !input.redTeamSource) return { chunks: [], update: skipped(NO_COPILOT_DATA, 'disabled') };
  const startedAt = performance.now();
  const rag = input.copilot?.rag ?? null;
  const embedders = { ...(input.embedders ? { embedders: input.embedders } : {}), ...(input.stores ? { stores: input.stores } : {}) };
  const { redTeamSource } = input;
  const outcome = input.copilot
    ? await retrieveFromSources(db, { organizationId: input.organizationId, dataSourceIds: input.copilot.dataSourceIds, query: input.query, limit: rag?.TopK ?? DEFAULT_RETRIEVAL_LIMIT, ...embedders, redTeamSource })
    : await retrieve(db, { organizationId: input.organizationId, groupIds: input.groupIds, query: input.query, ...embedders, redTeamSource });
  const found = outcome.chunks;
  // BM25 and fused scores have no fixed scale, so a copilot's minimum score (0..1) is read relative to the best match.
  const best = found[0]?.score ?? 0;
  const chunks = rag && rag.MinScore > 0 ? found.filter((chunk) => chunk.score >= rag.MinScore * best) : found;
  const detail = {
    ...(input.copilot ? { DataSourceIds: input.copilot.dataSourceIds, Rag: rag } : {}),
    Ranking: outcome.mode === 'hybrid' ? 'BM25 and vector search, reciprocal rank fusion' : 'BM25',
    FallbackReason: outcome.fallbackReason,
    Chunks: chunks.map((chunk) => ({ DataSourceId: chunk.dataSourceId, DocumentName: chunk.documentName, ChunkId: chunk.chunkId, Score: chunk.score, Source: chunk.source })),
    // The passages as the model saw them (the policies' redactions and placeholders) are in the policy_engine stage.
  };
  return {
    chunks,
    update: success(`${chunks.length} passage${chunks.length === 1 ? '' : 's'} retrieved${rankingNote(outcome.mode, outcome.fallbackReason)}`, { latencyMs: elapsed(startedAt), tokensIn: countTokens(input.query), tokensOut: chunks.reduce((sum, chunk) => sum + countTokens(chunk.text), 0), detail }),
  };
}

/** The stage's reason names hybrid ranking, and a fallback to BM25 with its reason. */
function rankingNote(mode: 'bm25' | 'hybrid', fallbackReason: string | null): string {
  if (fallbackReason) return ` (${mode === 'hybrid' ? 'hybrid, partly BM25 only' : 'BM25 only'}: ${fallbackReason})`;
  return mode === 'hybrid' ? ' (hybrid: BM25 and vector search)' : '';
}

export interface PolicyStageResult {
  evaluation: EvaluationResult;
  /** Every message with the policies' redactions and placeholders applied. */
  messages: ChatMessage[];
  vault: Vault;
  update: StageUpdate;
}

/** Decides on the last user message; earlier messages (a client's re-sent history) get the same transformations. */
export async function policyEngine(messages: readonly ChatMessage[], policies: readonly Policy[], vault: Vault, examples: readonly string[] = [], memoScope?: string): Promise<PolicyStageResult> {
  const startedAt = performance.now();
  const lastUser = messages.map((message) => message.role).lastIndexOf('user');
  const results = await evaluateTexts(messages.map((message) => message.content), policies, vault, examples, 'prompt', memoScope);
  const currentVault = results.at(-1)?.vault ?? vault;
  // Object.assign, not { ...message, content }: Node 20's V8 builds a literal with properties after a spread slowly.
  const transformed: ChatMessage[] = messages.map((message, index) => Object.assign({}, message, { content: results[index]!.transformedPrompt }));
  const evaluation: EvaluationResult = results[lastUser] ?? evaluate('', policies, { vault: currentVault });
  const original = messages[lastUser]?.content ?? '';
  const findings = evaluation.findings.map((finding) => ({ Type: finding.type, Action: finding.action, Applied: finding.applied, Replacement: finding.replacement, Policy: finding.decidedBy.policyName, Rule: finding.decidedBy.ruleName, Text: finding.text }));
  const detail = {
    // Original values: only here, for admins.
    Prompt: original,
    TransformedPrompt: evaluation.blocked ? null : evaluation.transformedPrompt,
    Blocked: evaluation.blocked ? { PolicyId: evaluation.blocked.policyId, PolicyName: evaluation.blocked.policyName, Rule: evaluation.blocked.ruleName, Reason: evaluation.blocked.reason } : null,
    Flagged: evaluation.flagged,
    Findings: findings,
    Policies: evaluation.policies.map((policy) => ({ PolicyId: policy.policyId, PolicyName: policy.policyName })),
  };
  const reason = evaluation.blocked
    ? evaluation.blocked.message
    : findings.length
      ? `Applied: ${[...new Set(findings.filter((finding) => finding.Applied).map((finding) => `${finding.Action} ${finding.Type}`))].join(', ') || 'no change'}`
      : policies.length
        ? 'No policy rule matched'
        : 'No policy applies';
  const update = success(reason, { latencyMs: elapsed(startedAt), tokensIn: countTokens(original), tokensOut: evaluation.blocked ? 0 : countTokens(evaluation.transformedPrompt), detail });
  return { evaluation, messages: transformed, vault: currentVault, update };
}

export function verificationUpdate(outcome: VerificationOutcome, latencyMs: number, answer: string): StageUpdate {
  if (outcome.Status === VerificationStatus.None) return { ...skipped(NO_VERIFIER, 'disabled'), latencyMs };
  const detail = { Status: outcome.Status, ResponseType: outcome.ResponseType, Action: outcome.Action, Results: outcome.Results };
  const reason = `Answer ${outcome.ResponseType}; action ${outcome.Action}`;
  if (outcome.Status === VerificationStatus.FailedToVerify) return failed(reason, { latencyMs, tokensIn: countTokens(answer), tokensOut: 0, detail });
  return success(reason, { latencyMs, tokensIn: countTokens(answer), tokensOut: 0, detail });
}
