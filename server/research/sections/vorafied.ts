// The vorafiedClaims section: each claim checked against what the passive scan saw. Only claims an outside-in scan
// can see (mail authentication, TLS, disclosure contact) can be verified or contradicted; the rest are "not
// verifiable" with the reason, never guessed.
import type { ScanFinding } from '../../../domain/schemas/research';
import type { Claim, ClaimVerdict, VorafiedClaim } from '../../../domain/schemas/research-search';

type Judge = (byCheck: Map<string, ScanFinding>) => { verdict: ClaimVerdict; evidence: string[] };

const cite = (finding: ScanFinding): string => `${finding.check}: ${finding.result} — ${finding.evidence.slice(0, 2).join('; ') || finding.title}`;

function byResult(checks: string[], passIsVerified: (results: ScanFinding[]) => ClaimVerdict): Judge {
  return (byCheck) => {
    const found = checks.map((check) => byCheck.get(check)).filter((finding): finding is ScanFinding => finding !== undefined);
    if (!found.length || found.every((finding) => finding.result === 'not_applicable')) return { verdict: 'not_verifiable', evidence: ['The scan could not check this (no result for ' + checks.join(', ') + ').'] };
    return { verdict: passIsVerified(found), evidence: found.map(cite) };
  };
}

const anyFail = (found: ScanFinding[]): ClaimVerdict => (found.some((finding) => finding.result === 'fail') ? 'contradicted' : 'verified');

const JUDGES: Record<string, Judge> = {
  dmarc: byResult(['email.dmarc'], anyFail),
  spf: byResult(['email.spf'], anyFail),
  dkim: byResult(['email.dkim'], (found) => (found[0]!.result === 'pass' ? 'verified' : 'not_verifiable')),
  encryption_transit: byResult(['tls.protocol', 'tls.certificate_trust', 'tls.legacy_protocols', 'http.https_redirect'], anyFail),
  vulnerability_disclosure: byResult(['disclosure.security_txt'], (found) => (found[0]!.result === 'fail' ? 'not_verifiable' : 'verified')),
};

export const NOT_SEEN_FROM_OUTSIDE = 'An outside-in scan cannot see this control; ask the company for evidence (a report, a policy, a screenshot).';

export function verifyClaims(claims: readonly Claim[], findings: readonly ScanFinding[] | null): VorafiedClaim[] {
  const byCheck = new Map((findings ?? []).map((finding) => [finding.check, finding]));
  return claims.map((claim) => {
    const judge = JUDGES[claim.Topic];
    if (!judge) return { ...claim, Verdict: 'not_verifiable', Evidence: [NOT_SEEN_FROM_OUTSIDE] };
    if (!findings) return { ...claim, Verdict: 'not_verifiable', Evidence: ['No scan evidence: the cysmo section did not complete.'] };
    const { verdict, evidence } = judge(byCheck);
    return { ...claim, Verdict: verdict, Evidence: evidence };
  });
}
