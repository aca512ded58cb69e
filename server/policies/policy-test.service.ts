import { guardExamplesOf } from '../red-teaming/guard-examples.repository';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { POLICY_PRECEDENCE_TEXT } from '../../domain/schemas/policies';
import type { Policy, PolicyRule } from '../../domain/schemas/policies';
import type { PolicyTestInputSchema, PolicyTestResult } from '../../domain/schemas/policy-test';
import type { Principal } from '../auth/principal';
import type { Database } from '../db/schema';
import { orgOf } from '../directory/users.service';
import { notFound } from '../http/errors';
import { evaluateTexts } from '../pipeline/off-thread-detection';
import type { EnginePolicy, EvaluationResult, RuleRef } from './engine';
import { PoliciesRepository } from './policies.repository';
import type { PoliciesService } from './policies.service';
import { toPolicy } from './policies.service';

type PolicyTestInput = z.output<typeof PolicyTestInputSchema>;

export const DRAFT_POLICY_ID = 'draft';

/** The "test this policy" box: runs the engine on a sample prompt and explains every rule and decision. */
export class PolicyTestService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly policies: PoliciesService,
  ) {}

  async test(actor: Principal, input: PolicyTestInput): Promise<PolicyTestResult> {
    const organizationId = orgOf(actor);
    const chosen = input.PolicyIds
      ? await this.chosenPolicies(organizationId, input.PolicyIds)
      : await this.policies.applicableFor(organizationId, input.GroupIds ?? [], input.LanguageModelId ?? null);
    const draft = input.Draft ? [draftPolicy(input.Draft)] : [];
    const started = performance.now();
    // The organization's guard examples count here as in the pipeline, so a test shows what a prompt would meet.
    const examples = await guardExamplesOf(this.db, organizationId);
    const [result] = await evaluateTexts([input.Prompt], [...chosen.filter((p) => p.id !== DRAFT_POLICY_ID), ...draft], {}, examples);
    return present(input.Prompt, result!, performance.now() - started);
  }

  private async chosenPolicies(organizationId: string, ids: string[]): Promise<Policy[]> {
    const unique = [...new Set(ids)];
    const repository = new PoliciesRepository(this.db);
    const rows = await repository.findManyInOrganization(unique, organizationId);
    if (rows.length !== unique.length) throw notFound('The policy');
    const targets = await repository.targetsOf(unique);
    return rows.map((row) => toPolicy(row, targets.get(row.id)!));
  }
}

function draftPolicy(draft: NonNullable<PolicyTestInput['Draft']>): EnginePolicy {
  const rules = draft.Rules.map((rule, index) => ({ ...rule, id: rule.id ?? `draft-rule-${index + 1}` }) as PolicyRule);
  return { id: DRAFT_POLICY_ID, Name: draft.Name, Type: draft.Type, Priority: draft.Priority, Rules: rules };
}

const ref = (r: RuleRef) => ({ PolicyId: r.policyId, PolicyName: r.policyName, PolicyType: r.policyType, RuleId: r.ruleId, RuleName: r.ruleName });

function present(prompt: string, result: EvaluationResult, durationMs: number): PolicyTestResult {
  return {
    Prompt: prompt,
    TransformedPrompt: result.transformedPrompt,
    Blocked: result.blocked !== null,
    BlockedBy: result.blocked ? { ...ref(result.blocked), Reason: result.blocked.message } : null,
    Flagged: result.flagged,
    RedactedTypes: result.redactedTypes,
    AnonymizedTypes: result.anonymizedTypes,
    Placeholders: result.placeholders.map((p) => ({ Placeholder: p.placeholder, Value: p.value })),
    Policies: result.policies.map((policy) => ({
      PolicyId: policy.policyId,
      PolicyName: policy.policyName,
      PolicyType: policy.policyType,
      Priority: policy.priority,
      Rules: policy.rules.map((rule) => ({
        RuleId: rule.ruleId,
        RuleName: rule.ruleName,
        Kind: rule.kind,
        Action: rule.action,
        Enabled: rule.enabled,
        Matched: rule.matched,
        Note: rule.note,
        Matches: rule.matches.map((m) => ({ Type: m.type, Text: m.text, Start: m.start, End: m.end, Score: m.score })),
      })),
    })),
    Findings: result.findings.map((f) => ({
      Type: f.type,
      Text: f.text,
      Start: f.start,
      End: f.end,
      Action: f.action,
      DecidedBy: ref(f.decidedBy),
      Reason: f.reason,
      Applied: f.applied,
      Replacement: f.replacement,
      Proposals: f.proposals.map((p) => ({ ...ref(p), Action: p.action, Type: p.type })),
    })),
    Precedence: POLICY_PRECEDENCE_TEXT,
    DurationMs: Math.round(durationMs * 100) / 100,
  };
}
