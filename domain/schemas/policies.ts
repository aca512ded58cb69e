import { z } from 'zod';
import { POLICY_TYPES } from '../enums';
import type { PolicyType } from '../enums';
import { IdSchema } from './common';
import { idList, IsoDateSchema, optionalText, requiredText } from './fields';
import { PATTERN_PROBLEM_MESSAGES, patternProblem } from './policy-regex';

// Policies: typed by scope (global, groups, language models), each an ordered list of rules; a rule is a
// detector plus the action to take on what it finds.

/** Entity types a policy can name, as Presidio names them; the detection engine finds every one of these. */
export const POLICY_ENTITY_TYPES = [
  'PERSON',
  'EMAIL_ADDRESS',
  'PHONE_NUMBER',
  'CREDIT_CARD',
  'IBAN_CODE',
  'US_SSN',
  'IP_ADDRESS',
  'LOCATION',
  'ORGANIZATION',
  'ADDRESS',
  'URL',
  'DOMAIN_NAME',
  'DATE_TIME',
  'US_DRIVER_LICENSE',
] as const;
export type PolicyEntityType = (typeof POLICY_ENTITY_TYPES)[number];

/** Personal data the default Global policy anonymizes. */
export const PERSONAL_DATA_ENTITY_TYPES: readonly PolicyEntityType[] = [
  'PERSON',
  'EMAIL_ADDRESS',
  'PHONE_NUMBER',
  'CREDIT_CARD',
  'IBAN_CODE',
  'US_SSN',
  'IP_ADDRESS',
  'LOCATION',
  'ADDRESS',
  'US_DRIVER_LICENSE',
];

export const POLICY_RULE_KINDS = ['entities', 'secrets', 'keywords', 'regex', 'prompt_injection', 'harmful_request'] as const;
export type PolicyRuleKind = (typeof POLICY_RULE_KINDS)[number];
export const POLICY_RULE_KIND_LABELS: Record<PolicyRuleKind, string> = {
  entities: 'Personal data (entity types)',
  secrets: 'Secrets and API keys',
  keywords: 'Keywords or topic list',
  regex: 'Custom regular expression',
  prompt_injection: 'Prompt injection',
  harmful_request: 'Harmful request',
};

/** The engine's score thresholds when a rule sets none (the rule form shows them as its defaults). */
export const PROMPT_ATTACK_DEFAULT_THRESHOLD = 0.45;
export const HARMFUL_REQUEST_DEFAULT_THRESHOLD = 0.4;

export const POLICY_ACTIONS = ['block', 'redact', 'anonymize', 'flag', 'allow'] as const;
export type PolicyAction = (typeof POLICY_ACTIONS)[number];
export const POLICY_ACTION_LABELS: Record<PolicyAction, string> = {
  block: 'Block the prompt',
  redact: 'Redact (replace with the type label)',
  anonymize: 'Anonymize (reversible placeholders)',
  flag: 'Flag (let it pass and mark it)',
  allow: 'Allow',
};

// ---- precedence ----------------------------------------------------------------------------------

/** Most specific scope first: a Language Model policy decides over a Group policy over a Global policy. */
export const POLICY_SCOPE_ORDER: readonly PolicyType[] = ['Language Model Policy', 'Group Policy', 'Global Policy'];
/** Strictest first, among the actions that do not block. */
export const POLICY_ACTION_STRICTNESS: readonly Exclude<PolicyAction, 'block'>[] = ['anonymize', 'redact', 'flag', 'allow'];

export const POLICY_PRECEDENCE_TEXT =
  'Applicable policies are the enabled Global policies, the Group policies targeting any group of the user, and the ' +
  'Language Model policies targeting the chosen model. Every rule\'s detector runs on the prompt. For each finding: ' +
  '(1) a block from any applicable policy blocks the prompt — deny always wins; (2) otherwise the most specific scope ' +
  'with a matching rule decides — Language Model policy over Group policy over Global policy; (3) within that scope the ' +
  'strictest action wins: anonymize > redact > flag > allow. So an allow in a more specific policy can exempt a finding ' +
  'from a broader redact, anonymize or flag, but never from a block.';

// ---- rules ---------------------------------------------------------------------------------------

export const PolicyTypeSchema = z.enum(POLICY_TYPES, { error: 'Type must be Group Policy, Language Model Policy or Global Policy' });
export const PolicyActionSchema = z.enum(POLICY_ACTIONS, { error: 'Action must be block, redact, anonymize, flag or allow' });
export const PolicyEntityTypeSchema = z.enum(POLICY_ENTITY_TYPES, { error: `Entity types must be among ${POLICY_ENTITY_TYPES.join(', ')}` });

const ruleBase = {
  /** Kept across edits so findings can name their rule; the server assigns one to a new rule. */
  id: z.string().trim().min(1).max(64).optional(),
  Name: optionalText('Rule name', 80),
  Enabled: z.boolean({ error: 'Enabled must be true or false' }).default(true),
  Action: PolicyActionSchema,
};

