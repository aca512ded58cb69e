// Vora (/api/v1/dashboard/vorasearch) and Vora P (/api/v1/vora-p), §7.3–§7.4: thin handlers over ResearchService.
// ORG_ADMIN and USER of the organization; the dashboard's feature flag must be on (else 404).
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Role } from '../../domain/enums';
import type { FollowupStreamEvent } from '../../domain/schemas/research-search';
import {
  DiscoverCompanyInputSchema,
  DiscoveryResultSchema,
  FollowupInputSchema,
  GuidelineInputSchema,
  MAX_RESEARCH_UPLOAD_BYTES,
  MAX_RESEARCH_UPLOADS,
  GuidelineSchema,
  VoraPSearchDetailSchema,
  VoraPSearchInputSchema,
  VoraPSearchSchema,
  VoraSearchDetailSchema,
  VoraSearchInputSchema,
  VoraSearchSchema,
} from '../../domain/schemas/research-search';
import { ApiErrorSchema } from '../../domain/schemas/common';
import { UPLOAD_BODY_LIMIT } from '../data-sources/documents.routes';
import { requireRole } from '../http/auth-guards';
import { parseListQuery } from '../http/list-query';
import { errorResponses, filterText, IdParamsSchema, ListQuerystringSchema, sendPage } from '../http/rest';
import { GuidelinesService } from './guidelines.service';
import { renderReport } from './report-pdf';
import { ResearchService } from './research.service';
import type { Variant } from './searches.repository';

export const RESEARCH_ROLES = [Role.ORG_ADMIN, Role.USER];
const GUIDELINE_EDITORS = [Role.ORG_ADMIN];
const SORT = { id: 'id', CreatedAt: 'created_at', AccountName: 'account_name', CompanyName: 'account_name', CompletionTime: 'completed_at', SentDate: 'created_at' } as const;

const UPLOADS_SUMMARY = `optional Documents: up to ${MAX_RESEARCH_UPLOADS} files {Name, MimeType, ContentBase64} — PDF, text, Markdown or HTML, ${MAX_RESEARCH_UPLOAD_BYTES / 1024 / 1024} MB each — read as evidence`;
const uploadErrors = { ...errorResponses, 413: ApiErrorSchema, 415: ApiErrorSchema };

function stream(reply: FastifyReply): (event: FollowupStreamEvent) => void {
  let open = false;
  return (event) => {
    if (!open) {
      reply.hijack();
      reply.raw.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', 'x-accel-buffering': 'no' });
      open = true;
    }
    if (!reply.raw.destroyed && !reply.raw.writableEnded) reply.raw.write(`data: ${JSON.stringify(event)}\n\n`);
  };
}

