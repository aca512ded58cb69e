// MSW handlers of the tenancy and directory admin screens: customers, organizations (+ sync and its job),
// users, groups and the audit log, over in-memory collections reset before every test.
import { http, HttpResponse } from 'msw';
import {
  CustomerCreateSchema,
  CustomerInputSchema,
  GroupInputSchema,
  IdentityType,
  LastSyncStatus,
  OrganizationCreateSchema,
  OrganizationInputSchema,
  UserInputSchema,
} from '../domain';
import type { AuditEntry, Customer, Group, Job, Organization, User } from '../domain';
import { buildApiError, MOCK_CUSTOMER } from './builders';
import { badRequestFromIssues, listResponse, notFound } from './restCollection';
import type { Identified } from './restCollection';
import {
  buildAuditEntry,
  buildCreatedUser,
  buildCustomer,
  buildGroup,
  buildJob,
  buildOrganization,
  buildUser,
} from './tenancyBuilders';

export const MOCK_SETUP_LINK = 'http://localhost:3000/welcome?token=mock-setup-token';
const NOW = '2026-03-05T12:00:00.000Z';

interface TenancyState {
  customers: Customer[];
  organizations: Organization[];
  users: User[];
  groups: Group[];
  audit: AuditEntry[];
  jobs: Map<string, { job: Job; organizationId: string }>;
  nextId: number;
}

function initialState(): TenancyState {
  return {
    customers: [
      buildCustomer(),
      buildCustomer({ id: 'cus_globex', Name: 'Globex', Type: 1, ContactName: null, ContactEmail: null, OrganizationCount: 0 }),
    ],
    organizations: [
      buildOrganization(),
      buildOrganization({
        id: 'org_acme_sales',
        Name: 'Acme Sales',
        Domain: null,
        UserCount: 1,
        LastSyncStatus: LastSyncStatus.COMPLETED,
        LastSyncAt: '2026-03-04T16:20:00.000Z',
        LastSyncMessage: 'Synced 12 documents.',
      }),
    ],
    users: [
      buildUser({ GroupIds: ['grp_analysts'] }),
      buildUser({ id: 'usr_grace', FirstName: 'Grace', LastName: 'Hopper', Email: 'grace@acme.example', Role: 3, LastLoginAt: null }),
      buildUser({ id: 'usr_alan', FirstName: 'Alan', LastName: 'Turing', Email: 'alan@acme.example', IdentityType: IdentityType.FEDERATED, Enabled: false }),
    ],
    groups: [buildGroup({ MemberIds: ['usr_ada'] }), buildGroup({ id: 'grp_builders', Name: 'Builders', Description: null })],
    audit: [
      buildAuditEntry(),
      buildAuditEntry({ id: 'aud_2', At: '2026-03-02T09:00:00.000Z', Action: 'create', Resource: 'users', RecordId: 'usr_ada', Summary: 'Created user ada@acme.example', Before: null, After: { Email: 'ada@acme.example' } }),
    ],
    jobs: new Map(),
    nextId: 1,
  };
}

let state = initialState();

export function resetTenancyMocks(): void {
  state = initialState();
}

/** Direct access for tests that arrange or inspect the mock server's data. */
export const tenancyMockState = (): TenancyState => state;

const newId = (prefix: string) => `${prefix}_new_${state.nextId++}`;

function audit(action: string, resource: string, recordId: string, summary: string, before: object | null, after: object | null) {
  state.audit.unshift(
    buildAuditEntry({ id: newId('aud'), At: NOW, Action: action, Resource: resource, RecordId: recordId, Summary: summary, Before: before as AuditEntry['Before'], After: after as AuditEntry['After'] }),
  );
}

function replaceIn<T extends Identified>(list: T[], record: T): void {
  const index = list.findIndex((item) => item.id === record.id);
  if (index >= 0) list[index] = record;
}

const conflict = (message: string, errors?: Record<string, string>) => HttpResponse.json(buildApiError(message, errors), { status: 409 });

const customerHandlers = [
  http.get('/api/v1/customers', ({ request }) =>
    listResponse('customers', state.customers, new URL(request.url), { searchFields: ['Name', 'ContactName', 'ContactEmail'], defaultSort: 'Name' }),
  ),
  http.get('/api/v1/customers/:id', ({ params }) => {
    const customer = state.customers.find((item) => item.id === params.id);
    return customer ? HttpResponse.json(customer) : notFound('The customer');
  }),
  http.post('/api/v1/customers', async ({ request }) => {
    const parsed = CustomerCreateSchema.safeParse(await request.json());
    if (!parsed.success) return badRequestFromIssues(parsed.error.issues);
    const { Admin, ...fields } = parsed.data;
    const customer = buildCustomer({ ...fields, id: newId('cus'), OrganizationCount: 0, CreatedAt: NOW, UpdatedAt: NOW });
    state.customers.push(customer);
    audit('create', 'customers', customer.id, `Created customer ${customer.Name}${Admin ? ` with admin ${Admin.Email}` : ''}`, null, customer);
    return HttpResponse.json(customer);
  }),
  http.put('/api/v1/customers/:id', async ({ params, request }) => {
    const before = state.customers.find((item) => item.id === params.id);
    if (!before) return notFound('The customer');
    const parsed = CustomerInputSchema.safeParse(await request.json());
    if (!parsed.success) return badRequestFromIssues(parsed.error.issues);
    const after = { ...before, ...parsed.data, UpdatedAt: NOW };
    replaceIn(state.customers, after);
    audit('update', 'customers', after.id, `Updated customer ${after.Name}`, before, after);
    return HttpResponse.json(after);
  }),
  http.delete('/api/v1/customers/:id', ({ params }) => {
    const customer = state.customers.find((item) => item.id === params.id);
    if (!customer) return notFound('The customer');
    state.customers = state.customers.filter((item) => item.id !== customer.id);
    audit('delete', 'customers', customer.id, `Deleted customer ${customer.Name}`, customer, null);
    return HttpResponse.json(customer);
  }),
];

