// The one HTTP client of the SPA: same origin, cookies, the console's request header, JSON, a timeout,
// react-admin HttpErrors (carrying `body.errors` for field messages) and the session-lost rule of §8.
import { HttpError } from 'react-admin';
import type { fetchUtils } from 'react-admin';
import { ApiErrorSchema, HTTP_TIMEOUT_MS } from '../domain';
import { isLeavingPage } from '../authProvider/pageLeaving';
import { applySessionLostRule, NO_RESPONSE_STATUS } from '../authProvider/sessionLostRule';

export interface HttpResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: string;
  json: T;
}

export type HttpOptions = fetchUtils.Options;

const NO_RESPONSE_MESSAGE = 'The server could not be reached. Check your connection and try again.';
const TIMEOUT_MESSAGE = 'The server took too long to answer. Please try again.';

function requestHeaders(options: HttpOptions): Headers {
  const headers = new Headers(options.headers);
  headers.set('X-Requested-With', 'XMLHttpRequest');
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  if (typeof options.body === 'string' && !headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
  return headers;
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function errorFromResponse(response: Response, json: unknown): HttpError {
  const parsed = ApiErrorSchema.safeParse(json);
  if (parsed.success) return new HttpError(parsed.data.message, response.status, parsed.data);
  const message = response.statusText || `The request failed (${response.status}).`;
  return new HttpError(message, response.status, json ?? null);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- react-admin's httpClient contract types `json` as any
export async function httpClient<T = any>(url: string, options: HttpOptions = {}): Promise<HttpResponse<T>> {
  // Kept apart from the caller's signal so that a timeout can be told from a cancellation.
  const timeout = AbortSignal.timeout(HTTP_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await fetch(url, { ...options, headers: requestHeaders(options), credentials: 'include', signal });
  } catch (error) {
    // A caller that cancels (react-query does on unmount) did not lose its response: no rule, no new error.
    if (options.signal?.aborted) throw error;
    // Neither did a request the browser cancelled because the page is being left.
    if (!isLeavingPage()) applySessionLostRule(NO_RESPONSE_STATUS);
    throw new HttpError(timeout.aborted ? TIMEOUT_MESSAGE : NO_RESPONSE_MESSAGE, NO_RESPONSE_STATUS, null);
  }
  const body = await response.text();
  const json = parseJson(body);
  if (!response.ok) {
    applySessionLostRule(response.status);
    throw errorFromResponse(response, json);
  }
  return { status: response.status, headers: response.headers, body, json: json as T };
}
