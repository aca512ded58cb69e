import type { FastifyInstance } from 'fastify';

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    void reply.header('x-content-type-options', 'nosniff');
    void reply.header('referrer-policy', 'same-origin');
    void reply.header('x-frame-options', 'DENY');
    void reply.header('x-request-id', request.id);
    if (request.url.startsWith('/api/') || request.url.startsWith('/auth/')) void reply.header('cache-control', 'no-store');
  });
}
