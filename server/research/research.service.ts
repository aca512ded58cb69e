// The rules of both research dashboards: a search belongs to its organization (another tenant's id is 404), its
// dashboard must be switched on for the organization (VoraDashboard / VoraPDashboard, else 404), Vora shows and
// filters by owner and lets only the owner ask follow-ups; Vora P has no owner info and lets anyone of the
// organization chat. Searches run as jobs (research-job.ts).
import type { FastifyInstance } from 'fastify';
import { normalizeSiteLink } from '../../domain/company-search';
import type { DiscoveredCompany, DiscoveryResult, Followup, FollowupStreamEvent, SearchModel, Section, SectionKey, VoraPSearch, VoraPSearchDetail, VoraSearch, VoraSearchDetail } from '../../domain/schemas/research-search';
import { DiscoveredCompanySchema, SECTION_KEYS, VORA_EMPTY_MESSAGE } from '../../domain/schemas/research-search';
import type { Principal } from '../auth/principal';
import { newId } from '../db/ids';
import { badRequest, forbidden, notFound } from '../http/errors';
import { iso, isoOrNull } from '../http/rest';
import { FOLLOWUP_SYSTEM, researchContext } from './research-context';
import { askResearchModel, chooseResearchModel, describeModel } from './research-model';
import { RESEARCH_JOB } from './research-job';
import type { FollowupRow, SearchListQuery, SearchRow, SearchScope, SectionRow, Variant } from './searches.repository';
import { SearchesRepository } from './searches.repository';
import { siteHost } from './domain-name';
import type { Upload } from './uploads';
import { readUploads } from './uploads';

export interface SearchInput {
  name: string;
  siteLink: string;
  location: string;
  /** Documents uploaded with the search (none by default). */
  documents?: readonly Upload[];
}

const FEATURE: Record<Variant, 'VoraDashboard' | 'VoraPDashboard'> = { vora: 'VoraDashboard', vora_p: 'VoraPDashboard' };
const WHAT = 'The search';
export const OWNER_ONLY_CHAT = 'Only the owner of this search can ask follow-up questions.';
export const NO_MODEL_MESSAGE = 'No language model is enabled for you: ask your administrator to enable one.';
const HISTORY_EXCHANGES = 5;

function parseJson<T>(json: string | null, fallback: T): T {
  if (!json) return fallback;
  try {
    return JSON.parse(json) as T;
  } catch {
    return fallback;
  }
}

const toSection = (row: SectionRow): Section => ({
  Key: row.section_key as SectionKey,
  Status: row.status as Section['Status'],
  StartedAt: isoOrNull(row.started_at),
  FinishedAt: isoOrNull(row.finished_at),
  Reason: row.reason,
  Evidence: parseJson<unknown>(row.evidence_json, null),
});

const toFollowup = (row: FollowupRow): Followup => ({ id: row.id, Question: row.question, Answer: row.answer, Error: row.error, PromptId: row.prompt_id, CreatedAt: iso(row.created_at) });

export class ResearchService {
  constructor(private readonly app: FastifyInstance) {}

  private get db() {
    return this.app.db.kysely;
  }

  /** The actor's scope for a variant; 404 (as for an unknown route) when the organization has the dashboard off. */
  async scope(actor: Principal, variant: Variant): Promise<SearchScope> {
    if (!actor.organizationId) throw notFound(WHAT);
    const meta = await this.app.services.meta.metaFor(actor.organizationId);
    if (!meta.Features[FEATURE[variant]]) throw notFound('This dashboard');
    return { organizationId: actor.organizationId, variant };
  }

  private async findOrThrow(actor: Principal, variant: Variant, id: string): Promise<{ scope: SearchScope; row: SearchRow }> {
    const scope = await this.scope(actor, variant);
    const row = await new SearchesRepository(this.db).find(scope, id);
    if (!row) throw notFound(WHAT);
    return { scope, row };
  }

  async list(actor: Principal, query: Omit<SearchListQuery, keyof SearchScope>, variant: Variant): Promise<{ rows: (VoraSearch | VoraPSearch)[]; total: number }> {
    const scope = await this.scope(actor, variant);
    const repository = new SearchesRepository(this.db);
    const page = await repository.list({ ...query, ...scope, ...(variant === 'vora_p' ? { ownerId: undefined } : {}) });
    const scores = new Map((await repository.sectionsOf(page.rows.map((row) => row.id))).map((row) => [row.search_id, row]));
    const progress = await this.progressOf(page.rows);
    return { rows: page.rows.map((row) => this.present(row, variant, scores.get(row.id), progress.get(row.id) ?? 0)), total: page.total };
  }

