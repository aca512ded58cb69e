// MSW handlers of the policy screens: /api/v1/policies CRUD over an in-memory list reset before every test, and
// the "test this policy" call answering the canned explanation. Bodies are checked with the domain schemas.
import { http, HttpResponse } from 'msw';
import { PolicyInputSchema, PolicyTestInputSchema } from '../domain';
import type { Policy, PolicyRule, PolicyTestInput } from '../domain';
import { buildGroupPolicy, buildPolicy, buildPolicyTestResult } from './policyBuilders';
import { badRequestFromIssues, listResponse, notFound } from './restCollection';

const NOW = '2026-03-05T12:00:00.000Z';

interface PolicyMockState {
  policies: Policy[];
  /** The bodies of POST /api/v1/policies/test, for assertions. */
  testCalls: PolicyTestInput[];
  nextId: number;
}

const initialState = (): PolicyMockState => ({ policies: [buildPolicy(), buildGroupPolicy()], testCalls: [], nextId: 1 });
let state = initialState();

export function resetPolicyMocks(): void {
  state = initialState();
}
export function policyMockState(): PolicyMockState {
  return state;
}

function stored(input: ReturnType<typeof PolicyInputSchema.parse>, id: string, createdAt: string): Policy {
  const rules = input.Rules.map((rule, index) => ({ ...rule, id: rule.id ?? `${id}_rule_${index + 1}` }) as PolicyRule);
  return { ...input, id, Rules: rules, CreatedAt: createdAt, UpdatedAt: NOW };
}

export const policyHandlers = [
  http.get('/api/v1/policies', ({ request }) =>
    listResponse('policies', state.policies, new URL(request.url), { searchFields: ['Name', 'Description'], defaultSort: 'Priority' }),
  ),
  http.post('/api/v1/policies/test', async ({ request }) => {
    const body = (await request.json()) as PolicyTestInput;
    const parsed = PolicyTestInputSchema.safeParse(body);
    if (!parsed.success) return badRequestFromIssues(parsed.error.issues);
    state.testCalls.push(body);
    return HttpResponse.json(buildPolicyTestResult());
  }),
  http.get('/api/v1/policies/:id', ({ params }) => {
    const policy = state.policies.find((candidate) => candidate.id === params.id);
    return policy ? HttpResponse.json(policy) : notFound('The policy');
  }),
  http.post('/api/v1/policies', async ({ request }) => {
    const parsed = PolicyInputSchema.safeParse(await request.json());
    if (!parsed.success) return badRequestFromIssues(parsed.error.issues);
    const policy = stored(parsed.data, `pol_new_${state.nextId++}`, NOW);
    state.policies.push(policy);
    return HttpResponse.json(policy);
  }),
  http.put('/api/v1/policies/:id', async ({ params, request }) => {
    const index = state.policies.findIndex((candidate) => candidate.id === params.id);
    if (index < 0) return notFound('The policy');
    const parsed = PolicyInputSchema.safeParse(await request.json());
    if (!parsed.success) return badRequestFromIssues(parsed.error.issues);
    const policy = stored(parsed.data, String(params.id), state.policies[index]!.CreatedAt);
    state.policies[index] = policy;
    return HttpResponse.json(policy);
  }),
  http.delete('/api/v1/policies/:id', ({ params }) => {
    const policy = state.policies.find((candidate) => candidate.id === params.id);
    if (!policy) return notFound('The policy');
    state.policies = state.policies.filter((candidate) => candidate !== policy);
    return HttpResponse.json(policy);
  }),
];
