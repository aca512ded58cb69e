// MSW handlers of access tokens, System Settings, help pages and identity providers, over an in-memory state
// that resetIdentityMockState() restores before every test. Bodies are checked with the domain schemas, and a
// failed check answers 400 with field messages, as the server does.
import { http, HttpResponse } from 'msw';
import type { z } from 'zod';
import {
  AccessTokenCreateSchema,
  HelpPageInputSchema,
  IdentityProviderCreateSchema,
  IdentityProviderInputSchema,
  SystemSettingsInputSchema,
} from '../domain';
import type { AccessToken, HelpPage, IdentityProvider, SystemSettings } from '../domain';
import { buildApiError } from './builders';
import { buildAccessToken, buildCreatedAccessToken, buildHelpPage, buildIdpRecord, buildSystemSettings } from './identityBuilders';

interface IdentityMockState {
  tokens: AccessToken[];
  settings: SystemSettings;
  helpPages: HelpPage[];
  idps: IdentityProvider[];
}

const BUILT_IN_HELP = () => [
  buildHelpPage(),
  buildHelpPage({ Slug: 'access-tokens', Title: 'Access tokens', Category: 'Account', Body: '# Access tokens\n\nCall the API with a token.' }),
];

const initialState = (): IdentityMockState => ({
  tokens: [buildAccessToken()],
  settings: buildSystemSettings(),
  helpPages: BUILT_IN_HELP(),
  idps: [buildIdpRecord()],
});
let state = initialState();

export function resetIdentityMockState(): void {
  state = initialState();
  // Ids start again too: test files share modules (no isolation), and a test may name the id its save gets.
  sequence = 0;
}
/** Replace part of the state for one test. */
export function mockIdentityState(next: Partial<IdentityMockState>): void {
  state = { ...state, ...next };
}
export function identityMockState(): Readonly<IdentityMockState> {
  return state;
}

type Row = { id: string } & Record<string, unknown>;

/** ra-data-simple-rest list answer: q filter over text fields, sort, range and Content-Range. */
function listAnswer<T extends Row>(rows: readonly T[], request: Request, resource: string) {
  const url = new URL(request.url);
  const filter = JSON.parse(url.searchParams.get('filter') ?? '{}') as { q?: string; id?: string[] };
  const [field, order] = JSON.parse(url.searchParams.get('sort') ?? '["id","ASC"]') as [string, string];
  const [start, end] = JSON.parse(url.searchParams.get('range') ?? '[0,24]') as [number, number];
  const words = (filter.q ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const matching = rows
    .filter((row) => !filter.id || filter.id.includes(row.id))
    .filter((row) => words.every((word) => JSON.stringify(Object.values(row)).toLowerCase().includes(word)))
    .sort((a, b) => (order === 'DESC' ? -1 : 1) * String(a[field] ?? '').localeCompare(String(b[field] ?? '')));
  const page = matching.slice(start, end + 1);
  const contentRange = `${resource} ${start}-${start + Math.max(page.length - 1, 0)}/${matching.length}`;
  return HttpResponse.json(page, { headers: { 'Content-Range': contentRange } });
}

const notFound = (what: string) => HttpResponse.json(buildApiError(`${what} was not found.`), { status: 404 });

function parseBody<S extends z.ZodType>(schema: S, body: unknown): { data: z.output<S> } | { response: Response } {
  const parsed = schema.safeParse(body);
  if (parsed.success) return { data: parsed.data };
  const errors = Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.map(String).join('.'), issue.message]));
  return { response: HttpResponse.json(buildApiError('Some fields need attention.', errors), { status: 400 }) };
}

let sequence = 0;
const nextId = (prefix: string) => `${prefix}_${++sequence}`;

const tokenHandlers = [
  http.get('/api/v1/tokens', ({ request }) => listAnswer(state.tokens, request, 'tokens')),
  http.post('/api/v1/tokens', async ({ request }) => {
    const body = parseBody(AccessTokenCreateSchema, await request.json());
    if ('response' in body) return body.response;
    const created = buildCreatedAccessToken({
      id: nextId('tok'),
      Name: body.data.Name,
      ExpiryDays: body.data.ExpiryDays,
      ExpiresAt: null,
      Scopes: body.data.Scopes,
      RequestsPerMinute: body.data.RequestsPerMinute ?? null,
      TokensPerMinute: body.data.TokensPerMinute ?? null,
    });
    const { Secret: _secret, ...listed } = created;
    state.tokens = [listed, ...state.tokens];
    return HttpResponse.json(created);
  }),
  http.delete('/api/v1/tokens/:id', ({ params }) => {
    const token = state.tokens.find((candidate) => candidate.id === params.id);
    if (!token) return notFound('The access token');
    const revoked: AccessToken = { ...token, Status: 'revoked', RevokedAt: new Date().toISOString() };
    state.tokens = state.tokens.map((candidate) => (candidate.id === token.id ? revoked : candidate));
    return HttpResponse.json(revoked);
  }),
];

