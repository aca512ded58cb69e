import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Role } from '../../domain/enums';
import { GroupInputSchema, GroupSchema } from '../../domain/schemas/directory';
import { requireRole } from '../http/auth-guards';
import { parseListQuery } from '../http/list-query';
import { errorResponses, filterIds, filterText, IdParamsSchema, ListQuerystringSchema, sendPage } from '../http/rest';
import { GROUP_SORT } from './groups.repository';
import type { GroupSortField } from './groups.repository';
import type { GroupsService } from './groups.service';

const READERS = [Role.ORG_ADMIN, Role.USER];
const MANAGERS = [Role.ORG_ADMIN];
const tags = ['groups'];

export const groupsRoutes: FastifyPluginAsyncZod<{ groups: GroupsService }> = async (app, { groups }) => {
  app.get(
    '/api/v1/groups',
    { config: { roles: READERS },
      schema: {
        tags,
        summary: "List groups: all of the organization's for ORG_ADMIN, the caller's own for USER",
        querystring: ListQuerystringSchema,
        response: { 200: z.array(GroupSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const actor = requireRole(request, READERS);
      const params = parseListQuery(request.query, Object.keys(GROUP_SORT) as GroupSortField[], ['Name', 'asc']);
      const page = await groups.list(actor, { ...params, search: filterText(params.filter.q), ids: filterIds(params.filter.id) });
      return sendPage(reply, 'groups', params.offset, page);
    },
  );

  app.get(
    '/api/v1/groups/:id',
    { config: { roles: READERS }, schema: { tags, summary: 'One group', params: IdParamsSchema, response: { 200: GroupSchema, ...errorResponses } } },
    async (request) => groups.get(requireRole(request, READERS), request.params.id),
  );

  app.post(
    '/api/v1/groups',
    { config: { roles: MANAGERS }, schema: { tags, summary: 'Create a group (ORG_ADMIN)', body: GroupInputSchema, response: { 200: GroupSchema, ...errorResponses } } },
    async (request) => groups.create(requireRole(request, MANAGERS), request.body),
  );

  app.put(
    '/api/v1/groups/:id',
    { config: { roles: MANAGERS }, schema: { tags, summary: 'Update a group and its members', params: IdParamsSchema, body: GroupInputSchema, response: { 200: GroupSchema, ...errorResponses } } },
    async (request) => groups.update(requireRole(request, MANAGERS), request.params.id, request.body),
  );

  app.delete(
    '/api/v1/groups/:id',
    { config: { roles: MANAGERS }, schema: { tags, summary: 'Delete a group', params: IdParamsSchema, response: { 200: GroupSchema, ...errorResponses } } },
    async (request) => groups.delete(requireRole(request, MANAGERS), request.params.id),
  );
};
