import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Role } from '../../domain/enums';
import { AccessTokenCreatedSchema, AccessTokenCreateSchema, AccessTokenSchema } from '../../domain/schemas/tokens';
import { requireRole } from '../http/auth-guards';
import { parseListQuery } from '../http/list-query';
import { errorResponses, filterIds, filterText, IdParamsSchema, ListQuerystringSchema, sendPage } from '../http/rest';
import { TOKEN_SORT } from './tokens.repository';
import type { TokenSortField } from './tokens.repository';
import type { TokensService } from './tokens.service';

const OWNERS = [Role.ORG_ADMIN, Role.USER];
const tags = ['tokens'];

export const tokensRoutes: FastifyPluginAsyncZod<{ tokens: TokensService }> = async (app, { tokens }) => {
  app.get(
    '/api/v1/tokens',
    { config: { roles: OWNERS }, schema: { tags, summary: "The caller's access tokens (secrets masked)", querystring: ListQuerystringSchema, response: { 200: z.array(AccessTokenSchema), ...errorResponses } } },
    async (request, reply) => {
      const actor = requireRole(request, OWNERS);
      const params = parseListQuery(request.query, Object.keys(TOKEN_SORT) as TokenSortField[], ['CreatedAt', 'desc']);
      const page = await tokens.list(actor, { ...params, search: filterText(params.filter.q), ids: filterIds(params.filter.id) });
      return sendPage(reply, 'tokens', params.offset, page);
    },
  );

  app.get(
    '/api/v1/tokens/:id',
    { config: { roles: OWNERS }, schema: { tags, summary: 'One of your access tokens', params: IdParamsSchema, response: { 200: AccessTokenSchema, ...errorResponses } } },
    async (request) => tokens.get(requireRole(request, OWNERS), request.params.id),
  );

  app.post(
    '/api/v1/tokens',
    { config: { roles: OWNERS },
      schema: {
        tags,
        summary: 'Create an access token: { Name, ExpiryDays, Scopes, RequestsPerMinute, TokensPerMinute } with ExpiryDays one of 0 (never), 7, 30, 60, 90, 180, 365 (an admin-scoped token must expire), Scopes gateway (default) and/or admin, and optional limits that narrow the owner\'s. The Secret is answered once. Session only: a token never creates tokens.',
        body: AccessTokenCreateSchema,
        response: { 200: AccessTokenCreatedSchema, ...errorResponses },
      },
    },
    async (request) => tokens.create(requireRole(request, OWNERS), request.body),
  );

  app.delete(
    '/api/v1/tokens/:id',
    { config: { roles: OWNERS }, schema: { tags, summary: 'Revoke an access token (it stays listed as revoked)', params: IdParamsSchema, response: { 200: AccessTokenSchema, ...errorResponses } } },
    async (request) => tokens.revoke(requireRole(request, OWNERS), request.params.id),
  );
};
