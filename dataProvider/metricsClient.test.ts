import { graphql, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { AUTH_STORAGE_KEY, Role } from '../domain';
import { buildCurrentUser } from '../mocks/builders';
import { server } from '../mocks/node';
import { captureBodies } from '../mocks/requestLog';
import { writeAuthStorage } from '../authProvider/authStorage';
import { stubLocationAssign } from '../src/testing/stubLocationAssign';
import { MetricsQueryError, runMetricsQuery } from './metricsClient';
import { RESOLVE_IDS_QUERY } from './metricsQueries';

const variables = { customerID: 'cus_acme', organizationID: 'org_acme_research', userIDs: ['usr_user'] };
const endpoint = graphql.link('/api/v1/gql/query');

describe('the metrics GraphQL client (§7.5)', () => {
  test('POSTs the operation to /api/v1/gql/query and returns the data', async () => {
    const bodies = captureBodies('POST', /^\/api\/v1\/gql\/query$/);
    const answer = await runMetricsQuery<{ resolveIDs: { users: { fullName: string }[] } }>(RESOLVE_IDS_QUERY, variables);
    expect(answer.data.resolveIDs.users[0]?.fullName).toBe('Uma User');
    expect(answer.errors).toEqual([]);
    expect(bodies[0]).toMatchObject({ operationName: 'ResolveIDs', variables });
  });

  test('asks the server every time: nothing is cached', async () => {
    let calls = 0;
    server.use(endpoint.query('ResolveIDs', () => {
      calls += 1;
      return HttpResponse.json({ data: { resolveIDs: { users: [], copilots: [], policies: [], badUserIDs: [], badCopilotIDs: [], badPolicyIDs: [] } } });
    }));
    await runMetricsQuery(RESOLVE_IDS_QUERY, variables);
    await runMetricsQuery(RESOLVE_IDS_QUERY, variables);
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
    const answer = await runMetricsQuery<{ resolveIDs: { badUserIDs: string[] } }>(RESOLVE_IDS_QUERY, variables);
    expect(answer.data.resolveIDs.badUserIDs).toEqual(['usr_user']);
    expect(answer.errors.map((error) => error.message)).toEqual(['Copilots are unavailable']);
  });

  test('errors without data reject with the server’s message', async () => {
    server.use(endpoint.query('ResolveIDs', () => HttpResponse.json({ data: null, errors: [{ message: 'organizationID is not yours' }] })));
    await expect(runMetricsQuery(RESOLVE_IDS_QUERY, variables)).rejects.toMatchObject({ name: 'MetricsQueryError', message: 'organizationID is not yours' });
  });

  test('a 401 applies the session-lost rule of §8 and rejects', async () => {
    writeAuthStorage(buildCurrentUser(Role.ORG_ADMIN));
    window.history.replaceState(null, '', '/admin/observability/dashboard');
    const assign = stubLocationAssign();
    server.use(endpoint.query('ResolveIDs', () => HttpResponse.json({ data: null, errors: [{ message: 'Sign in to continue.' }] }, { status: 401 })));
    await expect(runMetricsQuery(RESOLVE_IDS_QUERY, variables)).rejects.toBeInstanceOf(MetricsQueryError);
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
    expect(assign).toHaveBeenCalledWith('/auth/google/logout');
  });
});
