import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema, IdSchema } from '../../domain/schemas/common';
import { DataSourceDocumentCreatedSchema, DataSourceDocumentInputSchema, DataSourceDocumentSchema } from '../../domain/schemas/data-sources';
import { requireRole } from '../http/auth-guards';
import { parseListQuery } from '../http/list-query';
import { errorResponses, filterIds, filterText, IdParamsSchema, ListQuerystringSchema, sendPage } from '../http/rest';
import { CDR_MANAGERS } from './data-sources.routes';
import { DOCUMENT_SORT } from './documents.repository';
import type { DocumentSortField } from './documents.repository';
import type { DocumentsService } from './documents.service';

const tags = ['corporate data sources'];
const DocumentParamsSchema = z.object({ id: IdSchema, docId: IdSchema });
/** A JSON body carrying a file as base64 (a 10 MB file is about 13.4 MB encoded). */
export const UPLOAD_BODY_LIMIT = 15 * 1024 * 1024;

export const documentsRoutes: FastifyPluginAsyncZod<{ documents: DocumentsService }> = async (app, { documents }) => {
  app.get(
    '/api/v1/cdr/:id/documents',
    { config: { roles: CDR_MANAGERS },
      schema: {
        tags,
        summary: 'List the folders and files of a data source (filter ParentId: a folder id, or null for the top level; q; id)',
        params: IdParamsSchema,
        querystring: ListQuerystringSchema,
        response: { 200: z.array(DataSourceDocumentSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const actor = requireRole(request, CDR_MANAGERS);
      const params = parseListQuery(request.query, Object.keys(DOCUMENT_SORT) as DocumentSortField[], ['Name', 'asc']);
      const { ParentId } = params.filter;
      const parentId = ParentId === null ? null : typeof ParentId === 'string' && ParentId ? ParentId : undefined;
      const page = await documents.list(actor, request.params.id, { ...params, parentId, search: filterText(params.filter.q), ids: filterIds(params.filter.id) });
      return sendPage(reply, 'documents', params.offset, page);
    },
  );

  app.get(
    '/api/v1/cdr/:id/documents/:docId',
    { config: { roles: CDR_MANAGERS }, schema: { tags, summary: 'One folder or file of a data source', params: DocumentParamsSchema, response: { 200: DataSourceDocumentSchema, ...errorResponses } } },
    async (request) => documents.get(requireRole(request, CDR_MANAGERS), request.params.id, request.params.docId),
  );

  app.post(
    '/api/v1/cdr/:id/documents',
    { config: { roles: CDR_MANAGERS },
      bodyLimit: UPLOAD_BODY_LIMIT,
      schema: {
        tags,
        summary:
          'Create a folder {Name, ContentType: 1, ParentId?} or upload a file {Name, ContentType: 2, ParentId?, MimeType, ContentBase64} ' +
          '(text, Markdown, CSV, JSON, HTML or PDF; up to 10 MB); the file is indexed by the job JobId',
        params: IdParamsSchema,
        body: DataSourceDocumentInputSchema,
        response: { 200: DataSourceDocumentCreatedSchema, ...errorResponses, 413: ApiErrorSchema, 415: ApiErrorSchema },
      },
    },
    async (request) => documents.create(requireRole(request, CDR_MANAGERS), request.params.id, request.body),
  );

  app.delete(
    '/api/v1/cdr/:id/documents/:docId',
    { config: { roles: CDR_MANAGERS }, schema: { tags, summary: 'Delete a file, or a folder with everything in it', params: DocumentParamsSchema, response: { 200: DataSourceDocumentSchema, ...errorResponses } } },
    async (request) => documents.delete(requireRole(request, CDR_MANAGERS), request.params.id, request.params.docId),
  );
};