function variantRoutes(base: string, variant: Variant, resource: string): FastifyPluginAsyncZod {
  const tags = [variant === 'vora' ? 'vora' : 'vora p'];
  const Summary = variant === 'vora' ? VoraSearchSchema : VoraPSearchSchema;
  const Detail = variant === 'vora' ? VoraSearchDetailSchema : VoraPSearchDetailSchema;
  return async (app) => {
    const research = new ResearchService(app);

    app.get(base, { config: { roles: RESEARCH_ROLES }, schema: { tags, summary: 'Searches of your organization (sort, range, filter with q, Status' + (variant === 'vora' ? ', OwnerId' : '') + ')', querystring: ListQuerystringSchema, response: { 200: z.array(Summary), ...errorResponses } } }, async (request, reply) => {
      const actor = requireRole(request, RESEARCH_ROLES);
      const params = parseListQuery(request.query, Object.keys(SORT) as (keyof typeof SORT)[], ['CreatedAt', 'desc']);
      const status = filterText(params.filter.Status);
      const ownerId = variant === 'vora' ? filterText(params.filter.OwnerId) : undefined;
      const page = await research.list(actor, { offset: params.offset, limit: params.limit, sort: SORT[params.sortField], order: params.sortOrder, search: filterText(params.filter.q), ...(status ? { status } : {}), ...(ownerId ? { ownerId } : {}) }, variant);
      return sendPage(reply, resource, params.offset, page);
    });

    if (variant === 'vora') {
      app.post(`${base}/discover-company`, { config: { roles: RESEARCH_ROLES }, schema: { tags, summary: 'Candidate companies for a name and a location, from the language model (through the governance pipeline)', body: DiscoverCompanyInputSchema, response: { 200: DiscoveryResultSchema, ...errorResponses } } }, async (request) =>
        research.discover(requireRole(request, RESEARCH_ROLES), request.body),
      );
    }

    app.get(`${base}/:id`, { config: { roles: RESEARCH_ROLES }, schema: { tags, summary: 'One search with its nine sections', params: IdParamsSchema, response: { 200: Detail, ...errorResponses } } }, async (request) =>
      research.get(requireRole(request, RESEARCH_ROLES), variant, request.params.id),
    );

    if (variant === 'vora') {
      app.post(base, { config: { roles: RESEARCH_ROLES }, bodyLimit: UPLOAD_BODY_LIMIT, schema: { tags, summary: `Start a search (AccountName, SiteLink, Location; ${UPLOADS_SUMMARY}); it runs as a job`, body: VoraSearchInputSchema, response: { 200: Detail, ...uploadErrors } } }, async (request) => {
        const body = request.body as z.output<typeof VoraSearchInputSchema>;
        return research.create(requireRole(request, RESEARCH_ROLES), variant, { name: body.AccountName, siteLink: body.SiteLink, location: body.Location, documents: body.Documents });
      });
      app.post(`${base}/:id/refresh`, { config: { roles: RESEARCH_ROLES }, schema: { tags, summary: 'Run the search again', params: IdParamsSchema, response: { 200: Detail, ...errorResponses } } }, async (request) =>
        research.refresh(requireRole(request, RESEARCH_ROLES), request.params.id),
      );
    } else {
      app.post(base, { config: { roles: RESEARCH_ROLES }, bodyLimit: UPLOAD_BODY_LIMIT, schema: { tags, summary: `Start a search (CompanyName, Website, Location; ${UPLOADS_SUMMARY}); it runs as a job`, body: VoraPSearchInputSchema, response: { 200: Detail, ...uploadErrors } } }, async (request) => {
        const body = request.body as z.output<typeof VoraPSearchInputSchema>;
        return research.create(requireRole(request, RESEARCH_ROLES), variant, { name: body.CompanyName, siteLink: body.Website, location: body.Location, documents: body.Documents });
      });
    }

    app.delete(`${base}/:id`, { config: { roles: RESEARCH_ROLES }, schema: { tags, summary: 'Delete a search', params: IdParamsSchema, response: { 200: z.object({ id: z.string() }), ...errorResponses } } }, async (request) =>
      research.delete(requireRole(request, RESEARCH_ROLES), variant, request.params.id),
    );

    app.post(
      `${base}/:id/followup`,
      { config: { roles: RESEARCH_ROLES }, schema: { tags, summary: 'Ask a follow-up question with the research as context; answers text/event-stream: delta*, then done (the kept exchange) or error' + (variant === 'vora' ? '. Only the search\'s owner.' : ''), params: IdParamsSchema, body: FollowupInputSchema, response: errorResponses } },
      async (request, reply) => {
        const actor = requireRole(request, RESEARCH_ROLES);
        const abort = new AbortController();
        reply.raw.on('close', () => {
          if (!reply.raw.writableEnded) abort.abort();
        });
        const emit = stream(reply);
        const followup = await research.followup(actor, variant, request.params.id, request.body.Question, emit, abort.signal);
        emit({ type: 'done', followup });
        reply.raw.end();
        return reply;
      },
    );

    app.get(`${base}/cysmo/:id/download`, { config: { roles: RESEARCH_ROLES }, schema: { tags, summary: 'The cysmo report of a search (PDF)', params: IdParamsSchema, response: { 200: z.instanceof(Buffer).describe('application/pdf'), ...errorResponses } } }, async (request, reply) => {
      const detail = await research.reportData(requireRole(request, RESEARCH_ROLES), variant, request.params.id);
      const company = 'AccountName' in detail ? detail.AccountName : detail.CompanyName;
      const site = 'SiteLink' in detail ? detail.SiteLink : detail.Website;
      const pdf = await renderReport({ company: company || site, site, location: detail.Location, createdAt: detail.CreatedAt, sections: detail.Sections });
      const name = (company || site || 'company').replace(/[^A-Za-z0-9.-]+/g, '-').slice(0, 60);
      return reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="cysmo-${name}.pdf"`).send(pdf);
    });
  };
}

export const voraRoutes = variantRoutes('/api/v1/dashboard/vorasearch', 'vora', 'dashboard/vorasearch');
export const voraPRoutes = variantRoutes('/api/v1/vora-p', 'vora_p', 'vora-p');

/** The organization's underwriting guidelines: members read them, ORG_ADMIN edits them. */
export const guidelinesRoutes: FastifyPluginAsyncZod = async (app) => {
  const guidelines = new GuidelinesService(app.db.kysely);
  const tags = ['research guidelines'];
  app.get('/api/v1/research/guidelines', { config: { roles: RESEARCH_ROLES }, schema: { tags, summary: 'Underwriting guidelines of your organization (the default set on first use)', response: { 200: z.array(GuidelineSchema), ...errorResponses } } }, async (request, reply) => {
    const rows = await guidelines.list(requireRole(request, RESEARCH_ROLES));
    return sendPage(reply, 'research/guidelines', 0, { rows, total: rows.length });
  });
  app.post('/api/v1/research/guidelines', { config: { roles: GUIDELINE_EDITORS }, schema: { tags, summary: 'Add a guideline', body: GuidelineInputSchema, response: { 200: GuidelineSchema, ...errorResponses } } }, async (request) =>
    guidelines.create(requireRole(request, GUIDELINE_EDITORS), request.body),
  );
  app.put('/api/v1/research/guidelines/:id', { config: { roles: GUIDELINE_EDITORS }, schema: { tags, summary: 'Change a guideline', params: IdParamsSchema, body: GuidelineInputSchema, response: { 200: GuidelineSchema, ...errorResponses } } }, async (request) =>
    guidelines.update(requireRole(request, GUIDELINE_EDITORS), request.params.id, request.body),
  );
  app.delete('/api/v1/research/guidelines/:id', { config: { roles: GUIDELINE_EDITORS }, schema: { tags, summary: 'Delete a guideline', params: IdParamsSchema, response: { 200: GuidelineSchema, ...errorResponses } } }, async (request) =>
    guidelines.delete(requireRole(request, GUIDELINE_EDITORS), request.params.id),
  );
};
