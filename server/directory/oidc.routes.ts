import { DEFAULT_HOME_ROUTE } from '../../domain/constants';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SESSION_COOKIE, setSessionCookie } from '../http/session-cookie';
import type { AuthService } from '../auth/auth.service';
import { baseUrlOf } from '../http/base-url';
import type { PublicOrigin } from '../http/base-url';
import { loginErrorLocation, OidcSignInError, SIGN_IN_MESSAGES } from './oidc-errors';
import type { OidcLoginService } from './oidc-login.service';
import { PENDING_LOGIN_TTL_MS } from './oidc-login.service';

export interface OidcRoutesOptions {
  oidc: OidcLoginService;
  auth: AuthService;
  sessionTtlMs: number;
  publicUrl: PublicOrigin;
}

/** Holds the OAuth state between /login and /callback, so that only the browser that started a sign-in can finish it. */
export const OIDC_STATE_COOKIE = 'console_oidc_state';
const STATE_COOKIE_OPTIONS = { path: '/auth/', httpOnly: true, sameSite: 'lax', secure: 'auto' } as const;

const tags = ['auth'];
// Any text: an unknown or malformed id ends at /login with a message, not a JSON error the browser would show.
const IdpParams = z.object({ idp: z.string().max(200) });

export const oidcRoutes: FastifyPluginAsyncZod<OidcRoutesOptions> = async (app, { oidc, auth, sessionTtlMs, publicUrl }) => {
  app.get(
    '/auth/:idp/login',
    { schema: { tags, summary: 'Start signing in with an identity provider (redirects to the provider)', params: IdpParams } },
    async (request, reply) => {
      try {
        const { location, state } = await oidc.begin(request.params.idp, baseUrlOf(request, publicUrl));
        void reply.setCookie(OIDC_STATE_COOKIE, state, { ...STATE_COOKIE_OPTIONS, maxAge: PENDING_LOGIN_TTL_MS / 1000 });
        return reply.redirect(location);
      } catch (error) {
        return refuse(request, reply, error);
      }
    },
  );

  app.get(
    '/auth/:idp/callback',
    { schema: { tags, summary: "The provider's redirect back: creates or updates the federated user and signs them in", params: IdpParams } },
    async (request, reply) => {
      void reply.clearCookie(OIDC_STATE_COOKIE, STATE_COOKIE_OPTIONS);
      try {
        const { sessionToken } = await oidc.complete({
          idpId: request.params.idp,
          query: request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '',
          stateFromCookie: request.cookies[OIDC_STATE_COOKIE],
          ip: request.ip,
          userAgent: request.headers['user-agent'],
        });
        // A fresh session at every sign-in; whatever session this browser held before is ended.
        const previous = request.cookies[SESSION_COOKIE];
        if (previous) await auth.logout(previous);
        setSessionCookie(reply, sessionToken, sessionTtlMs);
        // A protected page, not /: the SPA's session check runs there and stores the sign-in state (§2.2);
        // federated users are organization members, whose default route this is.
        return reply.redirect(DEFAULT_HOME_ROUTE);
      } catch (error) {
        return refuse(request, reply, error);
      }
    },
  );
};

function refuse(request: FastifyRequest, reply: FastifyReply, error: unknown) {
  const known = error instanceof OidcSignInError;
  const reason = known ? error.reason : error instanceof Error ? `${error.name}: ${error.message.slice(0, 200)}` : 'unknown error';
  request.log.warn({ idp: (request.params as { idp?: string }).idp?.slice(0, 64), reason }, 'identity provider sign-in refused');
  return reply.redirect(loginErrorLocation(known ? error.userMessage : SIGN_IN_MESSAGES.failed));
}
