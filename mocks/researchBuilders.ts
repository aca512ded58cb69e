// Research fixtures for the SPA's tests, parsed with the domain schemas so they cannot drift from the server.
import type { Section, SectionKey, VoraPSearchDetail, VoraSearchDetail } from '../domain/schemas/research-search';
import { SECTION_KEYS, VoraPSearchDetailSchema, VoraSearchDetailSchema } from '../domain/schemas/research-search';

const AT = '2026-11-25T10:00:00.000Z';
const DONE = '2026-11-25T10:00:20.000Z';

export const SAMPLE_EVIDENCE: Record<SectionKey, unknown> = {
  riskProfile: { Attributes: [
    { Attribute: 'Location', Value: 'Austin, TX, US', Source: 'schema.org JSON-LD on https://good.example.test/about', Confidence: 'high', Detail: null },
    { Attribute: 'NAICS', Value: '541512', Source: 'schema.org JSON-LD on https://good.example.test/about', Confidence: 'high', Detail: 'Computer Systems Design Services' },
    { Attribute: 'Website', Value: 'https://good.example.test', Source: 'Search input', Confidence: 'high', Detail: null },
    { Attribute: 'Employees', Value: '250', Source: 'schema.org JSON-LD on https://good.example.test/about', Confidence: 'high', Detail: null },
    { Attribute: 'Revenue', Value: null, Source: null, Confidence: null, Detail: 'No revenue figure on the pages read.' },
  ] },
  riskScore: { Score: 82, Level: 'Low', Factors: [{ Factor: 'Finding: DMARC policy', Points: -3, Detail: 'warning, medium' }], Formula: '100 − findings − controls − failed guidelines' },
  documents: { Documents: [{ Kind: 'page', Source: 'https://good.example.test/security', Title: 'Security', Text: 'We hold a SOC 2 Type II report.', Bytes: 120, InjectionRemoved: 0 }], Skipped: [] },
  control: { Controls: [{ Category: 'email_security', Title: 'Email security', Status: 'partial', Evidence: ['DMARC policy: warning'], Missing: [] }] },
  guidelines: { Results: [{ GuidelineId: 'g1', Name: 'DMARC must be quarantine or reject', Result: 'pass', Reason: 'DMARC policy: warning' }] },
  cysmo: { Domain: 'good.example.test', Host: 'good.example.test', StartedAt: AT, FinishedAt: DONE, Findings: [{ check: 'email.dmarc', title: 'DMARC policy', category: 'email', result: 'warning', severity: 'low', evidence: ['v=DMARC1; p=quarantine'], recommendation: 'Move to p=reject.' }] },
  claims: { Claims: [{ Topic: 'soc2', Label: 'SOC 2 report', Quote: 'We hold a SOC 2 Type II report.', Source: 'https://good.example.test/security' }] },
  insights: { Text: 'Good Corp has sound mail and TLS hygiene [cysmo].', PromptId: 'p1', Model: 'Offline demo model', SectionsUsed: ['cysmo'], Blocked: null },
  vorafiedClaims: { Claims: [{ Topic: 'soc2', Label: 'SOC 2 report', Quote: 'We hold a SOC 2 Type II report.', Source: 'https://good.example.test/security', Verdict: 'not_verifiable', Evidence: ['An outside-in scan cannot see this control.'] }] },
};

export function buildSection(key: SectionKey, overrides: Partial<Section> = {}): Section {
  return { Key: key, Status: 'success', StartedAt: AT, FinishedAt: DONE, Reason: null, Evidence: SAMPLE_EVIDENCE[key], ...overrides };
}

export function buildVoraSearch(overrides: Partial<VoraSearchDetail> = {}): VoraSearchDetail {
  return VoraSearchDetailSchema.parse({
    id: 's1', Status: 'success', Progress: 100, JobId: 'j1', RiskScore: 82, CreatedAt: AT,
    AccountName: 'Good Corp', SiteLink: 'https://good.example.test', Location: 'Austin', CompletionTime: DONE,
    Owner: { id: 'u-admin', Name: 'Olivia Admin' },
    Sections: SECTION_KEYS.map((key) => buildSection(key)),
    Models: [{ Provider: 'demo', Model: 'demo', Name: 'Offline demo model' }],
    Followups: [], CanChat: true,
    ...overrides,
  });
}

export function buildVoraPSearch(overrides: Partial<VoraPSearchDetail> = {}): VoraPSearchDetail {
  return VoraPSearchDetailSchema.parse({
    id: 'p1', Status: 'success', Progress: 100, JobId: 'j2', RiskScore: 82, CreatedAt: AT,
    CompanyName: 'Good Corp', Website: 'https://good.example.test', Location: 'Austin', SentDate: AT,
    Sections: SECTION_KEYS.map((key) => buildSection(key)),
    Models: [{ Provider: 'demo', Model: 'demo', Name: 'Offline demo model' }],
    Followups: [], CanChat: true,
    ...overrides,
  });
}

/** The sections of a search started with uploaded documents: each listed in the documents section, as the server does. */
export function sectionsWithUploads(uploads: readonly { Name: string; ContentBase64: string }[]): Section[] {
  return SECTION_KEYS.map((key) => {
    if (key !== 'documents' || !uploads.length) return buildSection(key);
    const sample = SAMPLE_EVIDENCE.documents as { Documents: unknown[]; Skipped: unknown[] };
    const uploaded = uploads.map((upload) => ({ Kind: 'upload', Source: upload.Name, Title: upload.Name, Text: atob(upload.ContentBase64).slice(0, 2000), Bytes: atob(upload.ContentBase64).length, InjectionRemoved: 0 }));
    return buildSection(key, { Evidence: { ...sample, Documents: [...sample.Documents, ...uploaded] } });
  });
}
