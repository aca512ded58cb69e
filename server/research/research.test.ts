// The research job end to end against the local fixture (DNS server, CA, HTTPS sites on 127.0.0.1, traps on
// 127.0.0.2): a well-configured company, a poorly configured one, an unreachable one, a page hiding a prompt
// injection, the SSRF cases; plus discovery, follow-up chat and the PDF report, through the real routes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Claim, Control, CysmoEvidence, DocumentsEvidence, GuidelineResult, InsightsEvidence, ProfileAttribute, RiskScoreEvidence, VoraSearchDetail, VorafiedClaim } from '../../domain/schemas/research-search';
import { VoraSearchDetailSchema } from '../../domain/schemas/research-search';
import type { ResearchFixture } from '../../tests/fakes/research/fixture';
import { GOOD_JSON_LD, INJECTION_TEXT, startResearchFixture } from '../../tests/fakes/research/fixture';
import type { TestApp } from '../../tests/helpers/build';
import { build } from '../../tests/helpers/build';
import { demoTenant } from '../../tests/helpers/tenants';
import { SettingsRepository } from '../settings/settings.repository';

const BASE = '/api/v1/dashboard/vorasearch';
let fixture: ResearchFixture;
let t: TestApp;
let admin: string;
let user: string;

async function enableFlags(organizationId: string, features: Record<string, boolean>) {
  await new SettingsRepository(t.db.kysely).upsert({ scope: organizationId, title: null, icon: null, logo: null, favicon: null, theme_color: null, deployment_type: null, default_home_route: null, features_json: JSON.stringify(features), updated_at: Date.now() });
}

const evidence = <T>(detail: VoraSearchDetail, key: string): T => detail.Sections.find((section) => section.Key === key)!.Evidence as T;
const section = (detail: VoraSearchDetail, key: string) => detail.Sections.find((item) => item.Key === key)!;

async function search(cookie: string, payload: Record<string, unknown>): Promise<VoraSearchDetail> {
  const created = await t.app.inject({ method: 'POST', url: BASE, headers: { cookie }, payload });
  expect(created.statusCode, created.body).toBe(200);
  await t.app.services.jobs.drain();
  const response = await t.app.inject({ method: 'GET', url: `${BASE}/${created.json().id}`, headers: { cookie } });
  expect(response.statusCode).toBe(200);
  return VoraSearchDetailSchema.parse(response.json());
}

beforeAll(async () => {
  fixture = await startResearchFixture();
  const portsByHost: Record<string, { https: number; http: number }> = {
    'good.example.test': fixture.sites.good.ports,
    'www.good.example.test': fixture.sites.good.ports,
    'weak.example.test': fixture.sites.weak.ports,
    'injected.example.test': fixture.sites.injected.ports,
    'rebind.example.test': fixture.sites.rebind.ports,
  };
  t = await build({ env: fixture.env, research: { ports: { byHost: portsByHost, otherHosts: fixture.closedPorts }, checkTimeoutMs: 5000 } });
  const tenant = await demoTenant(t);
  await enableFlags(tenant.organizationId, { VoraDashboard: true, VoraPDashboard: true });
  admin = await t.login(tenant.users.orgAdmin.email);
  user = await t.login(tenant.users.user.email);
}, 60_000);

afterAll(async () => {
  await t?.close();
  await fixture?.close();
});

