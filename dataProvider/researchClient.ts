// The research calls of §7.3–§7.4 for both dashboards: searches (list with paging, one, start, refresh, delete),
// Vora discovery, the follow-up stream (text/event-stream), the PDF report and the underwriting guidelines. Answers parsed with domain schemas.
import { z } from 'zod';
import type { DiscoveryResult, Followup, FollowupStreamEvent, Guideline, GuidelineInput, VoraPSearch, VoraPSearchDetail, VoraSearch, VoraSearchDetail } from '../domain/schemas/research-search';
import { DiscoveryResultSchema, FollowupSchema, GuidelineSchema, VoraPSearchDetailSchema, VoraPSearchSchema, VoraSearchDetailSchema, VoraSearchSchema } from '../domain/schemas/research-search';
import { API_BASE, getJson, postJson } from './api';
import { errorOfResponse, postEventStream } from './eventStream';
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

/** A file's bytes as base64, read in slices so that a large file does not overflow the call stack. */
export async function fileToBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(binary);
}

/** Starts a search; `documents` are uploaded with it (read by the server as evidence). */
export async function createSearch(variant: ResearchVariant, input: { siteLink: string; accountName: string; location: string }, documents: readonly File[] = []): Promise<SearchDetail> {
  const Documents = await Promise.all(documents.map(async (file) => ({ Name: file.name, MimeType: file.type, ContentBase64: await fileToBase64(file) })));
  const fields = variant === 'vora' ? { SiteLink: input.siteLink, AccountName: input.accountName, Location: input.location } : { Website: input.siteLink, CompanyName: input.accountName, Location: input.location };
  return postJson(RESEARCH_BASE[variant], Documents.length ? { ...fields, Documents } : fields, detailSchema(variant));
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
  if (!response.ok) throw await errorOfResponse(response);
  const fileName = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'cysmo-report.pdf';
  return { bytes: await response.arrayBuffer(), fileName };
}

/** POST …/{id}/followup: `onEvent` per event (delta, then done or error); resolves with the kept exchange. */
export async function streamFollowup(variant: ResearchVariant, searchId: string, question: string, onEvent: (event: FollowupStreamEvent) => void, signal?: AbortSignal): Promise<Followup | null> {
  let followup: Followup | null = null;
  await postEventStream(`${RESEARCH_BASE[variant]}/${id(searchId)}/followup`, { Question: question }, (data) => {
    const event = data as FollowupStreamEvent;
    if (event.type === 'done') followup = FollowupSchema.parse(event.followup);
    onEvent(event);
  }, signal);
  return followup;
}

const GUIDELINES = '/research/guidelines';

/** The organization's underwriting guidelines (the default set on first use). */
export function listGuidelines(signal?: AbortSignal): Promise<Guideline[]> {
  return getJson(GUIDELINES, z.array(GuidelineSchema), { signal });
}

/** Adds a guideline (no id) or changes one (ORG_ADMIN). */
export async function saveGuideline(guidelineId: string | null, input: GuidelineInput): Promise<Guideline> {
  if (!guidelineId) return postJson(GUIDELINES, input, GuidelineSchema);
  const { json } = await httpClient(`${API_BASE}${GUIDELINES}/${id(guidelineId)}`, { method: 'PUT', body: JSON.stringify(input) });
  return GuidelineSchema.parse(json);
}

export async function deleteGuideline(guidelineId: string): Promise<void> {
  await httpClient(`${API_BASE}${GUIDELINES}/${id(guidelineId)}`, { method: 'DELETE' });
}
