import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Role } from '../../domain/enums';
import { CustomerCreateSchema, CustomerInputSchema, CustomerSchema } from '../../domain/schemas/tenancy';
import { baseUrlOf } from '../http/base-url';
import type { PublicOrigin } from '../http/base-url';
import { registerCrudRoutes } from '../http/crud-routes';
import { filterIds, filterText } from '../http/rest';
import { CUSTOMER_SORT } from './customers.repository';
import type { CustomerSortField } from './customers.repository';
import type { CustomersService } from './customers.service';

const ONLY = [Role.PRODUCT_ADMIN];

export const customersRoutes: FastifyPluginAsyncZod<{ customers: CustomersService; publicUrl: PublicOrigin }> = async (app, { customers, publicUrl }) => {
  registerCrudRoutes(app, {
    path: '/api/v1/customers',
    resource: 'customers',
    tags: ['customers'],
    roles: { read: ONLY, write: ONLY },
    schemas: { view: CustomerSchema, create: CustomerCreateSchema, update: CustomerInputSchema },
    summaries: {
      list: 'List customers (PRODUCT_ADMIN)',
      get: 'One customer',
      create: 'Create a customer, optionally with its first customer admin (who gets a one-time set-up link)',
      update: 'Update a customer',
      delete: 'Delete a customer with its organizations and users',
    },
    sort: { fields: Object.keys(CUSTOMER_SORT) as CustomerSortField[], default: ['Name', 'asc'] },
    list: (_actor, params) => {
      const type = Number(params.filter.Type);
      return customers.list({ ...params, search: filterText(params.filter.q), ids: filterIds(params.filter.id), type: Number.isInteger(type) && type > 0 ? type : undefined });
    },
    get: (_actor, id) => customers.get(id),
    create: (actor, body, request) => customers.create(actor, body, baseUrlOf(request, publicUrl)),
    update: (actor, id, body) => customers.update(actor, id, body),
    delete: (actor, id) => customers.delete(actor, id),
  });
};