describe('a well-configured company', () => {
  let detail: VoraSearchDetail;
  beforeAll(async () => {
    detail = await search(admin, { SiteLink: `https://good.example.test:${fixture.sites.good.ports.https}`, AccountName: 'Good Corp', Location: 'Austin' });
  }, 60_000);

  it('ends every section, each with its own status and timestamps', () => {
    expect(detail.Status).toBe('success');
    expect(detail.Progress).toBe(100);
    expect(detail.Sections.map((item) => [item.Key, item.Status])).toEqual([
      ['riskProfile', 'success'], ['riskScore', 'success'], ['documents', 'success'], ['control', 'success'], ['guidelines', 'success'],
      ['cysmo', 'success'], ['claims', 'success'], ['insights', 'success'], ['vorafiedClaims', 'success'],
    ]);
    for (const item of detail.Sections) expect(Date.parse(item.FinishedAt!)).toBeGreaterThanOrEqual(Date.parse(item.StartedAt!));
    expect(detail.CompletionTime).not.toBeNull();
  });

  it('reads the pages robots.txt allows, as text, with nothing run', () => {
    const documents = evidence<DocumentsEvidence>(detail, 'documents');
    const sources = documents.Documents.map((document) => new URL(document.Source).pathname);
    expect(sources).toEqual(expect.arrayContaining(['/', '/about', '/security', '/privacy']));
    expect(sources).not.toContain('/careers');
    expect(documents.Skipped).toContainEqual({ Source: expect.stringMatching(/\/careers$/), Reason: 'Disallowed by robots.txt' });
    expect(fixture.sites.good.requests).not.toContain('https GET /careers');
    const home = documents.Documents.find((document) => new URL(document.Source).pathname === '/')!;
    expect(home.Text).toBe('Good Corp');
  });

  it('builds the profile from the company\'s JSON-LD, with NAICS from the official list', () => {
    const profile = evidence<{ Attributes: ProfileAttribute[] }>(detail, 'riskProfile').Attributes;
    const byName = Object.fromEntries(profile.map((item) => [item.Attribute, item]));
    expect(byName.Location).toMatchObject({ Value: 'Austin, TX, US', Confidence: 'high', Source: expect.stringContaining('JSON-LD') });
    expect(byName.NAICS).toMatchObject({ Value: GOOD_JSON_LD.naics, Detail: 'Computer Systems Design Services (2017 NAICS (U.S. Census Bureau), from the naics package)' });
    expect(byName.Employees).toMatchObject({ Value: '250', Confidence: 'high' });
    expect(byName.Revenue).toMatchObject({ Value: '42000000', Confidence: 'low', Detail: expect.stringContaining('$42 million') });
    expect(byName.Website).toMatchObject({ Source: 'Search input' });
  });

  it('quotes claims with their source and verifies those the scan can see', () => {
    const claims = evidence<{ Claims: Claim[] }>(detail, 'claims').Claims;
    expect(claims).toContainEqual({ Topic: 'soc2', Label: 'SOC 2 report', Quote: 'We hold a SOC 2 Type II report, renewed every year.', Source: expect.stringMatching(/\/security$/) });
    const vorafied = evidence<{ Claims: VorafiedClaim[] }>(detail, 'vorafiedClaims').Claims;
    expect(vorafied.find((claim) => claim.Topic === 'dmarc')).toMatchObject({ Verdict: 'verified', Evidence: [expect.stringContaining('email.dmarc: pass')] });
    expect(vorafied.find((claim) => claim.Topic === 'soc2')).toMatchObject({ Verdict: 'not_verifiable' });
    const controls = evidence<{ Controls: Control[] }>(detail, 'control').Controls;
    expect(controls.find((control) => control.Category === 'email_security')!.Status).toBe('met');
    expect(controls.find((control) => control.Category === 'identity_mfa')!.Status).toBe('claimed');
  });

  it('evaluates the default guidelines and scores from the evidence', () => {
    const results = evidence<{ Results: GuidelineResult[] }>(detail, 'guidelines').Results;
    expect(results.find((result) => result.Name === 'DMARC must be quarantine or reject')!.Result).toBe('pass');
    expect(results.find((result) => result.Name === 'Revenue at most $1,000,000,000')!.Result).toBe('pass');
    const score = evidence<RiskScoreEvidence>(detail, 'riskScore');
    expect(score.Score).toBeGreaterThanOrEqual(70);
    expect(score.Score).toBe(100 + score.Factors.reduce((sum, factor) => sum + factor.Points, 0));
    expect(detail.RiskScore).toBe(score.Score);
  });

  it('asks the organization\'s model through the pipeline, with a lifecycle record, and shows the model used', async () => {
    const insights = evidence<InsightsEvidence>(detail, 'insights');
    expect(insights.Text).toContain('[Offline demo model]');
    expect(insights.SectionsUsed).toEqual(expect.arrayContaining(['cysmo', 'riskScore', 'guidelines']));
    const prompt = await t.db.kysely.selectFrom('prompts').selectAll().where('id', '=', insights.PromptId).executeTakeFirstOrThrow();
    expect(prompt.status).toBe('success');
    expect(detail.Models).toEqual([{ Provider: 'demo', Model: expect.any(String), Name: 'Offline demo model' }]);
  });

  it('renders the cysmo report as a PDF with the score and findings', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${BASE}/cysmo/${detail.id}/download`, headers: { cookie: admin } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const { extractText } = await import('unpdf');
    const { text } = await extractText(new Uint8Array(response.rawPayload), { mergePages: true });
    expect(text).toContain('Cysmo report: Good Corp');
    expect(text).toContain(`Score ${evidence<RiskScoreEvidence>(detail, 'riskScore').Score} / 100`);
    expect(text).toContain('DMARC policy (email.dmarc) Evidence: v=DMARC1; p=reject');
    expect(text).toContain('Guidelines PASS DMARC must be quarantine or reject');
  });

  it('answers a follow-up from its owner, streamed, and keeps the history; another member is refused on Vora', async () => {
    const response = await t.app.inject({ method: 'POST', url: `${BASE}/${detail.id}/followup`, headers: { cookie: admin }, payload: { Question: 'Does it use DMARC?' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/event-stream');
    const events = response.body.split('\n\n').filter(Boolean).map((line) => JSON.parse(line.replace(/^data: /, '')) as { type: string; followup?: { Answer: string } });
    expect(events.some((event) => event.type === 'delta')).toBe(true);
    expect(events.at(-1)).toMatchObject({ type: 'done', followup: { Answer: expect.stringContaining('Does it use DMARC?') } });
    const again = await t.app.inject({ method: 'GET', url: `${BASE}/${detail.id}`, headers: { cookie: admin } });
    expect(again.json().Followups).toHaveLength(1);
    const other = await t.app.inject({ method: 'POST', url: `${BASE}/${detail.id}/followup`, headers: { cookie: user }, payload: { Question: 'And MFA?' } });
    expect(other.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `${BASE}/${detail.id}`, headers: { cookie: user } })).json().CanChat).toBe(false);
  });
});

describe('a poorly configured company', () => {
  it('fails the weak checks, contradicts its DMARC claim and scores low', async () => {
    const detail = await search(user, { SiteLink: `https://weak.example.test:${fixture.sites.weak.ports.https}` });
    const findings = evidence<CysmoEvidence>(detail, 'cysmo').Findings;
    const result = (check: string) => findings.find((finding) => finding.check === check)!.result;
    expect(result('email.dmarc')).toBe('fail');
    expect(result('tls.legacy_protocols')).toBe('fail');
    expect(result('tls.certificate_expiry')).toBe('fail');
    expect(result('disclosure.server_version')).toBe('fail');
    const dmarc = evidence<{ Claims: VorafiedClaim[] }>(detail, 'vorafiedClaims').Claims.find((claim) => claim.Topic === 'dmarc')!;
    expect(dmarc).toMatchObject({ Verdict: 'contradicted', Quote: 'We use DMARC on all our domains.' });
    const guidelines = evidence<{ Results: GuidelineResult[] }>(detail, 'guidelines').Results;
    expect(guidelines.find((item) => item.Name === 'TLS 1.0 and 1.1 must be refused')!.Result).toBe('fail');
    expect(evidence<RiskScoreEvidence>(detail, 'riskScore').Score).toBeLessThan(40);
    expect(detail.Owner.Name).toBe(detail.Owner.Name.trim());
    expect(detail.CanChat).toBe(true);
  }, 60_000);
});

