// The metrics screens' react-admin data provider, built with ra-data-graphql on the metrics GraphQL client (§7.5: no
// cache, errors returned beside the data). Each of the three queries is a resource read with getOne:
//   getOne('metrics',          { id, meta: { selection, variables } })  → { id, answer: MetricsAnswerData, warnings }
//   getOne('metricsPromptIDs', { id, meta: { variables } })             → { id, answer: MetricsPromptIDs, warnings }
//   getOne('resolveIDs',       { id, meta: { variables } })             → { id, answer: ResolvedIDs, warnings }
// so the pages use react-admin's useGetOne (loading, errors, the app bar's refresh) like every other page.
// Loaded on demand by dataProvider.ts, which keeps Apollo out of the shell's chunk.
import { gql } from '@apollo/client/core';
import type { ApolloQueryResult } from '@apollo/client/core';
import buildGraphQLProvider from 'ra-data-graphql';
import type { BuildQuery, BuildQueryResult } from 'ra-data-graphql';
import type { DataProvider, GetOneParams, GetOneResult } from 'react-admin';
import type { ApolloClient, QueryOptions } from '@apollo/client/core';
import { FAILED_MESSAGE, metricsClient, metricsErrorMessage, MetricsQueryError } from './metricsClient';
import { metricsQuery, PROMPT_IDS_QUERY, RESOLVE_IDS_QUERY } from './metricsQueries';
import { isMetricsResource } from './metricsResources';
import type { MetricsResource } from './metricsResources';

interface MetricsMeta {
  selection?: string;
  variables?: Record<string, unknown>;
}

function documentOf(resource: MetricsResource, meta: MetricsMeta): string {
  if (resource === 'metrics') {
    if (!meta.selection) throw new MetricsQueryError('A metrics read needs the selection of its widget.');
    return metricsQuery(meta.selection);
  }
  return resource === 'metricsPromptIDs' ? PROMPT_IDS_QUERY : RESOLVE_IDS_QUERY;
}

const buildMetricsQuery: BuildQuery = (fetchType, resource, params: GetOneParams): BuildQueryResult => {
  if (fetchType !== 'GET_ONE' || !isMetricsResource(resource)) {
    throw new MetricsQueryError(`The metrics API answers reads only (${fetchType} ${resource}).`);
  }
  const meta = (params.meta ?? {}) as MetricsMeta;
  return {
    query: gql(documentOf(resource, meta)),
    variables: meta.variables ?? {},
    parseResponse: (response: ApolloQueryResult<Record<string, unknown> | null>) => {
      const warnings = (response.errors ?? []).map((error) => error.message);
      // The whole answer is the metrics widget's data (metrics.master…); the other two read their field, named as the resource.
      const answer = resource === 'metrics' ? response.data : response.data?.[resource];
      if (answer === undefined || answer === null) throw new MetricsQueryError(warnings[0] ?? FAILED_MESSAGE);
      return { data: { id: String(params.id), answer, warnings } };
    },
  };
};

/**
 * The metrics client whose failed queries reject with the server's own message: ra-data-graphql would otherwise
 * replace a non-2xx answer's GraphQL error with Apollo's "Response not successful" text.
 */
function withServerMessages(client: ApolloClient<unknown>): ApolloClient<unknown> {
  const query = (options: QueryOptions) =>
    client.query(options).catch((error: unknown) => {
      throw new MetricsQueryError(metricsErrorMessage(error));
    });
  return Object.assign(Object.create(client) as ApolloClient<unknown>, { query });
}

let provider: DataProvider | undefined;

/** The ra-data-graphql provider: no introspection (the queries are fixed), §7.5's options on every query. */
export function metricsDataProvider(): DataProvider {
  provider ??= buildGraphQLProvider({
    client: withServerMessages(metricsClient()),
    introspection: false,
    buildQuery: () => buildMetricsQuery,
    query: () => ({ fetchPolicy: 'no-cache', errorPolicy: 'all' }),
  });
  return provider;
}

/** getOne for a metrics resource; ra-data-graphql turns failures into react-admin HttpErrors with the message kept. */
export function getMetricsRecord(resource: MetricsResource, params: GetOneParams): Promise<GetOneResult> {
  return metricsDataProvider().getOne(resource, params);
}
