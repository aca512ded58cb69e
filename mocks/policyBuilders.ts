// Fixture builders of the policy screens; every output parses with the domain schema.
import { PERSONAL_DATA_ENTITY_TYPES, POLICY_PRECEDENCE_TEXT, PolicySchema, PolicyTestResultSchema } from '../domain';
import type { Policy, PolicyTestResult } from '../domain';

const CREATED_AT = '2026-03-01T09:00:00.000Z';

/** The demo's "Default protection" Global policy, as the server seeds it. */
export function buildPolicy(overrides: Partial<Policy> = {}): Policy {
  return PolicySchema.parse({
    id: 'pol_default',
    Name: 'Default protection',
    Description: 'Anonymizes personal data, blocks prompt injection and redacts secrets in every prompt of the organization.',
    Type: 'Global Policy',
    Enabled: true,
    Priority: 100,
    Targets: { GroupIds: [], LanguageModelIds: [], AllTargets: true },
    Rules: [
      { id: 'rule_injection', Name: 'Block prompt injection', Enabled: true, Action: 'block', Kind: 'prompt_injection', Threshold: null },
      { id: 'rule_secrets', Name: 'Redact secrets', Enabled: true, Action: 'redact', Kind: 'secrets' },
      { id: 'rule_personal', Name: 'Anonymize personal data', Enabled: true, Action: 'anonymize', Kind: 'entities', EntityTypes: [...PERSONAL_DATA_ENTITY_TYPES] },
    ],
    CreatedAt: CREATED_AT,
    UpdatedAt: CREATED_AT,
    ...overrides,
  });
}

/** A Group policy of the Analysts that blocks talk of mergers. */
export function buildGroupPolicy(overrides: Partial<Policy> = {}): Policy {
  return buildPolicy({
    id: 'pol_analysts',
    Name: 'Analysts: no merger talk',
    Description: null,
    Type: 'Group Policy',
    Priority: 50,
    Targets: { GroupIds: ['grp_analysts'], LanguageModelIds: [], AllTargets: false },
    Rules: [{ id: 'rule_mergers', Name: 'Mergers', Enabled: true, Action: 'block', Kind: 'keywords', Topic: 'Mergers', Keywords: ['merger', 'acquisition'] }],
    ...overrides,
  });
}

export const MOCK_TEST_PROMPT = 'I am Jane Doe, mail jane@acme.example';

const ref = { PolicyId: 'draft', PolicyName: 'Default protection', PolicyType: 'Global Policy', RuleId: 'rule_personal', RuleName: 'Anonymize personal data' } as const;

/** The server's explanation of MOCK_TEST_PROMPT under the default policy: two anonymized findings. */
export function buildPolicyTestResult(overrides: Partial<PolicyTestResult> = {}): PolicyTestResult {
  return PolicyTestResultSchema.parse({
    Prompt: MOCK_TEST_PROMPT,
    TransformedPrompt: 'I am <PERSON_1>, mail <EMAIL_ADDRESS_1>',
    Blocked: false,
    BlockedBy: null,
    Flagged: false,
    RedactedTypes: [],
    AnonymizedTypes: ['PERSON', 'EMAIL_ADDRESS'],
    Placeholders: [
      { Placeholder: '<PERSON_1>', Value: 'Jane Doe' },
      { Placeholder: '<EMAIL_ADDRESS_1>', Value: 'jane@acme.example' },
    ],
    Policies: [
      {
        PolicyId: 'draft',
        PolicyName: 'Default protection',
        PolicyType: 'Global Policy',
        Priority: 100,
        Rules: [
          { RuleId: 'rule_injection', RuleName: 'Block prompt injection', Kind: 'prompt_injection', Action: 'block', Enabled: true, Matched: false, Note: 'Attack score 0.02 < threshold 0.45', Matches: [] },
          { RuleId: 'rule_secrets', RuleName: 'Redact secrets', Kind: 'secrets', Action: 'redact', Enabled: true, Matched: false, Note: null, Matches: [] },
          {
            RuleId: 'rule_personal',
            RuleName: 'Anonymize personal data',
            Kind: 'entities',
            Action: 'anonymize',
            Enabled: true,
            Matched: true,
            Note: null,
            Matches: [
              { Type: 'PERSON', Text: 'Jane Doe', Start: 5, End: 13, Score: 0.85 },
              { Type: 'EMAIL_ADDRESS', Text: 'jane@acme.example', Start: 20, End: 37, Score: 1 },
            ],
          },
        ],
      },
    ],
    Findings: [
      { Type: 'PERSON', Text: 'Jane Doe', Start: 5, End: 13, Action: 'anonymize', DecidedBy: ref, Reason: 'Rule "Anonymize personal data" of the Global Policy "Default protection" proposes anonymize.', Applied: true, Replacement: '<PERSON_1>', Proposals: [{ ...ref, Action: 'anonymize', Type: 'PERSON' }] },
      { Type: 'EMAIL_ADDRESS', Text: 'jane@acme.example', Start: 20, End: 37, Action: 'anonymize', DecidedBy: ref, Reason: 'Rule "Anonymize personal data" of the Global Policy "Default protection" proposes anonymize.', Applied: true, Replacement: '<EMAIL_ADDRESS_1>', Proposals: [{ ...ref, Action: 'anonymize', Type: 'EMAIL_ADDRESS' }] },
    ],
    Precedence: POLICY_PRECEDENCE_TEXT,
    DurationMs: 1.25,
    ...overrides,
  });
}
