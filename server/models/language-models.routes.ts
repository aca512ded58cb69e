import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Role } from '../../domain/enums';
import { LanguageModelCreateSchema, LanguageModelInputSchema, LanguageModelSchema, LanguageModelViewSchema } from '../../domain/schemas/language-models';
import { requireRole } from '../http/auth-guards';
import { parseListQuery } from '../http/list-query';
import { errorResponses, ListQuerystringSchema, sendPage } from '../http/rest';
import { LANGUAGE_MODEL_SORT, LANGUAGE_MODEL_USER_SORT } from './language-models.repository';
import type { LanguageModelSortField } from './language-models.repository';
import type { LanguageModelsService } from './language-models.service';
import { LLM_MANAGERS, LLM_READERS } from './language-models.service';

const tags = ['language models'];
/** Ids are integers on the wire; a path segment that is not one answers 404 like any unknown id. */
const IdParams = z.object({ id: z.string().min(1).max(20) });
const ADMIN_SORT = Object.keys(LANGUAGE_MODEL_SORT) as LanguageModelSortField[];

export const languageModelsRoutes: FastifyPluginAsyncZod<{ languageModels: LanguageModelsService }> = async (app, { languageModels }) => {
  app.get(
    '/api/v1/language-models',
    { config: { roles: LLM_READERS },
      schema: {
        tags,
        summary: "List language models: all of the organization's for ORG_ADMIN (filter q, id, Enabled, Provider, ConfigStatus); for USER the enabled ones they may use, without endpoint or configuration",
        querystring: ListQuerystringSchema,
        response: { 200: z.array(LanguageModelViewSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const actor = requireRole(request, LLM_READERS);
      const sortable = actor.role === Role.USER ? LANGUAGE_MODEL_USER_SORT : ADMIN_SORT;
      const params = parseListQuery(request.query, sortable, ['Name', 'asc']);
      return sendPage(reply, 'language-models', params.offset, await languageModels.list(actor, params));
    },
  );

  app.get(
    '/api/v1/language-models/:id',
    { config: { roles: LLM_READERS }, schema: { tags, summary: 'One language model (a USER only one they may use)', params: IdParams, response: { 200: LanguageModelViewSchema, ...errorResponses } } },
    async (request) => languageModels.get(requireRole(request, LLM_READERS), request.params.id),
  );

  app.post(
    '/api/v1/language-models',
    { config: { roles: LLM_MANAGERS },
      schema: {
        tags,
        summary: 'Add a language model (the API key is stored encrypted and never returned)',
        body: LanguageModelCreateSchema,
        response: { 200: LanguageModelSchema, ...errorResponses },
      },
    },
    async (request) => languageModels.create(requireRole(request, LLM_MANAGERS), request.body),
  );

  app.put(
    '/api/v1/language-models/:id',
    { config: { roles: LLM_MANAGERS },
      schema: {
        tags,
        summary: 'Change a language model (an empty ApiKey keeps the stored one)',
        params: IdParams,
        body: LanguageModelInputSchema,
        response: { 200: LanguageModelSchema, ...errorResponses },
      },
    },
    async (request) => languageModels.update(requireRole(request, LLM_MANAGERS), request.params.id, request.body),
  );

  app.delete(
    '/api/v1/language-models/:id',
    { config: { roles: LLM_MANAGERS }, schema: { tags, summary: 'Remove a language model', params: IdParams, response: { 200: LanguageModelSchema, ...errorResponses } } },
    async (request) => languageModels.delete(requireRole(request, LLM_MANAGERS), request.params.id),
  );

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
