import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Role } from '../../domain/enums';
import { AccessTokenCreatedSchema, AccessTokenCreateSchema, AccessTokenSchema } from '../../domain/schemas/tokens';
import { registerCrudRoutes } from '../http/crud-routes';
import { filterIds, filterText } from '../http/rest';
import { TOKEN_SORT } from './tokens.repository';
import type { TokenSortField } from './tokens.repository';
import type { TokensService } from './tokens.service';

const OWNERS = [Role.ORG_ADMIN, Role.USER];

/** A token cannot be changed once made; "delete" revokes it (it stays listed as revoked). */
export const tokensRoutes: FastifyPluginAsyncZod<{ tokens: TokensService }> = async (app, { tokens }) => {
  registerCrudRoutes(app, {
    path: '/api/v1/tokens',
    resource: 'tokens',
    tags: ['tokens'],
    roles: { read: OWNERS, write: OWNERS },
    schemas: { view: AccessTokenSchema, record: AccessTokenSchema, create: AccessTokenCreateSchema },
    createRoute: { responses: { 200: AccessTokenCreatedSchema } },
    summaries: {
      list: "The caller's access tokens (secrets masked)",
      get: 'One of your access tokens',
      create:
        "Create an access token: { Name, ExpiryDays, Scopes, RequestsPerMinute, TokensPerMinute } with ExpiryDays one of 0 (never), 7, 30, 60, 90, 180, 365 (an admin-scoped token must expire), Scopes gateway (default) and/or admin, and optional limits that narrow the owner's. The Secret is answered once. Session only: a token never creates tokens.",
      delete: 'Revoke an access token (it stays listed as revoked)',
    },
    sort: { fields: Object.keys(TOKEN_SORT) as TokenSortField[], default: ['CreatedAt', 'desc'] },
    list: (actor, params) => tokens.list(actor, { ...params, search: filterText(params.filter.q), ids: filterIds(params.filter.id) }),
    get: (actor, id) => tokens.get(actor, id),
    create: (actor, body) => tokens.create(actor, body),
    delete: (actor, id) => tokens.revoke(actor, id),
  });
};
