import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Role } from '../../domain/enums';
import { HelpPageInputSchema, HelpPageSchema } from '../../domain/schemas/help';
import { registerCrudRoutes } from '../http/crud-routes';
import { filterText } from '../http/rest';
import type { HelpService, HelpSortField } from './help.service';

const ONLY = [Role.ORG_ADMIN];

export const helpRoutes: FastifyPluginAsyncZod<{ help: HelpService }> = async (app, { help }) => {
  registerCrudRoutes(app, {
    path: '/api/v1/help',
    resource: 'help',
    tags: ['help'],
    roles: { read: ONLY, write: ONLY },
    schemas: { view: HelpPageSchema, create: HelpPageInputSchema, update: HelpPageInputSchema },
    summaries: {
      list: 'Help pages (built-in and your own); filter q searches titles and text',
      get: 'One help page by slug',
      create: 'Add a help page (Markdown)',
      update: 'Edit one of your help pages',
      delete: 'Delete one of your help pages',
    },
    sort: { fields: ['id', 'Title', 'Category', 'Slug'] as HelpSortField[], default: ['Category', 'asc'] },
    list: (actor, params) => help.list(actor, { ...params, search: filterText(params.filter.q) }),
    get: (actor, id) => help.get(actor, id),
    create: (actor, body) => help.create(actor, body),
    update: (actor, id, body) => help.update(actor, id, body),
    delete: (actor, id) => help.delete(actor, id),
  });
};
