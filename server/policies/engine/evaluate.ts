import type { PolicyRule } from '../../../domain/schemas/policies';
import { defaultDetectors, PromptScan } from './detectors';
import { actionRank, decide } from './precedence';
import type { BlockDecision, Detectors, EnginePolicy, EvaluationContext, EvaluationResult, Finding, Match, PolicyEvaluation, Proposal, RuleRef, Vault } from './types';
import { PlaceholderVault } from './vault';

/**
 * Applies policies to one prompt. Pure and synchronous: the caller chooses the applicable policies
 * (`policyApplies`), the engine runs every enabled rule's detector, decides each finding by the precedence
 * rules, and transforms the prompt (redact → `<TYPE>`, anonymize → the conversation's placeholders).
 */
export function evaluate(prompt: string, policies: readonly EnginePolicy[], context: EvaluationContext = {}): EvaluationResult {
  const ordered = [...policies].sort((a, b) => a.Priority - b.Priority || a.Name.localeCompare(b.Name) || a.id.localeCompare(b.id));
  const entityTypes = [...new Set(ordered.flatMap((p) => p.Rules.flatMap((r) => (r.Enabled && r.Kind === 'entities' ? r.EntityTypes : []))))];
  const scan = new PromptScan(prompt, { ...defaultDetectors, ...context.detectors }, entityTypes);

  const evaluations: PolicyEvaluation[] = [];
  const proposalsBySpan = new Map<string, { match: Match; proposals: Proposal[] }>();
  for (const policy of ordered) {
    const rules = policy.Rules.map((rule, index) => {
      const ref = { policyId: policy.id, policyName: policy.Name, policyType: policy.Type, ruleId: rule.id, ruleName: ruleName(rule, index) };
      const { matches, note } = rule.Enabled ? scan.matchesOf(rule) : { matches: [], note: 'Rule disabled' };
      for (const match of matches) {
        const key = `${match.start}:${match.end}`;
        const span = proposalsBySpan.get(key) ?? { match, proposals: [] };
        span.proposals.push(withRef(ref, { action: rule.Action, type: match.type, why: whyMatched(rule, match) }));
        proposalsBySpan.set(key, span);
      }
      return withRef(ref, { kind: rule.Kind, action: rule.Action, enabled: rule.Enabled, matched: matches.length > 0, note, matches });
    });
    evaluations.push({ policyId: policy.id, policyName: policy.Name, policyType: policy.Type, priority: policy.Priority, rules });
  }

  const findings: Finding[] = [...proposalsBySpan.values()].map(({ match, proposals }) => {
    const { action, decidedBy, reason } = decide(proposals);
    const { why: _why, action: _action, type, ...ref } = decidedBy;
    return { type, text: match.text, start: match.start, end: match.end, action, decidedBy: ref, reason, applied: false, replacement: null, proposals };
  });
  for (const finding of nonOverlapping(findings)) finding.applied = true;
  findings.sort((a, b) => a.start - b.start || b.end - a.end);
  // A block stops a prompt, but an earlier message a block rule matches (a system prompt, re-sent history, a function
  // call's arguments) is still sent: its secrets and personal data are replaced as if the block rule had not matched.
  // Without this, the block's whole-text span (prompt injection) won every overlap and the text went out raw.
  const blocking = findings.some((finding) => finding.applied && finding.action === 'block');
  const transforming = new Set(blocking ? nonOverlapping(findings.filter(changesText)) : findings.filter((finding) => finding.applied && changesText(finding)));

  const vault = new PlaceholderVault(context.vault);
  const placeholders: { placeholder: string; value: string }[] = [];
  const listed = new Set<string>();
  let transformed = '';
  let cursor = 0;
  for (const finding of findings) {
    if (!transforming.has(finding)) continue;
    finding.replacement = finding.action === 'redact' ? `<${finding.type}>` : vault.placeholderFor(finding.type, finding.text);
    if (finding.action === 'anonymize' && !listed.has(finding.replacement)) {
      listed.add(finding.replacement);
      placeholders.push({ placeholder: finding.replacement, value: finding.text });
    }
    transformed += prompt.slice(cursor, finding.start) + finding.replacement;
    cursor = finding.end;
  }
  transformed += prompt.slice(cursor);

  return {
    blocked: blockOf(findings),
    findings,
    flagged: findings.some((f) => f.action === 'flag'),
    redactedTypes: typesActedOn(findings, 'redact'),
    anonymizedTypes: typesActedOn(findings, 'anonymize'),
    transformedPrompt: transformed,
    placeholders,
    vault: vault.snapshot(),
    policies: evaluations,
  };
}

