// MSW handlers for every call of the shell. The default scenario is a signed-out visitor with one account
// per role (password MOCK_PASSWORD); tests sign in with mockSignIn() or override a handler with server.use().
import { http, HttpResponse } from 'msw';
import {
  ALL_ROLES,
  ConfiguredIdpsQuerySchema,
  ConfiguredIdpsSchema,
  CurrentUserSchema,
  ForgotPasswordRequestSchema,
  LoginRequestSchema,
  ResetPasswordRequestSchema,
} from '../domain';
import type { AppMeta, CurrentUser, IdentityProviderSummary } from '../domain';
import { aiConfigHandlers, resetAiConfigMocks } from './aiConfigHandlers';
import { documentBatchHandlers, resetDocumentBatchMocks } from './documentBatchHandlers';
import { buildApiError, buildCurrentUser, buildMeta } from './builders';
import { identityHandlers, resetIdentityMockState } from './identityHandlers';
import { policyHandlers, resetPolicyMocks } from './policyHandlers';
import { appHandlers, resetAppMocks } from './appHandlers';
import { chatHandlers, resetChatMocks } from './chatHandlers';
import { researchHandlers, resetResearchMocks } from './researchHandlers';
import { metricsHandlers, resetMetricsMocks } from './metricsHandlers';
import { redTeamHandlers, resetRedTeamMocks } from './redTeamHandlers';
import { resetTenancyMocks, tenancyHandlers } from './tenancyHandlers';
import { copyrightHandlers, resetCopyrightMocks } from './copyrightHandlers';

/** The demo password of the real server's seeded users (DEMO_PASSWORD's default), for every mock account. */
export const MOCK_PASSWORD = 'demo-password';
export const MOCK_RESET_TOKEN = 'mock-reset-token-0123456789';
export const WRONG_CREDENTIALS_MESSAGE = 'The email or password is incorrect.';
export const UNAUTHORIZED_MESSAGE = 'Sign in to continue.';
export const FORGOT_PASSWORD_ANSWER = 'If an account uses that address, a link to reset its password is on its way.';
export const PASSWORD_SET_MESSAGE = 'Your password is set. Sign in with it now.';
export const INVALID_RESET_LINK_MESSAGE = 'This link is invalid or has expired. Ask for a new one.';

interface MockState {
  meta: AppMeta;
  sessionUser: CurrentUser | null;
  /** The providers the server offers, by email domain. */
  identityProviders: Record<string, IdentityProviderSummary[]>;
}

const initialState = (): MockState => ({ meta: buildMeta(), sessionUser: null, identityProviders: {} });
let state = initialState();

export const MOCK_ACCOUNTS: readonly CurrentUser[] = ALL_ROLES.map((role) => buildCurrentUser(role));

export function resetMockState(): void {
  state = initialState();
  resetIdentityMockState();
  resetTenancyMocks();
  resetPolicyMocks();
  resetAppMocks();
  resetAiConfigMocks();
  resetDocumentBatchMocks();
  resetChatMocks();
  resetResearchMocks();
  resetMetricsMocks();
  resetCopyrightMocks();
  resetRedTeamMocks();
}
export function mockSignIn(user: CurrentUser): void {
  setSessionUser(user);
}

/** Browser mock mode keeps the signed-in account here, so that it survives a reload as a session cookie would. */
const SESSION_KEY = 'mock-api-session-user';
let sessionStore: Storage | null = null;

function setSessionUser(user: CurrentUser | null): void {
  state.sessionUser = user;
  if (!sessionStore) return;
  if (user) sessionStore.setItem(SESSION_KEY, JSON.stringify(user));
  else sessionStore.removeItem(SESSION_KEY);
}

/** Browser mock mode (mocks/browser.ts): the session lives in `storage` (the tab's sessionStorage), across reloads. */
export function keepMockSessionIn(storage: Storage): void {
  sessionStore = storage;
  const saved = storage.getItem(SESSION_KEY);
  const parsed = saved ? CurrentUserSchema.safeParse(JSON.parse(saved)) : undefined;
  if (parsed?.success) state.sessionUser = parsed.data;
}

