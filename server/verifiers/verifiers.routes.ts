import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { VerifierInputSchema, VerifierSchema } from '../../domain/schemas/verifiers';
import { requireRole } from '../http/auth-guards';
import { parseListQuery } from '../http/list-query';
import { errorResponses, IdParamsSchema, ListQuerystringSchema, sendPage } from '../http/rest';
import { VERIFIER_SORT } from './verifiers.repository';
import type { VerifierSortField } from './verifiers.repository';
import type { VerifiersService } from './verifiers.service';
import { VERIFIER_MANAGERS } from './verifiers.service';

const tags = ['verifiers'];

export const verifiersRoutes: FastifyPluginAsyncZod<{ verifiers: VerifiersService }> = async (app, { verifiers }) => {
  app.get(
    '/api/v1/verifiers',
    { config: { roles: VERIFIER_MANAGERS },
      schema: {
        tags,
        summary: "List the organization's verification sources (filter q, id, Enabled, Action)",
        querystring: ListQuerystringSchema,
        response: { 200: z.array(VerifierSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const actor = requireRole(request, VERIFIER_MANAGERS);
      const params = parseListQuery(request.query, Object.keys(VERIFIER_SORT) as VerifierSortField[], ['Name', 'asc']);
      return sendPage(reply, 'verifiers', params.offset, await verifiers.list(actor, params));
    },
  );

  app.get(
    '/api/v1/verifiers/:id',
    { config: { roles: VERIFIER_MANAGERS }, schema: { tags, summary: 'One verification source', params: IdParamsSchema, response: { 200: VerifierSchema, ...errorResponses } } },
    async (request) => verifiers.get(requireRole(request, VERIFIER_MANAGERS), request.params.id),
  );

  app.post(
    '/api/v1/verifiers',
    { config: { roles: VERIFIER_MANAGERS },
      schema: {
        tags,
        summary: 'Add a verification source: metric types, intensity, API version, threshold (0-100, pass at or above; see THRESHOLD_RULE_TEXT), action on failure; an Endpoint calls an external service (its API key stored encrypted), none runs the built-in checks',
        body: VerifierInputSchema,
        response: { 200: VerifierSchema, ...errorResponses },
      },
    },
    async (request) => verifiers.create(requireRole(request, VERIFIER_MANAGERS), request.body),
  );

  app.put(
    '/api/v1/verifiers/:id',
    { config: { roles: VERIFIER_MANAGERS },
      schema: {
        tags,
        summary: 'Change a verification source (an empty ApiKey keeps the stored one; ClearApiKey removes it)',
        params: IdParamsSchema,
        body: VerifierInputSchema,
        response: { 200: VerifierSchema, ...errorResponses },
      },
    },
    async (request) => verifiers.update(requireRole(request, VERIFIER_MANAGERS), request.params.id, request.body),
  );

  app.delete(
    '/api/v1/verifiers/:id',
    { config: { roles: VERIFIER_MANAGERS }, schema: { tags, summary: 'Remove a verification source', params: IdParamsSchema, response: { 200: VerifierSchema, ...errorResponses } } },
    async (request) => verifiers.delete(requireRole(request, VERIFIER_MANAGERS), request.params.id),
  );
};
