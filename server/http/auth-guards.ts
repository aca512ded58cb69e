import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Role } from '../../domain/enums';
import type { AuthService } from '../auth/auth.service';
import type { Principal } from '../auth/principal';
import { forbidden, unauthorized } from './errors';
import { SESSION_COOKIE } from './session-cookie';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
}

/** Resolves the caller once per API request from the session cookie; routes then ask for what they need. */
export function registerPrincipalResolver(app: FastifyInstance, auth: AuthService): void {
  app.decorateRequest('principal', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') && !request.url.startsWith('/auth/')) return;
    const token = request.cookies[SESSION_COOKIE];
    if (token) request.principal = (await auth.resolveSession(token)) ?? null;
  });
}

export function requireSignedIn(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized();
  return request.principal;
}

export function requireRole(request: FastifyRequest, roles: readonly Role[]): Principal {
  const principal = requireSignedIn(request);
  if (!roles.includes(principal.role)) throw forbidden();
  return principal;
}
