// A fetch-compatible function for every outbound call: each hop's host is checked and its checked address is the one
// connected to, redirects are followed by hand (bounded, re-checked, credentials dropped across origins), and the
// whole exchange is bounded in time and the answer in size.
import { fetch as undiciFetch } from 'undici';
import type { OutboundGuard } from './guard';
import { OutboundLimitError } from './errors';
import type { PinnedAgents } from './pinned-agents';

export type FetchLike = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

export interface OutboundLimits {
  /** The whole exchange, answer body included. */
  timeoutMs: number;
  maxResponseBytes: number;
  maxRedirects: number;
}

export const DEFAULT_OUTBOUND_LIMITS: OutboundLimits = { timeoutMs: 60_000, maxResponseBytes: 10 * 1024 * 1024, maxRedirects: 5 };

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const NULL_BODY = new Set([101, 103, 204, 205, 304]);
/** Headers that carry credentials: they never follow a redirect to another origin. */
const CREDENTIAL_HEADERS = ['authorization', 'proxy-authorization', 'cookie', 'api-key', 'x-api-key'];

export async function guardedFetch(guard: OutboundGuard, agents: PinnedAgents, limits: OutboundLimits, input: string | URL | Request, init?: RequestInit): Promise<Response> {
  // The platform's Request reads every form of input and body the same way fetch would.
  const request = new Request(input, init);
  const signal = AbortSignal.any([request.signal, AbortSignal.timeout(limits.timeoutMs)]);
  let url = new URL(request.url);
  let method = request.method;
  const headers = new Headers(request.headers);
  let body: Uint8Array | undefined = request.body ? new Uint8Array(await request.arrayBuffer()) : undefined;

  for (let redirects = 0; ; redirects++) {
    signal.throwIfAborted();
    const target = await guard.check(url);
    const response = await undiciFetch(url, { method, headers: [...headers], body, redirect: 'manual', signal, dispatcher: agents.for(target) });
    const location = response.headers.get('location');
    if (!REDIRECTS.has(response.status) || location === null || request.redirect === 'manual') return bounded(response, limits.maxResponseBytes, target.hostname, url);
    await response.body?.cancel().catch(() => undefined);
    if (request.redirect === 'error') throw new TypeError('fetch failed', { cause: new OutboundLimitError(`${target.hostname} answered with a redirect, which this call does not follow.`) });
    if (redirects >= limits.maxRedirects) throw new OutboundLimitError(`${target.hostname} redirected more than ${limits.maxRedirects} times.`);
    const next = new URL(location, url);
    if (next.origin !== url.origin) for (const name of CREDENTIAL_HEADERS) headers.delete(name);
    // As fetch does: 303 (and 301/302 after a POST) go on as a GET without the body.
    if ((response.status === 303 && method !== 'HEAD') || ((response.status === 301 || response.status === 302) && method === 'POST')) {
      method = 'GET';
      body = undefined;
      for (const name of ['content-type', 'content-length', 'content-encoding', 'content-language', 'content-location']) headers.delete(name);
    }
    url = next;
  }
}

/** The answer as a platform Response whose body errors once it exceeds the bound. */
function bounded(response: Awaited<ReturnType<typeof undiciFetch>>, maxBytes: number, host: string, url: URL): Response {
  const tooLarge = () => new OutboundLimitError(`The answer of ${host} is larger than ${formatBytes(maxBytes)}.`);
  const declared = Number(response.headers.get('content-length') ?? NaN);
  if (declared > maxBytes) {
    void response.body?.cancel().catch(() => undefined);
    throw tooLarge();
  }
  let seen = 0;
  const limit = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      seen += chunk.byteLength;
      if (seen > maxBytes) controller.error(tooLarge());
      else controller.enqueue(chunk);
    },
  });
  const body = response.body && !NULL_BODY.has(response.status) ? (response.body as ReadableStream<Uint8Array>).pipeThrough(limit) : null;
  const answer = new Response(body, { status: response.status, statusText: response.statusText, headers: [...response.headers] });
  // As fetch answers it: the URL of the last hop.
  Object.defineProperty(answer, 'url', { value: url.href });
  return answer;
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${Math.round(bytes / 1024)} KB`;
}
