// The documents section: the company's own pages (home, about, security/trust, privacy, careers), read through
// research's guarded client — robots.txt respected, at most MAX_PAGES pages of MAX_PAGE_BYTES each, each within
// PAGE_TIMEOUT_MS — turned into text without running anything, and the documents uploaded with the search. Every
// passage goes through the prompt guard first: a passage that carries a prompt injection is removed (and counted)
// before any section or model sees the text.
import type { DocumentsEvidence, ResearchDocument } from '../../../domain/schemas/research-search';
import { maliciousEach } from '../../pipeline/off-thread-detection';
import type { OutboundClient } from '../../outbound';
import { describeFailure } from '../scan/failure';
import { pageText } from './page-text-pool';
import { parseRobots, RESEARCH_USER_AGENT } from './robots';

export const PAGE_PATHS = ['/', '/about', '/about-us', '/security', '/trust', '/privacy', '/privacy-policy', '/careers'] as const;
export const MAX_PAGES = PAGE_PATHS.length;
export const MAX_PAGE_BYTES = 512 * 1024;
export const PAGE_TIMEOUT_MS = 10_000;
/** Text kept per page (characters): enough for claims and profile, bounded for storage and the model. */
export const MAX_PAGE_TEXT = 20_000;
const PASSAGE_CHARS = 600;
export const INJECTION_PLACEHOLDER = '[passage removed: the prompt guard found a prompt injection]';

export interface FetchedPages {
  evidence: DocumentsEvidence;
  /** schema.org JSON-LD objects of the pages read, with the page they came from. */
  jsonLd: { source: string; value: unknown }[];
}

/** The site's origin from a site link: its scheme, host and port as given (https when none). */
export function siteOrigin(siteLink: string): string {
  const url = new URL(/^https?:\/\//i.test(siteLink) ? siteLink : `https://${siteLink}`);
  return url.origin;
}

/** `giveWay` (a job's): awaited before each page is read, so that people's requests are answered first. */
export async function readSitePages(siteLink: string, outbound: OutboundClient, signal?: AbortSignal, giveWay?: () => Promise<void>): Promise<FetchedPages> {
  const origin = siteOrigin(siteLink);
  const fetcher = outbound.fetcher({ timeoutMs: PAGE_TIMEOUT_MS, maxResponseBytes: MAX_PAGE_BYTES, maxRedirects: 3 });
  const headers = { 'user-agent': `${RESEARCH_USER_AGENT}/1.0`, accept: 'text/html,text/plain;q=0.9' };
  const skipped: DocumentsEvidence['Skipped'] = [];
  let robots = parseRobots('');
  try {
    const response = await fetcher(`${origin}/robots.txt`, { headers, signal });
    if (response.ok) robots = parseRobots((await response.text()).slice(0, 64 * 1024));
    else await response.body?.cancel();
  } catch (error) {
    // The home page will fail the same way if the site is down; robots.txt alone is not worth failing for.
    skipped.push({ Source: `${origin}/robots.txt`, Reason: describeFailure(error) });
  }
  const documents: ResearchDocument[] = [];
  const jsonLd: FetchedPages['jsonLd'] = [];
  const seen = new Set<string>();
  const results = await Promise.all(
    PAGE_PATHS.map(async (path) => {
      const url = `${origin}${path}`;
      if (!robots.allows(path)) return { url, skip: 'Disallowed by robots.txt' };
      try {
        const response = await fetcher(url, { headers, signal });
        if (!response.ok) {
          await response.body?.cancel();
          return { url, skip: `HTTP ${response.status}` };
        }
        const type = response.headers.get('content-type') ?? '';
        if (!/text\/html|text\/plain|application\/xhtml/i.test(type)) {
          await response.body?.cancel();
          return { url, skip: `Not a page (${type || 'no content type'})` };
        }
        const finalUrl = response.url || url;
        const body = await response.arrayBuffer();
        return { url, finalUrl, body, html: !/text\/plain/i.test(type) };
      } catch (error) {
        return { url, skip: describeFailure(error) };
      }
    }),
  );
  for (const result of results) {
    if ('skip' in result) {
      skipped.push({ Source: result.url, Reason: result.skip! });
      continue;
    }
    // Redirects to one page (/about-us → /about) are read once.
    if (seen.has(result.finalUrl)) continue;
    seen.add(result.finalUrl);
    await giveWay?.();
    const bytes = result.body.byteLength;
    let parsed: { title: string; text: string; jsonLd: unknown[] };
    try {
      parsed = result.html ? await pageText(result.body) : { title: '', text: new TextDecoder('utf-8').decode(result.body), jsonLd: [] };
    } catch (error) {
      skipped.push({ Source: result.finalUrl, Reason: error instanceof Error ? error.message : 'The page could not be read' });
      continue;
    }
    const guarded = await removeInjections(parsed.text.slice(0, MAX_PAGE_TEXT));
    documents.push({ Kind: 'page', Source: result.finalUrl, Title: parsed.title || result.finalUrl, Text: guarded.text, Bytes: bytes, InjectionRemoved: guarded.removed });
    // JSON-LD of a page with an injection is still data; it is only read for typed fields, never given to a model.
    for (const value of parsed.jsonLd) jsonLd.push({ source: result.finalUrl, value });
  }
  return { evidence: { Documents: documents, Skipped: skipped }, jsonLd };
}

/** Documents uploaded with the search (their text extracted when the search was created), through the same guard. */
export async function readUploadedDocuments(uploads: readonly { name: string; bytes: number; text: string }[]): Promise<ResearchDocument[]> {
  const documents: ResearchDocument[] = [];
  for (const upload of uploads) {
    const guarded = await removeInjections(upload.text);
    documents.push({ Kind: 'upload', Source: upload.name, Title: upload.name, Text: guarded.text, Bytes: upload.bytes, InjectionRemoved: guarded.removed });
  }
  return documents;
}

/**
 * The text with every passage the prompt guard flags replaced by a placeholder. Passages of about PASSAGE_CHARS are
 * checked; in a flagged one, the lines the guard flags alone are removed, or the whole passage when the injection
 * is spread over lines that each look harmless.
 */
export async function removeInjections(text: string): Promise<{ text: string; removed: number }> {
  let removed = 0;
  const kept: string[] = [];
  const passages = toPassages(text);
  // Every passage in the detection worker pool (batched), never on the event loop: see maliciousEach.
  const flagged = await maliciousEach(passages);
  for (const [index, passage] of passages.entries()) {
    if (!flagged[index]) {
      kept.push(passage);
      continue;
    }
    const lines = passage.split('\n');
    const verdicts = await maliciousEach(lines);
    if (!verdicts.some(Boolean)) {
      removed++;
      kept.push(INJECTION_PLACEHOLDER);
      continue;
    }
    for (const [at, line] of lines.entries()) {
      if (verdicts[at]) {
        removed++;
        kept.push(INJECTION_PLACEHOLDER);
      } else kept.push(line);
    }
  }
  return { text: kept.join('\n'), removed };
}

/** Lines grouped into passages of about PASSAGE_CHARS; a long line is cut at sentence ends. */
function toPassages(text: string): string[] {
  const pieces = text.split('\n').flatMap((line) => (line.length <= PASSAGE_CHARS ? [line] : line.split(/(?<=[.!?])\s+/)));
  const passages: string[] = [];
  let current = '';
  for (const piece of pieces) {
    if (current && current.length + piece.length + 1 > PASSAGE_CHARS) {
      passages.push(current);
      current = '';
    }
    current = current ? `${current}\n${piece}` : piece;
  }
  if (current) passages.push(current);
  return passages;
}
