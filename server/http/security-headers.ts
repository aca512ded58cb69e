import type { FastifyInstance } from 'fastify';
import { isApiOrAuthPath } from './request-path';

/**
 * What the built SPA and the API docs page need, and nothing else. Scripts only from this origin (no inline script, no
 * eval); styles from this origin plus inline, because MUI (emotion) writes its styles into <style> elements at run time;
 * images may also be avatars from an identity provider (https) or data/blob URLs; no framing, no plugins, forms and
 * <base> only to this origin.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** One year; only sent on a request that came over TLS (directly, or per X-Forwarded-Proto behind a trusted proxy). */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    void reply.header('x-content-type-options', 'nosniff');
    void reply.header('referrer-policy', 'same-origin');
    void reply.header('x-frame-options', 'DENY');
    void reply.header('content-security-policy', CONTENT_SECURITY_POLICY);
    void reply.header('x-request-id', request.id);
    // request.protocol reads X-Forwarded-Proto only when TRUST_PROXY trusts the sender.
    if (request.protocol === 'https') void reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
    if (isApiOrAuthPath(request)) void reply.header('cache-control', 'no-store');
  });
}
