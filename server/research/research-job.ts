// One search as a background job (`research-search`, server/jobs): kept in the jobs table, so a search whose server
// died is taken up again and re-runs its sections. The cysmo scan and the site's pages run at once; the sections
// that need them follow, each with its own status, timestamps, evidence and reason — one failing never fails the
// others (a section whose input failed is skipped, saying which).
import type { FastifyInstance } from 'fastify';
import type { ScanFinding } from '../../domain/schemas/research';
import type { Claim, Control, CysmoEvidence, DocumentsEvidence, GuidelineResult, InsightsEvidence, ModelExtraction, ProfileAttribute, ResearchDocument, RiskScoreEvidence, SectionKey, SectionStatus, VorafiedClaim } from '../../domain/schemas/research-search';
import { SECTION_KEYS } from '../../domain/schemas/research-search';
import type { Principal } from '../auth/principal';
import type { JobFinisher, JobHandler } from '../jobs/job-runner';
import type { ResearchNetwork } from './network';
import type { ResearchModel } from './research-model';
import { describeModel, askResearchModel, chooseResearchModel, principalOfUser } from './research-model';
import { INSIGHTS_SYSTEM, researchContext } from './research-context';
import { GuidelinesRepository, SearchesRepository } from './searches.repository';
import { runPassiveScan } from './scan/run-passive-scan';
import type { ScanPorts } from './scan/types';
import { extractClaims } from './sections/claims';
import { assessControls } from './sections/control';
import { readSitePages, readUploadedDocuments } from './sections/documents';
import type { FetchedPages } from './sections/documents';
import { evaluateGuidelines } from './sections/guidelines';
import type { ModelFindings } from './sections/model-extraction';
import { EXTRACTION_SYSTEM, extractionQuestion, extractionSources, mergeClaims, mergeProfile, readModelFindings, sourceName } from './sections/model-extraction';
import { buildRiskProfile } from './sections/risk-profile';
import { computeRiskScore } from './sections/risk-score';
import { verifyClaims } from './sections/vorafied';
import { siteHost } from './domain-name';
import { ensureDefaultGuidelines, guidelineDefinitions } from './guidelines.service';

export const RESEARCH_JOB = 'research-search';

/** Plain data, so that the job host thread (server/jobs/job-host.ts) runs searches with the same options. */
export interface ResearchOptions {
  /** Ports of the scan per host, else `otherHosts` (443 and 80 unless given; tests give their fixtures'). */
  ports?: { byHost?: Record<string, Partial<ScanPorts>>; otherHosts?: Partial<ScanPorts> };
  checkTimeoutMs?: number;
}

function configuredPorts(options: ResearchOptions, host: string): Partial<ScanPorts> | undefined {
  return options.ports?.byHost?.[host] ?? options.ports?.otherHosts;
}

type Outcome<T> = { status: Exclude<SectionStatus, 'in_progress'>; evidence?: T; reason?: string | null };
const skipped = (reason: string): Outcome<never> => ({ status: 'skipped', reason });

/** The ports a site link names: an explicit port of an https link is the scan's HTTPS port. */
export function portsOf(siteLink: string, configured: Partial<ScanPorts> | undefined): Partial<ScanPorts> {
  try {
    const url = new URL(siteLink);
    if (url.port) return { ...(url.protocol === 'https:' ? { https: Number(url.port) } : { http: Number(url.port) }), ...configured };
  } catch {
    // No link: the configured ports or the standard ones.
  }
  return { ...configured };
}

