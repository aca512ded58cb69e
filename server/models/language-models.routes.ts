import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Role } from '../../domain/enums';
import { LanguageModelCreateSchema, LanguageModelInputSchema, LanguageModelSchema, LanguageModelViewSchema } from '../../domain/schemas/language-models';
import { requireRole } from '../http/auth-guards';
import { registerCrudRoutes } from '../http/crud-routes';
import { errorResponses } from '../http/rest';
import { LANGUAGE_MODEL_SORT, LANGUAGE_MODEL_USER_SORT } from './language-models.repository';
import type { LanguageModelSortField } from './language-models.repository';
import type { LanguageModelsService } from './language-models.service';
import { LLM_MANAGERS, LLM_READERS } from './language-models.service';

const tags = ['language models'];
/** Ids are integers on the wire; a path segment that is not one answers 404 like any unknown id. */
const IdParams = z.object({ id: z.string().min(1).max(20) });
const ADMIN_SORT = Object.keys(LANGUAGE_MODEL_SORT) as LanguageModelSortField[];

export const languageModelsRoutes: FastifyPluginAsyncZod<{ languageModels: LanguageModelsService }> = async (app, { languageModels }) => {
  registerCrudRoutes(app, {
    path: '/api/v1/language-models',
    resource: 'language-models',
    tags,
    roles: { read: LLM_READERS, write: LLM_MANAGERS },
    schemas: { view: LanguageModelViewSchema, record: LanguageModelSchema, create: LanguageModelCreateSchema, update: LanguageModelInputSchema, params: IdParams },
    summaries: {
      list: "List language models: all of the organization's for ORG_ADMIN (filter q, id, Enabled, Provider, ConfigStatus); for USER the enabled ones they may use, without endpoint or configuration",
      get: 'One language model (a USER only one they may use)',
      create: 'Add a language model (the API key is stored encrypted and never returned)',
      update: 'Change a language model (an empty ApiKey keeps the stored one; ClearApiKey forgets it where the provider needs none)',
      delete: 'Remove a language model',
    },
    sort: { fields: (actor) => (actor.role === Role.USER ? LANGUAGE_MODEL_USER_SORT : ADMIN_SORT), default: ['Name', 'asc'] },
    list: (actor, params) => languageModels.list(actor, params),
    get: (actor, id) => languageModels.get(actor, id),
    create: (actor, body) => languageModels.create(actor, body),
    update: (actor, id, body) => languageModels.update(actor, id, body),
    delete: (actor, id) => languageModels.delete(actor, id),
  });

  app.post(
    '/api/v1/language-models/:id/test',
    { config: { roles: LLM_MANAGERS },
      schema: {
        tags,
        summary: 'Test the model: ConfigStatus goes TESTING, then SUCCESS or ERROR with the provider message (30 s limit)',
        params: IdParams,
        response: { 200: LanguageModelSchema, ...errorResponses },
      },
    },
    async (request) => languageModels.test(requireRole(request, LLM_MANAGERS), request.params.id),
  );
};
