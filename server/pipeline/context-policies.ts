// The policies applied to what is given to the model beside the prompt: retrieved chunks and caller-supplied
// documents. They go through the same engine with the same vault as the prompt, so an entity gets the same
// placeholder wherever it appears and is restored in the answer. A block rule that matches only inside a passage
// does not block the user's prompt (the user did not write it): the matched text is redacted as <TYPE> instead.
import type { AppliedPolicyAction, PolicyActionShown } from '../../domain/schemas/chat';
import { POLICY_ACTIONS_SHOWN } from '../../domain/schemas/chat';
import type { Policy } from '../../domain/schemas/policies';
import type { EvaluationResult, Finding, Vault } from '../policies/engine';
import { evaluateTexts } from './off-thread-detection';

export interface ContextPassage {
  /** tool_result: a tool-role message the app sent back (untrusted data, like a document). */
  kind: 'chunk' | 'document' | 'tool_result';
  /** The document's name (a chunk's document, or the caller's document); a tool result's function name. */
  name: string;
  /** The chunk's id; a tool result's tool_call_id; null for a caller's document. */
  chunkId: string | null;
  text: string;
}

export interface GovernedPassage extends ContextPassage {
  /** The text as the model sees it. */
  transformed: string;
  findings: Finding[];
}

/** Rebuilds a text with every applied finding replaced: redact/anonymize by the engine's replacement, block by <TYPE>. */
export function transformPassage(text: string, findings: readonly Finding[]): string {
  let result = '';
  let cursor = 0;
  for (const finding of [...findings].sort((a, b) => a.start - b.start)) {
    if (!finding.applied || finding.start < cursor) continue;
    const replacement = finding.replacement ?? (finding.action === 'block' ? `<${finding.type}>` : null);
    if (replacement === null) continue;
    result += text.slice(cursor, finding.start) + replacement;
    cursor = finding.end;
  }
  return result + text.slice(cursor);
}

/**
 * Applies the policies to each passage in order, carrying the vault along; answers the passages and the vault.
 * `memoScope`: the organization's id, under which detections are kept for the next check of the same passage.
 */
export async function governContext(passages: readonly ContextPassage[], policies: readonly Policy[], vault: Vault, examples: readonly string[] = [], memoScope?: string): Promise<{ passages: GovernedPassage[]; vault: Vault }> {
  if (!policies.length) return { passages: passages.map((passage) => ({ ...passage, transformed: passage.text, findings: [] })), vault };
  // Passages are untrusted data: the guard reads them for instructions planted for the assistant.
  const results = await evaluateTexts(passages.map((passage) => passage.text), policies, vault, examples, 'data', memoScope);
  const governed = passages.map((passage, index) => {
    const { findings } = results[index]!;
    return { ...passage, transformed: transformPassage(passage.text, findings), findings };
  });
  return { passages: governed, vault: results.at(-1)?.vault ?? vault };
}

/** For the policy stage's detail (admins): what each passage's policies did, original values included. */
export function contextDetail(passages: readonly GovernedPassage[]) {
  return passages
    .filter((passage) => passage.findings.length)
    .map((passage) => ({
      Kind: passage.kind,
      Name: passage.name,
      ChunkId: passage.chunkId,
      Findings: passage.findings.map((finding) => ({
        Type: finding.type,
        Action: finding.action,
        // A block inside a passage redacts the text instead of blocking the prompt.
        AppliedAs: !finding.applied ? null : finding.action === 'block' ? 'redact' : finding.action,
        Replacement: finding.replacement ?? (finding.applied && finding.action === 'block' ? `<${finding.type}>` : null),
        Policy: finding.decidedBy.policyName,
        Rule: finding.decidedBy.ruleName,
        Text: finding.text,
      })),
    }));
}

const SHOWN: Record<string, PolicyActionShown | undefined> = { block: 'blocked', redact: 'redacted', anonymize: 'anonymized', flag: 'flagged' };

/**
 * What the policies did, for the user: per action and policy, the entity types involved. A blocked prompt shows only
 * its block (nothing else was sent); a block inside a passage shows as a redaction.
 */
export function policyActionsOf(prompt: EvaluationResult, passages: readonly GovernedPassage[]): AppliedPolicyAction[] {
  if (prompt.blocked) {
    const { policyId, policyName } = prompt.blocked;
    const subjects = prompt.findings.filter((finding) => finding.action === 'block' && finding.decidedBy.policyId === policyId).map((finding) => finding.type);
    return [{ Action: 'blocked', PolicyId: policyId, PolicyName: policyName, Subjects: [...new Set(subjects)] }];
  }
  const entries = new Map<string, AppliedPolicyAction>();
  const add = (finding: Finding, inPassage: boolean) => {
    if (!finding.applied) return;
    const action = inPassage && finding.action === 'block' ? 'redacted' : SHOWN[finding.action];
    if (!action || action === 'blocked') return;
    const key = `${action}:${finding.decidedBy.policyId}`;
    const entry = entries.get(key) ?? { Action: action, PolicyId: finding.decidedBy.policyId, PolicyName: finding.decidedBy.policyName, Subjects: [] };
    if (!entry.Subjects.includes(finding.type)) entry.Subjects.push(finding.type);
    entries.set(key, entry);
  };
  for (const finding of prompt.findings) add(finding, false);
  for (const passage of passages) for (const finding of passage.findings) add(finding, true);
  return [...entries.values()].sort((a, b) => POLICY_ACTIONS_SHOWN.indexOf(a.Action) - POLICY_ACTIONS_SHOWN.indexOf(b.Action));
}
