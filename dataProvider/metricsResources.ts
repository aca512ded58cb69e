/** The metrics GraphQL queries, read as react-admin resources with getOne (see metricsDataProvider.ts). */
export const METRICS_RESOURCES = ['metrics', 'metricsPromptIDs', 'resolveIDs'] as const;
export type MetricsResource = (typeof METRICS_RESOURCES)[number];

export function isMetricsResource(resource: string): resource is MetricsResource {
  return (METRICS_RESOURCES as readonly string[]).includes(resource);
}

/** What getOne answers for a metrics resource: the query's field, and the errors the server sent beside it. */
export interface MetricsRecord<T> {
  id: string;
  answer: T;
  warnings: string[];
}
