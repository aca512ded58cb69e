// Reading answers the shared httpClient cannot: server-sent event streams (read as they arrive with fetch +
// ReadableStream) and the error of a raw fetch. Both keep the console's request header and the session-lost rule (§8).
import { HttpError } from 'react-admin';
import { ApiErrorSchema } from '../domain';
import { applySessionLostRule, NO_RESPONSE_STATUS } from '../authProvider/sessionLostRule';
import { API_BASE } from './api';

const NO_RESPONSE_MESSAGE = 'The server could not be reached. Check your connection and try again.';
const STREAM_FAILED_MESSAGE = 'The answer could not be received. Please try again.';

/** The HttpError of a refused raw fetch: the server's message (and field messages) when it sent the API's shape. */
export async function errorOfResponse(response: Response): Promise<HttpError> {
  applySessionLostRule(response.status);
  let json: unknown;
  try {
    json = JSON.parse(await response.text());
  } catch {
    json = null;
  }
  const parsed = ApiErrorSchema.safeParse(json);
  if (parsed.success) return new HttpError(parsed.data.message, response.status, parsed.data);
  return new HttpError(response.statusText || `The request failed (${response.status}).`, response.status, json);
}

/** The JSON of one server-sent event block (its `data:` lines joined), or undefined for a comment-only block. */
function eventData(block: string): string | undefined {
  const data = block
    .split(/\r?\n/)
    .filter((line) => line.startsWith('data:'))
    .map((line) => line.slice(5).replace(/^ /, ''));
  return data.length ? data.join('\n') : undefined;
}

/**
 * POSTs `body` to `path` (under /api/v1) and calls `onData` with the parsed JSON of every event, in order, as it
 * arrives; resolves when the stream ends. Rejects with an HttpError when the request is refused or the connection
 * breaks; an abort through `signal` rejects with the AbortError.
 */
export async function postEventStream(path: string, body: unknown, onData: (data: unknown) => void, signal?: AbortSignal): Promise<void> {
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream', 'X-Requested-With': 'XMLHttpRequest' },
      body: JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    applySessionLostRule(NO_RESPONSE_STATUS);
    throw new HttpError(NO_RESPONSE_MESSAGE, NO_RESPONSE_STATUS, null);
  }
  if (!response.ok) throw await errorOfResponse(response);
  if (!response.body) throw new HttpError(STREAM_FAILED_MESSAGE, response.status, null);

  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  const emit = (block: string) => {
    const data = eventData(block);
    if (data !== undefined) onData(JSON.parse(data));
  };
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffered += decoder.decode(value, { stream: true });
      const blocks = buffered.split(/\r?\n\r?\n/);
      buffered = blocks.pop() ?? '';
      blocks.forEach(emit);
    }
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new HttpError(STREAM_FAILED_MESSAGE, response.status, null);
  } finally {
    reader.releaseLock();
  }
  buffered += decoder.decode();
  if (buffered.trim()) emit(buffered);
}