/** What the server's /auth/google/logout does to the session: it ends. */
export function endMockSession(): void {
  setSessionUser(null);
}
export function mockMeta(meta: AppMeta): void {
  state.meta = meta;
}
export function mockIdentityProviders(domain: string, providers: IdentityProviderSummary[]): void {
  state.identityProviders[domain] = ConfiguredIdpsSchema.parse(providers);
}

/** Field messages the way the server reports a failed zod parse. */
function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  return Object.fromEntries(issues.map((issue) => [issue.path.map(String).join('.'), issue.message]));
}

const badRequest = (issues: readonly { path: readonly PropertyKey[]; message: string }[]) =>
  HttpResponse.json(buildApiError('Some fields need attention.', fieldErrors(issues)), { status: 400 });

export const handlers = [
  http.get('/api/v1/meta', () => HttpResponse.json(state.meta)),

  http.get('/api/v1/me', () =>
    state.sessionUser
      ? HttpResponse.json(state.sessionUser)
      : HttpResponse.json(buildApiError(UNAUTHORIZED_MESSAGE), { status: 401 }),
  ),

  http.post('/api/v1/auth/login', async ({ request }) => {
    const parsed = LoginRequestSchema.safeParse(await request.json());
    if (!parsed.success) return badRequest(parsed.error.issues);
    const account = MOCK_ACCOUNTS.find((user) => user.Email === parsed.data.Email);
    if (!account || parsed.data.Password !== MOCK_PASSWORD) {
      return HttpResponse.json(buildApiError(WRONG_CREDENTIALS_MESSAGE), { status: 401 });
    }
    setSessionUser(account);
    return HttpResponse.json(account);
  }),

  http.get('/api/v1/idps/configured', ({ request }) => {
    const parsed = ConfiguredIdpsQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
    if (!parsed.success) return badRequest(parsed.error.issues);
    return HttpResponse.json(state.identityProviders[parsed.data.domain] ?? []);
  }),

  http.post('/api/v1/auth/forgot-password', async ({ request }) => {
    const parsed = ForgotPasswordRequestSchema.safeParse(await request.json());
    if (!parsed.success) return badRequest(parsed.error.issues);
    return HttpResponse.json({ message: FORGOT_PASSWORD_ANSWER });
  }),

  http.post('/api/v1/auth/reset-password', async ({ request }) => {
    const body: unknown = await request.json();
    const parsed = ResetPasswordRequestSchema.safeParse(body);
    const tokenIsValid = typeof body === 'object' && body !== null && 'Token' in body && body.Token === MOCK_RESET_TOKEN;
    if (!tokenIsValid) return HttpResponse.json(buildApiError(INVALID_RESET_LINK_MESSAGE), { status: 400 });
    if (!parsed.success) return badRequest(parsed.error.issues);
    return HttpResponse.json({ message: PASSWORD_SET_MESSAGE });
  }),
  // Access tokens, System Settings, help pages, identity providers (after /api/v1/idps/configured above).
  ...identityHandlers,
  // Language models, corporate data sources, verifiers (before tenancy: their jobs fall through to it).
  ...documentBatchHandlers,
  ...aiConfigHandlers,
  // Protected works, copyright settings and figures.
  ...copyrightHandlers,
  // Policies and the "test this policy" call.
  ...policyHandlers,
  // Copilots: list, the 7 set-up steps, the API token.
  ...appHandlers,
  // Observability: GraphQL metrics, risk settings, critical events (its prompt records before chat's).
  ...metricsHandlers,
  ...redTeamHandlers,
  // Chat: conversations, the answer stream, documents, cited sources, pickers and the lifecycle record.
  ...chatHandlers,
  ...researchHandlers,
  // Customers, organizations (+ sync job), users, groups and the audit log.
  ...tenancyHandlers,
];
