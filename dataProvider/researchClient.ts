// The research calls of §7.3–§7.4 for both dashboards: searches (list with paging, one, start, refresh, delete),
// Vora discovery, the follow-up stream (text/event-stream) and the PDF report. Answers parsed with domain schemas.
import { HttpError } from 'react-admin';
import { z } from 'zod';
import { ApiErrorSchema } from '../domain';
import type { DiscoveryResult, Followup, FollowupStreamEvent, VoraPSearch, VoraPSearchDetail, VoraSearch, VoraSearchDetail } from '../domain/schemas/research-search';
import { DiscoveryResultSchema, FollowupSchema, VoraPSearchDetailSchema, VoraPSearchSchema, VoraSearchDetailSchema, VoraSearchSchema } from '../domain/schemas/research-search';
import { applySessionLostRule, NO_RESPONSE_STATUS } from '../authProvider/sessionLostRule';
import { API_BASE, getJson, postJson } from './api';
import { httpClient } from './httpClient';

export type ResearchVariant = 'vora' | 'vora_p';
export type SearchSummary = VoraSearch | VoraPSearch;
export type SearchDetail = VoraSearchDetail | VoraPSearchDetail;

export const RESEARCH_BASE: Record<ResearchVariant, string> = { vora: '/dashboard/vorasearch', vora_p: '/vora-p' };
const detailSchema = (variant: ResearchVariant) => (variant === 'vora' ? VoraSearchDetailSchema : VoraPSearchDetailSchema);
const id = (value: string) => encodeURIComponent(value);

export async function listSearches(variant: ResearchVariant, params: { page: number; perPage: number; q?: string }, signal?: AbortSignal): Promise<{ rows: SearchSummary[]; total: number }> {
  const start = (params.page - 1) * params.perPage;
  const query = new URLSearchParams({ sort: JSON.stringify(['CreatedAt', 'DESC']), range: JSON.stringify([start, start + params.perPage - 1]), filter: JSON.stringify(params.q ? { q: params.q } : {}) });
  const { json, headers } = await httpClient(`${API_BASE}${RESEARCH_BASE[variant]}?${query}`, { signal });
  const rows = z.array(variant === 'vora' ? VoraSearchSchema : VoraPSearchSchema).parse(json);
  const total = Number(headers.get('content-range')?.split('/')[1] ?? rows.length);
  return { rows, total };
}

export function getSearch(variant: ResearchVariant, searchId: string, signal?: AbortSignal): Promise<SearchDetail> {
  return getJson(`${RESEARCH_BASE[variant]}/${id(searchId)}`, detailSchema(variant), { signal });
}

export function createSearch(variant: ResearchVariant, input: { siteLink: string; accountName: string; location: string }): Promise<SearchDetail> {
  const body = variant === 'vora' ? { SiteLink: input.siteLink, AccountName: input.accountName, Location: input.location } : { Website: input.siteLink, CompanyName: input.accountName, Location: input.location };
  return postJson(RESEARCH_BASE[variant], body, detailSchema(variant));
}

export function refreshSearch(searchId: string): Promise<SearchDetail> {
  return postJson(`${RESEARCH_BASE.vora}/${id(searchId)}/refresh`, {}, VoraSearchDetailSchema);
}

export async function deleteSearch(variant: ResearchVariant, searchId: string): Promise<void> {
  await httpClient(`${API_BASE}${RESEARCH_BASE[variant]}/${id(searchId)}`, { method: 'DELETE' });
}

export function discoverCompanies(accountName: string, location: string): Promise<DiscoveryResult> {
  return postJson(`${RESEARCH_BASE.vora}/discover-company`, { AccountName: accountName, Location: location }, DiscoveryResultSchema);
}

/** The report as bytes (read as an arraybuffer, §7.3), saved by the browser under the server's file name. */
export async function downloadReport(variant: ResearchVariant, searchId: string): Promise<{ bytes: ArrayBuffer; fileName: string }> {
  const response = await fetch(`${API_BASE}${RESEARCH_BASE[variant]}/cysmo/${id(searchId)}/download`, { credentials: 'include', headers: { 'X-Requested-With': 'XMLHttpRequest' } });
  if (!response.ok) throw await errorOf(response);
  const fileName = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'cysmo-report.pdf';
  return { bytes: await response.arrayBuffer(), fileName };
}

async function errorOf(response: Response): Promise<HttpError> {
  applySessionLostRule(response.status);
  let json: unknown = null;
  try {
    json = await response.json();
  } catch {
    json = null;
  }
  const parsed = ApiErrorSchema.safeParse(json);
  return new HttpError(parsed.success ? parsed.data.message : `The request failed (${response.status}).`, response.status, json);
}

/** POST …/{id}/followup: `onEvent` per event (delta, then done or error); resolves with the kept exchange. */
export async function streamFollowup(variant: ResearchVariant, searchId: string, question: string, onEvent: (event: FollowupStreamEvent) => void, signal?: AbortSignal): Promise<Followup | null> {
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${RESEARCH_BASE[variant]}/${id(searchId)}/followup`, {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream', 'X-Requested-With': 'XMLHttpRequest' },
      body: JSON.stringify({ Question: question }),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    applySessionLostRule(NO_RESPONSE_STATUS);
    throw new HttpError('The server could not be reached. Check your connection and try again.', NO_RESPONSE_STATUS, null);
  }
  if (!response.ok) throw await errorOf(response);
  const text = await response.text();
  let followup: Followup | null = null;
  for (const block of text.split(/\r?\n\r?\n/)) {
    const data = block.split(/\r?\n/).filter((line) => line.startsWith('data:')).map((line) => line.slice(5).trim()).join('\n');
    if (!data) continue;
    const event = JSON.parse(data) as FollowupStreamEvent;
    if (event.type === 'done') followup = FollowupSchema.parse(event.followup);
    onEvent(event);
  }
  return followup;
}
