// The routes of a ra-data-simple-rest resource (list, one, create, update, delete), declared once: each resource
// names its path, roles, schemas and summaries, and hands every call to its service with the caller. A resource that
// cannot be changed once made (an access token, a red-teaming job) leaves out `update`.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Role } from '../../domain/enums';
import type { Principal } from '../auth/principal';
import { requireRole } from './auth-guards';
import type { ListParams } from './list-query';
import { parseListQuery } from './list-query';
import { errorResponses, IdParamsSchema, ListQuerystringSchema, sendPage } from './rest';

type Page<Row> = { rows: Row[]; total: number };

export interface CrudRoutes<Sort extends string, Create extends z.ZodType, Update extends z.ZodType = z.ZodNever> {
  /** The collection's path, e.g. /api/v1/groups; one record is `${path}/:id`. */
  path: string;
  /** The resource's name in the Content-Range header. */
  resource: string;
  tags: string[];
  /** Who may list and read, and who may create, change and delete. */
  roles: { read: readonly Role[]; write: readonly Role[] };
  /** A record as read (list and one), as answered by a write, and the bodies of create and update. */
  schemas: { view: z.ZodType; record?: z.ZodType; create: Create; update?: Update; params?: z.ZodObject<{ id: z.ZodType<string> }> };
  summaries: { list: string; get: string; create: string; update?: string; delete: string };
  /** The create route's own limits, e.g. a file upload's larger body and its 413 / 415 answers. */
  createRoute?: { bodyLimit?: number; responses?: Record<number, z.ZodType> };
  /** The fields a caller may sort by (they may depend on the caller's role), and the order without one. */
  sort: { fields: readonly Sort[] | ((actor: Principal) => readonly Sort[]); default: [Sort, 'asc' | 'desc'] };
  list(actor: Principal, params: ListParams<Sort>): Promise<Page<unknown>>;
  get(actor: Principal, id: string): Promise<unknown>;
  create(actor: Principal, body: z.infer<Create>, request: FastifyRequest): Promise<unknown>;
  update?(actor: Principal, id: string, body: z.infer<Update>): Promise<unknown>;
  delete(actor: Principal, id: string): Promise<unknown>;
}

export function registerCrudRoutes<Sort extends string, Create extends z.ZodType, Update extends z.ZodType = z.ZodNever>(
  fastify: FastifyInstance,
  routes: CrudRoutes<Sort, Create, Update>,
): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { path, tags, roles, schemas, summaries } = routes;
  const params = schemas.params ?? IdParamsSchema;
  const record = schemas.record ?? schemas.view;
  const one = `${path}/:id`;
  const readers = { roles: roles.read };
  const writers = { roles: roles.write };

  app.get(path, { config: readers, schema: { tags, summary: summaries.list, querystring: ListQuerystringSchema, response: { 200: z.array(schemas.view), ...errorResponses } } }, async (request, reply) => {
    const actor = requireRole(request, roles.read);
    const sortable = typeof routes.sort.fields === 'function' ? routes.sort.fields(actor) : routes.sort.fields;
    const query = parseListQuery(request.query, sortable, routes.sort.default);
    return sendPage(reply, routes.resource, query.offset, await routes.list(actor, query));
  });

  app.get(one, { config: readers, schema: { tags, summary: summaries.get, params, response: { 200: schemas.view, ...errorResponses } } }, async (request) =>
    routes.get(requireRole(request, roles.read), request.params.id),
  );

  const createResponses = { 200: record, ...errorResponses, ...routes.createRoute?.responses };
  const bodyLimit = routes.createRoute?.bodyLimit === undefined ? {} : { bodyLimit: routes.createRoute.bodyLimit };
  app.post(path, { config: writers, ...bodyLimit, schema: { tags, summary: summaries.create, body: schemas.create, response: createResponses } }, async (request) =>
    routes.create(requireRole(request, roles.write), request.body as z.infer<Create>, request),
  );

  const { update } = routes;
  if (update && schemas.update) {
    app.put(one, { config: writers, schema: { tags, summary: summaries.update, params, body: schemas.update, response: { 200: record, ...errorResponses } } }, async (request) =>
      update(requireRole(request, roles.write), request.params.id, request.body as z.infer<Update>),
    );
  }

  app.delete(one, { config: writers, schema: { tags, summary: summaries.delete, params, response: { 200: record, ...errorResponses } } }, async (request) =>
    routes.delete(requireRole(request, roles.write), request.params.id),
  );
}
