// What the model is told about a search: a plain summary of the sections that succeeded — never the raw pages (the
// claims quote them after the prompt guard removed any injected passage). Used by insights and follow-up chat.
import type { ScanFinding } from '../../domain/schemas/research';
import type { Claim, Control, GuidelineResult, ProfileAttribute, RiskScoreEvidence, SectionKey, VorafiedClaim } from '../../domain/schemas/research-search';

export interface SectionEvidence {
  key: SectionKey;
  status: string;
  evidence: unknown;
}

const MAX_CONTEXT_CHARS = 12_000;

export function researchContext(company: string, sections: readonly SectionEvidence[]): { text: string; used: SectionKey[] } {
  const ok = new Map(sections.filter((section) => section.status === 'success' && section.evidence).map((section) => [section.key, section.evidence]));
  const used: SectionKey[] = [];
  const parts: string[] = [`Company: ${company}`];
  const add = (key: SectionKey, lines: string[]) => {
    if (!lines.length) return;
    used.push(key);
    parts.push(`## ${key}\n${lines.join('\n')}`);
  };
  const profile = ok.get('riskProfile') as { Attributes: ProfileAttribute[] } | undefined;
  if (profile) add('riskProfile', profile.Attributes.map((item) => `${item.Attribute}: ${item.Value ?? 'unknown'}${item.Source ? ` (source: ${item.Source}, confidence ${item.Confidence})` : ''}`));
  const score = ok.get('riskScore') as RiskScoreEvidence | undefined;
  if (score) add('riskScore', [`Score ${score.Score}/100 (higher is safer), risk ${score.Level}`, ...score.Factors.slice(0, 12).map((factor) => `${factor.Points} ${factor.Factor}`)]);
  const cysmo = ok.get('cysmo') as { Findings: ScanFinding[] } | undefined;
  if (cysmo) add('cysmo', [tally(cysmo.Findings), ...cysmo.Findings.filter((finding) => finding.result !== 'pass').map((finding) => `${finding.check} ${finding.result} (${finding.severity}): ${finding.evidence.slice(0, 2).join('; ')}`)]);
  const controls = ok.get('control') as { Controls: Control[] } | undefined;
  if (controls) add('control', controls.Controls.map((control) => `${control.Title}: ${control.Status.replace('_', ' ')}`));
  const guidelines = ok.get('guidelines') as { Results: GuidelineResult[] } | undefined;
  if (guidelines) add('guidelines', guidelines.Results.map((result) => `${result.Name}: ${result.Result} — ${result.Reason}`));
  const vorafied = ok.get('vorafiedClaims') as { Claims: VorafiedClaim[] } | undefined;
  const claims = ok.get('claims') as { Claims: Claim[] } | undefined;
  if (vorafied) add('vorafiedClaims', vorafied.Claims.map((claim) => `${claim.Label}: ${claim.Verdict.replace('_', ' ')} — “${claim.Quote}” (${claim.Source})`));
  else if (claims) add('claims', claims.Claims.map((claim) => `${claim.Label}: “${claim.Quote}” (${claim.Source})`));
  let text = parts.join('\n\n');
  if (text.length > MAX_CONTEXT_CHARS) text = `${text.slice(0, MAX_CONTEXT_CHARS)}\n[cut]`;
  return { text, used };
}

export const INSIGHTS_SYSTEM =
  'You are an underwriting analyst. Use only the research given as context. Do not invent figures, scores or verdicts: every number and verdict you state must appear in the context. Name the sections you used in brackets, e.g. [cysmo].';
export const FOLLOWUP_SYSTEM =
  'You answer an underwriter\'s questions about one company, using only the research given as context. Say so when the research does not answer the question.';

function tally(findings: readonly ScanFinding[]): string {
  const count = (result: ScanFinding['result']) => findings.filter((finding) => finding.result === result).length;
  return `${findings.length} checks: ${count('pass')} pass, ${count('warning')} warning, ${count('fail')} fail, ${count('not_applicable')} not applicable`;
}
