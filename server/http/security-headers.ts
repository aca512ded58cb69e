import type { FastifyInstance } from 'fastify';
import { isApiOrAuthPath } from './request-path';

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    void reply.header('x-content-type-options', 'nosniff');
    void reply.header('referrer-policy', 'same-origin');
    void reply.header('x-frame-options', 'DENY');
    void reply.header('x-request-id', request.id);
    if (isApiOrAuthPath(request)) void reply.header('cache-control', 'no-store');
  });
}
