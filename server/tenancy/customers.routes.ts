import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Role } from '../../domain/enums';
import { CustomerCreateSchema, CustomerInputSchema, CustomerSchema } from '../../domain/schemas/tenancy';
import { requireRole } from '../http/auth-guards';
import { baseUrlOf } from '../http/base-url';
import type { PublicOrigin } from '../http/base-url';
import { parseListQuery } from '../http/list-query';
import { errorResponses, filterIds, filterText, IdParamsSchema, ListQuerystringSchema, sendPage } from '../http/rest';
import { CUSTOMER_SORT } from './customers.repository';
import type { CustomerSortField } from './customers.repository';
import type { CustomersService } from './customers.service';

const ONLY = [Role.PRODUCT_ADMIN];
const tags = ['customers'];

export const customersRoutes: FastifyPluginAsyncZod<{ customers: CustomersService; publicUrl: PublicOrigin }> = async (app, { customers, publicUrl }) => {
  app.get(
    '/api/v1/customers',
    { config: { roles: ONLY }, schema: { tags, summary: 'List customers (PRODUCT_ADMIN)', querystring: ListQuerystringSchema, response: { 200: z.array(CustomerSchema), ...errorResponses } } },
    async (request, reply) => {
      requireRole(request, ONLY);
      const params = parseListQuery(request.query, Object.keys(CUSTOMER_SORT) as CustomerSortField[], ['Name', 'asc']);
      const type = Number(params.filter.Type);
      const page = await customers.list({
        ...params,
        search: filterText(params.filter.q),
        ids: filterIds(params.filter.id),
        type: Number.isInteger(type) && type > 0 ? type : undefined,
      });
      return sendPage(reply, 'customers', params.offset, page);
    },
  );

  app.get(
    '/api/v1/customers/:id',
    { config: { roles: ONLY }, schema: { tags, summary: 'One customer', params: IdParamsSchema, response: { 200: CustomerSchema, ...errorResponses } } },
    async (request) => {
      requireRole(request, ONLY);
      return customers.get(request.params.id);
    },
  );

  app.post(
    '/api/v1/customers',
    { config: { roles: ONLY },
      schema: {
        tags,
        summary: 'Create a customer, optionally with its first customer admin (who gets a one-time set-up link)',
        body: CustomerCreateSchema,
        response: { 200: CustomerSchema, ...errorResponses },
      },
    },
    async (request) => customers.create(requireRole(request, ONLY), request.body, baseUrlOf(request, publicUrl)),
  );

  app.put(
    '/api/v1/customers/:id',
    { config: { roles: ONLY }, schema: { tags, summary: 'Update a customer', params: IdParamsSchema, body: CustomerInputSchema, response: { 200: CustomerSchema, ...errorResponses } } },
    async (request) => customers.update(requireRole(request, ONLY), request.params.id, request.body),
  );

  app.delete(
    '/api/v1/customers/:id',
    { config: { roles: ONLY }, schema: { tags, summary: 'Delete a customer with its organizations and users', params: IdParamsSchema, response: { 200: CustomerSchema, ...errorResponses } } },
    async (request) => customers.delete(requireRole(request, ONLY), request.params.id),
  );
};
