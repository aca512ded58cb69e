import { graphql, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { AUTH_STORAGE_KEY, Role } from '../domain';
import { buildCurrentUser } from '../mocks/builders';
import { server } from '../mocks/node';
import { captureBodies } from '../mocks/requestLog';
import { writeAuthStorage } from '../authProvider/authStorage';
import { stubLocationAssign } from '../src/testing/stubLocationAssign';
import { dataProvider } from './dataProvider';
import type { MetricsRecord } from './metricsResources';

const variables = { customerID: 'cus_acme', organizationID: 'org_acme_research', userIDs: ['usr_user'] };
const endpoint = graphql.link('/api/v1/gql/query');

type Resolved = { users: { fullName: string }[]; badUserIDs: string[] };
/** The resolveIDs read as the entity-name hook makes it: react-admin's getOne on the app's data provider. */
async function resolveIDs(): Promise<MetricsRecord<Resolved>> {
  const { data } = await dataProvider.getOne<MetricsRecord<Resolved>>('resolveIDs', { id: 'names', meta: { variables } });
  return data;
}

describe('the metrics data provider: ra-data-graphql on the metrics GraphQL client (§7.5)', () => {
  test('POSTs the operation to /api/v1/gql/query and returns the data', async () => {
    const bodies = captureBodies('POST', /^\/api\/v1\/gql\/query$/);
    const record = await resolveIDs();
    expect(record.id).toBe('names');
    expect(record.answer.users[0]?.fullName).toBe('Uma User');
    expect(record.warnings).toEqual([]);
    expect(bodies[0]).toMatchObject({ operationName: 'ResolveIDs', variables });
  });

  test('asks the server every time: nothing is cached', async () => {
    let calls = 0;
    server.use(endpoint.query('ResolveIDs', () => {
      calls += 1;
      return HttpResponse.json({ data: { resolveIDs: { users: [], copilots: [], policies: [], badUserIDs: [], badCopilotIDs: [], badPolicyIDs: [] } } });
    }));
    await resolveIDs();
    await resolveIDs();
    expect(calls).toBe(2);
  });

  test('errors answered beside data come back with the data', async () => {
    server.use(
      endpoint.query('ResolveIDs', () =>
        HttpResponse.json({
          data: { resolveIDs: { users: [], copilots: [], policies: [], badUserIDs: ['usr_user'], badCopilotIDs: [], badPolicyIDs: [] } },
          errors: [{ message: 'Copilots are unavailable' }],
        }),
      ),
    );
    const record = await resolveIDs();
    expect(record.answer.badUserIDs).toEqual(['usr_user']);
    expect(record.warnings).toEqual(['Copilots are unavailable']);
  });

  test('errors without data reject with the server’s message', async () => {
    server.use(endpoint.query('ResolveIDs', () => HttpResponse.json({ data: null, errors: [{ message: 'organizationID is not yours' }] })));
    await expect(resolveIDs()).rejects.toMatchObject({ message: 'organizationID is not yours' });
  });

  test('a refused query keeps the server’s message, not Apollo’s status text', async () => {
    server.use(endpoint.query('ResolveIDs', () => HttpResponse.json({ errors: [{ message: 'customerID must be given' }] }, { status: 400 })));
    await expect(resolveIDs()).rejects.toMatchObject({ message: 'customerID must be given' });
  });

  test('a 401 applies the session-lost rule of §8 and rejects', async () => {
    writeAuthStorage(buildCurrentUser(Role.ORG_ADMIN));
    window.history.replaceState(null, '', '/admin/observability/dashboard');
    const assign = stubLocationAssign();
    server.use(endpoint.query('ResolveIDs', () => HttpResponse.json({ data: null, errors: [{ message: 'Sign in to continue.' }] }, { status: 401 })));
    await expect(resolveIDs()).rejects.toMatchObject({ message: 'Sign in to continue.' });
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
    expect(assign).toHaveBeenCalledWith('/auth/google/logout');
  });
});
