import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema, IdSchema } from '../../domain/schemas/common';
import { BATCH_TOO_LARGE_MESSAGE, DocumentBatchSchema, MAX_BATCH_BYTES, MAX_BATCH_FILES } from '../../domain/schemas/document-batches';
import { requireRole } from '../http/auth-guards';
import { HttpError } from '../http/errors';
import { MULTIPART_OVERHEAD_BYTES, registerMultipartBody } from '../http/multipart-body';
import { errorResponses, IdParamsSchema } from '../http/rest';
import { CDR_MANAGERS } from './data-sources.routes';
import type { DocumentBatchesService } from './document-batches.service';

const tags = ['corporate data sources'];
const BatchParamsSchema = z.object({ id: IdSchema, jobId: IdSchema });
/** The files' bytes plus their parts' boundaries and headers (a few hundred bytes each). */
const BATCH_BODY_LIMIT = MAX_BATCH_BYTES + MULTIPART_OVERHEAD_BYTES + MAX_BATCH_FILES * 1024;

export const documentBatchesRoutes: FastifyPluginAsyncZod<{ batches: DocumentBatchesService }> = async (app, { batches }) => {
  registerMultipartBody(app, BATCH_BODY_LIMIT, () => new HttpError(413, BATCH_TOO_LARGE_MESSAGE));

  app.post(
    '/api/v1/cdr/:id/documents/batch',
    { config: { roles: CDR_MANAGERS },
      bodyLimit: BATCH_BODY_LIMIT,
      schema: {
        tags,
        summary:
          `Upload several files, or a folder, in one multipart/form-data request: repeated "file" parts (the file name may carry ` +
          `a relative path such as "policies/travel.md"; its folders are created or reused) and an optional "ParentId" folder. ` +
          `Up to ${MAX_BATCH_FILES} files and ${MAX_BATCH_BYTES / 1024 / 1024} MB together, each file up to 10 MB. One job (JobId) ` +
          'indexes them all; a file that cannot be read fails alone, with its reason.',
        params: IdParamsSchema,
        response: { 202: DocumentBatchSchema, ...errorResponses, 413: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const batch = await batches.upload(requireRole(request, CDR_MANAGERS), request.params.id, request.body, request.headers['content-type']);
      return reply.code(202).send(batch);
    },
  );

  app.get(
    '/api/v1/cdr/:id/documents/batch/:jobId',
    { config: { roles: CDR_MANAGERS },
      schema: { tags, summary: 'Progress of a multi-file upload: files done of the total, and each file’s outcome', params: BatchParamsSchema, response: { 200: DocumentBatchSchema, ...errorResponses } },
    },
    async (request) => batches.get(requireRole(request, CDR_MANAGERS), request.params.id, request.params.jobId),
  );
};
