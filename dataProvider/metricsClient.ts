// The GraphQL client of the metrics screens (§7.5): POST /api/v1/gql/query on the same origin with cookies, no
// caching, query errors returned beside the data (errorPolicy 'all'), watch-query errors ignored, and the
// session-lost rule of §8 on a 401 or a missing response. Used by the metrics data provider
// (metricsDataProvider.ts), which is loaded on demand, so Apollo stays out of the shell's chunk.
import { ApolloClient, HttpLink, InMemoryCache } from '@apollo/client/core';
import type { DefaultOptions } from '@apollo/client/core';
import { HTTP_TIMEOUT_MS } from '../domain';
import { applySessionLostRule, NO_RESPONSE_STATUS } from '../authProvider/sessionLostRule';
import { API_BASE } from './api';

export const GRAPHQL_PATH = `${API_BASE}/gql/query`;

/** Plain fetch plus the console's header, a timeout and the §8 rule; Apollo turns non-2xx answers into errors. */
async function metricsFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const timeout = AbortSignal.timeout(HTTP_TIMEOUT_MS);
  const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
  const headers = new Headers(init.headers);
  headers.set('X-Requested-With', 'XMLHttpRequest');
  let response: Response;
  try {
    response = await fetch(input, { ...init, headers, credentials: 'include', signal });
  } catch (error) {
    if (!init.signal?.aborted) applySessionLostRule(NO_RESPONSE_STATUS);
    throw error;
  }
  applySessionLostRule(response.status);
  return response;
}

const defaultOptions: DefaultOptions = {
  query: { fetchPolicy: 'no-cache', errorPolicy: 'all' },
  watchQuery: { fetchPolicy: 'no-cache', errorPolicy: 'ignore' },
  mutate: { errorPolicy: 'all' },
};

let client: ApolloClient<unknown> | undefined;

/** One client for the page's lifetime; nothing is cached, so sharing it cannot leak data between organizations. */
export function metricsClient(): ApolloClient<unknown> {
  client ??= new ApolloClient({
    link: new HttpLink({ uri: GRAPHQL_PATH, fetch: metricsFetch, credentials: 'include' }),
    cache: new InMemoryCache(),
    defaultOptions,
  });
  return client;
}

/** A query failed outright, or answered errors without data. */
export class MetricsQueryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MetricsQueryError';
  }
}

export const FAILED_MESSAGE = 'The metrics could not be loaded.';

/** The server's message of a failed query (a non-2xx answer carries GraphQL errors in its body), else a plain one. */
export function metricsErrorMessage(error: unknown): string {
  if (error && typeof error === 'object') {
    const withResult = error as { networkError?: { result?: { errors?: { message?: string }[]; message?: string } } | null; message?: string };
    const result = withResult.networkError?.result;
    const fromBody = result?.errors?.[0]?.message ?? result?.message;
    if (fromBody) return fromBody;
    if (withResult.message) return withResult.message;
  }
  return FAILED_MESSAGE;
}
