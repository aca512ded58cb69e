// MSW handlers of the research dashboards (§7.3–§7.4) over in-memory searches reset before every test: lists with
// Content-Range, one search, start (validated by the domain schemas), delete, refresh, discovery, the follow-up
// stream and the report. Tests change `researchMockState()` to script a scenario.
import { http, HttpResponse } from 'msw';
import type { DiscoveredCompany, Followup, Guideline, VoraPSearchDetail, VoraSearchDetail } from '../domain/schemas/research-search';
import { DiscoverCompanyInputSchema, FollowupInputSchema, GuidelineInputSchema, VORA_EMPTY_MESSAGE, VoraPSearchInputSchema, VoraSearchInputSchema } from '../domain/schemas/research-search';
import { badRequestFromIssues, listResponse, notFound } from './restCollection';
import { buildVoraPSearch, buildVoraSearch, sectionsWithUploads } from './researchBuilders';

interface ResearchMockState {
  vora: VoraSearchDetail[];
  voraP: VoraPSearchDetail[];
  discovered: DiscoveredCompany[];
  /** The follow-up answer, streamed in these pieces. */
  answer: string[];
  /** Every follow-up question received, in order. */
  questions: string[];
  guidelines: Guideline[];
}

const initial = (): ResearchMockState => ({ vora: [buildVoraSearch()], voraP: [buildVoraPSearch()], discovered: [], answer: ['The scan ', 'found DMARC at quarantine.'], questions: [], guidelines: sampleGuidelines() });
let state = initial();
export const researchMockState = (): ResearchMockState => state;
export function resetResearchMocks(): void {
  state = initial();
}

const summary = <T extends { Sections: unknown; Models: unknown; Followups: unknown; CanChat: unknown }>(row: T) => {
  const { Sections: _sections, Models: _models, Followups: _followups, CanChat: _canChat, ...rest } = row;
  return rest;
};

function followupStream(question: string, history: Followup[]): Response {
  state.questions.push(question);
  const followup: Followup = { id: `f${history.length + 1}`, Question: question, Answer: state.answer.join(''), Error: null, PromptId: 'p9', CreatedAt: new Date().toISOString() };
  history.push(followup);
  const events = [...state.answer.map((text) => ({ type: 'delta', text })), { type: 'done', followup }];
  return new HttpResponse(events.map((event) => `data: ${JSON.stringify(event)}\n\n`).join(''), { headers: { 'content-type': 'text/event-stream' } });
}

function sampleGuidelines(): Guideline[] {
  const at = '2026-11-25T10:00:00.000Z';
  return [
    { id: 'g1', Name: 'DMARC must be quarantine or reject', Rule: { Kind: 'finding_not_fail', Check: 'email.dmarc' }, Enabled: true, UpdatedAt: at },
    { id: 'g2', Name: 'Revenue at most $1,000,000,000', Rule: { Kind: 'revenue_max', Value: 1_000_000_000 }, Enabled: true, UpdatedAt: at },
  ];
}

const PDF = new TextEncoder().encode('%PDF-1.4\n% mock report\n');

