import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import { Role } from '../../domain/enums';
import { CRITICAL_EVENT_KINDS, CriticalEventSchema, RiskSettingsSchema } from '../../domain/schemas/metrics';
import type { CriticalEventKind } from '../../domain/schemas/metrics';
import type { Principal } from '../auth/principal';
import { requireRole } from '../http/auth-guards';
import { badRequest, notFound } from '../http/errors';
import { parseListQuery } from '../http/list-query';
import { errorResponses, filterText, sendPage } from '../http/rest';
import { listCriticalEvents } from './critical-events.repository';
import { METRICS_READERS, OBSERVABILITY_ADMINS, organizationInScope } from './metrics-scope';
import { RiskSettingsService } from './risk-settings.service';

const tags = ['observability'];
const OrganizationQuerySchema = z.object({ organizationID: z.string().max(64).optional() });
const ListWithOrganizationSchema = OrganizationQuerySchema.extend({ sort: z.string().optional(), range: z.string().optional(), filter: z.string().optional() });

function timeFilter(value: unknown, field: string): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const at = typeof value === 'string' ? Date.parse(value) : NaN;
  if (!Number.isFinite(at)) throw badRequest('The list query is not valid.', { [field]: 'must be an ISO 8601 time' });
  return at;
}

export const observabilityRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db.kysely;
  const riskSettings = new RiskSettingsService(db);

  /** A CUSTOMER_ADMIN names the organization; everyone else reads their own. */
  const organizationOf = async (request: FastifyRequest, actor: Principal, named: string | undefined): Promise<string> => {
    if (actor.role === Role.CUSTOMER_ADMIN && !named) throw badRequest('Name the organization.', { organizationID: 'is required' });
    const organizationId = named ?? actor.organizationId;
    const inScope = organizationId ? await organizationInScope(db, actor, organizationId) : null;
    if (!inScope) throw notFound('The organization');
    return inScope;
  };

  app.get(
    '/api/v1/observability/risk-settings',
    { config: { roles: METRICS_READERS }, schema: { tags, summary: "The organization's risk-factor settings (§9 defaults until saved)", querystring: OrganizationQuerySchema, response: { 200: RiskSettingsSchema, ...errorResponses } } },
    async (request) => {
      const actor = requireRole(request, METRICS_READERS);
      return riskSettings.get(await organizationOf(request, actor, request.query.organizationID));
    },
  );

  app.put(
    '/api/v1/observability/risk-settings',
    {
      config: { roles: OBSERVABILITY_ADMINS },
      schema: {
        tags,
        summary: 'Save the risk-factor settings of the organization (every factor: enabled, valueLo < valueHi, scores 0..1 that differ); audit-logged',
        querystring: OrganizationQuerySchema,
        body: RiskSettingsSchema,
        response: { 200: RiskSettingsSchema, ...errorResponses },
      },
    },
    async (request) => {
      const actor = requireRole(request, OBSERVABILITY_ADMINS);
      return riskSettings.save(actor, await organizationOf(request, actor, request.query.organizationID), request.body);
    },
  );

  app.get(
    '/api/v1/observability/critical-events',
    {
      config: { roles: OBSERVABILITY_ADMINS },
      schema: {
        tags,
        summary: 'Blocked, malicious and failed prompts, newest first (filter Kind, q, UserId, From, To; red-teaming attacks are left out unless IncludeRedTeam: true lists them too, or RedTeam: true lists only them; sort CreatedAt)',
        querystring: ListWithOrganizationSchema,
        response: { 200: z.array(CriticalEventSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const actor = requireRole(request, OBSERVABILITY_ADMINS);
      const organizationId = await organizationOf(request, actor, request.query.organizationID);
      const params = parseListQuery(request.query, ['CreatedAt', 'id'] as const, ['CreatedAt', 'desc']);
      const kind = params.filter.Kind;
      if (kind !== undefined && !(CRITICAL_EVENT_KINDS as readonly unknown[]).includes(kind)) throw badRequest('The list query is not valid.', { Kind: `must be one of ${CRITICAL_EVENT_KINDS.join(', ')}` });
      const userId = params.filter.UserId;
      const page = await listCriticalEvents(db, {
        organizationId,
        kind: kind as CriticalEventKind | undefined,
        q: filterText(params.filter.q),
        userId: typeof userId === 'string' && userId ? userId : undefined,
        from: timeFilter(params.filter.From, 'From'),
        to: timeFilter(params.filter.To, 'To'),
        redTeam: params.filter.RedTeam === true ? 'only' : params.filter.IncludeRedTeam === true ? 'include' : undefined,
        sortBy: params.sortField,
        order: params.sortOrder,
        offset: params.offset,
        limit: params.limit,
      });
      return sendPage(reply, 'critical-events', params.offset, page);
    },
  );
};
