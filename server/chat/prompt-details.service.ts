// GET /api/v1/prompts/:pid: a prompt's lifecycle record (chat, copilot or gateway) with what the user typed and the
// answer. An ORG_ADMIN reads any prompt of the organization with original values; a USER reads only their own, as
// the model saw it (see prompt-masking.ts).
import type { Kysely } from 'kysely';
import { Role } from '../../domain/enums';
import type { PromptDetails } from '../../domain/schemas/chat';
import type { PromptStage } from '../../domain/schemas/lifecycle';
import type { VerificationOutcome } from '../../domain/schemas/verifiers';
import type { Principal } from '../auth/principal';
import type { Database } from '../db/schema';
import { forbidden, notFound } from '../http/errors';
import { LifecycleRepository } from '../pipeline/lifecycle.repository';
import { ChatMessagesRepository } from './chat-messages.repository';
import { maskedPrompt, maskStagesForUser } from './prompt-masking';

export const PROMPT_READERS = [Role.ORG_ADMIN, Role.USER] as const;

const detailOf = (stages: readonly PromptStage[], service: PromptStage['Service']) => stages.find((stage) => stage.Service === service)?.Detail ?? null;
const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
/** An embeddings record's texts as sent (its policy stage keeps no original values), one paragraph each. */
const embeddedTexts = (detail: Record<string, unknown> | null): string | null => (Array.isArray(detail?.Texts) ? detail.Texts.filter((item): item is string => typeof item === 'string').join('\n\n') : null);

function verificationOf(detail: Record<string, unknown> | null): VerificationOutcome | null {
  if (!detail || typeof detail.Status !== 'number' || typeof detail.ResponseType !== 'string' || !Array.isArray(detail.Results)) return null;
  return { Status: detail.Status, ResponseType: detail.ResponseType, Action: detail.Action, Results: detail.Results } as VerificationOutcome;
}

export class PromptDetailsService {
  constructor(private readonly db: Kysely<Database>) {}

  async get(actor: Principal, promptId: string): Promise<PromptDetails> {
    if (!actor.organizationId || !(PROMPT_READERS as readonly Role[]).includes(actor.role)) throw forbidden();
    const record = await new LifecycleRepository(this.db).find(promptId);
    const admin = actor.role === Role.ORG_ADMIN;
    if (!record || record.OrganizationId !== actor.organizationId || (!admin && record.UserId !== actor.userId)) throw notFound('The prompt');

    const [message, user, model, app] = await Promise.all([
      new ChatMessagesRepository(this.db).byPromptId(promptId),
      this.db.selectFrom('users').select('email').where('id', '=', record.UserId).executeTakeFirst(),
      record.LanguageModelId === null ? undefined : this.db.selectFrom('language_models').select('name').where('id', '=', record.LanguageModelId).executeTakeFirst(),
      record.AppId === null ? undefined : this.db.selectFrom('apps').select('name').where('id', '=', record.AppId).executeTakeFirst(),
    ]);
    const policyDetail = detailOf(record.Stages, 'policy_engine');
    const modelAnswer = text(detailOf(record.Stages, 'llm')?.Answer);
    const verification = message?.verification_json ? (JSON.parse(message.verification_json) as VerificationOutcome) : verificationOf(detailOf(record.Stages, 'verification_service'));
    const common = {
      UserEmail: user?.email ?? null,
      ModelName: model?.name ?? message?.model_name ?? null,
      AppName: app?.name ?? message?.app_name ?? null,
      Verification: verification,
    };
    if (admin) {
      // The answer as the user was shown it (values restored); a gateway prompt keeps only the model's.
      return { ...record, ...common, Prompt: message?.prompt ?? text(policyDetail?.Prompt) ?? embeddedTexts(policyDetail), Answer: message?.answer ?? modelAnswer };
    }
    const withheld = record.Blocked !== null;
    return {
      ...record,
      ...common,
      Stages: maskStagesForUser(record.Stages, withheld),
      Prompt: maskedPrompt(policyDetail) ?? embeddedTexts(policyDetail),
      Answer: withheld ? '' : modelAnswer,
    };
  }
}
