// Fixture builders of customers, organizations, users, groups, audit entries and jobs. Every output is parsed
// with its domain schema, so a fixture cannot drift from the contract.
import {
  AuditEntrySchema,
  CustomerSchema,
  CustomerType,
  GroupSchema,
  IdentityType,
  JobSchema,
  LastSyncStatus,
  OrganizationSchema,
  Role,
  UserCreatedSchema,
  UserSchema,
} from '../domain';
import type { AuditEntry, Customer, Group, Job, Organization, User } from '../domain';
import { MOCK_CUSTOMER, MOCK_ORGANIZATION } from './builders';

const CREATED_AT = '2026-02-10T08:00:00.000Z';
const UPDATED_AT = '2026-03-01T10:15:00.000Z';

export function buildCustomer(overrides: Partial<Customer> = {}): Customer {
  return CustomerSchema.parse({
    id: MOCK_CUSTOMER.id,
    Name: MOCK_CUSTOMER.Name,
    Type: CustomerType.REAL,
    ContactName: 'Carl Customer',
    ContactEmail: 'carl@acme.example',
    OrganizationCount: 2,
    CreatedAt: CREATED_AT,
    UpdatedAt: UPDATED_AT,
    ...overrides,
  });
}

export function buildOrganization(overrides: Partial<Organization> = {}): Organization {
  return OrganizationSchema.parse({
    id: MOCK_ORGANIZATION.id,
    CustomerId: MOCK_CUSTOMER.id,
    Name: MOCK_ORGANIZATION.Name,
    Domain: 'research.acme.example',
    LastSyncStatus: LastSyncStatus.UNKNOWN,
    LastSyncAt: null,
    LastSyncMessage: null,
    UserCount: 3,
    CreatedAt: CREATED_AT,
    UpdatedAt: UPDATED_AT,
    ...overrides,
  });
}

export function buildUser(overrides: Partial<User> = {}): User {
  return UserSchema.parse({
    id: 'usr_ada',
    FirstName: 'Ada',
    LastName: 'Lovelace',
    Email: 'ada@acme.example',
    Role: Role.USER,
    IdentityType: IdentityType.LOCAL,
    GroupIds: [],
    Enabled: true,
    OrganizationId: MOCK_ORGANIZATION.id,
    LastLoginAt: '2026-03-03T07:45:00.000Z',
    CreatedAt: CREATED_AT,
    UpdatedAt: UPDATED_AT,
    ...overrides,
  });
}

export function buildCreatedUser(overrides: Partial<User> = {}, setupLink: string | null = 'http://localhost:3000/welcome?token=mock-setup-token') {
  return UserCreatedSchema.parse({ ...buildUser(overrides), SetupLink: setupLink });
}

export function buildGroup(overrides: Partial<Group> = {}): Group {
  const MemberIds = overrides.MemberIds ?? [];
  return GroupSchema.parse({
    id: 'grp_analysts',
    Name: 'Analysts',
    Description: 'Research analysts',
    IdentityType: IdentityType.LOCAL,
    MemberIds,
    MemberCount: MemberIds.length,
    CreatedAt: CREATED_AT,
    UpdatedAt: UPDATED_AT,
    ...overrides,
  });
}

export function buildAuditEntry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  return AuditEntrySchema.parse({
    id: 'aud_1',
    At: UPDATED_AT,
    ActorId: 'usr_org_admin',
    ActorEmail: 'org.admin@example.com',
    Action: 'update',
    Resource: 'groups',
    RecordId: 'grp_analysts',
    Summary: 'Updated group Analysts',
    Before: { Name: 'Analyst', Description: 'Research analysts' },
    After: { Name: 'Analysts', Description: 'Research analysts' },
    CustomerId: MOCK_CUSTOMER.id,
    OrganizationId: MOCK_ORGANIZATION.id,
    ...overrides,
  });
}

export function buildJob(overrides: Partial<Job> = {}): Job {
  return JobSchema.parse({
    id: 'job_sync_1',
    Type: 'cdr-sync',
    Status: 'running',
    Progress: 0,
    Message: 'Starting',
    Attempts: 1,
    CreatedAt: UPDATED_AT,
    UpdatedAt: UPDATED_AT,
    FinishedAt: null,
    ...overrides,
  });
}
