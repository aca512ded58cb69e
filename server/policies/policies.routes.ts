import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { POLICY_TYPES, Role } from '../../domain/enums';
import { PolicyInputSchema, PolicySchema } from '../../domain/schemas/policies';
import { PolicyTestInputSchema, PolicyTestResultSchema } from '../../domain/schemas/policy-test';
import { requireRole } from '../http/auth-guards';
import { parseListQuery } from '../http/list-query';
import { errorResponses, filterIds, filterText, IdParamsSchema, ListQuerystringSchema, sendPage } from '../http/rest';
import { POLICY_SORT } from './policies.repository';
import type { PolicySortField } from './policies.repository';
import type { PoliciesService } from './policies.service';
import type { PolicyTestService } from './policy-test.service';

const READERS = [Role.ORG_ADMIN, Role.USER];
const MANAGERS = [Role.ORG_ADMIN];
const tags = ['policies'];

export const policiesRoutes: FastifyPluginAsyncZod<{ policies: PoliciesService; policyTests: PolicyTestService }> = async (app, { policies, policyTests }) => {
  app.get(
    '/api/v1/policies',
    { config: { roles: READERS },
      schema: {
        tags,
        summary: "List policies: all of the organization's for ORG_ADMIN; for USER the enabled ones that apply to them",
        description: 'Filters: q (name or description), id (list), Type, Enabled.',
        querystring: ListQuerystringSchema,
        response: { 200: z.array(PolicySchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const actor = requireRole(request, READERS);
      const params = parseListQuery(request.query, Object.keys(POLICY_SORT) as PolicySortField[], ['Priority', 'asc']);
      const { filter } = params;
      const page = await policies.list(actor, {
        ...params,
        search: filterText(filter.q),
        ids: filterIds(filter.id),
        type: typeof filter.Type === 'string' && (POLICY_TYPES as readonly string[]).includes(filter.Type) ? filter.Type : undefined,
        enabled: typeof filter.Enabled === 'boolean' ? filter.Enabled : undefined,
      });
      return sendPage(reply, 'policies', params.offset, page);
    },
  );

  app.get(
    '/api/v1/policies/:id',
    { config: { roles: READERS }, schema: { tags, summary: 'One policy (a USER only one that applies to them)', params: IdParamsSchema, response: { 200: PolicySchema, ...errorResponses } } },
    async (request) => policies.get(requireRole(request, READERS), request.params.id),
  );

  app.post(
    '/api/v1/policies/test',
    {
      config: { roles: MANAGERS },
      schema: {
        tags,
        summary: 'Test policies on a sample prompt: what each rule finds and proposes, the decision per finding and why, the transformed prompt',
        description: 'PolicyIds: exactly these policies; otherwise the enabled policies that apply to GroupIds and LanguageModelId. Draft: an unsaved policy evaluated as well.',
        body: PolicyTestInputSchema,
        response: { 200: PolicyTestResultSchema, ...errorResponses },
      },
    },
    async (request) => policyTests.test(requireRole(request, MANAGERS), request.body),
  );

  app.post(
    '/api/v1/policies',
    { config: { roles: MANAGERS }, schema: { tags, summary: 'Create a policy (ORG_ADMIN)', body: PolicyInputSchema, response: { 200: PolicySchema, ...errorResponses } } },
    async (request) => policies.create(requireRole(request, MANAGERS), request.body),
  );

  app.put(
    '/api/v1/policies/:id',
    { config: { roles: MANAGERS }, schema: { tags, summary: 'Update a policy, its targets and its ordered rules', params: IdParamsSchema, body: PolicyInputSchema, response: { 200: PolicySchema, ...errorResponses } } },
    async (request) => policies.update(requireRole(request, MANAGERS), request.params.id, request.body),
  );

  app.delete(
    '/api/v1/policies/:id',
    { config: { roles: MANAGERS }, schema: { tags, summary: 'Delete a policy', params: IdParamsSchema, response: { 200: PolicySchema, ...errorResponses } } },
    async (request) => policies.delete(requireRole(request, MANAGERS), request.params.id),
  );
};
