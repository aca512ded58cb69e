import type { PolicyType } from '../../../domain/enums';
import type { Policy, PolicyAction, PolicyRuleKind } from '../../../domain/schemas/policies';
import type { DetectedEntity, HarmfulRequestResult, PromptAttackResult } from '../../pipeline/detection';

/** What the engine needs of a policy: the API record, or anything shaped like it. */
export type EnginePolicy = Pick<Policy, 'id' | 'Name' | 'Type' | 'Priority' | 'Rules'>;

/**
 * Placeholder ↔ original value of one conversation, e.g. { '<PERSON_1>': 'Jane Doe' }. Plain JSON so it can be
 * stored beside the conversation; the engine never changes the one it is given, it answers a new one.
 */
export type Vault = Readonly<Record<string, string>>;

/** The detection engine's public functions; tests may replace any of them. */
export interface Detectors {
  entities(text: string, types: readonly string[]): DetectedEntity[];
  secrets(text: string): DetectedEntity[];
  promptAttack(text: string): PromptAttackResult;
  attackThreshold: number;
  harmfulRequest(text: string): HarmfulRequestResult;
  harmfulThreshold: number;
}

export interface EvaluationContext {
  vault?: Vault;
  detectors?: Partial<Detectors>;
}

export interface RuleRef {
  policyId: string;
  policyName: string;
  policyType: PolicyType;
  ruleId: string;
  ruleName: string;
}

export interface Match {
  type: string;
  text: string;
  start: number;
  end: number;
  score: number;
  /** A prompt injection found mainly in a document the user pasted into the prompt, not in the user's own words. */
  inPastedDocument?: boolean;
}

export interface RuleEvaluation extends RuleRef {
  kind: PolicyRuleKind;
  action: PolicyAction;
  enabled: boolean;
  matched: boolean;
  /** Why it matched or did not, when there is more to say than the matches. */
  note: string | null;
  matches: Match[];
}

export interface PolicyEvaluation {
  policyId: string;
  policyName: string;
  policyType: PolicyType;
  priority: number;
  rules: RuleEvaluation[];
}

export interface Proposal extends RuleRef {
  action: PolicyAction;
  type: string;
  /** Why the rule matched, in words for the person whose prompt it is. */
  why: string;
}

export interface Finding {
  type: string;
  text: string;
  start: number;
  end: number;
  /** The decided action, by the precedence rules. */
  action: PolicyAction;
  decidedBy: RuleRef;
  reason: string;
  /** False when an overlapping finding took its place in the transformed prompt. */
  applied: boolean;
  /** What replaced the text (redact and anonymize), else null. */
  replacement: string | null;
  proposals: Proposal[];
}

export interface BlockDecision extends RuleRef {
  /** Why the rule matched. */
  reason: string;
  /** The message for the user, naming the policy. */
  message: string;
}

export interface EvaluationResult {
  blocked: BlockDecision | null;
  findings: Finding[];
  flagged: boolean;
  redactedTypes: string[];
  anonymizedTypes: string[];
  transformedPrompt: string;
  /** Placeholders used in this prompt, in order of appearance. */
  placeholders: { placeholder: string; value: string }[];
  /** The conversation's vault with this prompt's new placeholders added. */
  vault: Vault;
  /** Every policy and rule, in evaluation order, with what each found. */
  policies: PolicyEvaluation[];
}