const EntitiesRuleSchema = z.object({
  ...ruleBase,
  Kind: z.literal('entities'),
  EntityTypes: z
    .array(PolicyEntityTypeSchema, { error: 'Entity types must be a list' })
    .min(1, 'Choose at least one entity type')
    .max(POLICY_ENTITY_TYPES.length)
    .transform((types) => [...new Set(types)]),
});

const SecretsRuleSchema = z.object({ ...ruleBase, Kind: z.literal('secrets') });

const KeywordsRuleSchema = z.object({
  ...ruleBase,
  Kind: z.literal('keywords'),
  /** A named keyword list ("topic"): findings carry its label instead of KEYWORD. */
  Topic: optionalText('Topic', 60),
  Keywords: z
    .array(z.string({ error: 'Each keyword must be text' }).trim().min(1, 'Keywords must not be empty').max(100, 'Each keyword must be at most 100 characters'), {
      error: 'Keywords must be a list of words',
    })
    .min(1, 'Add at least one keyword')
    .max(500, 'A rule holds at most 500 keywords'),
});

const RegexRuleSchema = z.object({
  ...ruleBase,
  Kind: z.literal('regex'),
  Pattern: z.string({ error: 'Pattern is required' }),
  IgnoreCase: z.boolean({ error: 'Ignore case must be true or false' }).default(false),
  /** The type findings carry (and the redaction label), e.g. EMPLOYEE_ID. */
  Label: z
    .string({ error: 'Label must be text' })
    .trim()
    .max(40, 'Label must be at most 40 characters')
    .regex(/^$|^[A-Z][A-Z0-9_]*$/, 'Label must be upper case letters, digits and underscores, such as EMPLOYEE_ID')
    .nullish()
    .transform((value) => (value ? value : null)),
});

const PromptInjectionRuleSchema = z.object({
  ...ruleBase,
  Kind: z.literal('prompt_injection'),
  /** Attack score from which the rule matches; the detection engine's own threshold when absent. */
  Threshold: z.number({ error: 'Threshold must be a number from 0 to 1' }).min(0, 'Threshold must be from 0 to 1').max(1, 'Threshold must be from 0 to 1').nullish().transform((value) => value ?? null),
});

/** A plain request for harmful content (weapons, malware, ...): no injection, but a policy may block it too. */
const HarmfulRequestRuleSchema = z.object({
  ...ruleBase,
  Kind: z.literal('harmful_request'),
  /** Harmful-request score from which the rule matches; the detection engine's own threshold when absent. */
  Threshold: z.number({ error: 'Threshold must be a number from 0 to 1' }).min(0, 'Threshold must be from 0 to 1').max(1, 'Threshold must be from 0 to 1').nullish().transform((value) => value ?? null),
});

export const PolicyRuleSchema = z
  .discriminatedUnion('Kind', [EntitiesRuleSchema, SecretsRuleSchema, KeywordsRuleSchema, RegexRuleSchema, PromptInjectionRuleSchema, HarmfulRequestRuleSchema], {
    error: `Detector must be one of ${POLICY_RULE_KINDS.join(', ')}`,
  })
  .superRefine((rule, ctx) => {
    if (rule.Kind === 'regex') {
      const problem = patternProblem(rule.Pattern, rule.IgnoreCase);
      if (problem) ctx.addIssue({ code: 'custom', path: ['Pattern'], message: PATTERN_PROBLEM_MESSAGES[problem] });
    }
    if (rule.Kind === 'prompt_injection' && (rule.Action === 'redact' || rule.Action === 'anonymize')) {
      ctx.addIssue({ code: 'custom', path: ['Action'], message: 'A prompt-injection rule can block, flag or allow' });
    }
    if (rule.Kind === 'harmful_request' && (rule.Action === 'redact' || rule.Action === 'anonymize')) {
      ctx.addIssue({ code: 'custom', path: ['Action'], message: 'A harmful-request rule can block, flag or allow' });
    }
  });
export type PolicyRuleInput = z.input<typeof PolicyRuleSchema>;

/** Stored rules as the API answers them: every rule has its id. */
const storedRuleBase = { id: z.string(), Name: z.string().nullable(), Enabled: z.boolean(), Action: PolicyActionSchema };
export const StoredPolicyRuleSchema = z.discriminatedUnion('Kind', [
  z.object({ ...storedRuleBase, Kind: z.literal('entities'), EntityTypes: z.array(PolicyEntityTypeSchema) }),
  z.object({ ...storedRuleBase, Kind: z.literal('secrets') }),
  z.object({ ...storedRuleBase, Kind: z.literal('keywords'), Topic: z.string().nullable(), Keywords: z.array(z.string()) }),
  z.object({ ...storedRuleBase, Kind: z.literal('regex'), Pattern: z.string(), IgnoreCase: z.boolean(), Label: z.string().nullable() }),
  z.object({ ...storedRuleBase, Kind: z.literal('prompt_injection'), Threshold: z.number().nullable() }),
  z.object({ ...storedRuleBase, Kind: z.literal('harmful_request'), Threshold: z.number().nullable() }),
]);
export type PolicyRule = z.infer<typeof StoredPolicyRuleSchema>;

