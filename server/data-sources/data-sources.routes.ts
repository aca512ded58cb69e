import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Role } from '../../domain/enums';
import { DataSourceCreateSchema, DataSourceInputSchema, DataSourceSchema, RetrievalResultSchema, VectorStoreTestResultSchema } from '../../domain/schemas/data-sources';
import { SyncStartedSchema } from '../../domain/schemas/tenancy';
import { requireRole } from '../http/auth-guards';
import { registerCrudRoutes } from '../http/crud-routes';
import { errorResponses, filterIds, filterText, IdParamsSchema } from '../http/rest';
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
  registerCrudRoutes(app, {
    path: '/api/v1/cdr',
    resource: 'cdr',
    tags,
    roles: { read: CDR_MANAGERS, write: CDR_MANAGERS },
    schemas: { view: DataSourceSchema, create: DataSourceCreateSchema, update: DataSourceInputSchema },
    summaries: {
      list: 'List corporate data sources (sort, range, filter with q, id, AppId, Enabled)',
      get: 'One corporate data source',
      create: 'Add a corporate data source (connection secrets are stored encrypted and never returned)',
      update: 'Change a corporate data source (an empty secret keeps the stored one)',
      delete: 'Delete a corporate data source with its documents and index',
    },
    sort: { fields: Object.keys(DATA_SOURCE_SORT) as DataSourceSortField[], default: ['Name', 'asc'] },
    list: (actor, params) => {
      const { AppId, Enabled } = params.filter;
      return dataSources.list(actor, {
        ...params,
        search: filterText(params.filter.q),
        ids: filterIds(params.filter.id),
        appId: typeof AppId === 'number' || (typeof AppId === 'string' && /^\d+$/.test(AppId)) ? Number(AppId) : undefined,
        enabled: typeof Enabled === 'boolean' ? Enabled : undefined,
      });
    },
    get: (actor, id) => dataSources.get(actor, id),
    create: (actor, body) => dataSources.create(actor, body),
    update: (actor, id, body) => dataSources.update(actor, id, body),
    delete: (actor, id) => dataSources.delete(actor, id),
  });

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

  app.post(
    '/api/v1/cdr/:id/vector-store/test',
    { config: { roles: CDR_MANAGERS },
      schema: {
        tags,
        summary: 'Test the saved vector store settings (Qdrant, Pinecone, Chroma, Milvus): Ok with what the service holds, or its error in plain words (30 s limit)',
        params: IdParamsSchema,
        response: { 200: VectorStoreTestResultSchema, ...errorResponses },
      },
    },
    async (request) => dataSources.testStore(requireRole(request, CDR_MANAGERS), request.params.id),
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
