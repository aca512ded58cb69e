import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Role } from '../../domain/enums';
import { HelpPageInputSchema, HelpPageSchema } from '../../domain/schemas/help';
import { requireRole } from '../http/auth-guards';
import { parseListQuery } from '../http/list-query';
import { errorResponses, filterText, IdParamsSchema, ListQuerystringSchema, sendPage } from '../http/rest';
import type { HelpService, HelpSortField } from './help.service';

const ONLY = [Role.ORG_ADMIN];
const tags = ['help'];

export const helpRoutes: FastifyPluginAsyncZod<{ help: HelpService }> = async (app, { help }) => {
  app.get(
    '/api/v1/help',
    { config: { roles: ONLY }, schema: { tags, summary: 'Help pages (built-in and your own); filter q searches titles and text', querystring: ListQuerystringSchema, response: { 200: z.array(HelpPageSchema), ...errorResponses } } },
    async (request, reply) => {
      const actor = requireRole(request, ONLY);
      const params = parseListQuery(request.query, ['id', 'Title', 'Category', 'Slug'] as HelpSortField[], ['Category', 'asc']);
      const page = await help.list(actor, { ...params, search: filterText(params.filter.q) });
      return sendPage(reply, 'help', params.offset, page);
    },
  );

  app.get(
    '/api/v1/help/:id',
    { config: { roles: ONLY }, schema: { tags, summary: 'One help page by slug', params: IdParamsSchema, response: { 200: HelpPageSchema, ...errorResponses } } },
    async (request) => help.get(requireRole(request, ONLY), request.params.id),
  );

  app.post(
    '/api/v1/help',
    { config: { roles: ONLY }, schema: { tags, summary: 'Add a help page (Markdown)', body: HelpPageInputSchema, response: { 200: HelpPageSchema, ...errorResponses } } },
    async (request) => help.create(requireRole(request, ONLY), request.body),
  );

  app.put(
    '/api/v1/help/:id',
    { config: { roles: ONLY }, schema: { tags, summary: 'Edit one of your help pages', params: IdParamsSchema, body: HelpPageInputSchema, response: { 200: HelpPageSchema, ...errorResponses } } },
    async (request) => help.update(requireRole(request, ONLY), request.params.id, request.body),
  );

  app.delete(
    '/api/v1/help/:id',
    { config: { roles: ONLY }, schema: { tags, summary: 'Delete one of your help pages', params: IdParamsSchema, response: { 200: HelpPageSchema, ...errorResponses } } },
    async (request) => help.delete(requireRole(request, ONLY), request.params.id),
  );
};
