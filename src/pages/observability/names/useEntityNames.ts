import { useCallback } from 'react';
import { useGetOne } from 'react-admin';
import type { MetricsRecord } from '../../../../dataProvider/metricsResources';
import type { ResolvedIDs } from '../../../../domain/schemas/metrics-types';
import type { TopDimension } from '../../../../domain';
import { useObservabilityScope } from '../scope/ObservabilityScope';
import { entityLabel, idsToResolve } from './entityLabels';

/** Names for the ids of some lists: one ResolveIDs query for users, copilots and policies; models from REST. */
export function useEntityNames(lists: { dimension: TopDimension; ids: string[] }[]): (dimension: TopDimension, id: string) => string {
  const { tenant, languageModels, languageModelsLoaded } = useObservabilityScope();
  const ids = idsToResolve(lists);
  const needed = ids.userIDs.length + ids.copilotIDs.length + ids.policyIDs.length > 0;
  const variables = { ...tenant, ...ids };
  const resolved = useGetOne<MetricsRecord<ResolvedIDs>>(
    'resolveIDs',
    { id: JSON.stringify(variables), meta: { variables } },
    { enabled: tenant !== undefined && needed, retry: false, gcTime: 0, refetchOnWindowFocus: false },
  );
  const models = languageModelsLoaded ? languageModels : undefined;
  const data = resolved.data?.answer;
  return useCallback((dimension: TopDimension, id: string) => entityLabel(dimension, id, { resolved: data, languageModels: models }), [data, models]);
}
