import type { PolicyTestFinding } from '../../../domain';

export interface PromptSegment {
  text: string;
  finding?: PolicyTestFinding;
}

/** A finding covering the whole prompt (prompt injection): shown as the decision, not as a highlight. */
export const isWholePrompt = (finding: PolicyTestFinding, prompt: string) => finding.Start === 0 && finding.End === prompt.length && finding.Type === 'PROMPT_INJECTION';

/**
 * The prompt cut into plain text and highlighted findings. Applied findings come first; a finding that
 * overlaps one already placed is left out (it stays in the findings list).
 */
export function highlightSegments(prompt: string, findings: readonly PolicyTestFinding[]): PromptSegment[] {
  const spans = findings
    .filter((finding) => !isWholePrompt(finding, prompt) && finding.End > finding.Start)
    .sort((a, b) => Number(b.Applied) - Number(a.Applied) || a.Start - b.Start);
  const placed: PolicyTestFinding[] = [];
  for (const span of spans) {
    if (!placed.some((other) => span.Start < other.End && other.Start < span.End)) placed.push(span);
  }
  return cut(prompt, placed, (finding) => prompt.slice(finding.Start, finding.End));
}

/** The prompt as sent: applied redactions and placeholders replace their text and stay highlighted. */
export function transformedSegments(prompt: string, findings: readonly PolicyTestFinding[]): PromptSegment[] {
  const replaced = findings.filter((finding) => finding.Applied && finding.Replacement !== null && !isWholePrompt(finding, prompt));
  return cut(prompt, replaced, (finding) => finding.Replacement ?? finding.Text);
}

function cut(prompt: string, findings: readonly PolicyTestFinding[], textOf: (finding: PolicyTestFinding) => string): PromptSegment[] {
  const ordered = [...findings].sort((a, b) => a.Start - b.Start);
  const segments: PromptSegment[] = [];
  let cursor = 0;
  for (const finding of ordered) {
    if (finding.Start < cursor) continue;
    if (finding.Start > cursor) segments.push({ text: prompt.slice(cursor, finding.Start) });
    segments.push({ text: textOf(finding), finding });
    cursor = finding.End;
  }
  if (cursor < prompt.length) segments.push({ text: prompt.slice(cursor) });
  return segments;
}

export const segmentsText = (segments: readonly PromptSegment[]) => segments.map((segment) => segment.text).join('');
