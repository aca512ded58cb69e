import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Role } from '../../domain/enums';
import { OrganizationCreateSchema, OrganizationInputSchema, OrganizationSchema, SyncStartedSchema } from '../../domain/schemas/tenancy';
import { requireRole } from '../http/auth-guards';
import { baseUrlOf } from '../http/base-url';
import type { PublicOrigin } from '../http/base-url';
import { parseListQuery } from '../http/list-query';
import { errorResponses, filterIds, filterText, IdParamsSchema, ListQuerystringSchema, sendPage } from '../http/rest';
import { ORGANIZATION_SORT } from './organizations.repository';
import type { OrganizationSortField } from './organizations.repository';
import type { OrganizationsService } from './organizations.service';

const READERS = [Role.PRODUCT_ADMIN, Role.CUSTOMER_ADMIN];
const MANAGERS = [Role.CUSTOMER_ADMIN];
const SYNCERS = [Role.CUSTOMER_ADMIN, Role.ORG_ADMIN];
const tags = ['organizations'];

export const organizationsRoutes: FastifyPluginAsyncZod<{ organizations: OrganizationsService; publicUrl: PublicOrigin }> = async (
  app,
  { organizations, publicUrl },
) => {
  app.get(
    '/api/v1/organizations',
    { config: { roles: READERS },
      schema: {
        tags,
        summary: "List organizations: a customer admin's own; a product admin's all (filter CustomerId)",
        querystring: ListQuerystringSchema,
        response: { 200: z.array(OrganizationSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const actor = requireRole(request, READERS);
      const params = parseListQuery(request.query, Object.keys(ORGANIZATION_SORT) as OrganizationSortField[], ['Name', 'asc']);
      const page = await organizations.list(actor, {
        ...params,
        search: filterText(params.filter.q),
        ids: filterIds(params.filter.id),
        customerId: filterText(params.filter.CustomerId),
      });
      return sendPage(reply, 'organizations', params.offset, page);
    },
  );

  app.get(
    '/api/v1/organizations/:id',
    { config: { roles: READERS }, schema: { tags, summary: 'One organization', params: IdParamsSchema, response: { 200: OrganizationSchema, ...errorResponses } } },
    async (request) => organizations.get(requireRole(request, READERS), request.params.id),
  );

  app.post(
    '/api/v1/organizations',
    { config: { roles: MANAGERS },
      schema: {
        tags,
        summary: 'Create an organization (CUSTOMER_ADMIN), optionally with its first organization admin',
        body: OrganizationCreateSchema,
        response: { 200: OrganizationSchema, ...errorResponses },
      },
    },
    async (request) => organizations.create(requireRole(request, MANAGERS), request.body, baseUrlOf(request, publicUrl)),
  );

  app.put(
    '/api/v1/organizations/:id',
    { config: { roles: MANAGERS }, schema: { tags, summary: 'Update an organization', params: IdParamsSchema, body: OrganizationInputSchema, response: { 200: OrganizationSchema, ...errorResponses } } },
    async (request) => organizations.update(requireRole(request, MANAGERS), request.params.id, request.body),
  );

  app.delete(
    '/api/v1/organizations/:id',
    { config: { roles: MANAGERS }, schema: { tags, summary: 'Delete an organization with its users', params: IdParamsSchema, response: { 200: OrganizationSchema, ...errorResponses } } },
    async (request) => organizations.delete(requireRole(request, MANAGERS), request.params.id),
  );

  app.post(
    '/api/v1/organizations/:id/cdr/sync',
    { config: { roles: SYNCERS },
      schema: {
        tags,
        summary: "Start a sync job of the organization's corporate data sources; answers at once (202)",
        params: IdParamsSchema,
        response: { 202: SyncStartedSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { jobId, organization } = await organizations.startSync(requireRole(request, SYNCERS), request.params.id);
      return reply.status(202).send({ message: 'Sync started.', JobId: jobId, LastSyncStatus: organization.LastSyncStatus });
    },
  );
};
