// Fixture builders of the copilot screens; every output parses with the domain schema.
import { AppSchema, AppTokenCreatedSchema, RAG_DEFAULTS } from '../domain';
import type { App, AppTokenCreated } from '../domain';

const CREATED_AT = '2026-03-01T09:00:00.000Z';

/** A draft copilot with nothing set up yet. */
export function buildApp(overrides: Partial<App> = {}): App {
  return AppSchema.parse({
    id: 'app_helpdesk',
    Name: 'HR helpdesk',
    Description: 'Answers questions about leave and benefits.',
    Status: 'draft',
    CompletedStep: 0,
    DataSourceIds: [],
    DataAccess: [],
    Rag: { ...RAG_DEFAULTS },
    LanguageModelIds: [],
    DefaultLanguageModelId: null,
    PolicyIds: [],
    UserIds: [],
    GroupIds: [],
    PromptType: 1,
    PredefinedPrompts: [],
    TokenSet: false,
    TokenMasked: null,
    TokenCreatedAt: null,
    RequestsPerMinute: null,
    TokensPerMinute: null,
    AllowedTools: null,
    CreatedAt: CREATED_AT,
    UpdatedAt: CREATED_AT,
    ...overrides,
  });
}

/** A copilot through all 7 steps: active. */
export function buildActiveApp(overrides: Partial<App> = {}): App {
  return buildApp({
    id: 'app_research',
    Name: 'Research assistant',
    Description: null,
    Status: 'active',
    CompletedStep: 7,
    DataSourceIds: ['cdr_handbook'],
    DataAccess: [{ DataSourceId: 'cdr_handbook', GroupIds: [] }],
    LanguageModelIds: [1],
    DefaultLanguageModelId: 1,
    PolicyIds: ['pol_default'],
    GroupIds: ['grp_analysts'],
    UpdatedAt: '2026-03-04T16:20:00.000Z',
    ...overrides,
  });
}

export const MOCK_APP_SECRET = 'gca_mock_secret_0123456789abcdef';

export function buildAppToken(appId: string, overrides: Partial<AppTokenCreated> = {}): AppTokenCreated {
  return AppTokenCreatedSchema.parse({ AppId: appId, Secret: MOCK_APP_SECRET, TokenMasked: 'gca_mock_s…', TokenCreatedAt: '2026-03-05T12:00:00.000Z', ...overrides });
}
