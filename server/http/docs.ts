import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI document of every route, with the interactive page at /api/documentation. */
export async function registerApiDocs(app: FastifyInstance, version: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'AI Governance Console API',
        description:
          'Every route of the console. Sign in with POST /api/v1/auth/login (cookie session); mutations need a JSON body or an X-Requested-With header. Errors are `{ message, errors? }`.',
        version,
      },
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'console_session' } },
      },
      security: [{ session: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/documentation', uiConfig: { docExpansion: 'list', deepLinking: true, validatorUrl: null } });
}
