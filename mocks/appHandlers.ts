// MSW handlers of the copilot screens: /api/v1/apps over an in-memory list reset before every test, each set-up
// step checked with its own domain schema (400 with field messages; 409 when an earlier step is missing), tokens.
import { http, HttpResponse } from 'msw';
import { APP_STEP_SCHEMAS, AppCreateSchema, AppUpdateSchema, COPILOT_STEP_COUNT } from '../domain';
import type { App, CopilotSetupStepValue } from '../domain';
import { buildActiveApp, buildApp, buildAppToken } from './appBuilders';
import { buildApiError } from './builders';
import { badRequestFromIssues, listResponse, notFound } from './restCollection';

const NOW = '2026-03-05T12:00:00.000Z';

interface AppMockState {
  apps: App[];
  /** The bodies of PUT /api/v1/apps/:id/steps/:step, in order. */
  stepCalls: { id: string; step: number; body: unknown }[];
  nextId: number;
}

const initialState = (): AppMockState => ({ apps: [buildApp({ CompletedStep: 2, DataSourceIds: ['cdr_handbook'], DataAccess: [{ DataSourceId: 'cdr_handbook', GroupIds: [] }] }), buildActiveApp()], stepCalls: [], nextId: 1 });
let state = initialState();

export function resetAppMocks(): void {
  state = initialState();
}
export function appMockState(): AppMockState {
  return state;
}

const find = (id: unknown) => state.apps.findIndex((app) => app.id === id);

export const appHandlers = [
  http.get('/api/v1/apps', ({ request }) => listResponse('apps', state.apps, new URL(request.url), { searchFields: ['Name', 'Description'], defaultSort: 'Name' })),
  http.get('/api/v1/apps/:id', ({ params }) => {
    const index = find(params.id);
    return index < 0 ? notFound('The copilot') : HttpResponse.json(state.apps[index]);
  }),
  http.post('/api/v1/apps', async ({ request }) => {
    const parsed = AppCreateSchema.safeParse(await request.json());
    if (!parsed.success) return badRequestFromIssues(parsed.error.issues);
    const app = buildApp({ ...parsed.data, id: `app_new_${state.nextId++}`, CreatedAt: NOW, UpdatedAt: NOW });
    state.apps.push(app);
    return HttpResponse.json(app);
  }),
  http.put('/api/v1/apps/:id', async ({ params, request }) => {
    const index = find(params.id);
    if (index < 0) return notFound('The copilot');
    const parsed = AppUpdateSchema.safeParse(await request.json());
    if (!parsed.success) return badRequestFromIssues(parsed.error.issues);
    const { RequestsPerMinute, TokensPerMinute, AllowedTools, ...fields } = parsed.data;
    const current = state.apps[index]!;
    const app = {
      ...current,
      ...fields,
      Status: parsed.data.Status ?? current.Status,
      RequestsPerMinute: RequestsPerMinute === undefined ? current.RequestsPerMinute : RequestsPerMinute,
      TokensPerMinute: TokensPerMinute === undefined ? current.TokensPerMinute : TokensPerMinute,
      // As the server: an empty list is none at the copilot's level.
      AllowedTools: AllowedTools === undefined ? current.AllowedTools : AllowedTools?.length ? [...new Set(AllowedTools)] : null,
      UpdatedAt: NOW,
    };
    state.apps[index] = app;
    return HttpResponse.json(app);
  }),
  http.delete('/api/v1/apps/:id', ({ params }) => {
    const index = find(params.id);
    if (index < 0) return notFound('The copilot');
    const [removed] = state.apps.splice(index, 1);
    return HttpResponse.json(removed);
  }),
  http.put('/api/v1/apps/:id/steps/:step', async ({ params, request }) => {
    const index = find(params.id);
    if (index < 0) return notFound('The copilot');
    const step = Number(params.step) as CopilotSetupStepValue;
    const body: unknown = await request.json();
    state.stepCalls.push({ id: String(params.id), step, body });
    const current = state.apps[index]!;
    if (step > current.CompletedStep + 1) return HttpResponse.json(buildApiError(`Complete step ${current.CompletedStep + 1} first.`), { status: 409 });
    const parsed = APP_STEP_SCHEMAS[step].safeParse(body);
    if (!parsed.success) return badRequestFromIssues(parsed.error.issues);
    const completed = Math.max(current.CompletedStep, step);
    const app: App = {
      ...current,
      ...(parsed.data as Partial<App>),
      CompletedStep: completed,
      Status: completed === COPILOT_STEP_COUNT && current.Status === 'draft' ? 'active' : current.Status,
      UpdatedAt: NOW,
    };
    state.apps[index] = app;
    return HttpResponse.json(app);
  }),
  http.post('/api/v1/apps/:id/token', ({ params }) => {
    const index = find(params.id);
    if (index < 0) return notFound('The copilot');
    const token = buildAppToken(String(params.id));
    state.apps[index] = { ...state.apps[index]!, TokenSet: true, TokenMasked: token.TokenMasked, TokenCreatedAt: token.TokenCreatedAt };
    return HttpResponse.json(token);
  }),
];
