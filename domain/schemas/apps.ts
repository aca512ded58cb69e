import { z } from 'zod';
import type { CopilotSetupStep } from '../enums';
import { CopilotPromptType } from '../enums';
import { IdSchema } from './common';
import { idList, IsoDateSchema, optionalText, requiredText } from './fields';
import { LanguageModelIdSchema } from './language-models';
import { RateLimitsInputSchema } from './rate-limits';
import { AllowedToolNamesInputSchema } from './tool-names';

// Copilots (/admin/apps/{PID?}/{STEP?}): an app set up in 7 steps, each saved on its own and validated before the
// next one may be saved. A copilot is 'draft' until all 7 steps are valid, then 'active'; an admin may disable it.

export type CopilotSetupStepValue = (typeof CopilotSetupStep)[keyof typeof CopilotSetupStep];
export type CopilotPromptTypeValue = (typeof CopilotPromptType)[keyof typeof CopilotPromptType];

export const COPILOT_STEP_COUNT = 7;
export const COPILOT_SETUP_STEPS: readonly CopilotSetupStepValue[] = [1, 2, 3, 4, 5, 6, 7];
export const COPILOT_STEP_LABELS: Record<CopilotSetupStepValue, string> = {
  1: 'Data sources',
  2: 'Data access',
  3: 'RAG configs',
  4: 'Language models',
  5: 'Policy rules',
  6: 'Users and groups',
  7: 'Prompt type',
};
export const COPILOT_PROMPT_TYPE_LABELS: Record<CopilotPromptTypeValue, string> = { 1: 'Freeform', 2: 'Predefined' };

export const APP_STATUSES = ['draft', 'active', 'disabled'] as const;
export type AppStatus = (typeof APP_STATUSES)[number];

export const APP_TOKEN_PREFIX = 'gca_';

export const RAG_TOP_K_MAX = 20;
export const RAG_DEFAULTS = { TopK: 5, MinScore: 0, CiteSources: true } as const;
export const MAX_PREDEFINED_PROMPTS = 50;

/**
 * Step 2's rule, applied by the pipeline: through the copilot a user reads a data source when the copilot's
 * DataAccess entry for it is empty (every user of the copilot) or names one of the user's groups. This narrows
 * and never widens the data source's own group restriction. A call made with the copilot's own token has no user,
 * so it reads only sources open to the whole organization whose DataAccess entry is empty.
 */
export const DATA_ACCESS_RULE_TEXT =
  'A user of the copilot reads a data source through it when its group list is empty (every user of the copilot) ' +
  'or names one of their groups; the data source\'s own group restriction still applies. Calls made with the ' +
  'copilot\'s access token read only sources open to everyone.';

export const DataAccessEntrySchema = z.object({
  DataSourceId: IdSchema,
  GroupIds: idList('Groups'),
});
export type DataAccessEntry = z.infer<typeof DataAccessEntrySchema>;

export const RagConfigSchema = z.object({
  TopK: z
    .number({ error: `Top K must be a whole number from 1 to ${RAG_TOP_K_MAX}` })
    .int(`Top K must be a whole number from 1 to ${RAG_TOP_K_MAX}`)
    .min(1, `Top K must be a whole number from 1 to ${RAG_TOP_K_MAX}`)
    .max(RAG_TOP_K_MAX, `Top K must be a whole number from 1 to ${RAG_TOP_K_MAX}`),
  MinScore: z.number({ error: 'Minimum score must be a number from 0 to 1' }).min(0, 'Minimum score must be a number from 0 to 1').max(1, 'Minimum score must be a number from 0 to 1'),
  CiteSources: z.boolean({ error: 'Cite sources must be true or false' }),
});
export type RagConfig = z.infer<typeof RagConfigSchema>;

export const PredefinedPromptSchema = z.object({
  Title: requiredText('Title', 80),
  Prompt: requiredText('Prompt', 4000),
});
export type PredefinedPrompt = z.infer<typeof PredefinedPromptSchema>;

const PromptTypeSchema = z.union([z.literal(CopilotPromptType.FREEFORM), z.literal(CopilotPromptType.PREDEFINED)], {
  error: 'Prompt type must be 1 (freeform) or 2 (predefined)',
});

export const AppSchema = z.object({
  id: IdSchema,
  Name: z.string(),
  Description: z.string().nullable(),
  Status: z.enum(APP_STATUSES),
  /** The highest step such that it and every step before it are saved and valid (0..7). */
  CompletedStep: z.number().int(),
  DataSourceIds: z.array(z.string()),
  DataAccess: z.array(DataAccessEntrySchema),
  Rag: RagConfigSchema,
  LanguageModelIds: z.array(LanguageModelIdSchema),
  DefaultLanguageModelId: LanguageModelIdSchema.nullable(),
  PolicyIds: z.array(z.string()),
  UserIds: z.array(z.string()),
  GroupIds: z.array(z.string()),
  PromptType: PromptTypeSchema,
  PredefinedPrompts: z.array(PredefinedPromptSchema),
  /** Whether the copilot has an access token; the secret is shown only when it is created. */
  TokenSet: z.boolean(),
  TokenMasked: z.string().nullable(),
  TokenCreatedAt: IsoDateSchema.nullable(),
  /** The copilot's own gateway limits; null: its organization's. */
  RequestsPerMinute: z.number().int().nullable(),
  TokensPerMinute: z.number().int().nullable(),
  /** Tool names the copilot's token calls may use, within the organization's list; null: the organization's list applies. */
  AllowedTools: z.array(z.string()).nullable(),
  CreatedAt: IsoDateSchema,
  UpdatedAt: IsoDateSchema,
});
export type App = z.infer<typeof AppSchema>;

