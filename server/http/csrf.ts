import type { FastifyInstance } from 'fastify';
import { forbidden } from './errors';
import { routePath } from './request-path';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * A cross-site HTML form can send cookies but cannot set a JSON content type or a custom header
 * without a CORS preflight, which this server never grants. So cookie-authenticated mutations must carry one.
 */
export function registerCsrfGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (!UNSAFE_METHODS.has(request.method) || !routePath(request).startsWith('/api/')) return;
    if (request.headers.authorization?.startsWith('Bearer ')) return;
    const contentType = request.headers['content-type'] ?? '';
    const jsonBody = contentType.split(';')[0]!.trim().toLowerCase() === 'application/json';
    if (jsonBody || request.headers['x-requested-with']) return;
    throw forbidden('This request must be sent by the console (JSON body or X-Requested-With header).');
  });
}
