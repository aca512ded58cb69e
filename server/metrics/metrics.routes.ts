import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { METRICS_SDL } from '../../domain/schemas/metrics-sdl';
import { requireRole } from '../http/auth-guards';
import { errorResponses } from '../http/rest';
import { runGraphQL } from './graphql-executor';
import { METRICS_READERS } from './metrics-scope';

const GraphQLBodySchema = z.object({
  query: z.string({ error: 'query must be text' }).min(1, 'query is required'),
  variables: z.record(z.string(), z.unknown()).nullish(),
  operationName: z.string().max(200).nullish(),
});

const GraphQLResultSchema = z.object({
  data: z.unknown().optional(),
  errors: z.array(z.object({ message: z.string(), extensions: z.object({ code: z.string() }).optional() })).optional(),
});

const DESCRIPTION = [
  'GraphQL over HTTP (POST, JSON). Operations: `query Metrics(...) { metrics(...) }`, `query PromptIDs(...) { metricsPromptIDs(...) }`, ',
  '`query ResolveIDs(...) { resolveIDs(...) }`. Introspection is on. Errors come back as `{ errors: [{ message, extensions: { code } }] }` ',
  'beside any data (HTTP 200); a tenant the caller may not read answers code NOT_FOUND. Signed out: 401; PRODUCT_ADMIN: 403.',
  '\n\nThe schema:\n\n```graphql\n',
  METRICS_SDL.trim(),
  '\n```',
].join('');

export const metricsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/v1/gql/query',
    {
      config: { roles: METRICS_READERS },
      bodyLimit: 256 * 1024,
      schema: {
        tags: ['observability'],
        summary: 'Metrics GraphQL: Metrics, PromptIDs and ResolveIDs of an organization (§3.5, §3.6, §7.5)',
        description: DESCRIPTION,
        body: GraphQLBodySchema,
        response: { 200: GraphQLResultSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const actor = requireRole(request, METRICS_READERS);
      reply.header('cache-control', 'no-store');
      return runGraphQL(app.db.kysely, actor, request.body, (error) => request.log.error({ err: error }, 'metrics query failed'));
    },
  );
};
