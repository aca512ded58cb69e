// One widget's Metrics query: its own selection, its own load state (§4: INITIAL, then LOADING, then OK or ERROR)
// and its own retry; read through react-admin (useGetOne on the metrics data provider), so the app bar's refresh
// reloads it like any other page. Nothing is cached: a new window or filter asks the server again.
import { useMemo } from 'react';
import { useGetOne } from 'react-admin';
import { metricsVariables } from '../../../../dataProvider/metricsQueries';
import type { MetricsRecord } from '../../../../dataProvider/metricsResources';
import type { MetricsAnswerData, MetricsMasterAnswer } from '../../../../domain/schemas/metrics-types';
import { METRICS_DEFAULTS } from '../../../../domain';
import { useObservabilityScope } from './ObservabilityScope';
import { browserTimeZone } from './metricsWindow';

export type LoadState = 'INITIAL' | 'LOADING' | 'OK' | 'ERROR';

export interface MetricsLoad {
  state: LoadState;
  master: MetricsMasterAnswer | undefined;
  /** Errors the server answered beside the data. */
  warnings: string[];
  error: string | undefined;
  retry: () => void;
  /** The variables the query ran with (a drill-down asks PromptIDs with the same ones). */
  variables: Record<string, unknown> | undefined;
}

/** The variables of every metrics query of the screen; undefined while the tenant or the risk settings load. */
export function useMetricsVariables(overrides: { userID?: string | null; topN?: number } = {}): Record<string, unknown> | undefined {
  const scope = useObservabilityScope();
  const { tenant, window, llmID, includeRedTeam, riskSettings, riskSettingsState } = scope;
  return useMemo(() => {
    if (!tenant || riskSettingsState === 'LOADING') return undefined;
    return metricsVariables(
      {
        ...tenant,
        minContextStartTimestamp: window.start.toISOString(),
        maxContextStartTimestamp: window.end.toISOString(),
        timezone: browserTimeZone(),
        interval: window.interval,
        llmID,
        includeRedTeam,
        userID: overrides.userID ?? null,
        riskSettings,
      },
      { ...METRICS_DEFAULTS, topN: overrides.topN ?? METRICS_DEFAULTS.topN },
    );
  }, [tenant, window, llmID, includeRedTeam, riskSettings, riskSettingsState, overrides.userID, overrides.topN]);
}

export function useMetrics(selection: string, options: { userID?: string | null; topN?: number; enabled?: boolean } = {}): MetricsLoad {
  const variables = useMetricsVariables({ userID: options.userID, topN: options.topN });
  const enabled = variables !== undefined && options.enabled !== false;
  const query = useGetOne<MetricsRecord<MetricsAnswerData>>(
    'metrics',
    { id: selection, meta: { selection, variables } },
    { enabled, retry: false, gcTime: 0, refetchOnWindowFocus: false },
  );
  let state: LoadState = 'INITIAL';
  if (enabled) state = query.isFetching ? 'LOADING' : query.isError ? 'ERROR' : query.isSuccess ? 'OK' : 'LOADING';
  return {
    state,
    master: query.data?.answer.metrics.master,
    warnings: query.data?.warnings ?? [],
    error: query.error ? query.error.message : undefined,
    retry: () => void query.refetch(),
    variables,
  };
}
