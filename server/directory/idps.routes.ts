import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ConfiguredIdpsQuerySchema, ConfiguredIdpsSchema } from '../../domain/schemas/auth';
import { ApiErrorSchema, IdSchema } from '../../domain/schemas/common';
import { IdentityProviderCreateSchema, IdentityProviderInputSchema, IdentityProviderSchema } from '../../domain/schemas/idps';
import { ListQuerySchema } from '../../domain/schemas/list';
import { requireRole } from '../http/auth-guards';
import { parseListQuery, setContentRange } from '../http/list-query';
import { baseUrlOf } from '../http/base-url';
import type { PublicOrigin } from '../http/base-url';
import { IDP_SORT_COLUMNS } from './idps.repository';
import type { IdpSortField } from './idps.repository';
import type { IdpsService } from './idps.service';
import { IDP_ADMIN_ROLES } from './idps.service';

export interface IdpsRoutesOptions {
  idps: IdpsService;
  publicUrl: PublicOrigin;
}

const tags = ['identity providers'];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema };
const IdParams = z.object({ id: IdSchema });
const SORTABLE = Object.keys(IDP_SORT_COLUMNS) as IdpSortField[];

export const idpsRoutes: FastifyPluginAsyncZod<IdpsRoutesOptions> = async (app, { idps, publicUrl }) => {
  app.get(
    '/api/v1/idps/configured',
    {
      schema: {
        tags,
        summary: 'Identity providers offered on the sign-in page to addresses of one email domain (public): name and sign-in path only',
        querystring: ConfiguredIdpsQuerySchema,
        response: { 200: ConfiguredIdpsSchema, 400: ApiErrorSchema },
      },
    },
    async (request) => idps.configuredFor(request.query.domain),
  );

  app.get(
    '/api/v1/idps',
    { config: { roles: IDP_ADMIN_ROLES },
      schema: {
        tags,
        summary: 'List identity providers (sort, range, filter with q, Enabled, Preset, OrganizationId)',
        querystring: ListQuerySchema,
        response: { 200: z.array(IdentityProviderSchema), ...errors },
      },
    },
    async (request, reply) => {
      const principal = requireRole(request, IDP_ADMIN_ROLES);
      const params = parseListQuery(request.query, SORTABLE, ['Name', 'asc']);
      const { records, total } = await idps.list(principal, baseUrlOf(request, publicUrl), params);
      setContentRange(reply, 'idps', params.offset, records.length, total);
      return records;
    },
  );

  app.get(
    '/api/v1/idps/:id',
    { config: { roles: IDP_ADMIN_ROLES }, schema: { tags, summary: 'One identity provider', params: IdParams, response: { 200: IdentityProviderSchema, ...errors } } },
    async (request) => idps.get(requireRole(request, IDP_ADMIN_ROLES), baseUrlOf(request, publicUrl), request.params.id),
  );

  app.post(
    '/api/v1/idps',
    { config: { roles: IDP_ADMIN_ROLES },
      schema: {
        tags,
        summary: 'Add an OpenID Connect identity provider (the client secret is stored encrypted and never returned)',
        body: IdentityProviderCreateSchema,
        response: { 200: IdentityProviderSchema, ...errors },
      },
    },
    async (request) => idps.create(requireRole(request, IDP_ADMIN_ROLES), baseUrlOf(request, publicUrl), request.body),
  );

  app.put(
    '/api/v1/idps/:id',
    { config: { roles: IDP_ADMIN_ROLES },
      schema: {
        tags,
        summary: 'Change an identity provider (an empty ClientSecret keeps the stored one)',
        params: IdParams,
        body: IdentityProviderInputSchema,
        response: { 200: IdentityProviderSchema, ...errors },
      },
    },
    async (request) => idps.update(requireRole(request, IDP_ADMIN_ROLES), baseUrlOf(request, publicUrl), request.params.id, request.body),
  );

  app.delete(
    '/api/v1/idps/:id',
    { config: { roles: IDP_ADMIN_ROLES }, schema: { tags, summary: 'Remove an identity provider', params: IdParams, response: { 200: IdentityProviderSchema, ...errors } } },
    async (request) => idps.remove(requireRole(request, IDP_ADMIN_ROLES), baseUrlOf(request, publicUrl), request.params.id),
  );
};
