import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Role } from '../../domain/enums';
import { AuditEntrySchema } from '../../domain/schemas/audit';
import type { Principal } from '../auth/principal';
import { requireRole } from '../http/auth-guards';
import { notFound } from '../http/errors';
import { parseListQuery } from '../http/list-query';
import { errorResponses, filterText, IdParamsSchema, ListQuerystringSchema, sendPage } from '../http/rest';
import type { AuditScope } from './audit.repository';
import { AuditRepository } from './audit.repository';
import { toAuditEntry } from './audit.service';
import type { Database } from '../db/schema';
import type { Kysely } from 'kysely';

const ADMINS = [Role.PRODUCT_ADMIN, Role.CUSTOMER_ADMIN, Role.ORG_ADMIN];
const tags = ['audit'];

/** A product admin reads everything; a customer admin their customer's changes; an org admin their organization's. */
function scopeOf(actor: Principal): AuditScope {
  if (actor.role === Role.PRODUCT_ADMIN) return {};
  if (actor.role === Role.CUSTOMER_ADMIN) return { customerId: actor.customerId ?? '' };
  return { organizationId: actor.organizationId ?? '' };
}

export const auditRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database> }> = async (app, { db }) => {
  app.get(
    '/api/v1/audit-log',
    {
      schema: {
        tags,
        summary: 'Audit log of admin changes, newest first; filters q (summary or actor), Resource and RecordId',
        querystring: ListQuerystringSchema,
        response: { 200: z.array(AuditEntrySchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const actor = requireRole(request, ADMINS);
      const params = parseListQuery(request.query, ['At', 'id'] as const, ['At', 'desc']);
      const page = await new AuditRepository(db).list({
        scope: scopeOf(actor),
        search: filterText(params.filter.q),
        resource: filterText(params.filter.Resource),
        recordId: filterText(params.filter.RecordId),
        sortField: params.sortField,
        sortOrder: params.sortOrder,
        offset: params.offset,
        limit: params.limit,
      });
      return sendPage(reply, 'audit-log', params.offset, { rows: page.rows.map(toAuditEntry), total: page.total });
    },
  );

  app.get(
    '/api/v1/audit-log/:id',
    { schema: { tags, summary: 'One audit entry', params: IdParamsSchema, response: { 200: AuditEntrySchema, ...errorResponses } } },
    async (request) => {
      const actor = requireRole(request, ADMINS);
      const row = await db.selectFrom('audit_log').selectAll().where('id', '=', request.params.id).executeTakeFirst();
      const scope = scopeOf(actor);
      const visible =
        row &&
        (scope.organizationId ? row.organization_id === scope.organizationId : scope.customerId ? row.customer_id === scope.customerId : true);
      if (!visible) throw notFound('The audit entry');
      return toAuditEntry(row);
    },
  );
};