export const researchHandlers = [
  http.get('/api/v1/research/guidelines', () => HttpResponse.json(state.guidelines, { headers: { 'Content-Range': `research/guidelines 0-${Math.max(0, state.guidelines.length - 1)}/${state.guidelines.length}` } })),
  http.post('/api/v1/research/guidelines', async ({ request }) => {
    const parsed = GuidelineInputSchema.safeParse(await request.json());
    if (!parsed.success) return badRequestFromIssues(parsed.error.issues);
    const created: Guideline = { id: `g${state.guidelines.length + 1}`, ...parsed.data, UpdatedAt: new Date().toISOString() };
    state.guidelines.push(created);
    return HttpResponse.json(created);
  }),
  http.put('/api/v1/research/guidelines/:id', async ({ params, request }) => {
    const index = state.guidelines.findIndex((item) => item.id === params.id);
    if (index < 0) return notFound('The guideline');
    const parsed = GuidelineInputSchema.safeParse(await request.json());
    if (!parsed.success) return badRequestFromIssues(parsed.error.issues);
    state.guidelines[index] = { id: String(params.id), ...parsed.data, UpdatedAt: new Date().toISOString() };
    return HttpResponse.json(state.guidelines[index]);
  }),
  http.delete('/api/v1/research/guidelines/:id', ({ params }) => {
    const found = state.guidelines.find((item) => item.id === params.id);
    if (!found) return notFound('The guideline');
    state.guidelines = state.guidelines.filter((item) => item !== found);
    return HttpResponse.json(found);
  }),
  http.get('/api/v1/dashboard/vorasearch', ({ request }) => listResponse('dashboard/vorasearch', state.vora.map(summary), new URL(request.url), { searchFields: ['AccountName', 'SiteLink', 'Location'], defaultSort: 'CreatedAt' })),
  http.post('/api/v1/dashboard/vorasearch/discover-company', async ({ request }) => {
    const parsed = DiscoverCompanyInputSchema.safeParse(await request.json());
    if (!parsed.success) return badRequestFromIssues(parsed.error.issues);
    return HttpResponse.json({ Companies: state.discovered, Message: state.discovered.length ? null : VORA_EMPTY_MESSAGE, PromptId: 'p0', Model: { Provider: 'demo', Model: 'demo', Name: 'Offline demo model' } });
  }),
  http.post('/api/v1/dashboard/vorasearch', async ({ request }) => {
    const parsed = VoraSearchInputSchema.safeParse(await request.json());
    if (!parsed.success) return badRequestFromIssues(parsed.error.issues);
    const created = buildVoraSearch({ id: `s${state.vora.length + 1}`, AccountName: parsed.data.AccountName, SiteLink: parsed.data.SiteLink, Location: parsed.data.Location, Sections: sectionsWithUploads(parsed.data.Documents) });
    state.vora.unshift(created);
    return HttpResponse.json(created);
  }),
  http.get('/api/v1/dashboard/vorasearch/cysmo/:id/download', ({ params }) => (state.vora.some((row) => row.id === params.id) ? new HttpResponse(PDF, { headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="cysmo-Good-Corp.pdf"' } }) : notFound('The search'))),
  http.get('/api/v1/dashboard/vorasearch/:id', ({ params }) => {
    const row = state.vora.find((item) => item.id === params.id);
    return row ? HttpResponse.json(row) : notFound('The search');
  }),
  http.post('/api/v1/dashboard/vorasearch/:id/refresh', ({ params }) => {
    const row = state.vora.find((item) => item.id === params.id);
    return row ? HttpResponse.json(row) : notFound('The search');
  }),
  http.delete('/api/v1/dashboard/vorasearch/:id', ({ params }) => {
    const before = state.vora.length;
    state.vora = state.vora.filter((item) => item.id !== params.id);
    return state.vora.length < before ? HttpResponse.json({ id: params.id }) : notFound('The search');
  }),
  http.post('/api/v1/dashboard/vorasearch/:id/followup', async ({ params, request }) => {
    const row = state.vora.find((item) => item.id === params.id);
    if (!row) return notFound('The search');
    if (!row.CanChat) return HttpResponse.json({ message: 'Only the owner of this search can ask follow-up questions.' }, { status: 403 });
    const parsed = FollowupInputSchema.safeParse(await request.json());
    if (!parsed.success) return badRequestFromIssues(parsed.error.issues);
    return followupStream(parsed.data.Question, row.Followups);
  }),

  http.get('/api/v1/vora-p', ({ request }) => listResponse('vora-p', state.voraP.map(summary), new URL(request.url), { searchFields: ['CompanyName', 'Website', 'Location'], defaultSort: 'CreatedAt' })),
  http.post('/api/v1/vora-p', async ({ request }) => {
    const parsed = VoraPSearchInputSchema.safeParse(await request.json());
    if (!parsed.success) return badRequestFromIssues(parsed.error.issues);
    const created = buildVoraPSearch({ id: `p${state.voraP.length + 1}`, CompanyName: parsed.data.CompanyName, Website: parsed.data.Website, Location: parsed.data.Location, Sections: sectionsWithUploads(parsed.data.Documents) });
    state.voraP.unshift(created);
    return HttpResponse.json(created);
  }),
  http.get('/api/v1/vora-p/cysmo/:id/download', ({ params }) => (state.voraP.some((row) => row.id === params.id) ? new HttpResponse(PDF, { headers: { 'content-type': 'application/pdf' } }) : notFound('The search'))),
  http.get('/api/v1/vora-p/:id', ({ params }) => {
    const row = state.voraP.find((item) => item.id === params.id);
    return row ? HttpResponse.json(row) : notFound('The search');
  }),
  http.delete('/api/v1/vora-p/:id', ({ params }) => {
    const before = state.voraP.length;
    state.voraP = state.voraP.filter((item) => item.id !== params.id);
    return state.voraP.length < before ? HttpResponse.json({ id: params.id }) : notFound('The search');
  }),
  http.post('/api/v1/vora-p/:id/followup', async ({ params, request }) => {
    const row = state.voraP.find((item) => item.id === params.id);
    if (!row) return notFound('The search');
    const parsed = FollowupInputSchema.safeParse(await request.json());
    if (!parsed.success) return badRequestFromIssues(parsed.error.issues);
    return followupStream(parsed.data.Question, row.Followups);
  }),
];