/** Create: a name and a description; the steps are saved one by one afterwards. */
export const AppCreateSchema = z.object({
  Name: requiredText('Name', 80),
  Description: optionalText('Description', 1000),
});
export type AppCreate = z.input<typeof AppCreateSchema>;

/**
 * Update: name, description, Status 'disabled' (or back to 'active', allowed once all 7 steps are valid), and the
 * copilot's gateway settings: rate limits and allowed tool names (left out: unchanged; null or an empty list: the
 * organization's list applies — see tool-names.ts for the precedence).
 */
export const AppUpdateSchema = AppCreateSchema.extend({
  Status: z.enum(APP_STATUSES, { error: 'Status must be draft, active or disabled' }).optional(),
  AllowedTools: AllowedToolNamesInputSchema,
}).extend(RateLimitsInputSchema.shape);
export type AppUpdate = z.input<typeof AppUpdateSchema>;

// ---- the seven steps: one schema each, the same for the form and the server ---------------------------------

export const AppStep1Schema = z.object({ DataSourceIds: idList('Data sources') });

export const AppStep2Schema = z.object({
  DataAccess: z.array(DataAccessEntrySchema, { error: 'Data access must be a list' }).max(1000),
});

export const AppStep3Schema = z.object({ Rag: RagConfigSchema });

export const AppStep4Schema = z
  .object({
    LanguageModelIds: z.array(LanguageModelIdSchema, { error: 'Language models must be a list of ids' }).min(1, 'Choose at least one language model').max(100),
    DefaultLanguageModelId: LanguageModelIdSchema.nullish().transform((value) => value ?? null),
  })
  .refine((value) => value.DefaultLanguageModelId === null || value.LanguageModelIds.includes(value.DefaultLanguageModelId), {
    path: ['DefaultLanguageModelId'],
    message: 'The default language model must be one of the chosen language models',
  });

export const AppStep5Schema = z.object({ PolicyIds: idList('Policies') });

export const AppStep6Schema = z
  .object({ UserIds: idList('Users').default([]), GroupIds: idList('Groups').default([]) })
  .refine((value) => value.UserIds.length + value.GroupIds.length > 0, { path: ['UserIds'], message: 'Choose at least one user or group' });

export const AppStep7Schema = z
  .object({
    PromptType: PromptTypeSchema,
    PredefinedPrompts: z
      .array(PredefinedPromptSchema, { error: 'Predefined prompts must be a list' })
      .max(MAX_PREDEFINED_PROMPTS, `At most ${MAX_PREDEFINED_PROMPTS} predefined prompts`)
      .default([]),
  })
  .refine((value) => value.PromptType !== CopilotPromptType.PREDEFINED || value.PredefinedPrompts.length > 0, {
    path: ['PredefinedPrompts'],
    message: 'Add at least one predefined prompt',
  });

/** The schema of each step, indexed by CopilotSetupStep (index 0 is unused). */
export const APP_STEP_SCHEMAS = [
  null,
  AppStep1Schema,
  AppStep2Schema,
  AppStep3Schema,
  AppStep4Schema,
  AppStep5Schema,
  AppStep6Schema,
  AppStep7Schema,
] as const;

export type AppStepInput<S extends CopilotSetupStepValue> = z.input<NonNullable<(typeof APP_STEP_SCHEMAS)[S]>>;
export type AppStepOutput<S extends CopilotSetupStepValue> = z.output<NonNullable<(typeof APP_STEP_SCHEMAS)[S]>>;

/** Any one step's body; the route picks the step's own schema from the URL. */
export const AppStepBodySchema = z.record(z.string(), z.unknown());

/** The token answer: the only time the secret is shown. */
export const AppTokenCreatedSchema = z.object({
  AppId: IdSchema,
  Secret: z.string(),
  TokenMasked: z.string(),
  TokenCreatedAt: IsoDateSchema,
});
export type AppTokenCreated = z.infer<typeof AppTokenCreatedSchema>;

// ---- what the pipeline needs to run a copilot --------------------------------------------------------------

export const AppConfigSchema = z.object({
  id: IdSchema,
  Name: z.string(),
  Status: z.enum(APP_STATUSES),
  /** Active and fully set up: the pipeline refuses to run a copilot that is not. */
  Ready: z.boolean(),
  DataSources: z.array(z.object({ id: IdSchema, Name: z.string(), Enabled: z.boolean(), SourceGroupIds: z.array(z.string()), AccessGroupIds: z.array(z.string()) })),
  Rag: RagConfigSchema,
  LanguageModels: z.array(z.object({ id: LanguageModelIdSchema, Name: z.string(), Provider: z.string(), Model: z.string(), Enabled: z.boolean() })),
  DefaultLanguageModelId: LanguageModelIdSchema.nullable(),
  Policies: z.array(z.object({ id: IdSchema, Name: z.string(), Type: z.string(), Enabled: z.boolean() })),
  UserIds: z.array(z.string()),
  GroupIds: z.array(z.string()),
  PromptType: PromptTypeSchema,
  PredefinedPrompts: z.array(PredefinedPromptSchema),
});
export type AppConfig = z.infer<typeof AppConfigSchema>;
