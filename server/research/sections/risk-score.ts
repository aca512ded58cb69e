// The riskScore section: 0–100, higher is safer (the §9 gauge goes from red to green). The formula, also stored
// with every score:
//   100
//   − scan findings: each fail costs its severity's weight (critical 25, high 12, medium 6, low 2, info 0), each
//     warning half of it; at most 60 in all
//   − controls: each category not met 5, partial 2, unknown 1; at most 20
//   − guidelines: each failed guideline 5; at most 20
//   clamped to 0–100. Level: High risk below 40, Medium below 70, else Low.
import type { ScanFinding, ScanSeverity } from '../../../domain/schemas/research';
import type { Control, GuidelineResult, RiskScoreEvidence } from '../../../domain/schemas/research-search';

export const SEVERITY_WEIGHTS: Record<ScanSeverity, number> = { critical: 25, high: 12, medium: 6, low: 2, info: 0 };
const CAPS = { findings: 60, controls: 20, guidelines: 20 };
const CONTROL_POINTS: Partial<Record<Control['Status'], number>> = { not_met: 5, partial: 2, unknown: 1 };
export const SCORE_FORMULA =
  '100 − findings (fail: critical 25, high 12, medium 6, low 2; warning: half; at most 60) − controls (not met 5, partial 2, unknown 1; at most 20) − failed guidelines (5 each; at most 20), clamped to 0–100; higher is safer.';

export function computeRiskScore(findings: readonly ScanFinding[], controls: readonly Control[], guidelines: readonly GuidelineResult[]): RiskScoreEvidence {
  const factors: RiskScoreEvidence['Factors'] = [];
  let findingPoints = 0;
  for (const finding of findings) {
    const weight = SEVERITY_WEIGHTS[finding.severity];
    const points = finding.result === 'fail' ? weight : finding.result === 'warning' ? weight / 2 : 0;
    if (!points) continue;
    findingPoints += points;
    factors.push({ Factor: `Finding: ${finding.title}`, Points: -points, Detail: `${finding.result}, ${finding.severity}` });
  }
  let controlPoints = 0;
  for (const control of controls) {
    const points = CONTROL_POINTS[control.Status] ?? 0;
    if (!points) continue;
    controlPoints += points;
    factors.push({ Factor: `Control: ${control.Title}`, Points: -points, Detail: control.Status.replace('_', ' ') });
  }
  let guidelinePoints = 0;
  for (const result of guidelines) {
    if (result.Result !== 'fail') continue;
    guidelinePoints += 5;
    factors.push({ Factor: `Guideline: ${result.Name}`, Points: -5, Detail: result.Reason });
  }
  const capped = [
    { name: 'findings', total: findingPoints, cap: CAPS.findings },
    { name: 'controls', total: controlPoints, cap: CAPS.controls },
    { name: 'guidelines', total: guidelinePoints, cap: CAPS.guidelines },
  ];
  for (const part of capped) if (part.total > part.cap) factors.push({ Factor: `Cap on ${part.name}`, Points: part.total - part.cap, Detail: `at most ${part.cap} points for ${part.name}` });
  const deducted = capped.reduce((sum, part) => sum + Math.min(part.total, part.cap), 0);
  const score = Math.max(0, Math.min(100, Math.round(100 - deducted)));
  return { Score: score, Level: score < 40 ? 'High' : score < 70 ? 'Medium' : 'Low', Factors: factors, Formula: SCORE_FORMULA };
}
