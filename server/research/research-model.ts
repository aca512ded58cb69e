// Research's language model: the organization's compact general-purpose model when it has one enabled for the
// searching user (§9), else its offline demo model, else any model the user may use. Every call goes through the
// governance pipeline as that user (guard, policies, lifecycle record), never to the provider directly.
import type { FastifyInstance } from 'fastify';
import { Role } from '../../domain/enums';
import type { SearchModel } from '../../domain/schemas/research-search';
import type { Principal } from '../auth/principal';
import type { LanguageModelSummary } from '../../domain/schemas/language-models';
import type { ChatProvider } from '../models/providers/types';
import { PromptOrchestrator } from '../pipeline/orchestrator';
import type { PipelineResult } from '../pipeline/orchestrator';

/** Model names of compact general-purpose models, preferred for research. */
const COMPACT = /(mini|haiku|flash|nano|small|lite|compact)/i;

export interface ResearchModel {
  model: LanguageModelSummary;
  provider: ChatProvider;
}

export const describeModel = (model: LanguageModelSummary): SearchModel => ({ Provider: model.Provider, Model: model.Model, Name: model.Name });

export async function chooseResearchModel(app: FastifyInstance, actor: Principal): Promise<ResearchModel | null> {
  if (!actor.organizationId) return null;
  const rows = await app.db.kysely
    .selectFrom('language_models')
    .select(['id', 'provider', 'model'])
    .where('organization_id', '=', actor.organizationId)
    .where('enabled', '=', 1)
    .orderBy('id')
    .execute();
  const rank = (row: { provider: string; model: string }) => (row.provider !== 'demo' && COMPACT.test(row.model) ? 0 : row.provider === 'demo' ? 1 : 2);
  const ordered = [...rows].sort((a, b) => rank(a) - rank(b) || Number(a.id) - Number(b.id));
  for (const row of ordered) {
    try {
      return await app.services.languageModels.usable(actor, Number(row.id));
    } catch {
      // Not granted to this user (a USER's groups): try the next.
    }
  }
  return null;
}

export interface ModelQuestion {
  system: string;
  question: string;
  /** Research material (evidence summaries, quotes): governed by the policies like any document, then given to the model. */
  documents: { name: string; text: string }[];
  history?: { role: 'user' | 'assistant'; content: string }[];
  onDelta?: (text: string) => void;
  signal?: AbortSignal;
  /** The search's job: it gives way to people's requests between the pipeline's stages. */
  giveWay?: () => Promise<void>;
}

export async function askResearchModel(app: FastifyInstance, actor: Principal, chosen: ResearchModel, question: ModelQuestion): Promise<PipelineResult> {
  return new PromptOrchestrator(app).run({
    actor,
    model: chosen.model,
    provider: chosen.provider,
    messages: [{ role: 'system', content: question.system }, ...(question.history ?? []), { role: 'user', content: question.question }],
    messageType: 'PROMPT_LLM',
    documents: question.documents,
    ...(question.onDelta ? { onDelta: question.onDelta } : {}),
    ...(question.signal ? { signal: question.signal } : {}),
    ...(question.giveWay ? { giveWay: question.giveWay } : {}),
  });
}

/** The principal a search's job acts as: its owner, as stored now (a disabled or removed owner acts as nobody). */
export async function principalOfUser(app: FastifyInstance, userId: string): Promise<Principal | null> {
  const user = await app.db.kysely.selectFrom('users').select(['id', 'email', 'role', 'customer_id', 'organization_id', 'enabled']).where('id', '=', userId).executeTakeFirst();
  if (!user || user.enabled !== 1 || !user.organization_id || (user.role !== Role.ORG_ADMIN && user.role !== Role.USER)) return null;
  return { userId: user.id, email: user.email, role: user.role as Role, customerId: user.customer_id, organizationId: user.organization_id, sessionIdHash: null };
}
