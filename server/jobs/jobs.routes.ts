import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { Role } from '../../domain/enums';
import { JobSchema } from '../../domain/schemas/jobs';
import type { Database } from '../db/schema';
import { requireSignedIn } from '../http/auth-guards';
import { notFound } from '../http/errors';
import { errorResponses, IdParamsSchema, isoOrNull, iso } from '../http/rest';
import { JobsRepository } from './jobs.repository';

export { JobSchema } from '../../domain/schemas/jobs';

export const jobsRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database> }> = async (app, { db }) => {
  app.get(
    '/api/v1/jobs/:id',
    { schema: { tags: ['jobs'], summary: 'Progress of a background job of your organization or customer', params: IdParamsSchema, response: { 200: JobSchema, ...errorResponses } } },
    async (request) => {
      const actor = requireSignedIn(request);
      const job = await new JobsRepository(db).findById(request.params.id);
      const visible =
        job &&
        (actor.role === Role.PRODUCT_ADMIN ||
          (actor.role === Role.CUSTOMER_ADMIN && job.customer_id === actor.customerId) ||
          (actor.role === Role.ORG_ADMIN && job.organization_id === actor.organizationId));
      if (!visible) throw notFound('The job');
      return {
        id: job.id,
        Type: job.type,
        Status: job.status,
        Progress: job.progress,
        Message: job.message,
        Attempts: job.attempts,
        CreatedAt: iso(job.created_at),
        UpdatedAt: iso(job.updated_at),
        FinishedAt: isoOrNull(job.finished_at),
      };
    },
  );
};
