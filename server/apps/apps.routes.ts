import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CopilotSetupStepValue } from '../../domain/schemas/apps';
import { AppConfigSchema, AppCreateSchema, AppSchema, AppStepBodySchema, AppTokenCreatedSchema, AppUpdateSchema } from '../../domain/schemas/apps';
import { requireRole } from '../http/auth-guards';
import { parseListQuery } from '../http/list-query';
import { errorResponses, IdParamsSchema, ListQuerystringSchema, sendPage } from '../http/rest';
import { APP_SORT } from './apps.repository';
import type { AppSortField } from './apps.repository';
import type { AppsService } from './apps.service';
import { APP_MANAGERS } from './apps.service';

const tags = ['apps'];
const StepParamsSchema = IdParamsSchema.extend({
  step: z.enum(['1', '2', '3', '4', '5', '6', '7'], { error: 'The step must be 1 to 7' }),
});

export const appsRoutes: FastifyPluginAsyncZod<{ apps: AppsService }> = async (app, { apps }) => {
  app.get(
    '/api/v1/apps',
    { config: { roles: APP_MANAGERS },
      schema: {
        tags,
        summary: "List the organization's copilots with their status and set-up progress (filter q, id, Status)",
        querystring: ListQuerystringSchema,
        response: { 200: z.array(AppSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const actor = requireRole(request, APP_MANAGERS);
      const params = parseListQuery(request.query, Object.keys(APP_SORT) as AppSortField[], ['Name', 'asc']);
      return sendPage(reply, 'apps', params.offset, await apps.list(actor, params));
    },
  );

  app.get(
    '/api/v1/apps/:id',
    { config: { roles: APP_MANAGERS }, schema: { tags, summary: 'One copilot with the data of every set-up step', params: IdParamsSchema, response: { 200: AppSchema, ...errorResponses } } },
    async (request) => apps.get(requireRole(request, APP_MANAGERS), request.params.id),
  );

  app.post(
    '/api/v1/apps',
    { config: { roles: APP_MANAGERS },
      schema: { tags, summary: 'Create a copilot (draft): { Name, Description }; the 7 set-up steps are saved afterwards', body: AppCreateSchema, response: { 200: AppSchema, ...errorResponses } },
    },
    async (request) => apps.create(requireRole(request, APP_MANAGERS), request.body),
  );

  app.put(
    '/api/v1/apps/:id',
    { config: { roles: APP_MANAGERS },
      schema: {
        tags,
        summary: "Change a copilot's name and description; Status 'disabled' turns it off, 'active' back on (409 until all 7 steps are complete); RequestsPerMinute and TokensPerMinute limit its gateway calls (null: the organization's limits; left out: unchanged)",
        params: IdParamsSchema,
        body: AppUpdateSchema,
        response: { 200: AppSchema, ...errorResponses },
      },
    },
    async (request) => apps.update(requireRole(request, APP_MANAGERS), request.params.id, request.body),
  );

  app.delete(
    '/api/v1/apps/:id',
    { config: { roles: APP_MANAGERS }, schema: { tags, summary: 'Delete a copilot (and its access token)', params: IdParamsSchema, response: { 200: AppSchema, ...errorResponses } } },
    async (request) => apps.delete(requireRole(request, APP_MANAGERS), request.params.id),
  );

  app.put(
    '/api/v1/apps/:id/steps/:step',
    { config: { roles: APP_MANAGERS },
      schema: {
        tags,
        summary:
          'Save one set-up step: 1 { DataSourceIds }, 2 { DataAccess: [{ DataSourceId, GroupIds }] }, 3 { Rag: { TopK 1-20, MinScore 0-1, CiteSources } }, ' +
          '4 { LanguageModelIds, DefaultLanguageModelId }, 5 { PolicyIds }, 6 { UserIds, GroupIds }, 7 { PromptType 1|2, PredefinedPrompts: [{ Title, Prompt }] }. ' +
          "400 with field messages (ids must be the organization's); 409 when an earlier step is not complete. Step 7 valid makes the copilot active.",
        params: StepParamsSchema,
        body: AppStepBodySchema,
        response: { 200: AppSchema, ...errorResponses },
      },
    },
    async (request) => apps.saveStep(requireRole(request, APP_MANAGERS), request.params.id, Number(request.params.step) as CopilotSetupStepValue, request.body),
  );

  app.post(
    '/api/v1/apps/:id/token',
    { config: { roles: APP_MANAGERS },
      schema: {
        tags,
        summary: "Create or rotate the copilot's access token (a rotation ends the old one). The Secret is answered this once.",
        params: IdParamsSchema,
        response: { 200: AppTokenCreatedSchema, ...errorResponses },
      },
    },
    async (request) => apps.createToken(requireRole(request, APP_MANAGERS), request.params.id),
  );

  app.delete(
    '/api/v1/apps/:id/token',
    { config: { roles: APP_MANAGERS }, schema: { tags, summary: "Revoke the copilot's access token", params: IdParamsSchema, response: { 200: AppSchema, ...errorResponses } } },
    async (request) => apps.revokeToken(requireRole(request, APP_MANAGERS), request.params.id),
  );

  app.get(
    '/api/v1/apps/:id/config',
    { config: { roles: APP_MANAGERS },
      schema: {
        tags,
        summary: 'What the pipeline runs the copilot with: resolved data sources (with access groups), RAG settings, models, policies, audience, prompts; Ready when active and complete',
        params: IdParamsSchema,
        response: { 200: AppConfigSchema, ...errorResponses },
      },
    },
    async (request) => apps.config(requireRole(request, APP_MANAGERS), request.params.id),
  );
};
