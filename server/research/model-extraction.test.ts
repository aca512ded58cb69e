// The model's extraction of claims and profile fields, end to end through the job and the governance pipeline, with
// the fake upstream answering good, invented and malformed JSON, and with the offline demo model. The searches use an
// uploaded document only (no site link): no scan, nothing leaves 127.0.0.1.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Claim, ModelExtraction, ProfileAttribute, VoraSearchDetail } from '../../domain/schemas/research-search';
import { VoraSearchDetailSchema } from '../../domain/schemas/research-search';
import type { FakeLlmUpstream } from '../../tests/fakes/fake-llm-upstream';
import { startFakeLlmUpstream } from '../../tests/fakes/fake-llm-upstream';
import type { TestApp } from '../../tests/helpers/build';
import { build } from '../../tests/helpers/build';
import { demoTenant } from '../../tests/helpers/tenants';
import { SettingsRepository } from '../settings/settings.repository';
import { extractionSources, mergeClaims, readModelFindings } from './sections/model-extraction';

const BASE = '/api/v1/dashboard/vorasearch';
const POLICY = [
  'Security policy of Lyon Widgets.',
  'We hold a SOC 2 Type II report, renewed every year.',
  'Nightly snapshots of every database are copied to a second region.',
  'Our head office is in Lyon, France.',
  'The team numbers 1,200 across four offices.',
].join('\n');

let t: TestApp;
let fake: FakeLlmUpstream;
let admin: string;
let fakeModelId: number;

const evidence = <T>(detail: VoraSearchDetail, key: string): T => detail.Sections.find((section) => section.Key === key)!.Evidence as T;
const profileOf = (detail: VoraSearchDetail, attribute: string) => evidence<{ Attributes: ProfileAttribute[] }>(detail, 'riskProfile').Attributes.find((item) => item.Attribute === attribute)!;

async function search(): Promise<VoraSearchDetail> {
  const created = await t.app.inject({ method: 'POST', url: BASE, headers: { cookie: admin }, payload: { AccountName: 'Lyon Widgets', Location: 'France', Documents: [{ Name: 'policy.md', MimeType: 'text/markdown', ContentBase64: Buffer.from(POLICY).toString('base64') }] } });
  expect(created.statusCode, created.body).toBe(200);
  await t.app.services.jobs.drain();
  return VoraSearchDetailSchema.parse((await t.app.inject({ method: 'GET', url: `${BASE}/${created.json().id}`, headers: { cookie: admin } })).json());
}

const answer = (value: unknown) => fake.behave({ text: typeof value === 'string' ? value : JSON.stringify(value) });

beforeAll(async () => {
  fake = await startFakeLlmUpstream();
  t = await build({ env: { JOBS: 'false' } });
  const tenant = await demoTenant(t);
  await new SettingsRepository(t.db.kysely).upsert({ scope: tenant.organizationId, title: null, icon: null, logo: null, favicon: null, theme_color: null, deployment_type: null, default_home_route: null, features_json: '{"VoraDashboard":true}', updated_at: Date.now() });
  admin = await t.login(tenant.users.orgAdmin.email);
  const principal = (await t.app.services.auth.principalOf(tenant.users.orgAdmin.id, null))!;
  // A compact model: research prefers it to the demo model.
  const created = await t.app.services.languageModels.create(principal, { Name: 'Fake mini', Provider: 'openai-compatible', Model: 'fake-mini', ApiKey: 'sk-test', BaseUrl: `${fake.url}/v1`, MaxTokens: 2000, Temperature: 0, Enabled: true, GroupIds: [] } as never);
  fakeModelId = Number((created as { id: number | string }).id);
}, 60_000);

afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe("the model's extraction", () => {
  it('takes the claims and profile fields whose quotes are in the cited source, marked as the model’s, merged with the patterns', async () => {
    answer({
      claims: [
        { topic: 'backups', quote: 'Nightly snapshots of every database are copied to a second region.', source: 'S1' },
        // Said by the patterns already: not listed twice.
        { topic: 'soc2', quote: 'We hold a SOC 2 Type II report, renewed every year.', source: 'S1' },
      ],
      profile: {
        Location: { value: 'Lyon, France', quote: 'Our head office is in Lyon, France.', source: 'S1' },
        Employees: { value: '1,200', quote: 'The team numbers 1,200 across four offices.', source: 'S1' },
      },
    });
    fake.requests.length = 0;
    const detail = await search();
    const claims = evidence<{ Claims: Claim[]; ModelExtraction: ModelExtraction }>(detail, 'claims');
    expect(claims.Claims.filter((claim) => claim.Topic === 'soc2')).toEqual([{ Topic: 'soc2', Label: 'SOC 2 report', Quote: 'We hold a SOC 2 Type II report, renewed every year.', Source: 'policy.md' }]);
    expect(claims.Claims).toContainEqual({ Topic: 'backups', Label: 'Backups', Quote: 'Nightly snapshots of every database are copied to a second region.', Source: 'policy.md', ExtractedBy: 'model' });
    expect(claims.ModelExtraction).toMatchObject({ Model: 'fake-mini', Accepted: 4, Rejected: 0, Note: null });
    // A field the patterns or the search's input filled keeps their value; an empty one takes the model's.
    expect(profileOf(detail, 'Location')).toMatchObject({ Value: 'France', Source: 'Search input' });
    expect(profileOf(detail, 'Employees')).toMatchObject({ Value: '1200', Source: "The model's extraction (fake-mini) from uploaded document policy.md", Confidence: 'low', Detail: '“The team numbers 1,200 across four offices.”' });
    // One governed call as the searching user, with its lifecycle record, given the guarded document as a source.
    const prompt = await t.db.kysely.selectFrom('prompts').selectAll().where('id', '=', claims.ModelExtraction.PromptId!).executeTakeFirstOrThrow();
    expect(prompt.status).toBe('success');
    const extractionCall = fake.requests.find((request) => JSON.stringify(request.body).includes('S1 — policy.md'))!;
    expect(JSON.stringify(extractionCall.body)).toContain('Nightly snapshots');
  }, 60_000);

  it('refuses invented quotes, unknown sources and topics, and values not in their quote: the patterns alone remain', async () => {
    answer({
      claims: [
        { topic: 'mfa', quote: 'MFA is enforced for every employee.', source: 'S1' },
        { topic: 'backups', quote: 'Nightly snapshots of every database are copied to a second region.', source: 'S9' },
        { topic: 'quantum_safety', quote: 'Security policy of Lyon Widgets.', source: 'S1' },
      ],
      profile: { Revenue: { value: '$90 million', quote: 'The team numbers 1,200 across four offices.', source: 'S1' }, NAICS: 'five four one' },
    });
    const detail = await search();
    const claims = evidence<{ Claims: Claim[]; ModelExtraction: ModelExtraction }>(detail, 'claims');
    expect(claims.Claims.some((claim) => claim.ExtractedBy === 'model')).toBe(false);
    expect(claims.Claims.map((claim) => claim.Topic)).toEqual(['soc2']);
    expect(claims.ModelExtraction).toMatchObject({ Accepted: 0, Rejected: 5 });
    expect(claims.ModelExtraction.Note).toContain('a quote not found word for word in its source');
    expect(claims.ModelExtraction.Note).toContain('a source that was not given');
    expect(claims.ModelExtraction.Note).toContain('an unknown topic');
    expect(claims.ModelExtraction.Note).toContain('a value not written in its quote');
    expect(profileOf(detail, 'Revenue').Value).toBeNull();
    expect(profileOf(detail, 'Employees').Value).toBeNull();
  }, 60_000);

  it('takes nothing from an answer that is not the JSON asked for', async () => {
    answer('Sure! {"claims": [{"topic": "backups", "quote": "Nightly snapshots of every database are copied to a second region.", "source": "S1"}]');
    const detail = await search();
    const claims = evidence<{ Claims: Claim[]; ModelExtraction: ModelExtraction }>(detail, 'claims');
    expect(claims.Claims.map((claim) => claim.Topic)).toEqual(['soc2']);
    expect(claims.ModelExtraction).toMatchObject({ Accepted: 0, Rejected: 0, Note: 'The model did not answer with the JSON asked for: nothing was taken from it.' });
  }, 60_000);

  it('with the offline demo model (which only quotes what it receives): no junk, the patterns alone', async () => {
    await t.db.kysely.updateTable('language_models').set({ enabled: 0 }).where('id', '=', fakeModelId).execute();
    try {
      const detail = await search();
      const claims = evidence<{ Claims: Claim[]; ModelExtraction: ModelExtraction }>(detail, 'claims');
      expect(claims.Claims).toEqual([{ Topic: 'soc2', Label: 'SOC 2 report', Quote: 'We hold a SOC 2 Type II report, renewed every year.', Source: 'policy.md' }]);
      expect(claims.ModelExtraction).toMatchObject({ Accepted: 0, Rejected: 0 });
      expect(claims.ModelExtraction.Model).not.toBe('fake-mini');
      expect(evidence<{ Attributes: ProfileAttribute[] }>(detail, 'riskProfile').Attributes.filter((item) => item.Source?.includes("model's extraction"))).toEqual([]);
    } finally {
      await t.db.kysely.updateTable('language_models').set({ enabled: 1 }).where('id', '=', fakeModelId).execute();
    }
  }, 60_000);
});

describe('reading an answer', () => {
  const sources = extractionSources([{ Kind: 'page', Source: 'https://acme.test/security', Title: 'Security', Text: 'We run  quarterly\npenetration tests. [passage removed: the prompt guard found a prompt injection]', Bytes: 10, InjectionRemoved: 1 }]);

  it('finds a quote across line breaks and spacing, refuses one of a removed passage, and a NAICS code not in the list', () => {
    const findings = readModelFindings(
      JSON.stringify({
        claims: [
          { topic: 'pentest', quote: 'We run quarterly penetration tests.', source: 'S1' },
          { topic: 'pentest', quote: '[passage removed: the prompt guard found a prompt injection]', source: 'S1' },
        ],
        profile: { NAICS: { value: '999999', quote: 'We run quarterly penetration tests.', source: 'S1' } },
      }),
      sources,
      'm',
    );
    expect(findings.claims).toEqual([{ Topic: 'pentest', Label: 'Penetration testing', Quote: 'We run quarterly penetration tests.', Source: 'https://acme.test/security', ExtractedBy: 'model' }]);
    expect(findings.rejected).toBe(2);
  });

  it('reads a fenced JSON answer, and merges without repeating what the patterns quoted', () => {
    const findings = readModelFindings('```json\n{"claims":[{"topic":"pentest","quote":"We run quarterly penetration tests.","source":"S1"}]}\n```', sources, 'm');
    expect(findings.accepted).toBe(1);
    const pattern: Claim = { Topic: 'pentest', Label: 'Penetration testing', Quote: 'We run quarterly penetration tests.', Source: 'https://acme.test/security' };
    expect(mergeClaims([pattern], findings.claims)).toEqual([pattern]);
  });
});
