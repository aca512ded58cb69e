import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema, MessageSchema } from '../../domain/schemas/common';
import { CurrentUserSchema, ForgotPasswordRequestSchema, LoginRequestSchema, ResetPasswordRequestSchema } from '../../domain/schemas/auth';
import { LOGOUT_PATH } from '../../domain/constants';
import { baseUrlOf } from '../http/base-url';
import type { PublicOrigin } from '../http/base-url';
import { clearSessionCookie, SESSION_COOKIE, setSessionCookie } from '../http/session-cookie';
import type { AuthService } from './auth.service';
import { DEVICE_COOKIE, setDeviceCookie } from './known-device';
import { FORGOT_PASSWORD_ANSWER } from './auth.service';

export interface AuthRoutesOptions {
  auth: AuthService;
  sessionTtlMs: number;
  publicUrl: PublicOrigin;
}

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 429: ApiErrorSchema };

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { auth, sessionTtlMs, publicUrl }) => {
  app.post(
    '/api/v1/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password; sets the session cookie',
        body: LoginRequestSchema,
        response: { 200: CurrentUserSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { user, sessionToken, deviceToken } = await auth.login(
        request.body.Email,
        request.body.Password,
        request.ip,
        request.headers['user-agent'],
        request.cookies[DEVICE_COOKIE],
      );
      if (deviceToken) setDeviceCookie(reply, deviceToken);
      // A fresh session id at every sign-in; any session the browser held before is ended.
      const previous = request.cookies[SESSION_COOKIE];
      if (previous) await auth.logout(previous);
      setSessionCookie(reply, sessionToken, sessionTtlMs);
      return user;
    },
  );

  app.post(
    '/api/v1/auth/logout',
    { schema: { tags: ['auth'], summary: 'End the current session', response: { 200: MessageSchema } } },
    async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      if (token) await auth.logout(token);
      clearSessionCookie(reply);
      return { message: 'Signed out.' };
    },
  );

  app.get(
    LOGOUT_PATH,
    { schema: { tags: ['auth'], summary: 'End the session and go to the sign-in page (browser navigation)' } },
    async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      if (token) await auth.logout(token);
      clearSessionCookie(reply);
      return reply.redirect('/login');
    },
  );

  app.post(
    '/api/v1/auth/forgot-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Send a one-time password reset link (written to the server log when no mail is configured)',
        body: ForgotPasswordRequestSchema,
        response: { 200: MessageSchema, ...errors },
      },
    },
    async (request) => {
      await auth.forgotPassword(request.body.Email, request.ip, baseUrlOf(request, publicUrl));
      return { message: FORGOT_PASSWORD_ANSWER };
    },
  );

  app.post(
    '/api/v1/auth/reset-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with a one-time link token; ends every session of the account',
        body: ResetPasswordRequestSchema,
        response: { 200: MessageSchema, ...errors },
      },
    },
    async (request) => {
      await auth.resetPassword(request.body.Token, request.body.Password);
      return { message: 'Your password is set. Sign in with it now.' };
    },
  );
};