  private async progressOf(rows: SearchRow[]): Promise<Map<string, number>> {
    const ids = rows.map((row) => row.job_id).filter((id): id is string => id !== null);
    const jobs = ids.length ? await this.db.selectFrom('jobs').select(['id', 'progress']).where('id', 'in', ids).execute() : [];
    const byJob = new Map(jobs.map((job) => [job.id, job.progress]));
    return new Map(rows.map((row) => [row.id, row.status === 'in_progress' ? (byJob.get(row.job_id ?? '') ?? 0) : 100]));
  }

  private present(row: SearchRow, variant: Variant, score: SectionRow | undefined, progress: number): VoraSearch | VoraPSearch {
    const scoreValue = score?.status === 'success' ? (parseJson<{ Score?: number }>(score.evidence_json, {}).Score ?? null) : null;
    const common = { id: row.id, Status: row.status as VoraSearch['Status'], Progress: progress, JobId: row.job_id, RiskScore: scoreValue, CreatedAt: iso(row.created_at), Location: row.location };
    if (variant === 'vora_p') return { ...common, CompanyName: row.account_name, Website: row.site_link, SentDate: iso(row.created_at) };
    const owner = [row.owner_first_name, row.owner_last_name].filter(Boolean).join(' ') || 'Deleted User';
    return { ...common, AccountName: row.account_name, SiteLink: row.site_link, CompletionTime: isoOrNull(row.completed_at), Owner: { id: row.user_id, Name: owner } };
  }

  async get(actor: Principal, variant: Variant, id: string): Promise<VoraSearchDetail | VoraPSearchDetail> {
    const { row } = await this.findOrThrow(actor, variant, id);
    const repository = new SearchesRepository(this.db);
    const sections = await repository.sections(id);
    const ordered = SECTION_KEYS.map((key) => sections.find((section) => section.section_key === key)).filter((section): section is SectionRow => section !== undefined);
    const progress = (await this.progressOf([row])).get(row.id) ?? 0;
    const summary = this.present(row, variant, sections.find((section) => section.section_key === 'riskScore'), progress);
    return {
      ...summary,
      Sections: ordered.map(toSection),
      Models: parseJson<SearchModel[]>(row.models_json, []),
      Followups: (await repository.followups(id, actor.userId)).map(toFollowup),
      CanChat: variant === 'vora_p' || row.user_id === actor.userId,
    } as VoraSearchDetail | VoraPSearchDetail;
  }

  async create(actor: Principal, variant: Variant, input: SearchInput): Promise<VoraSearchDetail | VoraPSearchDetail> {
    const scope = await this.scope(actor, variant);
    const siteLink = normalizeSiteLink(input.siteLink);
    if (siteLink && !siteHost(siteLink)) throw badRequest('Some fields are not valid.', { [variant === 'vora' ? 'SiteLink' : 'Website']: 'The site link must name a public host (a domain name, not an address).' });
    const uploads = await readUploads(input.documents ?? []);
    const at = Date.now();
    const id = newId();
    const repository = new SearchesRepository(this.db);
    await repository.insert(
      { id, organization_id: scope.organizationId, user_id: actor.userId, variant, account_name: input.name.trim(), site_link: siteLink, location: input.location.trim(), status: 'in_progress', job_id: null, models_json: '[]', created_at: at, updated_at: at, completed_at: null },
      uploads.map((upload, ordinal) => ({ id: newId(), search_id: id, ordinal, name: upload.name, mime_type: upload.mimeType, bytes: upload.bytes, text: upload.text, created_at: at })),
    );
    const job = await this.app.services.jobs.enqueue(RESEARCH_JOB, { searchId: id }, { customerId: actor.customerId, organizationId: scope.organizationId });
    await repository.setJob(id, job.id);
    return this.get(actor, variant, id);
  }

  async refresh(actor: Principal, id: string): Promise<VoraSearchDetail> {
    const { scope, row } = await this.findOrThrow(actor, 'vora', id);
    const job = await this.app.services.jobs.enqueue(RESEARCH_JOB, { searchId: row.id }, { customerId: actor.customerId, organizationId: scope.organizationId });
    await new SearchesRepository(this.db).restart(row.id, job.id, Date.now());
    return (await this.get(actor, 'vora', id)) as VoraSearchDetail;
  }

  async delete(actor: Principal, variant: Variant, id: string): Promise<{ id: string }> {
    const scope = await this.scope(actor, variant);
    if (!(await new SearchesRepository(this.db).delete(scope, id))) throw notFound(WHAT);
    return { id };
  }

