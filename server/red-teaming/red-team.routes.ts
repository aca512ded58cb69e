import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { GuardExampleInputSchema, GuardExampleSchema, RedTeamAttemptSchema, RedTeamJobInputSchema, RedTeamJobSchema, RedTeamResultsSchema } from '../../domain/schemas/red-teaming';
import { requireRole } from '../http/auth-guards';
import { registerCrudRoutes } from '../http/crud-routes';
import { parseListQuery } from '../http/list-query';
import { errorResponses, IdParamsSchema, ListQuerystringSchema, sendPage } from '../http/rest';
import { ATTEMPT_SORT, JOB_SORT } from './red-team.repository';
import type { AttemptSortField, JobSortField } from './red-team.repository';
import type { RedTeamService } from './red-team.service';
import { RED_TEAM_MANAGERS } from './red-team.service';

const tags = ['red-teaming'];
const config = { roles: RED_TEAM_MANAGERS };
const JOBS = '/api/v1/red-teaming/jobs';
const EXAMPLES = '/api/v1/red-teaming/guard-examples';

export const redTeamRoutes: FastifyPluginAsyncZod<{ redTeam: RedTeamService }> = async (app, { redTeam }) => {
  const actorOf = (request: Parameters<typeof requireRole>[0]) => requireRole(request, RED_TEAM_MANAGERS);

  registerCrudRoutes(app, {
    path: JOBS,
    resource: 'red-teaming/jobs',
    tags,
    roles: { read: RED_TEAM_MANAGERS, write: RED_TEAM_MANAGERS },
    schemas: { view: RedTeamJobSchema, create: RedTeamJobInputSchema },
    summaries: {
      list: 'Red-teaming jobs of the organization (filter q, id; sort CreatedAt, Name, Status)',
      get: 'One red-teaming job with its progress and overall attack success rate',
      create: 'Start a red-teaming job: target (language model or copilot), the member whose policies apply, categories, strategies, attempts per category, concurrency, system prompt, optional judge',
      delete: 'Delete a red-teaming job and its attempts (a running job stops)',
    },
    sort: { fields: Object.keys(JOB_SORT) as JobSortField[], default: ['CreatedAt', 'desc'] },
    list: (actor, params) => redTeam.list(actor, params),
    get: (actor, id) => redTeam.get(actor, id),
    create: (actor, body) => redTeam.create(actor, body),
    delete: (actor, id) => redTeam.delete(actor, id),
  });

  app.post(`${JOBS}/:id/cancel`, { config, schema: { tags, summary: 'Cancel a queued or running red-teaming job (409 otherwise)', params: IdParamsSchema, response: { 200: RedTeamJobSchema, ...errorResponses } } }, async (request) =>
    redTeam.cancel(actorOf(request), request.params.id),
  );

  app.post(
    `${JOBS}/:id/rerun`,
    { config, schema: { tags, summary: 'Re-run the attempts that succeeded or errored, as a new job (each attempt keeps its previous outcome)', params: IdParamsSchema, response: { 200: RedTeamJobSchema, ...errorResponses } } },
    async (request) => redTeam.rerun(actorOf(request), request.params.id),
  );

  app.get(`${JOBS}/:id/results`, { config, schema: { tags, summary: 'Success rate and risk score per category, per strategy, and the trend against earlier runs of the same target', params: IdParamsSchema, response: { 200: RedTeamResultsSchema, ...errorResponses } } }, async (request) =>
    redTeam.results(actorOf(request), request.params.id),
  );

  app.get(
    `${JOBS}/:id/attempts`,
    { config, schema: { tags, summary: "A job's attempts (filter Outcome, Category, Strategy; sort Ordinal, Category, Strategy, Outcome)", params: IdParamsSchema, querystring: ListQuerystringSchema, response: { 200: z.array(RedTeamAttemptSchema), ...errorResponses } } },
    async (request, reply) => {
      const actor = actorOf(request);
      const params = parseListQuery(request.query, Object.keys(ATTEMPT_SORT) as AttemptSortField[], ['Ordinal', 'asc']);
      return sendPage(reply, 'attempts', params.offset, await redTeam.attempts(actor, request.params.id, params));
    },
  );

  app.get(
    `${JOBS}/:id/export`,
    { config, schema: { tags, summary: 'The attempts as CSV, or the job, results and attempts as JSON (format=csv|json)', params: IdParamsSchema, querystring: z.object({ format: z.enum(['csv', 'json']).default('json') }), response: { 200: z.string(), ...errorResponses } } },
    async (request, reply) => {
      const file = await redTeam.export(actorOf(request), request.params.id, request.query.format);
      void reply.header('content-type', file.contentType).header('content-disposition', `attachment; filename="${file.fileName}"`);
      return file.body;
    },
  );

  app.get(
    `${JOBS}/:id/report`,
    { config, schema: { tags, summary: 'The PDF report: summary, success rate and risk score per category with OWASP / ATLAS ids, per strategy, trend, top successful attempts (secrets left out)', params: IdParamsSchema, response: { 200: z.instanceof(Buffer).describe('application/pdf'), ...errorResponses } } },
    async (request, reply) => {
      const file = await redTeam.report(actorOf(request), request.params.id);
      return reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="${file.fileName}"`).send(file.body);
    },
  );

  app.get(EXAMPLES, { config, schema: { tags, summary: "The organization's attack examples the prompt guard also matches against", querystring: ListQuerystringSchema, response: { 200: z.array(GuardExampleSchema), ...errorResponses } } }, async (request, reply) => {
    const actor = actorOf(request);
    const params = parseListQuery(request.query, ['CreatedAt', 'id'] as const, ['CreatedAt', 'desc']);
    return sendPage(reply, 'red-teaming/guard-examples', params.offset, await redTeam.listExamples(actor, params));
  });

  app.post(EXAMPLES, { config, schema: { tags, summary: 'Add an attack example to the prompt guard (e.g. from a successful attempt)', body: GuardExampleInputSchema, response: { 200: GuardExampleSchema, ...errorResponses } } }, async (request) =>
    redTeam.addExample(actorOf(request), request.body),
  );

  app.delete(`${EXAMPLES}/:id`, { config, schema: { tags, summary: 'Remove an attack example from the prompt guard', params: IdParamsSchema, response: { 200: GuardExampleSchema, ...errorResponses } } }, async (request) =>
    redTeam.deleteExample(actorOf(request), request.params.id),
  );
};
