// The control section: the categories insurers ask about, each judged from the scan's findings and the claims as
// verified. A category the scan can see is met (all its checks pass), partial (warnings), not met (a failure); a
// category only the company can show is "claimed" when it says so, "unknown" when nothing was found.
import type { ScanFinding } from '../../../domain/schemas/research';
import type { Control, ControlStatus, VorafiedClaim } from '../../../domain/schemas/research-search';

interface CategoryDefinition {
  category: string;
  title: string;
  checks: string[];
  topics: string[];
  /** What the category needs, for "missing" when nothing shows it. */
  needs: string;
}

export const CONTROL_CATEGORIES: readonly CategoryDefinition[] = [
  { category: 'email_security', title: 'Email security', checks: ['email.spf', 'email.dmarc', 'email.dkim'], topics: ['dmarc', 'spf', 'dkim'], needs: 'SPF with -all, DMARC quarantine or reject, DKIM signing' },
  { category: 'web_tls', title: 'Web and TLS hygiene', checks: ['tls.certificate_trust', 'tls.certificate_names', 'tls.certificate_expiry', 'tls.protocol', 'http.https_redirect', 'http.hsts', 'http.csp', 'http.x_frame_options', 'http.x_content_type_options', 'http.cookie_flags'], topics: ['encryption_transit'], needs: 'trusted, current certificates; HTTPS only with HSTS; security headers' },
  { category: 'exposure_patching', title: 'Exposure and patching signals', checks: ['tls.legacy_protocols', 'disclosure.server_version', 'dns.addresses'], topics: [], needs: 'no legacy TLS, no software versions disclosed' },
  { category: 'vulnerability_disclosure', title: 'Vulnerability disclosure', checks: ['disclosure.security_txt'], topics: ['vulnerability_disclosure', 'pentest'], needs: 'a security.txt contact and a disclosure or testing program' },
  { category: 'identity_mfa', title: 'Identity and MFA', checks: [], topics: ['mfa', 'sso'], needs: 'multi-factor authentication for staff and remote access' },
  { category: 'backups_recovery', title: 'Backups and recovery', checks: [], topics: ['backups'], needs: 'regular, offline or immutable backups that are tested' },
  { category: 'incident_response', title: 'Incident response', checks: [], topics: ['incident_response', 'edr'], needs: 'an incident response plan and endpoint detection' },
  { category: 'vendor_risk', title: 'Vendor risk', checks: [], topics: ['vendor_risk'], needs: 'assessment of third parties with access to data' },
  { category: 'compliance', title: 'Compliance attestations', checks: [], topics: ['soc2', 'iso27001', 'pci', 'hipaa'], needs: 'an independent attestation such as SOC 2 Type II or ISO 27001' },
  { category: 'data_protection', title: 'Data protection', checks: [], topics: ['encryption_rest', 'gdpr', 'training'], needs: 'encryption at rest and staff training' },
];

export function assessControls(findings: readonly ScanFinding[] | null, claims: readonly VorafiedClaim[]): Control[] {
  const byCheck = new Map((findings ?? []).map((finding) => [finding.check, finding]));
  return CONTROL_CATEGORIES.map((definition) => {
    const seen = definition.checks.map((check) => byCheck.get(check)).filter((finding): finding is ScanFinding => finding !== undefined && finding.result !== 'not_applicable');
    const related = claims.filter((claim) => definition.topics.includes(claim.Topic));
    const evidence = [
      ...seen.map((finding) => `${finding.title}: ${finding.result}`),
      ...related.map((claim) => `Claim (${claim.Verdict.replace('_', ' ')}): “${claim.Quote}” — ${claim.Source}`),
    ];
    const missing = [
      ...seen.filter((finding) => finding.result === 'fail').map((finding) => `${finding.title}: ${finding.recommendation}`),
      ...related.filter((claim) => claim.Verdict === 'contradicted').map((claim) => `${claim.Label} is claimed but the scan contradicts it`),
    ];
    let status: ControlStatus;
    if (seen.length) {
      const fails = seen.some((finding) => finding.result === 'fail') || related.some((claim) => claim.Verdict === 'contradicted');
      const warns = seen.some((finding) => finding.result === 'warning');
      status = fails ? 'not_met' : warns ? 'partial' : 'met';
    } else if (related.some((claim) => claim.Verdict === 'contradicted')) status = 'not_met';
    else if (related.some((claim) => claim.Verdict === 'verified')) status = 'met';
    else status = related.length ? 'claimed' : 'unknown';
    if (status === 'unknown') missing.push(`No evidence of ${definition.needs}`);
    return { Category: definition.category, Title: definition.title, Status: status, Evidence: evidence, Missing: missing };
  });
}
