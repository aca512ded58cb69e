// The guidelines section: the organization's underwriting guidelines evaluated against this company — pass, fail or
// unknown (the evidence it needs is missing), each with its reason — and the default set an organization starts with.
import type { ScanFinding } from '../../../domain/schemas/research';
import type { Control, GuidelineResult, GuidelineRule, ProfileAttribute } from '../../../domain/schemas/research-search';

export interface GuidelineDefinition {
  id: string;
  name: string;
  rule: GuidelineRule;
}

export const DEFAULT_GUIDELINES: readonly { name: string; rule: GuidelineRule }[] = [
  { name: 'DMARC must be quarantine or reject', rule: { Kind: 'finding_not_fail', Check: 'email.dmarc' } },
  { name: 'SPF must not let any server send as the domain', rule: { Kind: 'finding_not_fail', Check: 'email.spf' } },
  { name: 'TLS 1.0 and 1.1 must be refused', rule: { Kind: 'finding_pass', Check: 'tls.legacy_protocols' } },
  { name: 'The certificate must be valid for at least 14 more days', rule: { Kind: 'finding_not_fail', Check: 'tls.certificate_expiry' } },
  { name: 'Plain HTTP must redirect to HTTPS', rule: { Kind: 'finding_pass', Check: 'http.https_redirect' } },
  { name: 'No software versions disclosed in headers', rule: { Kind: 'finding_not_fail', Check: 'disclosure.server_version' } },
  { name: 'Email security control must be met', rule: { Kind: 'control_met', Category: 'email_security' } },
  { name: 'Revenue at most $1,000,000,000', rule: { Kind: 'revenue_max', Value: 1_000_000_000 } },
  { name: 'Not in gambling industries (NAICS 7132)', rule: { Kind: 'naics_exclude', Prefixes: ['7132'] } },
];

export interface GuidelineEvidence {
  findings: readonly ScanFinding[] | null;
  controls: readonly Control[];
  profile: readonly ProfileAttribute[];
}

export function evaluateGuidelines(guidelines: readonly GuidelineDefinition[], evidence: GuidelineEvidence): GuidelineResult[] {
  return guidelines.map((guideline) => ({ GuidelineId: guideline.id, Name: guideline.name, ...evaluate(guideline.rule, evidence) }));
}

function evaluate(rule: GuidelineRule, evidence: GuidelineEvidence): { Result: GuidelineResult['Result']; Reason: string } {
  const unknown = (Reason: string) => ({ Result: 'unknown' as const, Reason });
  switch (rule.Kind) {
    case 'finding_pass':
    case 'finding_not_fail': {
      if (!evidence.findings) return unknown('No scan evidence: the cysmo section did not complete.');
      const finding = evidence.findings.find((item) => item.check === rule.Check);
      if (!finding) return unknown(`The scan has no check ${rule.Check}.`);
      if (finding.result === 'not_applicable') return unknown(`${finding.title} could not be checked: ${finding.evidence[0] ?? 'no result'}.`);
      const ok = rule.Kind === 'finding_pass' ? finding.result === 'pass' : finding.result !== 'fail';
      return { Result: ok ? 'pass' : 'fail', Reason: `${finding.title}: ${finding.result}${finding.evidence.length ? ` (${finding.evidence.slice(0, 2).join('; ')})` : ''}` };
    }
    case 'control_met': {
      const control = evidence.controls.find((item) => item.Category === rule.Category);
      if (!control) return unknown(`No control category ${rule.Category}.`);
      if (control.Status === 'unknown' || control.Status === 'claimed') return unknown(`${control.Title} is ${control.Status === 'claimed' ? 'claimed but not verifiable' : 'unknown'}.`);
      return { Result: control.Status === 'met' ? 'pass' : 'fail', Reason: `${control.Title}: ${control.Status.replace('_', ' ')}` };
    }
    case 'naics_exclude': {
      const naics = evidence.profile.find((item) => item.Attribute === 'NAICS');
      if (!naics?.Value) return unknown('The NAICS code is not known.');
      const hit = rule.Prefixes.find((prefix) => naics.Value!.startsWith(prefix));
      return hit ? { Result: 'fail', Reason: `NAICS ${naics.Value} is in the excluded ${hit}.` } : { Result: 'pass', Reason: `NAICS ${naics.Value} is not excluded.` };
    }
    case 'revenue_max': {
      const revenue = numberOf(evidence.profile, 'Revenue');
      if (revenue === null) return unknown('The revenue is not known.');
      return { Result: revenue <= rule.Value ? 'pass' : 'fail', Reason: `Revenue $${revenue.toLocaleString('en-US')} against at most $${rule.Value.toLocaleString('en-US')}.` };
    }
    case 'employees_min': {
      const employees = numberOf(evidence.profile, 'Employees');
      if (employees === null) return unknown('The number of employees is not known.');
      return { Result: employees >= rule.Value ? 'pass' : 'fail', Reason: `${employees} employees against at least ${rule.Value}.` };
    }
  }
}

function numberOf(profile: readonly ProfileAttribute[], name: ProfileAttribute['Attribute']): number | null {
  const value = profile.find((item) => item.Attribute === name)?.Value;
  if (!value) return null;
  const number = Number(value.replace(/[^\d.]/g, '').split('–')[0]);
  return Number.isFinite(number) && value.replace(/[^\d]/g, '') ? number : null;
}
