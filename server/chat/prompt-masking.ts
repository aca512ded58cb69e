// A USER reads their prompt's lifecycle as the model saw it: the policy stage's original values (the prompt, what each
// finding matched, the context passages' matches) become the placeholders or labels that replaced them. Only an
// ORG_ADMIN sees original values.
import type { PromptStage } from '../../domain/schemas/lifecycle';

interface FindingDetail {
  Type?: unknown;
  Text?: unknown;
  Replacement?: unknown;
  Applied?: unknown;
}

const label = (finding: FindingDetail): string => (typeof finding.Replacement === 'string' && finding.Replacement ? finding.Replacement : `<${String(finding.Type ?? 'REDACTED')}>`);

/** Findings that match the whole prompt rather than a value in it: their text is the prompt, masked itself. */
const WHOLE_PROMPT_TYPES = new Set(['PROMPT_INJECTION']);
const isValue = (finding: FindingDetail): boolean => typeof finding.Text === 'string' && finding.Text !== '' && !WHOLE_PROMPT_TYPES.has(String(finding.Type));

function maskFindings(findings: unknown): unknown {
  if (!Array.isArray(findings)) return findings;
  const list = findings as FindingDetail[];
  return list.map((finding) => ({ ...finding, Text: isValue(finding) ? label(finding) : typeof finding.Text === 'string' ? maskText(finding.Text, list) : finding.Text }));
}

/** The text with every value finding replaced, longest first so that a longer match is not cut by a shorter one. */
export function maskText(text: string, findings: readonly FindingDetail[]): string {
  const matches = findings.filter(isValue).sort((a, b) => String(b.Text).length - String(a.Text).length);
  return matches.reduce((masked, finding) => masked.split(String(finding.Text)).join(label(finding)), text);
}

/** The prompt as the model saw it: the transformed prompt, or for a blocked one (never sent) the prompt masked. */
export function maskedPrompt(detail: Record<string, unknown> | null): string | null {
  if (!detail) return null;
  if (typeof detail.TransformedPrompt === 'string') return detail.TransformedPrompt;
  if (typeof detail.Prompt !== 'string') return null;
  return maskText(detail.Prompt, Array.isArray(detail.Findings) ? (detail.Findings as FindingDetail[]) : []);
}

export function maskStagesForUser(stages: readonly PromptStage[], answerWithheld: boolean): PromptStage[] {
  const policyFindings = stages.find((stage) => stage.Service === 'policy_engine')?.Detail?.Findings;
  const findings = Array.isArray(policyFindings) ? (policyFindings as FindingDetail[]) : [];
  return stages.map((stage) => {
    if (!stage.Detail) return stage;
    if (stage.Service === 'prompt_guard' && Array.isArray(stage.Detail.Reasons)) {
      // The guard's evidence quotes the prompt.
      return { ...stage, Detail: { ...stage.Detail, Reasons: stage.Detail.Reasons.map((reason) => (typeof reason === 'string' ? maskText(reason, findings) : reason)) } };
    }
    if (stage.Service === 'policy_engine') {
      const detail = stage.Detail;
      const context = Array.isArray(detail.Context)
        ? (detail.Context as Record<string, unknown>[]).map((passage) => ({ ...passage, Findings: maskFindings(passage.Findings) }))
        : detail.Context;
      return { ...stage, Detail: { ...detail, ...('Prompt' in detail ? { Prompt: maskedPrompt(detail) } : {}), Findings: maskFindings(detail.Findings), ...(context !== undefined ? { Context: context } : {}) } };
    }
    if (stage.Service === 'llm' && answerWithheld) {
      // A verifier withheld the answer from the user: the lifecycle page does not show it to them either.
      const { Answer: _answer, ...rest } = stage.Detail;
      return { ...stage, Detail: rest };
    }
    return stage;
  });
}
