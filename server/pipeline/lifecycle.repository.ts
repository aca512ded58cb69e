import type { Kysely } from 'kysely';
import { PromptCycleStatus } from '../../domain/enums';
import type { ChatMessageType, LifecycleService, LifecycleServiceStatus, PromptBlock, PromptRecord, PromptStatus } from '../../domain/schemas/lifecycle';
import { PIPELINE_STAGES } from '../../domain/schemas/lifecycle';
import { newId } from '../db/ids';
import { recordFinishedPrompt } from '../metrics/rollup-writer';
import type { Database } from '../db/schema';

export const INTERRUPTED_REASON = 'Interrupted by a server restart';

export interface NewPrompt {
  organizationId: string;
  userId: string;
  conversationId: string | null;
  appId: string | null;
  languageModelId: number | null;
  messageType: ChatMessageType;
}

export interface StageUpdate {
  cycleStatus: number;
  serviceStatus: LifecycleServiceStatus;
  reason: string | null;
  latencyMs?: number | null;
  tokensIn?: number | null;
  tokensOut?: number | null;
  detail?: Record<string, unknown> | null;
}

export interface PromptOutcome {
  status: Exclude<PromptStatus, 'in_progress'>;
  blocked: PromptBlock | null;
  malicious: boolean;
  flagged: boolean;
  anonymized: boolean;
  redacted: boolean;
  attributes: string[];
  policyIds: string[];
}

const flag = (value: boolean): number => (value ? 1 : 0);
const isoOrNull = (ms: number | string | null): string | null => (ms === null ? null : new Date(Number(ms)).toISOString());

/** SQL of the prompt lifecycle records. */
export class LifecycleRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** A prompt in progress with every stage WAITING. */
  async create(input: NewPrompt, at = Date.now()): Promise<string> {
    const id = newId();
    await this.db
      .insertInto('prompts')
      .values({
        id,
        organization_id: input.organizationId,
        user_id: input.userId,
        conversation_id: input.conversationId,
        app_id: input.appId,
        language_model_id: input.languageModelId,
        message_type: input.messageType,
        status: 'in_progress',
        blocked_json: null,
        malicious: 0,
        flagged: 0,
        anonymized: 0,
        redacted: 0,
        created_at: at,
        finished_at: null,
      })
      .execute();
    await this.db
      .insertInto('prompt_stages')
      .values(
        PIPELINE_STAGES.map((service, ordinal) => ({
          prompt_id: id,
          ordinal,
          service,
          cycle_status: PromptCycleStatus.WAITING,
          service_status: 'unknown',
          reason: null,
          latency_ms: null,
          tokens_in: null,
          tokens_out: null,
          detail_json: null,
        })),
      )
      .execute();
    return id;
  }

  async updateStage(promptId: string, service: LifecycleService, update: StageUpdate): Promise<void> {
    await this.db
      .updateTable('prompt_stages')
      .set({
        cycle_status: update.cycleStatus,
        service_status: update.serviceStatus,
        reason: update.reason,
        latency_ms: update.latencyMs ?? null,
        tokens_in: update.tokensIn ?? null,
        tokens_out: update.tokensOut ?? null,
        detail_json: update.detail ? JSON.stringify(update.detail) : null,
      })
      .where('prompt_id', '=', promptId)
      .where('service', '=', service)
      .execute();
  }

  async finish(promptId: string, outcome: PromptOutcome, at = Date.now()): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('prompts')
        .set({
          status: outcome.status,
          blocked_json: outcome.blocked ? JSON.stringify(outcome.blocked) : null,
          malicious: flag(outcome.malicious),
          flagged: flag(outcome.flagged),
          anonymized: flag(outcome.anonymized),
          redacted: flag(outcome.redacted),
          finished_at: at,
        })
        .where('id', '=', promptId)
        .execute();
      const attributes = [...new Set(outcome.attributes)];
      if (attributes.length) await trx.insertInto('prompt_attributes').values(attributes.map((attribute) => ({ prompt_id: promptId, attribute }))).execute();
      const policyIds = [...new Set(outcome.policyIds)];
      if (policyIds.length) await trx.insertInto('prompt_policies').values(policyIds.map((policy_id) => ({ prompt_id: promptId, policy_id }))).execute();
      await recordFinishedPrompt(trx, promptId);
    });
  }

  /** Prompts a crash left in progress: failed, their unfinished stages FAILED with the reason. Answers how many. */
  async failInterrupted(at = Date.now()): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const rows = await trx.selectFrom('prompts').select('id').where('status', '=', 'in_progress').execute();
      if (!rows.length) return 0;
      const ids = rows.map((row) => row.id);
      await trx.updateTable('prompts').set({ status: 'failed', finished_at: at }).where('id', 'in', ids).execute();
      await trx
        .updateTable('prompt_stages')
        .set({ cycle_status: PromptCycleStatus.FAILED, service_status: 'failed', reason: INTERRUPTED_REASON })
        .where('prompt_id', 'in', ids)
        .where('cycle_status', '=', PromptCycleStatus.WAITING)
        .execute();
      for (const id of ids) await recordFinishedPrompt(trx, id);
      return ids.length;
    });
  }

  async find(promptId: string): Promise<PromptRecord | undefined> {
    const row = await this.db.selectFrom('prompts').selectAll().where('id', '=', promptId).executeTakeFirst();
    if (!row) return undefined;
    const [stages, attributes, policies] = await Promise.all([
      this.db.selectFrom('prompt_stages').selectAll().where('prompt_id', '=', promptId).orderBy('ordinal').execute(),
      this.db.selectFrom('prompt_attributes').select('attribute').where('prompt_id', '=', promptId).orderBy('attribute').execute(),
      this.db.selectFrom('prompt_policies').select('policy_id').where('prompt_id', '=', promptId).orderBy('policy_id').execute(),
    ]);
    return {
      id: row.id,
      ConversationId: row.conversation_id,
      UserId: row.user_id,
      AppId: row.app_id,
      OrganizationId: row.organization_id,
      LanguageModelId: row.language_model_id === null ? null : Number(row.language_model_id),
      MessageType: row.message_type as ChatMessageType,
      Status: row.status as PromptStatus,
      Blocked: row.blocked_json ? (JSON.parse(row.blocked_json) as PromptBlock) : null,
      Malicious: Number(row.malicious) === 1,
      Flagged: Number(row.flagged) === 1,
      Anonymized: Number(row.anonymized) === 1,
      Redacted: Number(row.redacted) === 1,
      Attributes: attributes.map((item) => item.attribute),
      PolicyIds: policies.map((item) => item.policy_id),
      CreatedAt: isoOrNull(row.created_at) ?? '',
      FinishedAt: isoOrNull(row.finished_at),
      Stages: stages.map((stage) => ({
        Service: stage.service as LifecycleService,
        CycleStatus: Number(stage.cycle_status),
        ServiceStatus: stage.service_status as LifecycleServiceStatus,
        Reason: stage.reason,
        LatencyMs: stage.latency_ms === null ? null : Number(stage.latency_ms),
        TokensIn: stage.tokens_in === null ? null : Number(stage.tokens_in),
        TokensOut: stage.tokens_out === null ? null : Number(stage.tokens_out),
        Detail: stage.detail_json ? (JSON.parse(stage.detail_json) as Record<string, unknown>) : null,
      })),
    };
  }
}
