import { z } from 'zod';
import { idList } from './fields';
import { PolicyActionSchema, PolicyInputSchema, PolicyTypeSchema } from './policies';

// The "test this policy" box: what each rule of the chosen (or applicable) policies would do to a sample prompt.

export const MAX_TEST_PROMPT_LENGTH = 20_000;

export const PolicyTestInputSchema = z.object({
  Prompt: z
    .string({ error: 'Prompt is required' })
    .min(1, 'Prompt is required')
    .max(MAX_TEST_PROMPT_LENGTH, `Prompt must be at most ${MAX_TEST_PROMPT_LENGTH} characters`)
    .refine((value) => value.trim().length > 0, 'Prompt is required'),
  /** Evaluate exactly these policies (enabled or not); without them, the enabled policies that apply to the audience below. */
  PolicyIds: idList('Policies').optional(),
  GroupIds: idList('Groups').optional(),
  LanguageModelId: z.number({ error: 'Language model must be a model id' }).int().positive('Language model must be a model id').nullish(),
  /** An unsaved policy from the editor, evaluated as if it were saved. */
  Draft: PolicyInputSchema.optional(),
});
export type PolicyTestInput = z.input<typeof PolicyTestInputSchema>;

const RuleRefSchema = z.object({
  PolicyId: z.string(),
  PolicyName: z.string(),
  PolicyType: PolicyTypeSchema,
  RuleId: z.string(),
  RuleName: z.string(),
});

export const PolicyTestMatchSchema = z.object({
  Type: z.string(),
  Text: z.string(),
  Start: z.number().int(),
  End: z.number().int(),
  Score: z.number(),
});

export const PolicyTestFindingSchema = z.object({
  Type: z.string(),
  Text: z.string(),
  Start: z.number().int(),
  End: z.number().int(),
  /** The final decision for this finding. */
  Action: z.enum(['block', 'redact', 'anonymize', 'flag', 'allow']),
  DecidedBy: RuleRefSchema,
  Reason: z.string(),
  /** False when an overlapping finding with a stricter (or, equally strict, longer) action took its place. */
  Applied: z.boolean(),
  Replacement: z.string().nullable(),
  Proposals: z.array(RuleRefSchema.extend({ Action: PolicyActionSchema, Type: z.string() })),
});

export const PolicyTestRuleSchema = z.object({
  RuleId: z.string(),
  RuleName: z.string(),
  Kind: z.string(),
  Action: PolicyActionSchema,
  Enabled: z.boolean(),
  Matched: z.boolean(),
  Note: z.string().nullable(),
  Matches: z.array(PolicyTestMatchSchema),
});

export const PolicyTestResultSchema = z.object({
  Prompt: z.string(),
  TransformedPrompt: z.string(),
  Blocked: z.boolean(),
  BlockedBy: RuleRefSchema.extend({ Reason: z.string() }).nullable(),
  Flagged: z.boolean(),
  RedactedTypes: z.array(z.string()),
  AnonymizedTypes: z.array(z.string()),
  Placeholders: z.array(z.object({ Placeholder: z.string(), Value: z.string() })),
  Policies: z.array(z.object({ PolicyId: z.string(), PolicyName: z.string(), PolicyType: PolicyTypeSchema, Priority: z.number().int(), Rules: z.array(PolicyTestRuleSchema) })),
  Findings: z.array(PolicyTestFindingSchema),
  Precedence: z.string(),
  DurationMs: z.number(),
});
export type PolicyTestResult = z.infer<typeof PolicyTestResultSchema>;
export type PolicyTestFinding = z.infer<typeof PolicyTestFindingSchema>;