  /** Vora discovery: candidate companies from the model for a name and a location, each with its site and why. */
  async discover(actor: Principal, input: { AccountName: string; Location: string }): Promise<DiscoveryResult> {
    await this.scope(actor, 'vora');
    const chosen = await chooseResearchModel(this.app, actor);
    if (!chosen) throw badRequest(NO_MODEL_MESSAGE);
    const result = await askResearchModel(this.app, actor, chosen, {
      system: 'You identify companies. Answer only with a JSON array of at most 5 objects {"name": string, "site": string, "location": string, "why": string}; an empty array when you do not know the company. Never invent a web site.',
      question: `Company name: ${input.AccountName}\nLocation: ${input.Location}`,
      documents: [],
    });
    const companies = result.status === 'success' && !result.blocked ? parseCandidates(result.answer) : [];
    return { Companies: companies, Message: companies.length ? null : VORA_EMPTY_MESSAGE, PromptId: result.promptId, Model: describeModel(chosen.model) };
  }

  async followup(actor: Principal, variant: Variant, id: string, question: string, emit: (event: FollowupStreamEvent) => void, signal: AbortSignal): Promise<Followup> {
    const { row } = await this.findOrThrow(actor, variant, id);
    if (variant === 'vora' && row.user_id !== actor.userId) throw forbidden(OWNER_ONLY_CHAT);
    const chosen = await chooseResearchModel(this.app, actor);
    if (!chosen) throw badRequest(NO_MODEL_MESSAGE);
    const repository = new SearchesRepository(this.db);
    const sections = await repository.sections(id);
    const context = researchContext(row.account_name || row.site_link, sections.map((section) => ({ key: section.section_key as SectionKey, status: section.status, evidence: parseJson<unknown>(section.evidence_json, null) })));
    const history = (await repository.followups(id, actor.userId))
      .filter((item) => item.answer)
      .slice(-HISTORY_EXCHANGES)
      .flatMap((item) => [{ role: 'user' as const, content: item.question }, { role: 'assistant' as const, content: item.answer! }]);
    const followupId = newId();
    await repository.insertFollowup({ id: followupId, search_id: id, user_id: actor.userId, prompt_id: null, question, answer: null, error: null, created_at: Date.now() });
    const result = await askResearchModel(this.app, actor, chosen, {
      system: FOLLOWUP_SYSTEM,
      question,
      history,
      documents: [{ name: 'Research evidence', text: context.text }],
      onDelta: (text) => emit({ type: 'delta', text }),
      signal,
    });
    const answer = result.blocked || result.status === 'failed' ? null : result.answer;
    const error = result.blocked ? result.blocked.message : result.status === 'failed' ? (result.error ?? 'The language model failed.') : null;
    await repository.finishFollowup(followupId, { answer, error, prompt_id: result.promptId });
    const models = parseJson<SearchModel[]>(row.models_json, []);
    if (!models.some((model) => model.Name === chosen.model.Name)) await repository.setModels(id, JSON.stringify([...models, describeModel(chosen.model)]));
    return toFollowup((await repository.findFollowup(followupId))!);
  }

  /** The search with its sections, for the PDF report. */
  async reportData(actor: Principal, variant: Variant, id: string): Promise<VoraSearchDetail | VoraPSearchDetail> {
    return this.get(actor, variant, id);
  }
}

/** The model's candidates, kept only when each parses and names a public host; anything else is dropped. */
export function parseCandidates(answer: string): DiscoveredCompany[] {
  const start = answer.indexOf('[');
  const end = answer.lastIndexOf(']');
  if (start === -1 || end <= start) return [];
  let raw: unknown;
  try {
    raw = JSON.parse(answer.slice(start, end + 1));
  } catch {
    return [];
  }
  if (!Array.isArray(raw)) return [];
  return raw.slice(0, 5).flatMap((item) => {
    if (!item || typeof item !== 'object') return [];
    const entry = item as Record<string, unknown>;
    const site = typeof entry.site === 'string' ? normalizeSiteLink(entry.site) : '';
    if (!site || !siteHost(site)) return [];
    const parsed = DiscoveredCompanySchema.safeParse({ AccountName: String(entry.name ?? '').slice(0, 200), SiteLink: site, Location: String(entry.location ?? '').slice(0, 200), Why: String(entry.why ?? '').slice(0, 500) });
    return parsed.success && parsed.data.AccountName ? [parsed.data] : [];
  });
}
