import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Role } from '../../domain/enums';
import { DataSourceCreateSchema, DataSourceInputSchema, DataSourceSchema, RetrievalResultSchema } from '../../domain/schemas/data-sources';
import { SyncStartedSchema } from '../../domain/schemas/tenancy';
import { requireRole } from '../http/auth-guards';
import { parseListQuery } from '../http/list-query';
import { errorResponses, filterIds, filterText, IdParamsSchema, ListQuerystringSchema, sendPage } from '../http/rest';
import { DATA_SOURCE_SORT } from './data-sources.repository';
import type { DataSourceSortField } from './data-sources.repository';
import type { DataSourcesService } from './data-sources.service';
import { DEFAULT_RETRIEVAL_LIMIT, MAX_RETRIEVAL_LIMIT } from './retrieval';

export const CDR_MANAGERS = [Role.ORG_ADMIN];
const tags = ['corporate data sources'];

const SearchQuerySchema = z.object({
  q: z.string({ error: 'Query is required' }).trim().min(1, 'Query is required').max(1000, 'Query must be at most 1000 characters'),
  limit: z.coerce.number({ error: 'Limit must be a number' }).int('Limit must be a whole number').min(1, 'Limit must be at least 1').max(MAX_RETRIEVAL_LIMIT, `Limit must be at most ${MAX_RETRIEVAL_LIMIT}`).default(DEFAULT_RETRIEVAL_LIMIT),
});

export const dataSourcesRoutes: FastifyPluginAsyncZod<{ dataSources: DataSourcesService }> = async (app, { dataSources }) => {
  app.get(
    '/api/v1/cdr',
    { config: { roles: CDR_MANAGERS },
      schema: {
        tags,
        summary: 'List corporate data sources (sort, range, filter with q, id, AppId, Enabled)',
        querystring: ListQuerystringSchema,
        response: { 200: z.array(DataSourceSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const actor = requireRole(request, CDR_MANAGERS);
      const params = parseListQuery(request.query, Object.keys(DATA_SOURCE_SORT) as DataSourceSortField[], ['Name', 'asc']);
      const { AppId, Enabled } = params.filter;
      const page = await dataSources.list(actor, {
        ...params,
        search: filterText(params.filter.q),
        ids: filterIds(params.filter.id),
        appId: typeof AppId === 'number' || (typeof AppId === 'string' && /^\d+$/.test(AppId)) ? Number(AppId) : undefined,
        enabled: typeof Enabled === 'boolean' ? Enabled : undefined,
      });
      return sendPage(reply, 'cdr', params.offset, page);
    },
  );

  app.get(
    '/api/v1/cdr/:id',
    { config: { roles: CDR_MANAGERS }, schema: { tags, summary: 'One corporate data source', params: IdParamsSchema, response: { 200: DataSourceSchema, ...errorResponses } } },
    async (request) => dataSources.get(requireRole(request, CDR_MANAGERS), request.params.id),
  );

  app.post(
    '/api/v1/cdr',
    { config: { roles: CDR_MANAGERS },
      schema: {
        tags,
        summary: 'Add a corporate data source (connection secrets are stored encrypted and never returned)',
        body: DataSourceCreateSchema,
        response: { 200: DataSourceSchema, ...errorResponses },
      },
    },
    async (request) => dataSources.create(requireRole(request, CDR_MANAGERS), request.body),
  );

  app.put(
    '/api/v1/cdr/:id',
    { config: { roles: CDR_MANAGERS },
      schema: {
        tags,
        summary: 'Change a corporate data source (an empty secret keeps the stored one)',
        params: IdParamsSchema,
        body: DataSourceInputSchema,
        response: { 200: DataSourceSchema, ...errorResponses },
      },
    },
    async (request) => dataSources.update(requireRole(request, CDR_MANAGERS), request.params.id, request.body),
  );

  app.delete(
    '/api/v1/cdr/:id',
    { config: { roles: CDR_MANAGERS }, schema: { tags, summary: 'Delete a corporate data source with its documents and index', params: IdParamsSchema, response: { 200: DataSourceSchema, ...errorResponses } } },
    async (request) => dataSources.delete(requireRole(request, CDR_MANAGERS), request.params.id),
  );

  app.post(
    '/api/v1/cdr/:id/sync',
    { config: { roles: CDR_MANAGERS },
      schema: {
        tags,
        summary: 'Start a sync job of one data source; answers at once (202). Follow it at /api/v1/jobs/{JobId}',
        params: IdParamsSchema,
        response: { 202: SyncStartedSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { jobId, source } = await dataSources.startSync(requireRole(request, CDR_MANAGERS), request.params.id);
      return reply.status(202).send({ message: 'Sync started.', JobId: jobId, LastSyncStatus: source.LastSyncStatus });
    },
  );

  app.get(
    '/api/v1/cdr/:id/search',
    { config: { roles: CDR_MANAGERS },
      schema: {
        tags,
        summary:
          'Try retrieval on one data source: the best-matching chunks, best first (up to 100). BM25, or with embeddings on, BM25 and vector search fused by reciprocal rank fusion; each hit says which found it, and a fallback to BM25 says why',
        params: IdParamsSchema,
        querystring: SearchQuerySchema,
        response: { 200: RetrievalResultSchema, ...errorResponses },
      },
    },
    async (request) => dataSources.search(requireRole(request, CDR_MANAGERS), request.params.id, request.query.q, request.query.limit),
  );
};