function advanceJob(jobId: string): Job | undefined {
  const entry = state.jobs.get(jobId);
  if (!entry) return undefined;
  const { job, organizationId } = entry;
  if (job.Status === 'completed' || job.Status === 'failed') return job;
  const Progress = Math.min(100, job.Progress + 50);
  const done = Progress === 100;
  const next: Job = { ...job, Progress, Status: done ? 'completed' : 'running', Message: done ? 'Synced 3 documents.' : 'Syncing', FinishedAt: done ? NOW : null };
  state.jobs.set(jobId, { job: next, organizationId });
  if (done) {
    const organization = state.organizations.find((item) => item.id === organizationId);
    if (organization) replaceIn(state.organizations, { ...organization, LastSyncStatus: LastSyncStatus.COMPLETED, LastSyncAt: NOW, LastSyncMessage: next.Message });
  }
  return next;
}

const organizationHandlers = [
  http.get('/api/v1/organizations', ({ request }) =>
    listResponse('organizations', state.organizations, new URL(request.url), { searchFields: ['Name', 'Domain'], defaultSort: 'Name' }),
  ),
  http.get('/api/v1/organizations/:id', ({ params }) => {
    const organization = state.organizations.find((item) => item.id === params.id);
    return organization ? HttpResponse.json(organization) : notFound('The organization');
  }),
  http.post('/api/v1/organizations', async ({ request }) => {
    const parsed = OrganizationCreateSchema.safeParse(await request.json());
    if (!parsed.success) return badRequestFromIssues(parsed.error.issues);
    const { Admin, ...fields } = parsed.data;
    if (state.organizations.some((item) => item.Name === fields.Name)) {
      return conflict('An organization with this name already exists.', { Name: 'An organization with this name already exists' });
    }
    const organization = buildOrganization({ ...fields, id: newId('org'), CustomerId: MOCK_CUSTOMER.id, UserCount: Admin ? 1 : 0, CreatedAt: NOW, UpdatedAt: NOW });
    state.organizations.push(organization);
    audit('create', 'organizations', organization.id, `Created organization ${organization.Name}`, null, organization);
    return HttpResponse.json(organization);
  }),
  http.put('/api/v1/organizations/:id', async ({ params, request }) => {
    const before = state.organizations.find((item) => item.id === params.id);
    if (!before) return notFound('The organization');
    const parsed = OrganizationInputSchema.safeParse(await request.json());
    if (!parsed.success) return badRequestFromIssues(parsed.error.issues);
    const after = { ...before, ...parsed.data, UpdatedAt: NOW };
    replaceIn(state.organizations, after);
    audit('update', 'organizations', after.id, `Updated organization ${after.Name}`, before, after);
    return HttpResponse.json(after);
  }),
  http.delete('/api/v1/organizations/:id', ({ params }) => {
    const organization = state.organizations.find((item) => item.id === params.id);
    if (!organization) return notFound('The organization');
    state.organizations = state.organizations.filter((item) => item.id !== organization.id);
    audit('delete', 'organizations', organization.id, `Deleted organization ${organization.Name}`, organization, null);
    return HttpResponse.json(organization);
  }),
  http.post('/api/v1/organizations/:id/cdr/sync', ({ params }) => {
    const organization = state.organizations.find((item) => item.id === params.id);
    if (!organization) return notFound('The organization');
    const running = [...state.jobs.values()].some((entry) => entry.organizationId === organization.id && entry.job.Status === 'running');
    if (running) return conflict('A sync of this organization is already running.');
    const job = buildJob({ id: newId('job') });
    state.jobs.set(job.id, { job, organizationId: organization.id });
    replaceIn(state.organizations, { ...organization, LastSyncStatus: LastSyncStatus.IN_PROGRESS, LastSyncMessage: null });
    return HttpResponse.json({ message: 'Sync started.', JobId: job.id, LastSyncStatus: LastSyncStatus.IN_PROGRESS }, { status: 202 });
  }),
  http.get('/api/v1/jobs/:id', ({ params }) => {
    const job = advanceJob(String(params.id));
    return job ? HttpResponse.json(job) : notFound('The job');
  }),
];

