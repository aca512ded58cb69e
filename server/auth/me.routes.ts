import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '../../domain/schemas/common';
import { CurrentUserSchema } from '../../domain/schemas/auth';
import { requireSignedIn } from '../http/auth-guards';
import { unauthorized } from '../http/errors';
import type { AuthService } from './auth.service';

export const meRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  app.get(
    '/api/v1/me',
    { schema: { tags: ['auth'], summary: 'The signed-in user', response: { 200: CurrentUserSchema, 401: ApiErrorSchema } } },
    async (request) => {
      const principal = requireSignedIn(request);
      const user = await auth.currentUser(principal.userId);
      if (!user) throw unauthorized();
      return user;
    },
  );
};