export function researchJobHandler(app: FastifyInstance, network: () => ResearchNetwork, options: ResearchOptions): JobHandler {
  return async ({ payload, progress, signal, giveWay }) => {
    const { searchId } = payload as { searchId: string };
    const repository = new SearchesRepository(app.db.kysely);
    const search = await repository.findById(searchId);
    if (!search) return 'The search was deleted before it ran.';
    let done = 0;
    const run = async <T>(key: SectionKey, work: () => Promise<Outcome<T>>): Promise<Outcome<T>> => {
      // Another server took the job up (this one lost its lease): it re-runs the sections, this one stops writing them.
      signal.throwIfAborted();
      await giveWay();
      await repository.startSection(searchId, key, Date.now());
      let outcome: Outcome<T>;
      try {
        outcome = await work();
      } catch (error) {
        app.log.warn({ err: error, searchId, section: key }, 'research section failed');
        outcome = { status: 'failed', reason: error instanceof Error ? error.message.slice(0, 500) : 'The section failed' };
      }
      await repository.endSection(searchId, key, outcome.status, outcome.evidence ?? null, outcome.reason ?? null, Date.now());
      done++;
      await progress((done / SECTION_KEYS.length) * 100, `${done} of ${SECTION_KEYS.length} sections done`);
      return outcome;
    };

    const host = search.site_link ? siteHost(search.site_link) : null;
    const noSite = 'No site link was given: give the company\'s site (or pick one found by discovery) to scan it and read its pages.';
    const net = network();
    let pagesJsonLd: FetchedPages['jsonLd'] = [];
    const [cysmo, documents] = await Promise.all([
      run<CysmoEvidence>('cysmo', async () => {
        if (!host) return skipped(noSite);
        const scan = await runPassiveScan(host, { dns: net.dns, outbound: net.outbound, ports: portsOf(search.site_link, configuredPorts(options, host)), ...(options.checkTimeoutMs ? { checkTimeoutMs: options.checkTimeoutMs } : {}) });
        // A site that cannot be reached (every TLS and HTTP check not applicable) has no scan to judge it by.
        const siteChecks = scan.findings.filter((finding) => finding.category === 'tls' || finding.category === 'http');
        const reached = siteChecks.some((finding) => finding.result !== 'not_applicable');
        const evidence = { Domain: scan.domain, Host: scan.host, StartedAt: scan.startedAt, FinishedAt: scan.finishedAt, Findings: scan.findings };
        const why = siteChecks.find((finding) => finding.check === 'tls.protocol')?.evidence[0] ?? siteChecks[0]?.evidence[0] ?? 'no answer';
        return reached ? { status: 'success', evidence } : { status: 'failed', evidence, reason: `The site ${scan.host} could not be reached: ${why}` };
      }),
      run<DocumentsEvidence>('documents', async () => {
        const uploaded = await readUploadedDocuments(await repository.uploads(searchId));
        if (!host) return uploaded.length ? { status: 'success', evidence: { Documents: uploaded, Skipped: [] } } : skipped(`${noSite} No document was uploaded either.`);
        const pages: FetchedPages = await readSitePages(search.site_link, net.outbound, signal, giveWay);
        pagesJsonLd = pages.jsonLd;
        const evidence: DocumentsEvidence = { Documents: [...pages.evidence.Documents, ...uploaded], Skipped: pages.evidence.Skipped };
        if (!evidence.Documents.length) return { status: 'failed', evidence, reason: `No page of ${host} could be read: ${pages.evidence.Skipped[0]?.Reason ?? 'no answer'}` };
        return { status: 'success', evidence };
      }),
    ]);
    const findings: ScanFinding[] | null = cysmo.status === 'success' ? cysmo.evidence!.Findings : null;
    const pageDocuments = documents.status === 'success' ? documents.evidence!.Documents : [];

    // The search's owner and model, for the model's extraction and the insights: every call as that user.
    const actor = await principalOfUser(app, search.user_id);
    const chosen = actor ? await chooseResearchModel(app, actor) : null;
    if (chosen) await repository.setModels(searchId, JSON.stringify([describeModel(chosen.model)]));
    const company = search.account_name || search.site_link;
    const extraction = documents.status === 'success' ? await extractWithModel(app, actor, chosen, company, pageDocuments, giveWay) : null;

    const profile = await run<{ Attributes: ProfileAttribute[] }>('riskProfile', async () => ({
      status: 'success',
      evidence: { Attributes: mergeProfile(buildRiskProfile({ siteLink: search.site_link, location: search.location, documents: pageDocuments, jsonLd: pagesJsonLd }), extraction?.findings.profile ?? []) },
    }));
    const claims = await run<{ Claims: Claim[]; ModelExtraction?: ModelExtraction }>('claims', async () =>
      documents.status === 'success'
        ? { status: 'success', evidence: { Claims: mergeClaims(extractClaims(pageDocuments), extraction?.findings.claims ?? []), ...(extraction ? { ModelExtraction: extraction.record } : {}) } }
        : skipped(`No documents to read claims from (documents: ${documents.status}).`),
    );
    const vorafied = await run<{ Claims: VorafiedClaim[] }>('vorafiedClaims', async () => {
      if (claims.status !== 'success') return skipped('No claims to check (claims did not complete).');
      return { status: 'success', evidence: { Claims: verifyClaims(claims.evidence!.Claims, findings) } };
    });
    const controls = await run<{ Controls: Control[] }>('control', async () => {
      if (!findings && vorafied.status !== 'success') return skipped('Neither scan findings nor verified claims are available.');
      return { status: 'success', evidence: { Controls: assessControls(findings, vorafied.evidence?.Claims ?? []) } };
    });
    const guidelines = await run<{ Results: GuidelineResult[] }>('guidelines', async () => {
      await ensureDefaultGuidelines(app.db.kysely, search.organization_id);
      const definitions = guidelineDefinitions(await new GuidelinesRepository(app.db.kysely).list(search.organization_id, true));
      if (!definitions.length) return skipped('The organization has no enabled underwriting guidelines.');
      return { status: 'success', evidence: { Results: evaluateGuidelines(definitions, { findings, controls: controls.evidence?.Controls ?? [], profile: profile.evidence?.Attributes ?? [] }) } };
    });
    await run<RiskScoreEvidence>('riskScore', async () => {
      if (!findings) return skipped('No scan evidence to score (cysmo did not complete).');
      return { status: 'success', evidence: computeRiskScore(findings, controls.evidence?.Controls ?? [], guidelines.evidence?.Results ?? []) };
    });
    await run<InsightsEvidence>('insights', async () => {
      if (!actor) return skipped('The search\'s owner can no longer use the console.');
      if (!chosen) return skipped('No language model is enabled for the search\'s owner.');
      const rows = await repository.sections(searchId);
      const context = researchContext(search.account_name || search.site_link, rows.map((row) => ({ key: row.section_key as SectionKey, status: row.status, evidence: row.evidence_json ? (JSON.parse(row.evidence_json) as unknown) : null })));
      if (!context.used.length) return skipped('No section completed: nothing to assess.');
      const result = await askResearchModel(app, actor, chosen, {
        system: INSIGHTS_SYSTEM,
        question: `Write a short cyber risk assessment (at most 200 words) of ${search.account_name || search.site_link} from the research in the context.`,
        documents: [{ name: 'Research evidence', text: context.text }],
        giveWay,
      });
      const evidence: InsightsEvidence = { Text: result.answer, PromptId: result.promptId, Model: result.modelName, SectionsUsed: context.used, Blocked: result.blocked?.message ?? null };
      if (result.status === 'failed') return { status: 'failed', evidence, reason: result.error ?? 'The language model failed.' };
      if (result.blocked) return { status: 'failed', evidence, reason: `Blocked by policy: ${result.blocked.message}` };
      return { status: 'success', evidence };
    });
    await repository.finish(searchId, 'success', Date.now());
    return `Research of ${search.account_name || search.site_link} done.`;
  };
}

