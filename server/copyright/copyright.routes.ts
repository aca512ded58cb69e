import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '../../domain/schemas/common';
import {
  CopyrightSettingsInputSchema,
  CopyrightServiceTestSchema,
  CopyrightSettingsSchema,
  CopyrightStatsSchema,
  ProtectedWorkCreatedSchema,
  ProtectedWorkInputSchema,
  ProtectedWorkSchema,
} from '../../domain/schemas/copyright';
import type { CopyrightMatchKindSchema } from '../../domain/schemas/copyright';
import { UPLOAD_BODY_LIMIT } from '../data-sources/documents.routes';
import { requireRole } from '../http/auth-guards';
import { badRequest } from '../http/errors';
import { registerCrudRoutes } from '../http/crud-routes';
import { errorResponses, filterIds, filterText } from '../http/rest';
import { WORK_SORT } from './copyright.repository';
import type { WorkSortField } from './copyright.repository';
import type { CopyrightService } from './copyright.service';
import { COPYRIGHT_MANAGERS } from './copyright.service';

const tags = ['copyright'];
const DAY_MS = 86_400_000;
const StatsQuerySchema = z.object({ From: z.string().max(40).optional(), To: z.string().max(40).optional() });

function timeOf(value: string | undefined, field: string, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const at = Date.parse(value);
  if (!Number.isFinite(at)) throw badRequest('Some fields are not valid.', { [field]: 'must be an ISO 8601 time' });
  return at;
}

export const copyrightRoutes: FastifyPluginAsyncZod<{ copyright: CopyrightService }> = async (app, { copyright }) => {
  registerCrudRoutes(app, {
    path: '/api/v1/protected-works',
    resource: 'protected-works',
    tags,
    roles: { read: COPYRIGHT_MANAGERS, write: COPYRIGHT_MANAGERS },
    schemas: { view: ProtectedWorkSchema, create: ProtectedWorkInputSchema },
    createRoute: { bodyLimit: UPLOAD_BODY_LIMIT, responses: { 200: ProtectedWorkCreatedSchema, 413: ApiErrorSchema, 415: ApiErrorSchema } },
    summaries: {
      list: "List the organization's protected works (filter q, id, Status: §4 copyright job status)",
      get: 'One protected work, with the number of answers that reproduced it',
      create:
        'Register a protected work: {Name, Description?, Text} or a file {Name, Description?, MimeType, ContentBase64} (text, Markdown, CSV, JSON, HTML or PDF; up to 10 MB, ' +
        'extracted like data-source uploads). Works up to 200,000 characters are indexed at once (Status 3 Complete); larger ones by the job JobId (6 Queued, 2 Inprogress, 3 Complete or 4 Error)',
      delete: 'Delete a protected work (answers are no longer checked against it; its past matches are kept)',
    },
    sort: { fields: Object.keys(WORK_SORT) as WorkSortField[], default: ['Name', 'asc'] },
    list: (actor, params) => {
      const status = params.filter.Status;
      return copyright.list(actor, { ...params, search: filterText(params.filter.q), ids: filterIds(params.filter.id), status: typeof status === 'number' ? status : undefined });
    },
    get: (actor, id) => copyright.get(actor, id),
    create: (actor, body) => copyright.create(actor, body),
    delete: (actor, id) => copyright.delete(actor, id),
  });

  app.get(
    '/api/v1/copyright-settings',
    { config: { roles: COPYRIGHT_MANAGERS }, schema: { tags, summary: "The organization's copyright check: action on a match, licence checking, minimum match", response: { 200: CopyrightSettingsSchema, ...errorResponses } } },
    async (request) => copyright.settings(requireRole(request, COPYRIGHT_MANAGERS)),
  );

  app.put(
    '/api/v1/copyright-settings',
    { config: { roles: COPYRIGHT_MANAGERS },
      schema: {
        tags,
        summary:
          'Change the copyright check: Action show_response (record the match), warn_user (show the answer with the match) or block_response (withhold the answer); LicenceCheck; MinMatchTokens (copied words a match needs, 12–500); ' +
          'ServiceUrl: an external copyright service (POST {apiVersion, answer} → {matches: [{start, end, source, licence?, share?}]}, see server/copyright/external-service.ts), ServiceApiKey write-only and stored encrypted (empty keeps it while the URL stays the same), ClearServiceApiKey',
        body: CopyrightSettingsInputSchema,
        response: { 200: CopyrightSettingsSchema, ...errorResponses },
      },
    },
    async (request) => copyright.updateSettings(requireRole(request, COPYRIGHT_MANAGERS), request.body),
  );

  app.post(
    '/api/v1/copyright-settings/test',
    { config: { roles: COPYRIGHT_MANAGERS }, schema: { tags, summary: 'Call the saved external copyright service once with a sample text: Ok, Message (the error when it failed, never the key), Matches, LatencyMs', response: { 200: CopyrightServiceTestSchema, ...errorResponses } } },
    async (request) => copyright.testService(requireRole(request, COPYRIGHT_MANAGERS)),
  );

  app.get(
    '/api/v1/copyright/stats',
    { config: { roles: COPYRIGHT_MANAGERS }, schema: { tags, summary: 'Copyright matches of a window (From, To: ISO times; default the last 7 days): passages, answers, withheld answers, top sources', querystring: StatsQuerySchema, response: { 200: CopyrightStatsSchema, ...errorResponses } } },
    async (request) => {
      const actor = requireRole(request, COPYRIGHT_MANAGERS);
      const to = timeOf(request.query.To, 'To', Date.now());
      const from = timeOf(request.query.From, 'From', to - 7 * DAY_MS);
      if (from >= to) throw badRequest('Some fields are not valid.', { From: 'must be before To' });
      const stats = await copyright.stats(actor, from, to);
      return {
        From: new Date(from).toISOString(),
        To: new Date(to).toISOString(),
        Matches: stats.matches,
        Prompts: stats.prompts,
        Withheld: stats.withheld,
        BySource: stats.bySource.map((row) => ({ Kind: row.kind as z.infer<typeof CopyrightMatchKindSchema>, WorkId: row.workId, LicenceId: row.licenceId, Name: row.name, Matches: row.matches })),
      };
    },
  );
};
