import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { runMetricsQuery } from '../../../../dataProvider/metricsClient';
import { RESOLVE_IDS_QUERY } from '../../../../dataProvider/metricsQueries';
import type { ResolvedIDs } from '../../../../domain/schemas/metrics-types';
import type { TopDimension } from '../../../../domain';
import { useObservabilityScope } from '../scope/ObservabilityScope';
import { entityLabel, idsToResolve } from './entityLabels';

/** Names for the ids of some lists: one ResolveIDs query for users, copilots and policies; models from REST. */
export function useEntityNames(lists: { dimension: TopDimension; ids: string[] }[]): (dimension: TopDimension, id: string) => string {
  const { tenant, languageModels, languageModelsLoaded } = useObservabilityScope();
  const ids = idsToResolve(lists);
  const needed = ids.userIDs.length + ids.copilotIDs.length + ids.policyIDs.length > 0;
  const resolved = useQuery({
    queryKey: ['observability', 'resolve', tenant, ids],
    queryFn: ({ signal }) =>
      runMetricsQuery<{ resolveIDs: ResolvedIDs }>(RESOLVE_IDS_QUERY, { ...tenant, ...ids }, signal).then((answer) => answer.data.resolveIDs),
    enabled: tenant !== undefined && needed,
    retry: false,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
  const models = languageModelsLoaded ? languageModels : undefined;
  const data = resolved.data;
  return useCallback((dimension: TopDimension, id: string) => entityLabel(dimension, id, { resolved: data, languageModels: models }), [data, models]);
}
