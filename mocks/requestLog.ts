import { onTestFinished } from 'vitest';
import { server } from './node';

export interface LoggedRequest {
  method: string;
  url: URL;
  /** The list query as the server parses it: sort, range and filter JSON. */
  list: { sort: unknown; range: unknown; filter: unknown };
}

const parse = (value: string | null): unknown => (value === null ? undefined : JSON.parse(value));

/** Records every request the MSW server sees during one test, for asserting paging, sort and filter calls. */
export function logRequests(): LoggedRequest[] {
  const log: LoggedRequest[] = [];
  const listener = ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    log.push({
      method: request.method,
      url,
      list: { sort: parse(url.searchParams.get('sort')), range: parse(url.searchParams.get('range')), filter: parse(url.searchParams.get('filter')) },
    });
  };
  server.events.on('request:start', listener);
  onTestFinished(() => server.events.removeListener('request:start', listener));
  return log;
}

/** The list calls of one API path, e.g. "/api/v1/customers". */
export const listCalls = (log: readonly LoggedRequest[], path: string) => log.filter((entry) => entry.method === 'GET' && entry.url.pathname === path);

/** Collects the JSON bodies of the requests matching `method` and `path` during one test. */
export function captureBodies(method: string, path: RegExp): Record<string, unknown>[] {
  const bodies: Record<string, unknown>[] = [];
  const listener = ({ request }: { request: Request }) => {
    if (request.method === method && path.test(new URL(request.url).pathname)) {
      void request
        .clone()
        .json()
        .then((json) => bodies.push(json as Record<string, unknown>));
    }
  };
  server.events.on('request:start', listener);
  onTestFinished(() => server.events.removeListener('request:start', listener));
  return bodies;
}
