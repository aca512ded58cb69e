import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppMetaSchema } from '../../domain/schemas/meta';
import type { MetaService } from './meta.service';

export const metaRoutes: FastifyPluginAsyncZod<{ meta: MetaService }> = async (app, { meta }) => {
  app.get(
    '/api/v1/meta',
    {
      schema: {
        tags: ['meta'],
        summary: "Branding, features and home route (public; a signed-in caller gets their organization's values)",
        response: { 200: AppMetaSchema },
      },
    },
    async (request) => meta.metaFor(request.principal?.organizationId ?? null),
  );
};