describe('an unreachable company', () => {
  it('fails the scan and the documents with the reason, skips what needs them, and still answers the rest', async () => {
    const detail = await search(admin, { SiteLink: 'unreachable.example.test', AccountName: 'Gone Inc', Location: 'Nowhere' });
    expect(detail.Status).toBe('success');
    expect(section(detail, 'cysmo')).toMatchObject({ Status: 'failed', Reason: expect.stringMatching(/^The site unreachable.example.test could not be reached: .*ECONNREFUSED/) });
    expect(section(detail, 'documents')).toMatchObject({ Status: 'failed', Reason: expect.stringContaining('No page') });
    expect(section(detail, 'claims').Status).toBe('skipped');
    expect(section(detail, 'riskScore')).toMatchObject({ Status: 'skipped', Reason: 'No scan evidence to score (cysmo did not complete).' });
    expect(section(detail, 'riskProfile').Status).toBe('success');
    expect(section(detail, 'guidelines').Status).toBe('success');
  }, 60_000);
});

describe('a page hiding a prompt injection', () => {
  it('is caught by the guard: the passage never reaches a section or the model', async () => {
    const detail = await search(admin, { SiteLink: `https://injected.example.test:${fixture.sites.injected.ports.https}` });
    const documents = evidence<DocumentsEvidence>(detail, 'documents').Documents;
    const about = documents.find((document) => document.Source.endsWith('/about'))!;
    expect(about.InjectionRemoved).toBe(1);
    expect(about.Text).toContain('We make garden tools.');
    expect(about.Text).not.toContain('Ignore all previous instructions');
    const insights = evidence<InsightsEvidence>(detail, 'insights');
    const stages = await t.db.kysely.selectFrom('prompt_stages').selectAll().where('prompt_id', '=', insights.PromptId).execute();
    expect(JSON.stringify(stages)).not.toContain(INJECTION_TEXT.slice(0, 30));
    expect(insights.Text).not.toContain(INJECTION_TEXT.slice(0, 30));
  }, 60_000);
});

