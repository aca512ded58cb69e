// MSW handlers for protected works (/api/v1/protected-works), the copyright settings and the copyright figures,
// answering like the server: bodies validated with the domain schemas, fixtures parsed with them.
import { http, HttpResponse } from 'msw';
import { CopyrightJobStatus } from '../domain/enums';
import type { CopyrightSettings, CopyrightStats, ProtectedWork } from '../domain/schemas/copyright';
import {
  COPYRIGHT_INLINE_INDEX_CHARS,
  CopyrightServiceTestSchema,
  CopyrightSettingsInputSchema,
  CopyrightSettingsSchema,
  CopyrightStatsSchema,
  DEFAULT_COPYRIGHT_SETTINGS,
  ProtectedWorkInputSchema,
  ProtectedWorkSchema,
} from '../domain/schemas/copyright';
import { buildApiError } from './builders';
import { badRequestFromIssues, listResponse } from './restCollection';

const NOW = '2026-11-20T10:00:00.000Z';

export function buildProtectedWork(overrides: Partial<ProtectedWork> = {}): ProtectedWork {
  return ProtectedWorkSchema.parse({
    id: 'work_1',
    Name: 'Employee handbook',
    Description: null,
    MimeType: 'application/pdf',
    Size: 48_213,
    Characters: 31_877,
    Status: CopyrightJobStatus.Complete,
    Error: null,
    Fingerprints: 2_410,
    MatchCount: 0,
    CreatedAt: NOW,
    UpdatedAt: NOW,
    ...overrides,
  });
}

interface CopyrightMockState {
  works: ProtectedWork[];
  settings: CopyrightSettings;
  nextId: number;
}

const initialState = (): CopyrightMockState => ({
  works: [
    buildProtectedWork({ id: 'work_1', Name: 'Employee handbook', MatchCount: 3 }),
    buildProtectedWork({ id: 'work_2', Name: 'Product source code', MimeType: 'text/plain', Size: 2_400_000, Characters: 2_400_000, Status: CopyrightJobStatus.Inprogress, Fingerprints: 0 }),
  ],
  settings: CopyrightSettingsSchema.parse({ id: 'org_1', ...DEFAULT_COPYRIGHT_SETTINGS, UpdatedAt: null }),
  nextId: 3,
});
let state = initialState();

export function resetCopyrightMocks(): void {
  state = initialState();
}
export function copyrightMockState(): CopyrightMockState {
  return state;
}

const notFound = () => HttpResponse.json(buildApiError('The protected work was not found.'), { status: 404 });

export const copyrightHandlers = [
  http.get('/api/v1/protected-works', ({ request }) => listResponse('protected-works', state.works, new URL(request.url), { searchFields: ['Name', 'Description'], defaultSort: 'Name' })),
  http.get('/api/v1/protected-works/:id', ({ params }) => {
    const work = state.works.find((item) => item.id === params.id);
    return work ? HttpResponse.json(work) : notFound();
  }),
  http.post('/api/v1/protected-works', async ({ request }) => {
    const parsed = ProtectedWorkInputSchema.safeParse(await request.json());
    if (!parsed.success) return badRequestFromIssues(parsed.error.issues);
    const input = parsed.data;
    if (state.works.some((item) => item.Name.toLowerCase() === input.Name.toLowerCase())) {
      return HttpResponse.json(buildApiError('A protected work with this name already exists.', { Name: 'A protected work with this name already exists' }), { status: 409 });
    }
    const characters = input.Text?.length ?? Math.floor(((input.ContentBase64?.length ?? 0) * 3) / 4);
    const inline = characters <= COPYRIGHT_INLINE_INDEX_CHARS;
    const work = buildProtectedWork({
      id: `work_${state.nextId++}`,
      Name: input.Name,
      Description: input.Description ?? null,
      MimeType: input.ContentBase64 ? (input.MimeType ?? 'text/plain') : 'text/plain',
      Size: characters,
      Characters: characters,
      Status: inline ? CopyrightJobStatus.Complete : CopyrightJobStatus.Queued,
      Fingerprints: inline ? Math.max(1, Math.floor(characters / 20)) : 0,
      MatchCount: 0,
    });
    state.works.push(work);
    return HttpResponse.json({ ...work, JobId: inline ? null : `job_${work.id}` });
  }),
  http.delete('/api/v1/protected-works/:id', ({ params }) => {
    const work = state.works.find((item) => item.id === params.id);
    if (!work) return notFound();
    state.works = state.works.filter((item) => item !== work);
    return HttpResponse.json({ ...work, Status: CopyrightJobStatus.Deleted });
  }),
  http.get('/api/v1/copyright-settings', () => HttpResponse.json(state.settings)),
  http.put('/api/v1/copyright-settings', async ({ request }) => {
    const parsed = CopyrightSettingsInputSchema.safeParse(await request.json());
    if (!parsed.success) return badRequestFromIssues(parsed.error.issues);
    const { ServiceApiKey, ClearServiceApiKey, ...settings } = parsed.data;
    // Like the server: a key is kept only for the URL it was entered for, and never returned.
    const keptKey = state.settings.ServiceApiKeySet && state.settings.ServiceUrl === settings.ServiceUrl && !ClearServiceApiKey;
    state.settings = CopyrightSettingsSchema.parse({ ...state.settings, ...settings, ServiceApiKeySet: settings.ServiceUrl !== null && (ServiceApiKey !== null || keptKey), UpdatedAt: NOW });
    return HttpResponse.json(state.settings);
  }),
  http.post('/api/v1/copyright-settings/test', () => {
    if (!state.settings.ServiceUrl) return HttpResponse.json(buildApiError('Some fields are not valid.', { ServiceUrl: 'Save a service URL first' }), { status: 400 });
    return HttpResponse.json(CopyrightServiceTestSchema.parse({ Ok: true, Message: 'The copyright service answered with 0 matches.', Matches: 0, LatencyMs: 84 }));
  }),
  http.get('/api/v1/copyright/stats', () => {
    const stats: CopyrightStats = CopyrightStatsSchema.parse({
      From: '2026-11-13T10:00:00.000Z',
      To: NOW,
      Matches: state.works.reduce((sum, work) => sum + work.MatchCount, 0),
      Prompts: 2,
      Withheld: 1,
      BySource: state.works.filter((work) => work.MatchCount > 0).map((work) => ({ Kind: 'work', WorkId: work.id, LicenceId: null, Name: work.Name, Matches: work.MatchCount })),
    });
    return HttpResponse.json(stats);
  }),
];
