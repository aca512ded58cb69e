import { buildSchema, parse, validate } from 'graphql';
import { describe, expect, test } from 'vitest';
import { DEFAULT_RISK_SETTINGS, METRICS_DEFAULTS, METRICS_SDL } from '../domain';
import { executeMetricsQuery } from '../mocks/metricsHandlers';
import { ACTIVITY_TOP_N, USER_ACTIVITY_SELECTION } from '../src/pages/observability/activity/ActivityPage';
import { LATENCY_SELECTION } from '../src/pages/observability/widgets/LatencyWidget';
import { LLM_QUALITY_SELECTION } from '../src/pages/observability/widgets/LlmQualityWidget';
import { PROMPT_COUNTS_SELECTION } from '../src/pages/observability/widgets/PromptCountsWidget';
import { RISK_LEADERBOARD_SELECTION } from '../src/pages/observability/widgets/RiskLeaderboardWidget';
import { SERVICE_STATUS_SELECTION } from '../src/pages/observability/widgets/ServiceStatusWidget';
import { TOKEN_STATS_SELECTION } from '../src/pages/observability/widgets/TokenStatsWidget';
import { TOP_LISTS_SELECTION } from '../src/pages/observability/widgets/TopListsWidget';
import { metricsQuery, metricsVariables, PROMPT_IDS_QUERY, promptIdVariables, RESOLVE_IDS_QUERY } from './metricsQueries';

const schema = buildSchema(METRICS_SDL);

const SELECTIONS = {
  PROMPT_COUNTS_SELECTION,
  SERVICE_STATUS_SELECTION,
  LATENCY_SELECTION,
  TOKEN_STATS_SELECTION,
  LLM_QUALITY_SELECTION,
  TOP_LISTS_SELECTION,
  RISK_LEADERBOARD_SELECTION,
  USER_ACTIVITY_SELECTION,
};

const variables = metricsVariables(
  {
    customerID: 'cus_acme',
    organizationID: 'org_acme_research',
    minContextStartTimestamp: '2026-03-01T00:00:00.000Z',
    maxContextStartTimestamp: '2026-03-08T00:00:00.000Z',
    timezone: 'Europe/Berlin',
    interval: 'PT6H',
    riskSettings: DEFAULT_RISK_SETTINGS,
  },
  { ...METRICS_DEFAULTS, topN: ACTIVITY_TOP_N },
);

describe('query documents against the SDL', () => {
  test.each(Object.entries(SELECTIONS))('the Metrics query of %s is valid and answers without errors', async (_name, selection) => {
    const document = metricsQuery(selection);
    expect(validate(schema, parse(document))).toEqual([]);
    const result = await executeMetricsQuery(document, variables);
    expect(result.errors).toBeUndefined();
    expect(result.data?.metrics).toBeTruthy();
  });

  test('PromptIDs and ResolveIDs are valid and answer', async () => {
    expect(validate(schema, parse(PROMPT_IDS_QUERY))).toEqual([]);
    expect(validate(schema, parse(RESOLVE_IDS_QUERY))).toEqual([]);
    const page = await executeMetricsQuery(PROMPT_IDS_QUERY, promptIdVariables(variables, { widgetID: 'topUsers', itemIndex: 2 }, 2, 10));
    expect(page.errors).toBeUndefined();
    expect(page.data?.metricsPromptIDs).toMatchObject({ currentPage: 2, pageSize: 10, totalPromptIDs: 12, hasPrevious: true, hasNext: false });
    const names = await executeMetricsQuery(RESOLVE_IDS_QUERY, { customerID: 'cus_acme', organizationID: 'org_acme_research', userIDs: ['usr_user', 'usr_gone', 'usr_stranger'] });
    expect(names.errors).toBeUndefined();
    expect(names.data?.resolveIDs).toMatchObject({ badUserIDs: ['usr_gone'], users: [{ id: 'usr_user', fullName: 'Uma User' }] });
  });

  test('the variables carry §3.5: window, §9 stats ranges, topN and five settings per risk factor', () => {
    expect(variables).toMatchObject({
      interval: 'PT6H',
      ascending: true,
      llmStatsMin: 0,
      llmStatsMax: 100,
      llmStatsBinsCount: 20,
      latencyStatsMax: 10_000,
      latencyStatsBinsCount: 25,
      tokenStatsBinsCount: 10,
      topN: ACTIVITY_TOP_N,
      llmAccuracyEnabled: true,
      llmAccuracyValueLo: 30,
      llmAccuracyScoreLo: 1,
      llmAccuracyScoreHi: 0,
      redactedPromptsValueHi: 0.7,
      userID: null,
      llmID: null,
    });
  });

  test('a query for a field the SDL lacks is refused by validation (the mock is checked against the contract)', async () => {
    const result = await executeMetricsQuery(metricsQuery('master { total { noSuchField } }'), variables);
    expect(result.errors?.[0]?.message).toMatch(/noSuchField/);
  });
});