describe('uploaded documents', () => {
  const policy = [
    '# Northwind security policy',
    'Northwind has 320 employees across two offices.',
    'We enforce multi-factor authentication for every staff account.',
    INJECTION_TEXT,
    'We run vendor risk assessments of every supplier before onboarding.',
  ].join('\n');
  const base64 = (text: string) => Buffer.from(text).toString('base64');
  async function applicationPdf(): Promise<string> {
    const { default: PDFDocument } = await import('pdfkit');
    const doc = new PDFDocument();
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    const done = new Promise<void>((resolve) => doc.on('end', () => resolve()));
    doc.text('Cyber insurance application. Our daily backups are kept offline for 30 days. We hold an ISO 27001 certification.');
    doc.end();
    await done;
    return Buffer.concat(chunks).toString('base64');
  }

  it('reads a text and a PDF document, guards them, and cites them in claims, controls and the profile', async () => {
    const detail = await search(admin, {
      AccountName: 'Northwind',
      Location: 'Denver',
      Documents: [
        { Name: 'security-policy.md', MimeType: 'text/markdown', ContentBase64: base64(policy) },
        { Name: 'application.pdf', MimeType: 'application/pdf', ContentBase64: await applicationPdf() },
      ],
    });
    expect(section(detail, 'cysmo').Status).toBe('skipped');
    const documents = evidence<DocumentsEvidence>(detail, 'documents').Documents;
    expect(documents.map((document) => [document.Kind, document.Source])).toEqual([['upload', 'security-policy.md'], ['upload', 'application.pdf']]);
    const upload = documents[0]!;
    expect(upload.InjectionRemoved).toBe(1);
    expect(upload.Text).not.toContain('Ignore all previous instructions');
    expect(upload.Text).toContain('multi-factor authentication');
    const claims = evidence<{ Claims: Claim[] }>(detail, 'claims').Claims;
    expect(claims).toContainEqual({ Topic: 'mfa', Label: 'Multi-factor authentication', Quote: 'We enforce multi-factor authentication for every staff account.', Source: 'security-policy.md' });
    expect(claims).toContainEqual(expect.objectContaining({ Topic: 'backups', Source: 'application.pdf', Quote: expect.stringContaining('daily backups are kept offline') }));
    expect(claims).toContainEqual(expect.objectContaining({ Topic: 'iso27001', Source: 'application.pdf' }));
    const controls = evidence<{ Controls: Control[] }>(detail, 'control').Controls;
    const vendor = controls.find((control) => control.Category === 'vendor_risk')!;
    expect(vendor.Status).toBe('claimed');
    expect(vendor.Evidence).toEqual([expect.stringMatching(/vendor risk assessments.*— security-policy\.md$/)]);
    expect(controls.find((control) => control.Category === 'backups_recovery')!.Evidence[0]).toContain('— application.pdf');
    const employees = evidence<{ Attributes: ProfileAttribute[] }>(detail, 'riskProfile').Attributes.find((item) => item.Attribute === 'Employees')!;
    expect(employees).toMatchObject({ Value: '320', Source: 'Uploaded document security-policy.md', Confidence: 'low' });
    const insights = evidence<InsightsEvidence>(detail, 'insights');
    const stages = await t.db.kysely.selectFrom('prompt_stages').selectAll().where('prompt_id', '=', insights.PromptId).execute();
    expect(JSON.stringify(stages)).not.toContain(INJECTION_TEXT.slice(0, 30));
  }, 60_000);

  it('refuses what it cannot read with a clear 4xx naming the file, and creates no search', async () => {
    const before = (await t.db.kysely.selectFrom('research_searches').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
    const post = (Documents: unknown[]) => t.app.inject({ method: 'POST', url: BASE, headers: { cookie: admin }, payload: { SiteLink: 'good.example.test', Documents } });
    const sheet = await post([{ Name: 'budget.xlsx', MimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', ContentBase64: base64('PK fake') }]);
    expect(sheet.statusCode).toBe(415);
    expect(sheet.json()).toMatchObject({ message: expect.stringContaining('budget.xlsx: Only PDF, Word (DOCX), text, Markdown and HTML'), errors: { 'Documents.0.MimeType': expect.stringContaining('DOCX') } });
    const csv = await post([{ Name: 'a.txt', MimeType: 'text/plain', ContentBase64: base64('fine') }, { Name: 'table.csv', MimeType: 'text/csv', ContentBase64: base64('a,b') }]);
    expect(csv.statusCode).toBe(415);
    expect(csv.json().errors).toEqual({ 'Documents.1.MimeType': expect.any(String) });
    const broken = await post([{ Name: 'report.pdf', MimeType: 'application/pdf', ContentBase64: base64('not a pdf at all') }]);
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBe('report.pdf: The file is not a PDF document.');
    const binary = await post([{ Name: 'notes.txt', MimeType: 'text/plain', ContentBase64: Buffer.from([0, 1, 2, 3]).toString('base64') }]);
    expect(binary.statusCode).toBe(415);
    const many = await post(Array.from({ length: 6 }, (_, index) => ({ Name: `${index}.txt`, MimeType: 'text/plain', ContentBase64: base64('x') })));
    expect(many.statusCode).toBe(400);
    expect(many.json().errors.Documents).toBe('At most 5 documents');
    const large = await post([{ Name: 'big.txt', MimeType: 'text/plain', ContentBase64: Buffer.alloc(10 * 1024 * 1024 + 3, 97).toString('base64') }]);
    expect(large.statusCode).toBe(400);
    expect(large.json().errors['Documents.0.ContentBase64']).toBe('The file is larger than 10 MB');
    const body = await post(Array.from({ length: 2 }, (_, index) => ({ Name: `${index}.txt`, MimeType: 'text/plain', ContentBase64: Buffer.alloc(6 * 1024 * 1024, 97).toString('base64') })));
    expect(body.statusCode).toBe(413);
    const after = (await t.db.kysely.selectFrom('research_searches').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
    expect(Number(after)).toBe(Number(before));
  }, 60_000);
});

describe('a restart', () => {
  it('takes up a search whose server died mid-run and finishes it', async () => {
    const created = await t.app.inject({ method: 'POST', url: BASE, headers: { cookie: admin }, payload: { SiteLink: `https://good.example.test:${fixture.sites.good.ports.https}` } });
    const id = created.json().id as string;
    const jobId = created.json().JobId as string;
    await t.app.services.jobs.drain();
    // As a dead server leaves it: the job claimed and running under a lock that ran out, sections half done.
    await t.db.kysely.updateTable('research_searches').set({ status: 'in_progress', completed_at: null }).where('id', '=', id).execute();
    await t.db.kysely.updateTable('research_sections').set({ status: 'in_progress', evidence_json: null, finished_at: null }).where('search_id', '=', id).execute();
    await t.db.kysely.updateTable('jobs').set({ status: 'running', attempts: 1, locked_by: 'dead-server', locked_until: Date.now() - 1 }).where('id', '=', jobId).execute();
    await t.db.kysely.updateTable('research_sections').set({ status: 'in_progress', started_at: Date.now() }).where('search_id', '=', id).where('section_key', '=', 'cysmo').execute();
    await t.app.services.jobs.drain();
    const detail = VoraSearchDetailSchema.parse((await t.app.inject({ method: 'GET', url: `${BASE}/${id}`, headers: { cookie: admin } })).json());
    expect(detail.Status).toBe('success');
    expect(detail.Sections.every((item) => item.Status === 'success')).toBe(true);
    const job = await t.db.kysely.selectFrom('jobs').selectAll().where('id', '=', jobId).executeTakeFirstOrThrow();
    expect([job.status, job.attempts]).toEqual(['completed', 2]);
  }, 60_000);

  it('lists its routes in the API documentation', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/documentation/json' });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().paths)).toEqual(expect.arrayContaining(['/api/v1/dashboard/vorasearch/cysmo/{id}/download', '/api/v1/vora-p/{id}/followup']));
  });
});

describe('SSRF', () => {
  it('never connects to a private or trap address, directly, by redirect or by rebinding', async () => {
    const before = fixture.traps.sneaky.connections + fixture.traps.redirect.connections + fixture.traps.rebind.connections;
    const sneaky = await search(admin, { SiteLink: 'sneaky.example.test' });
    expect(section(sneaky, 'documents').Status).toBe('failed');
    expect(evidence<DocumentsEvidence>(sneaky, 'documents').Skipped[0]!.Reason).toContain('Refused');
    const privateOne = await search(admin, { SiteLink: 'private.example.test' });
    expect(evidence<DocumentsEvidence>(privateOne, 'documents').Skipped.every((skip) => skip.Reason.startsWith('Refused'))).toBe(true);
    await search(admin, { SiteLink: `https://redirect.example.test:${fixture.sites.redirect.ports.https}` });
    await search(admin, { SiteLink: `https://rebind.example.test:${fixture.sites.rebind.ports.https}` });
    expect(fixture.traps.sneaky.connections + fixture.traps.redirect.connections + fixture.traps.rebind.connections).toBe(before);
  }, 120_000);

  it('refuses an address as the site link', async () => {
    const response = await t.app.inject({ method: 'POST', url: BASE, headers: { cookie: admin }, payload: { SiteLink: 'http://127.0.0.1:8080/' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.SiteLink).toContain('public host');
  });
});
