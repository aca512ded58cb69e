// The GraphQL client of the metrics screens (§7.5): POST /api/v1/gql/query on the same origin with cookies, no
// caching, query errors returned beside the data (errorPolicy 'all'), watch-query errors ignored, and the
// session-lost rule of §8 on a 401 or a missing response. Imported only by the observability pages, so Apollo
// stays out of the shell's chunk.
import { ApolloClient, HttpLink, InMemoryCache, gql } from '@apollo/client/core';
import type { DefaultOptions } from '@apollo/client/core';
import type { GraphQLFormattedError } from 'graphql';
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
  constructor(
    message: string,
    readonly errors: readonly GraphQLFormattedError[] = [],
  ) {
    super(message);
    this.name = 'MetricsQueryError';
  }
}

export interface MetricsAnswer<T> {
  data: T;
  /** Errors the server sent beside partial data (shown as a warning, the data still shown). */
  errors: readonly GraphQLFormattedError[];
}

const FAILED_MESSAGE = 'The metrics could not be loaded.';

function messageOf(error: unknown): string {
  if (error && typeof error === 'object') {
    const withResult = error as { networkError?: { result?: { errors?: { message?: string }[]; message?: string } } | null; message?: string };
    const result = withResult.networkError?.result;
    const fromBody = result?.errors?.[0]?.message ?? result?.message;
    if (fromBody) return fromBody;
    if (withResult.message) return withResult.message;
  }
  return FAILED_MESSAGE;
}

/** Runs one query document; rejects with a MetricsQueryError when no data came back. */
export async function runMetricsQuery<T>(document: string, variables: Record<string, unknown>, signal?: AbortSignal): Promise<MetricsAnswer<T>> {
  let result;
  try {
    result = await metricsClient().query<T>({
      query: gql(document),
      variables,
      context: signal ? { fetchOptions: { signal } } : undefined,
    });
  } catch (error) {
    throw new MetricsQueryError(messageOf(error));
  }
  const errors = result.errors ?? [];
  if (result.data === undefined || result.data === null) {
    throw new MetricsQueryError(errors[0]?.message ?? FAILED_MESSAGE, errors);
  }
  return { data: result.data, errors };
}
