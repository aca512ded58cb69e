import type { FastifyRequest } from 'fastify';

/**
 * The path as the router understood it, for prefix checks: `/%61pi/v1/…` reaches the `/api/v1/…` routes, so checks on
 * the raw URL could be walked around. The matched route's pattern when there is one, else the percent-decoded path.
 */
export function routePath(request: FastifyRequest): string {
  const matched = request.routeOptions.url;
  if (matched) return matched;
  const raw = request.url.split('?')[0] ?? '';
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** Under /api/ or /auth/: the session is resolved and answers are never cached. */
export function isApiOrAuthPath(request: FastifyRequest): boolean {
  const path = routePath(request);
  return path.startsWith('/api/') || path.startsWith('/auth/');
}
