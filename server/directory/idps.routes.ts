import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ConfiguredIdpsSchema } from '../../domain/schemas/auth';

// Identity providers arrive with the directory administration; until then none is configured.
export const configuredIdpsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/idps/configured',
    { schema: { tags: ['auth'], summary: 'Identity providers offered on the sign-in page (public)', response: { 200: ConfiguredIdpsSchema } } },
    async () => [],
  );
};