/** A job that ended for good without finishing leaves no section "in progress". */
export const finishResearchJob: JobFinisher = async (db, job, outcome) => {
  const { searchId } = JSON.parse(job.payload_json) as { searchId: string };
  if (outcome.ok) return;
  const repository = new SearchesRepository(db);
  await repository.failOpenSections(searchId, outcome.message ?? 'The research job failed', Date.now());
  await repository.finish(searchId, 'failed', Date.now());
};

const NO_FINDINGS: ModelFindings = { claims: [], profile: [], accepted: 0, rejected: 0, note: null };

/**
 * Claims and profile fields from the organization's model: one call through the governance pipeline as the search's
 * owner (guard, policies, a lifecycle record), given the guarded documents; only what readModelFindings checks is kept.
 */
async function extractWithModel(app: FastifyInstance, actor: Principal | null, chosen: ResearchModel | null, company: string, documents: readonly ResearchDocument[], giveWay: () => Promise<void>): Promise<{ findings: ModelFindings; record: ModelExtraction }> {
  const record = (findings: ModelFindings, model: string | null, promptId: string | null, note: string | null): { findings: ModelFindings; record: ModelExtraction } => ({
    findings,
    record: { Model: model, PromptId: promptId, Accepted: findings.accepted, Rejected: findings.rejected, Note: note },
  });
  if (!actor) return record(NO_FINDINGS, null, null, 'The search\'s owner can no longer use the console: the patterns alone were used.');
  if (!chosen) return record(NO_FINDINGS, null, null, 'No language model is enabled for the search\'s owner: the patterns alone were used.');
  const sources = extractionSources(documents);
  if (!sources.length) return record(NO_FINDINGS, chosen.model.Name, null, 'No document text to give the model.');
  try {
    const result = await askResearchModel(app, actor, chosen, {
      system: EXTRACTION_SYSTEM,
      question: extractionQuestion(company),
      documents: sources.map((source) => ({ name: sourceName(source), text: source.text })),
      giveWay,
    });
    if (result.blocked) return record(NO_FINDINGS, result.modelName, result.promptId, `Blocked by policy: ${result.blocked.message}`);
    if (result.status === 'failed') return record(NO_FINDINGS, result.modelName, result.promptId, result.error ?? 'The language model failed.');
    const findings = readModelFindings(result.answer, sources, result.modelName);
    return record(findings, result.modelName, result.promptId, findings.note);
  } catch (error) {
    app.log.warn({ err: error }, 'research model extraction failed');
    return record(NO_FINDINGS, chosen.model.Name, null, 'The model\'s extraction could not run: the patterns alone were used.');
  }
}
