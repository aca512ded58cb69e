import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Role } from '../../domain/enums';
import { OrganizationCreateSchema, OrganizationInputSchema, OrganizationSchema, SyncStartedSchema } from '../../domain/schemas/tenancy';
import { requireRole } from '../http/auth-guards';
import { baseUrlOf } from '../http/base-url';
import type { PublicOrigin } from '../http/base-url';
import { registerCrudRoutes } from '../http/crud-routes';
import { errorResponses, filterIds, filterText, IdParamsSchema } from '../http/rest';
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
  registerCrudRoutes(app, {
    path: '/api/v1/organizations',
    resource: 'organizations',
    tags,
    roles: { read: READERS, write: MANAGERS },
    schemas: { view: OrganizationSchema, create: OrganizationCreateSchema, update: OrganizationInputSchema },
    summaries: {
      list: "List organizations: a customer admin's own; a product admin's all (filter CustomerId)",
      get: 'One organization',
      create: 'Create an organization (CUSTOMER_ADMIN), optionally with its first organization admin',
      update: 'Update an organization',
      delete: 'Delete an organization with its users',
    },
    sort: { fields: Object.keys(ORGANIZATION_SORT) as OrganizationSortField[], default: ['Name', 'asc'] },
    list: (actor, params) =>
      organizations.list(actor, { ...params, search: filterText(params.filter.q), ids: filterIds(params.filter.id), customerId: filterText(params.filter.CustomerId) }),
    get: (actor, id) => organizations.get(actor, id),
    create: (actor, body, request) => organizations.create(actor, body, baseUrlOf(request, publicUrl)),
    update: (actor, id, body) => organizations.update(actor, id, body),
    delete: (actor, id) => organizations.delete(actor, id),
  });

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
