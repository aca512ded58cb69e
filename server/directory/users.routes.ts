import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Role } from '../../domain/enums';
import { UserCreatedSchema, UserInputSchema, UserSchema } from '../../domain/schemas/directory';
import { requireRole } from '../http/auth-guards';
import { baseUrlOf } from '../http/base-url';
import type { PublicOrigin } from '../http/base-url';
import { parseListQuery } from '../http/list-query';
import { errorResponses, filterIds, filterText, IdParamsSchema, ListQuerystringSchema, sendPage } from '../http/rest';
import { USER_SORT } from './users.repository';
import type { UserSortField } from './users.repository';
import type { UsersService } from './users.service';

const ONLY = [Role.ORG_ADMIN];
const tags = ['users'];

export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService; publicUrl: PublicOrigin }> = async (app, { users, publicUrl }) => {
  app.get(
    '/api/v1/users',
    { config: { roles: ONLY },
      schema: {
        tags,
        summary: "List the organization's users (ORG_ADMIN); filters q, Role, Enabled, GroupId, id",
        querystring: ListQuerystringSchema,
        response: { 200: z.array(UserSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const actor = requireRole(request, ONLY);
      const params = parseListQuery(request.query, Object.keys(USER_SORT) as UserSortField[], ['LastName', 'asc']);
      const role = Number(params.filter.Role);
      const page = await users.list(actor, {
        ...params,
        search: filterText(params.filter.q),
        ids: filterIds(params.filter.id),
        role: Number.isInteger(role) && role > 0 ? role : undefined,
        enabled: typeof params.filter.Enabled === 'boolean' ? params.filter.Enabled : undefined,
        groupId: filterText(params.filter.GroupId),
      });
      return sendPage(reply, 'users', params.offset, page);
    },
  );

  app.get(
    '/api/v1/users/:id',
    { config: { roles: ONLY }, schema: { tags, summary: 'One user', params: IdParamsSchema, response: { 200: UserSchema, ...errorResponses } } },
    async (request) => users.get(requireRole(request, ONLY), request.params.id),
  );

  app.post(
    '/api/v1/users',
    { config: { roles: ONLY },
      schema: {
        tags,
        summary: 'Create a user; a LOCAL user gets a one-time link to set a first password (answered once as SetupLink)',
        body: UserInputSchema,
        response: { 200: UserCreatedSchema, ...errorResponses },
      },
    },
    async (request) => users.create(requireRole(request, ONLY), request.body, baseUrlOf(request, publicUrl)),
  );

  app.put(
    '/api/v1/users/:id',
    { config: { roles: ONLY },
      schema: {
        tags,
        summary: 'Update a user; disabling or a role change ends their sessions at once',
        params: IdParamsSchema,
        body: UserInputSchema,
        response: { 200: UserSchema, ...errorResponses },
      },
    },
    async (request) => users.update(requireRole(request, ONLY), request.params.id, request.body),
  );

  app.delete(
    '/api/v1/users/:id',
    { config: { roles: ONLY }, schema: { tags, summary: 'Delete a user and end their sessions', params: IdParamsSchema, response: { 200: UserSchema, ...errorResponses } } },
    async (request) => users.delete(requireRole(request, ONLY), request.params.id),
  );
};