/**
 * `{ ...ref, ...fields }` built property by property: Node 20's V8 takes a slow path for an object literal that has
 * properties after a spread (~1 µs a property), and this runs for every rule of every text of every turn.
 */
function withRef<T extends object>(ref: RuleRef, fields: T): RuleRef & T {
  return Object.assign({ policyId: ref.policyId, policyName: ref.policyName, policyType: ref.policyType, ruleId: ref.ruleId, ruleName: ref.ruleName }, fields);
}

/** Each text in order, the vault carried from one to the next (placeholders stay consistent across them). */
export function evaluateInOrder(texts: readonly string[], policies: readonly EnginePolicy[], vault: Vault, detectors?: Partial<Detectors>): EvaluationResult[] {
  let current = vault;
  return texts.map((text) => {
    const result = evaluate(text, policies, { vault: current, ...(detectors ? { detectors } : {}) });
    current = result.vault;
    return result;
  });
}

const changesText = (finding: Finding) => finding.action === 'redact' || finding.action === 'anonymize';

/** Overlapping findings: the strictest decided action is kept, then the longest, then the earliest. */
function nonOverlapping(findings: readonly Finding[]): Finding[] {
  const byPreference = [...findings].sort(
    (a, b) => actionRank(a.action) - actionRank(b.action) || b.end - b.start - (a.end - a.start) || a.start - b.start,
  );
  // Kept spans are marked character by character: the cost is the findings' total length, not their number squared.
  const taken = new Uint8Array(findings.reduce((end, finding) => Math.max(end, finding.end), 0));
  const kept: Finding[] = [];
  for (const finding of byPreference) {
    if (finding.end > finding.start && taken.subarray(finding.start, finding.end).includes(1)) continue;
    kept.push(finding);
    taken.fill(1, finding.start, finding.end);
  }
  return kept;
}

function blockOf(findings: readonly Finding[]): BlockDecision | null {
  const blocking = findings.find((f) => f.action === 'block');
  if (!blocking) return null;
  const proposal = blocking.proposals.find((p) => p.action === 'block')!;
  const { action: _action, type: _type, why, ...ref } = proposal;
  return {
    ...ref,
    reason: why,
    message: `Your prompt was blocked by the policy "${ref.policyName}" (rule "${ref.ruleName}"): ${why}.`,
  };
}

function typesActedOn(findings: readonly Finding[], action: 'redact' | 'anonymize'): string[] {
  return [...new Set(findings.filter((f) => f.applied && f.action === action).map((f) => f.type))];
}

/** A rule's own name, or one made from what it does ("Anonymize PERSON, EMAIL_ADDRESS"). */
export function ruleName(rule: PolicyRule, index: number): string {
  if (rule.Name) return rule.Name;
  const verb = rule.Action.charAt(0).toUpperCase() + rule.Action.slice(1);
  switch (rule.Kind) {
    case 'entities':
      return `${verb} ${rule.EntityTypes.join(', ')}`;
    case 'secrets':
      return `${verb} secrets`;
    case 'keywords':
      return rule.Topic ? `${verb} topic ${rule.Topic}` : `${verb} keywords`;
    case 'regex':
      return `${verb} ${rule.Label ?? `pattern ${index + 1}`}`;
    case 'prompt_injection':
      return `${verb} prompt injection`;
    case 'harmful_request':
      return `${verb} harmful requests`;
  }
}

function whyMatched(rule: PolicyRule, match: Match): string {
  switch (rule.Kind) {
    case 'entities':
      return `the prompt contains personal data (${match.type})`;
    case 'secrets':
      return `the prompt contains a secret (${match.type})`;
    case 'keywords':
      return rule.Topic ? `the prompt mentions the topic "${rule.Topic}" ("${match.text}")` : `the prompt contains the keyword "${match.text}"`;
    case 'regex':
      return `the prompt matches the pattern ${rule.Label ?? 'of a custom rule'}`;
    case 'prompt_injection':
      return match.inPastedDocument
        ? `the document pasted into the prompt carries instructions for the assistant, a prompt-injection attempt (score ${match.score.toFixed(2)})`
        : `the prompt looks like a prompt-injection attempt (score ${match.score.toFixed(2)})`;
    case 'harmful_request':
      return `the prompt asks for harmful content (score ${match.score.toFixed(2)})`;
  }
}

