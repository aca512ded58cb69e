// Who calls the gateway: a member of an organization (session or personal gck_ token), or a copilot through its own
// gca_ app token. A token call has no user of its own; its prompt records carry the token's creator (the admin who
// issued it and answers for it), and the copilot's app id tells them apart from that admin's own prompts.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Role } from '../../domain/enums';
import { APP_TOKEN_PREFIX } from '../../domain/schemas/apps';
import { authenticateAppToken } from '../apps/app-tokens';
import { AppsRepository } from '../apps/apps.repository';
import type { Principal } from '../auth/principal';
import { BAD_TOKEN_MESSAGE, requireRole } from '../http/auth-guards';
import { forbidden, unauthorized } from '../http/errors';
import { OrganizationsRepository } from '../tenancy/organizations.repository';
import { appBudget, memberBudget, tokenBudget } from './rate-limits';
import type { Budget, LimitSettings } from './rate-limits';

const ALL_ROLES = [Role.PRODUCT_ADMIN, Role.CUSTOMER_ADMIN, Role.ORG_ADMIN, Role.USER];

export type GatewayCaller =
  | { kind: 'user'; principal: Principal; organizationId: string }
  /** `principal` is the token's creator: the user the prompt records carry. */
  | { kind: 'app'; principal: Principal; organizationId: string; appId: string; limits: LimitSettings; organizationLimits: LimitSettings };

export const NO_TOKEN_CREATOR_MESSAGE = 'The copilot token was issued by a user who no longer exists or is disabled; create a new token.';

export async function gatewayCaller(app: FastifyInstance, request: FastifyRequest): Promise<GatewayCaller> {
  const authorization = request.headers.authorization;
  const bearer = authorization?.startsWith('Bearer ') ? authorization.slice('Bearer '.length).trim() : null;
  if (bearer?.startsWith(APP_TOKEN_PREFIX)) {
    const owner = await authenticateAppToken(app.db.kysely, bearer);
    if (!owner) throw unauthorized(BAD_TOKEN_MESSAGE);
    if (owner.status !== 'active') throw forbidden('The copilot of this token is not active.');
    const [token] = await new AppsRepository(app.db.kysely).tokensOf([owner.appId]);
    const creator = token?.created_by ? await app.services.auth.principalOf(token.created_by, null) : undefined;
    if (!creator || creator.organizationId !== owner.organizationId) throw unauthorized(NO_TOKEN_CREATOR_MESSAGE);
    return { kind: 'app', principal: creator, organizationId: owner.organizationId, appId: owner.appId, limits: owner.limits, organizationLimits: owner.organizationLimits };
  }
  const principal = requireRole(request, ALL_ROLES);
  if (!principal.organizationId) throw forbidden('Only members of an organization can use the gateway.');
  return { kind: 'user', principal, organizationId: principal.organizationId };
}

/**
 * The budgets a call draws from (see rate-limits.ts). Token calls read their limits with the token lookup they made
 * anyway; only a session call reads its organization's here.
 */
export async function budgetsOf(app: FastifyInstance, request: FastifyRequest, caller: GatewayCaller, defaultRpm: number): Promise<Budget[]> {
  if (caller.kind === 'app') return [appBudget(caller.appId, caller.limits, caller.organizationLimits, defaultRpm)];
  const token = request.accessToken;
  const organization = token ? token.organizationLimits : await new OrganizationsRepository(app.db.kysely).gatewayLimits(caller.organizationId);
  const member = memberBudget(caller.principal.userId, organization, defaultRpm);
  const own = token ? tokenBudget(token.tokenId, token.limits, member) : null;
  return own ? [member, own] : [member];
}
