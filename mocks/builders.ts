// Fixture builders. Every output is parsed with the domain schema, so a fixture cannot drift from the contract.
import {
  ApiErrorSchema,
  AppMetaSchema,
  CurrentUserSchema,
  DEFAULT_META,
  IdentityProviderSummarySchema,
  Role,
  ROLE_NAMES,
} from '../domain';
import type { ApiError, AppMeta, CurrentUser, Features, IdentityProviderSummary } from '../domain';

const USER_NAMES: Record<Role, { FirstName: string; LastName: string }> = {
  [Role.PRODUCT_ADMIN]: { FirstName: 'Paula', LastName: 'Product' },
  [Role.CUSTOMER_ADMIN]: { FirstName: 'Carl', LastName: 'Customer' },
  [Role.ORG_ADMIN]: { FirstName: 'Olivia', LastName: 'Organa' },
  [Role.USER]: { FirstName: 'Umar', LastName: 'User' },
};

export const MOCK_CUSTOMER = { id: 'cus_acme', Name: 'Acme Holdings' } as const;
export const MOCK_ORGANIZATION = { id: 'org_acme_research', Name: 'Acme Research' } as const;

/** A signed-in user of `role`; product admins have no customer, customer admins no organization. */
export function buildCurrentUser(role: Role, overrides: Partial<CurrentUser> = {}): CurrentUser {
  const { FirstName, LastName } = USER_NAMES[role];
  const inCustomer = role !== Role.PRODUCT_ADMIN;
  const inOrganization = role === Role.ORG_ADMIN || role === Role.USER;
  return CurrentUserSchema.parse({
    id: `usr_${ROLE_NAMES[role].toLowerCase()}`,
    // The sign-ins of the seeded demo (product-admin@demo.test …), so that mock mode signs in as the real server does.
    Email: `${ROLE_NAMES[role].toLowerCase().replace('_', '-')}@demo.test`,
    Name: `${FirstName} ${LastName}`,
    FirstName,
    LastName,
    Role: role,
    CustomerId: inCustomer ? MOCK_CUSTOMER.id : null,
    OrganizationId: inOrganization ? MOCK_ORGANIZATION.id : null,
    Customer: inCustomer ? { ...MOCK_CUSTOMER } : null,
    Organization: inOrganization ? { ...MOCK_ORGANIZATION } : null,
    Image: null,
    ...overrides,
  });
}

export interface MetaOverrides extends Partial<Omit<AppMeta, 'Theme' | 'Features'>> {
  Theme?: Partial<AppMeta['Theme']>;
  Features?: Partial<Features>;
}

export function buildMeta(overrides: MetaOverrides = {}): AppMeta {
  return AppMetaSchema.parse({
    ...DEFAULT_META,
    ...overrides,
    Theme: { ...DEFAULT_META.Theme, ...overrides.Theme },
    Features: { ...DEFAULT_META.Features, ...overrides.Features },
  });
}

export function buildIdentityProvider(overrides: Partial<IdentityProviderSummary> = {}): IdentityProviderSummary {
  return IdentityProviderSummarySchema.parse({
    id: 'idp_workspace',
    Name: 'Google Workspace',
    LoginUrl: '/auth/oidc/idp_workspace/start',
    ...overrides,
  });
}

export function buildApiError(message: string, errors?: Record<string, string>): ApiError {
  return ApiErrorSchema.parse(errors ? { message, errors } : { message });
}