// ---- policies ------------------------------------------------------------------------------------

export const PolicyTargetsSchema = z.object({
  GroupIds: idList('Groups').default([]),
  LanguageModelIds: z
    .array(z.number().int().positive(), { error: 'Language models must be a list of model ids' })
    .max(1000)
    .default([]),
  AllTargets: z.boolean({ error: 'All targets must be true or false' }).default(false),
});
export type PolicyTargets = z.output<typeof PolicyTargetsSchema>;

export const PolicySchema = z.object({
  id: IdSchema,
  Name: z.string(),
  Description: z.string().nullable(),
  Type: PolicyTypeSchema,
  Enabled: z.boolean(),
  Priority: z.number().int(),
  Targets: z.object({ GroupIds: z.array(IdSchema), LanguageModelIds: z.array(z.number().int()), AllTargets: z.boolean() }),
  Rules: z.array(StoredPolicyRuleSchema),
  CreatedAt: IsoDateSchema,
  UpdatedAt: IsoDateSchema,
});
export type Policy = z.infer<typeof PolicySchema>;

export const PolicyInputSchema = z
  .object({
    Name: requiredText('Name', 120),
    Description: optionalText('Description', 1000),
    Type: PolicyTypeSchema,
    Enabled: z.boolean({ error: 'Enabled must be true or false' }).default(true),
    Priority: z.number({ error: 'Priority must be a whole number from 0 to 10000' }).int('Priority must be a whole number from 0 to 10000').min(0, 'Priority must be a whole number from 0 to 10000').max(10000, 'Priority must be a whole number from 0 to 10000').default(100),
    Targets: PolicyTargetsSchema.default({ GroupIds: [], LanguageModelIds: [], AllTargets: false }),
    Rules: z.array(PolicyRuleSchema, { error: 'Rules must be a list' }).min(1, 'Add at least one rule').max(50, 'A policy holds at most 50 rules'),
  })
  .superRefine((policy, ctx) => {
    const { Targets: targets } = policy;
    if (policy.Type === 'Group Policy' && !targets.AllTargets && targets.GroupIds.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['Targets', 'GroupIds'], message: 'Choose at least one group for a Group Policy' });
    }
    if (policy.Type === 'Language Model Policy' && !targets.AllTargets && targets.LanguageModelIds.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['Targets', 'LanguageModelIds'], message: 'Choose at least one language model for a Language Model Policy' });
    }
    const ids = policy.Rules.map((rule) => rule.id).filter((id): id is string => !!id);
    if (new Set(ids).size !== ids.length) ctx.addIssue({ code: 'custom', path: ['Rules'], message: 'Two rules have the same id' });
  })
  .transform((policy) => ({ ...policy, Targets: normalizeTargets(policy.Type, policy.Targets) }));
export type PolicyInput = z.input<typeof PolicyInputSchema>;
export type PolicyInputParsed = z.output<typeof PolicyInputSchema>;

/** A Global policy targets everyone; a policy keeps only the targets of its own type. */
export function normalizeTargets(type: PolicyType, targets: PolicyTargets): PolicyTargets {
  const unique = <T>(list: T[]) => [...new Set(list)];
  if (type === 'Global Policy') return { GroupIds: [], LanguageModelIds: [], AllTargets: true };
  if (targets.AllTargets) return { GroupIds: [], LanguageModelIds: [], AllTargets: true };
  if (type === 'Group Policy') return { GroupIds: unique(targets.GroupIds), LanguageModelIds: [], AllTargets: false };
  return { GroupIds: [], LanguageModelIds: unique(targets.LanguageModelIds), AllTargets: false };
}

/** Who a policy is evaluated for: the user's groups and the chosen language model. */
export interface PolicyAudience {
  groupIds: readonly string[];
  languageModelId: number | null;
}

/** Whether a policy applies to a prompt of this audience (enabled or not is the caller's concern). */
export function policyApplies(policy: Pick<Policy, 'Type' | 'Targets'>, audience: PolicyAudience): boolean {
  const { Targets: targets } = policy;
  if (policy.Type === 'Global Policy') return true;
  if (policy.Type === 'Group Policy') return audience.groupIds.length > 0 && (targets.AllTargets || targets.GroupIds.some((id) => audience.groupIds.includes(id)));
  return audience.languageModelId !== null && (targets.AllTargets || targets.LanguageModelIds.includes(audience.languageModelId));
}
