import { z } from 'zod';
import { CHAT_MESSAGE_TYPES, LIFECYCLE_SERVICES, LIFECYCLE_SERVICE_STATUS_LABELS, PROMPT_STATUSES } from '../enums';
import type { PromptCycleStatus } from '../enums';
import { IsoDateSchema } from './fields';

export const LIFECYCLE_SERVICE_STATUSES = Object.keys(LIFECYCLE_SERVICE_STATUS_LABELS) as (keyof typeof LIFECYCLE_SERVICE_STATUS_LABELS)[];
export type LifecycleServiceStatus = keyof typeof LIFECYCLE_SERVICE_STATUS_LABELS;
export type LifecycleService = (typeof LIFECYCLE_SERVICES)[number];
export type PromptStatus = (typeof PROMPT_STATUSES)[number];
export type ChatMessageType = (typeof CHAT_MESSAGE_TYPES)[number];
export type PromptCycleStatusValue = (typeof PromptCycleStatus)[keyof typeof PromptCycleStatus];

/** The stages the pipeline runs, in order (control_server is a deployment component, not a stage). */
export const PIPELINE_STAGES = [
  'prompt_guard',
  'corporate_data_repository',
  'policy_engine',
  'llm',
  'verification_service',
  'copyright_checker',
  'web_search',
] as const satisfies readonly LifecycleService[];

export const PromptBlockSchema = z.object({ PolicyId: z.string(), PolicyName: z.string(), Reason: z.string() });
export type PromptBlock = z.infer<typeof PromptBlockSchema>;

export const PromptStageSchema = z.object({
  Service: z.enum(LIFECYCLE_SERVICES),
  /** §4 cycle status: WAITING 0, SUCCESS 1, FAILED 2, SKIPPED 3. */
  CycleStatus: z.number().int().min(0).max(3),
  ServiceStatus: z.enum(LIFECYCLE_SERVICE_STATUSES as [LifecycleServiceStatus, ...LifecycleServiceStatus[]]),
  Reason: z.string().nullable(),
  LatencyMs: z.number().int().nullable(),
  TokensIn: z.number().int().nullable(),
  TokensOut: z.number().int().nullable(),
  /** What the stage saw and decided (the prompt text as it saw it, entities, rules). */
  Detail: z.record(z.string(), z.unknown()).nullable(),
});
export type PromptStage = z.infer<typeof PromptStageSchema>;

export const PromptRecordSchema = z.object({
  id: z.string(),
  ConversationId: z.string().nullable(),
  UserId: z.string(),
  AppId: z.string().nullable(),
  OrganizationId: z.string(),
  LanguageModelId: z.number().int().nullable(),
  MessageType: z.enum(CHAT_MESSAGE_TYPES),
  Status: z.enum(PROMPT_STATUSES),
  Blocked: PromptBlockSchema.nullable(),
  Malicious: z.boolean(),
  Flagged: z.boolean(),
  Anonymized: z.boolean(),
  Redacted: z.boolean(),
  /** Entity types found in the prompt. */
  Attributes: z.array(z.string()),
  PolicyIds: z.array(z.string()),
  /** The red-teaming job that sent this prompt (an attack, kept out of the observability figures); null for real prompts. */
  RedTeamJobId: z.string().nullable().optional(),
  CreatedAt: IsoDateSchema,
  FinishedAt: IsoDateSchema.nullable(),
  Stages: z.array(PromptStageSchema),
});
export type PromptRecord = z.infer<typeof PromptRecordSchema>;
