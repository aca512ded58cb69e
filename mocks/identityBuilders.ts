// Fixture builders of access tokens, System Settings, help pages, identity providers and groups. Every output
// is parsed with its domain schema, so a fixture cannot drift from the contract.
import {
  AccessTokenCreatedSchema,
  AccessTokenSchema,
  DEFAULT_FEATURES,
  DEFAULT_HOME_ROUTE,
  DEFAULT_IDP_SCOPES,
  DEFAULT_THEME_COLOR,
  DEFAULT_TITLE,
  GroupSchema,
  HelpPageSchema,
  IdentityProviderSchema,
  IdentityType,
  idpCallbackPath,
  Role,
  SystemSettingsSchema,
  TOKEN_PREFIX,
} from '../domain';
import type { AccessToken, Group, HelpPage, IdentityProvider, SystemSettings } from '../domain';
import { MOCK_CUSTOMER, MOCK_ORGANIZATION } from './builders';

export const MOCK_ORIGIN = 'http://localhost:3000';
const CREATED_AT = '2026-03-02T09:30:00.000Z';

export function buildAccessToken(overrides: Partial<AccessToken> = {}): AccessToken {
  return AccessTokenSchema.parse({
    id: 'tok_reporting',
    Name: 'Reporting script',
    MaskedSecret: `${TOKEN_PREFIX}a1b2c3…`,
    ExpiryDays: 30,
    ExpiresAt: '2026-04-01T09:30:00.000Z',
    LastUsedAt: null,
    RevokedAt: null,
    Status: 'active',
    CreatedAt: CREATED_AT,
    Scopes: ['gateway'],
    RequestsPerMinute: null,
    TokensPerMinute: null,
    ...overrides,
  });
}

export function buildCreatedAccessToken(overrides: Partial<AccessToken> & { Secret?: string } = {}) {
  const Secret = overrides.Secret ?? `${TOKEN_PREFIX}a1b2c3d4e5f60718293a4b5c6d7e8f90`;
  return AccessTokenCreatedSchema.parse({ ...buildAccessToken({ MaskedSecret: `${Secret.slice(0, TOKEN_PREFIX.length + 6)}…`, ...overrides }), Secret });
}

export function buildSystemSettings(overrides: Partial<SystemSettings> = {}): SystemSettings {
  return SystemSettingsSchema.parse({
    id: MOCK_ORGANIZATION.id,
    Title: DEFAULT_TITLE,
    Icon: null,
    Logo: null,
    Favicon: null,
    ThemeColor: DEFAULT_THEME_COLOR,
    DefaultHomePageRoute: DEFAULT_HOME_ROUTE,
    DeploymentType: 'cloud',
    Features: { ...DEFAULT_FEATURES },
    RequestsPerMinute: null,
    TokensPerMinute: null,
    DefaultRequestsPerMinute: 120,
    GatewayImagesAllowed: false,
    GatewayAllowedTools: null,
    ...overrides,
  });
}

export function buildHelpPage(overrides: Partial<HelpPage> = {}): HelpPage {
  const Slug = overrides.Slug ?? overrides.id ?? 'getting-started';
  return HelpPageSchema.parse({
    id: Slug,
    Slug,
    Title: 'Getting started',
    Category: 'Overview',
    Body: '# Getting started\n\nThe console sits between your people and the language models they use.\n',
    BuiltIn: true,
    UpdatedAt: null,
    ...overrides,
  });
}

export function buildIdpRecord(overrides: Partial<IdentityProvider> = {}): IdentityProvider {
  const id = overrides.id ?? 'idp_corporate';
  return IdentityProviderSchema.parse({
    id,
    Name: 'Corporate SSO',
    Preset: 'oidc',
    Issuer: 'https://login.example.com',
    ClientId: 'console-client',
    ClientSecretSet: true,
    Scopes: DEFAULT_IDP_SCOPES,
    RoleClaim: null,
    RoleMapping: [],
    GroupClaim: null,
    DefaultRole: Role.USER,
    AllowedDomains: null,
    OrganizationId: MOCK_ORGANIZATION.id,
    CustomerId: MOCK_CUSTOMER.id,
    Enabled: true,
    CallbackUrl: `${MOCK_ORIGIN}${idpCallbackPath(id)}`,
    CreatedAt: CREATED_AT,
    UpdatedAt: CREATED_AT,
    ...overrides,
  });
}

export function buildGroupRecord(overrides: Partial<Group> = {}): Group {
  return GroupSchema.parse({
    id: 'grp_research',
    Name: 'Research',
    Description: 'People who run company research',
    IdentityType: IdentityType.LOCAL,
    MemberIds: [],
    MemberCount: 3,
    CreatedAt: CREATED_AT,
    UpdatedAt: CREATED_AT,
    ...overrides,
  });
}