const settingsHandlers = [
  http.get('/api/v1/settings/current', () => HttpResponse.json(state.settings)),
  http.put('/api/v1/settings/current', async ({ request }) => {
    const body = parseBody(SystemSettingsInputSchema, await request.json());
    if ('response' in body) return body.response;
    state.settings = { ...state.settings, ...definedOnly(body.data) };
    return HttpResponse.json(state.settings);
  }),
];

const helpHandlers = [
  http.get('/api/v1/help', ({ request }) => listAnswer(state.helpPages, request, 'help')),
  http.get('/api/v1/help/:id', ({ params }) => {
    const page = state.helpPages.find((candidate) => candidate.id === params.id);
    return page ? HttpResponse.json(page) : notFound('The help page');
  }),
  http.post('/api/v1/help', async ({ request }) => {
    const body = parseBody(HelpPageInputSchema, await request.json());
    if ('response' in body) return body.response;
    if (state.helpPages.some((page) => page.Slug === body.data.Slug)) {
      return HttpResponse.json(buildApiError('A help page with this slug already exists.', { Slug: 'A help page with this slug already exists' }), { status: 409 });
    }
    const page = buildHelpPage({ ...body.data, id: body.data.Slug, BuiltIn: false, UpdatedAt: new Date().toISOString() });
    state.helpPages = [...state.helpPages, page];
    return HttpResponse.json(page);
  }),
  http.put('/api/v1/help/:id', async ({ request, params }) => {
    const current = state.helpPages.find((candidate) => candidate.id === params.id);
    if (!current) return notFound('The help page');
    if (current.BuiltIn) return HttpResponse.json(buildApiError('Built-in help pages cannot be changed; add a page of your own instead.'), { status: 403 });
    const body = parseBody(HelpPageInputSchema, await request.json());
    if ('response' in body) return body.response;
    const page = { ...current, ...body.data, id: body.data.Slug };
    state.helpPages = state.helpPages.map((candidate) => (candidate.id === current.id ? page : candidate));
    return HttpResponse.json(page);
  }),
  http.delete('/api/v1/help/:id', ({ params }) => {
    const page = state.helpPages.find((candidate) => candidate.id === params.id);
    if (!page) return notFound('The help page');
    state.helpPages = state.helpPages.filter((candidate) => candidate !== page);
    return HttpResponse.json(page);
  }),
];

const idpHandlers = [
  http.get('/api/v1/idps', ({ request }) => listAnswer(state.idps, request, 'idps')),
  http.get('/api/v1/idps/:id', ({ params }) => {
    const provider = state.idps.find((candidate) => candidate.id === params.id);
    return provider ? HttpResponse.json(provider) : notFound('The identity provider');
  }),
  http.post('/api/v1/idps', async ({ request }) => {
    const body = parseBody(IdentityProviderCreateSchema, await request.json());
    if ('response' in body) return body.response;
    const { ClientSecret: _secret, OrganizationId, ...fields } = body.data;
    const provider = buildIdpRecord({
      ...fields,
      id: nextId('idp'),
      Issuer: fields.Preset === 'google' ? 'https://accounts.google.com' : (fields.Issuer ?? ''),
      ...(OrganizationId ? { OrganizationId } : {}),
      ClientSecretSet: true,
    });
    state.idps = [...state.idps, provider];
    return HttpResponse.json(provider);
  }),
  http.put('/api/v1/idps/:id', async ({ request, params }) => {
    const current = state.idps.find((candidate) => candidate.id === params.id);
    if (!current) return notFound('The identity provider');
    const body = parseBody(IdentityProviderInputSchema, await request.json());
    if ('response' in body) return body.response;
    const { ClientSecret: _secret, ...fields } = body.data;
    const provider = buildIdpRecord({ ...current, ...fields, Issuer: fields.Issuer ?? current.Issuer, OrganizationId: fields.OrganizationId ?? current.OrganizationId });
    state.idps = state.idps.map((candidate) => (candidate.id === current.id ? provider : candidate));
    return HttpResponse.json(provider);
  }),
  http.delete('/api/v1/idps/:id', ({ params }) => {
    const provider = state.idps.find((candidate) => candidate.id === params.id);
    if (!provider) return notFound('The identity provider');
    state.idps = state.idps.filter((candidate) => candidate !== provider);
    return HttpResponse.json(provider);
  }),
];

export const identityHandlers = [...tokenHandlers, ...settingsHandlers, ...helpHandlers, ...idpHandlers];

/** A field left out of an update keeps its value (as on the server). */
function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter((entry) => entry[1] !== undefined)) as Partial<T>;
}
