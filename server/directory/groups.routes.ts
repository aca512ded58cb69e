import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Role } from '../../domain/enums';
import { GroupInputSchema, GroupSchema } from '../../domain/schemas/directory';
import { registerCrudRoutes } from '../http/crud-routes';
import { filterIds, filterText } from '../http/rest';
import { GROUP_SORT } from './groups.repository';
import type { GroupSortField } from './groups.repository';
import type { GroupsService } from './groups.service';

export const groupsRoutes: FastifyPluginAsyncZod<{ groups: GroupsService }> = async (app, { groups }) => {
  registerCrudRoutes(app, {
    path: '/api/v1/groups',
    resource: 'groups',
    tags: ['groups'],
    roles: { read: [Role.ORG_ADMIN, Role.USER], write: [Role.ORG_ADMIN] },
    schemas: { view: GroupSchema, create: GroupInputSchema, update: GroupInputSchema },
    summaries: {
      list: "List groups: all of the organization's for ORG_ADMIN, the caller's own for USER",
      get: 'One group',
      create: 'Create a group (ORG_ADMIN)',
      update: 'Update a group and its members',
      delete: 'Delete a group',
    },
    sort: { fields: Object.keys(GROUP_SORT) as GroupSortField[], default: ['Name', 'asc'] },
    list: (actor, params) => groups.list(actor, { ...params, search: filterText(params.filter.q), ids: filterIds(params.filter.id) }),
    get: (actor, id) => groups.get(actor, id),
    create: (actor, body) => groups.create(actor, body),
    update: (actor, id, body) => groups.update(actor, id, body),
    delete: (actor, id) => groups.delete(actor, id),
  });
};
