import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Role } from '../../domain/enums';
import type { AuthService } from '../auth/auth.service';
import type { Principal } from '../auth/principal';
import type { AuthenticatedToken, TokensService } from '../tokens/tokens.service';
import { forbidden, unauthorized } from './errors';
import { isApiOrAuthPath, routePath } from './request-path';
import { SESSION_COOKIE } from './session-cookie';
import { tokenRefusal } from './token-scopes';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Roles allowed on the route; checked before the body is validated, so a forbidden caller gets 403, not 400. */
    roles?: readonly Role[];
  }
  interface FastifyRequest {
    principal: Principal | null;
    /** Set when the caller presented a bearer token that is unknown, expired or revoked. */
    bearerRejected: boolean;
    /** The personal access token the caller authenticated with (null for a session). */
    accessToken: AuthenticatedToken | null;
  }
}

export const BAD_TOKEN_MESSAGE = 'The access token is not valid: it is unknown, expired or revoked.';

/**
 * Resolves the caller once per API request: from `Authorization: Bearer <access token>` when given
 * (never falling back to the cookie then), else from the session cookie.
 */
export function registerPrincipalResolver(app: FastifyInstance, auth: AuthService, tokens: TokensService): void {
  app.decorateRequest('principal', null);
  app.decorateRequest('bearerRejected', false);
  app.decorateRequest('accessToken', null);
  app.addHook('onRequest', async (request) => {
    if (!isApiOrAuthPath(request)) return;
    const authorization = request.headers.authorization;
    if (authorization?.startsWith('Bearer ')) {
      const owner = await tokens.authenticate(authorization.slice('Bearer '.length).trim());
      // A disabled or deleted owner's tokens stop working with them (the token's look-up reads its owner too).
      request.principal = owner?.principal ?? null;
      request.bearerRejected = request.principal === null;
      if (!owner || !request.principal) return;
      request.accessToken = owner;
      const refusal = tokenRefusal(owner.scopes, request.method, routePath(request));
      if (refusal) throw forbidden(refusal);
      return;
    }
    const token = request.cookies[SESSION_COOKIE];
    if (token) request.principal = (await auth.resolveSession(token)) ?? null;
  });
  app.addHook('preValidation', async (request) => {
    const roles = request.routeOptions.config.roles;
    if (roles) requireRole(request, roles);
  });
}

export function requireSignedIn(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized(request.bearerRejected ? BAD_TOKEN_MESSAGE : undefined);
  return request.principal;
}

export function requireRole(request: FastifyRequest, roles: readonly Role[]): Principal {
  const principal = requireSignedIn(request);
  if (!roles.includes(principal.role)) throw forbidden();
  return principal;
}