const userHandlers = [
  http.get('/api/v1/users', ({ request }) =>
    listResponse('users', state.users, new URL(request.url), {
      searchFields: ['FirstName', 'LastName', 'Email'],
      defaultSort: 'LastName',
      matchers: { GroupId: (user, value) => user.GroupIds.includes(String(value)) },
    }),
  ),
  http.get('/api/v1/users/:id', ({ params }) => {
    const user = state.users.find((item) => item.id === params.id);
    return user ? HttpResponse.json(user) : notFound('The user');
  }),
  http.post('/api/v1/users', async ({ request }) => {
    const parsed = UserInputSchema.safeParse(await request.json());
    if (!parsed.success) return badRequestFromIssues(parsed.error.issues);
    if (state.users.some((item) => item.Email === parsed.data.Email)) {
      return conflict('A user with this email already exists.', { Email: 'A user with this email already exists' });
    }
    const needsLink = parsed.data.IdentityType === IdentityType.LOCAL && parsed.data.Enabled;
    const created = buildCreatedUser({ ...parsed.data, id: newId('usr'), LastLoginAt: null, CreatedAt: NOW, UpdatedAt: NOW }, needsLink ? MOCK_SETUP_LINK : null);
    const { SetupLink: _link, ...user } = created;
    state.users.push(user);
    audit('create', 'users', user.id, `Created user ${user.Email}`, null, user);
    return HttpResponse.json(created);
  }),
  http.put('/api/v1/users/:id', async ({ params, request }) => {
    const before = state.users.find((item) => item.id === params.id);
    if (!before) return notFound('The user');
    const parsed = UserInputSchema.safeParse(await request.json());
    if (!parsed.success) return badRequestFromIssues(parsed.error.issues);
    const after = { ...before, ...parsed.data, UpdatedAt: NOW };
    replaceIn(state.users, after);
    audit('update', 'users', after.id, `Updated user ${after.Email}`, before, after);
    return HttpResponse.json(after);
  }),
  http.delete('/api/v1/users/:id', ({ params }) => {
    const user = state.users.find((item) => item.id === params.id);
    if (!user) return notFound('The user');
    state.users = state.users.filter((item) => item.id !== user.id);
    audit('delete', 'users', user.id, `Deleted user ${user.Email}`, user, null);
    return HttpResponse.json(user);
  }),
];

const groupHandlers = [
  http.get('/api/v1/groups', ({ request }) =>
    listResponse('groups', state.groups, new URL(request.url), { searchFields: ['Name', 'Description'], defaultSort: 'Name' }),
  ),
  http.get('/api/v1/groups/:id', ({ params }) => {
    const group = state.groups.find((item) => item.id === params.id);
    return group ? HttpResponse.json(group) : notFound('The group');
  }),
  http.post('/api/v1/groups', async ({ request }) => {
    const parsed = GroupInputSchema.safeParse(await request.json());
    if (!parsed.success) return badRequestFromIssues(parsed.error.issues);
    const group = buildGroup({ ...parsed.data, id: newId('grp'), MemberCount: parsed.data.MemberIds.length, CreatedAt: NOW, UpdatedAt: NOW });
    state.groups.push(group);
    audit('create', 'groups', group.id, `Created group ${group.Name}`, null, group);
    return HttpResponse.json(group);
  }),
  http.put('/api/v1/groups/:id', async ({ params, request }) => {
    const before = state.groups.find((item) => item.id === params.id);
    if (!before) return notFound('The group');
    const parsed = GroupInputSchema.safeParse(await request.json());
    if (!parsed.success) return badRequestFromIssues(parsed.error.issues);
    const after = { ...before, ...parsed.data, MemberCount: parsed.data.MemberIds.length, UpdatedAt: NOW };
    replaceIn(state.groups, after);
    audit('update', 'groups', after.id, `Updated group ${after.Name}`, before, after);
    return HttpResponse.json(after);
  }),
  http.delete('/api/v1/groups/:id', ({ params }) => {
    const group = state.groups.find((item) => item.id === params.id);
    if (!group) return notFound('The group');
    state.groups = state.groups.filter((item) => item.id !== group.id);
    audit('delete', 'groups', group.id, `Deleted group ${group.Name}`, group, null);
    return HttpResponse.json(group);
  }),
];

const auditHandlers = [
  http.get('/api/v1/audit-log', ({ request }) =>
    listResponse('audit-log', state.audit, new URL(request.url), { searchFields: ['Summary', 'ActorEmail'], defaultSort: 'At' }),
  ),
  http.get('/api/v1/audit-log/:id', ({ params }) => {
    const entry = state.audit.find((item) => item.id === params.id);
    return entry ? HttpResponse.json(entry) : notFound('The audit entry');
  }),
];

export const tenancyHandlers = [...customerHandlers, ...organizationHandlers, ...userHandlers, ...groupHandlers, ...auditHandlers];
