// One JSON exchange with a store's REST API through the guarded fetch: the service's error message in plain
// words on failure, the key never repeated.
import { outboundErrorIn } from '../../outbound';
import type { FetchLike } from '../../outbound';
import { VectorStoreError } from './vector-store';

export interface StoreRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  headers: Record<string, string>;
  body?: unknown;
  signal?: AbortSignal | undefined;
}

export interface StoreAnswer {
  status: number;
  body: unknown;
}

const MESSAGE_LIMIT = 300;

/** The error text of a service's answer: Qdrant `status.error`, Pinecone `error.message`, Chroma `message`, Milvus `message`. */
export function messageOf(body: unknown): string | null {
  if (typeof body === 'string') return body.trim() || null;
  if (!body || typeof body !== 'object') return null;
  const record = body as Record<string, unknown>;
  const status = record.status as Record<string, unknown> | undefined;
  if (status && typeof status === 'object' && typeof status.error === 'string') return status.error;
  const error = record.error;
  if (error && typeof error === 'object' && typeof (error as Record<string, unknown>).message === 'string') return (error as { message: string }).message;
  if (typeof record.message === 'string' && record.message) return record.message;
  if (typeof error === 'string') return error;
  if (typeof record.detail === 'string') return record.detail;
  return null;
}

export function plain(message: string, secret: string | null): string {
  const hidden = secret ? message.split(secret).join('[key]') : message;
  return hidden.length > MESSAGE_LIMIT ? `${hidden.slice(0, MESSAGE_LIMIT - 1)}…` : hidden;
}

/** Sends the request with the guarded fetch it is given; answers the status and parsed body of any HTTP answer, throws `VectorStoreError` when none came. */
export async function exchange(send: FetchLike, label: string, url: string, request: StoreRequest, secret: string | null): Promise<StoreAnswer> {
  let response: Response;
  try {
    response = await send(url, {
      method: request.method,
      // No store API redirects; following one could carry a key header the guard does not know (x-chroma-token).
      redirect: 'error',
      headers: { accept: 'application/json', ...(request.body === undefined ? {} : { 'content-type': 'application/json' }), ...request.headers },
      ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
      ...(request.signal ? { signal: request.signal } : {}),
    });
  } catch (error) {
    throw new VectorStoreError(plain(`${label} could not be reached: ${reasonOf(error)}`, secret));
  }
  const text = await response.text().catch(() => '');
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON (a proxy's HTML page): kept as text for the message.
  }
  return { status: response.status, body };
}

/** `exchange`, and any answer other than 2xx is an error naming the status and the service's message. */
export async function call(send: FetchLike, label: string, url: string, request: StoreRequest, secret: string | null): Promise<unknown> {
  const answer = await exchange(send, label, url, request, secret);
  if (answer.status >= 200 && answer.status < 300) return answer.body;
  throw failure(label, answer, secret);
}

export function failure(label: string, answer: StoreAnswer, secret: string | null): VectorStoreError {
  const said = messageOf(answer.body);
  const hint = answer.status === 401 || answer.status === 403 ? ' (check the API key)' : '';
  return new VectorStoreError(plain(`${label} answered ${answer.status}${hint}${said ? `: ${said}` : ''}`, secret));
}

function reasonOf(error: unknown): string {
  // Refused hosts, redirects and size limits, also when wrapped in fetch's TypeError.
  const outbound = outboundErrorIn(error);
  if (outbound) return outbound.message;
  if (error instanceof Error && error.name === 'TimeoutError') return 'no answer in time';
  if (error instanceof Error && error.name === 'AbortError') return 'the request was cancelled';
  const cause = error instanceof Error ? (error.cause as { code?: string; message?: string } | undefined) : undefined;
  if (cause?.code === 'ECONNREFUSED') return 'the connection was refused';
  if (cause?.code === 'ENOTFOUND') return 'the host name does not resolve';
  if (cause?.code) return `network error ${cause.code}`;
  return error instanceof Error ? error.message : 'network error';
}
