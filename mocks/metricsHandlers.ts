// MSW handlers of the observability screens: the GraphQL operations Metrics, PromptIDs and ResolveIDs executed against
// buildSchema(METRICS_SDL) (so every answer is valid for the contract), the risk settings and critical events REST
// calls, and lifecycle records for the prompt ids the drill-down lists. Tests steer them with metricsMockState().
import { buildSchema, graphql as executeGraphql } from 'graphql';
import { graphql, http, HttpResponse } from 'msw';
import { DEFAULT_RISK_SETTINGS, METRICS_SDL, RiskSettingsSchema } from '../domain';
import type { CriticalEvent, RiskSettings } from '../domain';
import { buildChatMessage } from './chatBuilders';
import { buildPromptDetails } from './chatBuilders';
import {
  buildBucketValues,
  buildQualityStats,
  buildCriticalEvents,
  buildRiskLeaderboards,
  buildTopLists,
  MOCK_DELETED_IDS,
  MOCK_METRICS_COPILOTS,
  MOCK_METRICS_POLICIES,
  MOCK_METRICS_USERS,
} from './metricsBuilders';
import { badRequestFromIssues, listResponse } from './restCollection';

export type MetricsOperation = 'Metrics' | 'PromptIDs' | 'ResolveIDs';

interface MetricsMockState {
  /** Prompts of the first time buckets of any window (the rest are empty); [] = no traffic at all. */
  bucketPrompts: number[];
  /** The same for a userID filter. */
  userBucketPrompts: number[];
  /** A Metrics query selecting any of these fields answers only an error (one widget fails, the others load). */
  failFields: string[];
  /** Operations that answer only an error. */
  failOperations: MetricsOperation[];
  /** Quality metrics no verifier scored: count 0 in every bucket, even where other metrics have answers. */
  unscoredQuality: string[];
  /** Prompts behind any drill-down target. */
  promptIdTotal: number;
  riskSettings: Record<string, RiskSettings>;
  criticalEvents: CriticalEvent[];
  calls: { operation: MetricsOperation; variables: Record<string, unknown>; query: string }[];
  riskSettingsSaved: { organizationID: string | null; body: unknown }[];
}

const initialState = (): MetricsMockState => ({
  bucketPrompts: [10, 0, 20, 12],
  userBucketPrompts: [2, 0, 3, 1],
  failFields: [],
  failOperations: [],
  unscoredQuality: [],
  promptIdTotal: 12,
  riskSettings: {},
  criticalEvents: buildCriticalEvents(),
  calls: [],
  riskSettingsSaved: [],
});
let state = initialState();

/** Empties the quality metrics the state says nobody scored. */
function withoutScores<T extends Record<string, unknown>>(values: T): T {
  const emptied = Object.fromEntries(state.unscoredQuality.map((field) => [field, buildQualityStats(0, [])]));
  return { ...values, ...emptied };
}

export function resetMetricsMocks(): void {
  state = initialState();
}
export function metricsMockState(): MetricsMockState {
  return state;
}

export const MOCK_METRICS_FAILURE = 'The metrics service is unavailable.';
export const METRICS_PROMPT_PREFIX = 'prm_metrics_';

const schema = buildSchema(METRICS_SDL);

const DURATION = /^P(?:(\d+)W|(\d+)D|T(\d+)([HMS]))$/;
function durationMs(interval: string): number {
  const match = DURATION.exec(interval);
  if (!match) return 3_600_000;
  const [, weeks, days, amount, unit] = match;
  if (weeks) return Number(weeks) * 7 * 86_400_000;
  if (days) return Number(days) * 86_400_000;
  return Number(amount) * { H: 3_600_000, M: 60_000, S: 1000 }[unit as 'H' | 'M' | 'S'];
}

interface MetricsArgs {
  minContextStartTimestamp: string;
  maxContextStartTimestamp: string;
  interval: string;
  ascending: boolean;
  topN: number;
  userID?: string | null;
}

function metrics(args: MetricsArgs) {
  const start = Date.parse(args.minContextStartTimestamp);
  const end = Date.parse(args.maxContextStartTimestamp);
  const step = durationMs(args.interval);
  const pattern = args.userID ? state.userBucketPrompts : state.bucketPrompts;
  const buckets: { x: object; prompts: number }[] = [];
  for (let at = start, index = 0; at < end && index < 400; at += step, index += 1) {
    const prompts = pattern[index] ?? 0;
    const stamp = (ms: number) => new Date(ms).toISOString();
    buckets.push({
      x: { start: stamp(at), end: stamp(Math.min(at + step, end)), minDate: prompts ? stamp(at) : null, maxDate: prompts ? stamp(at + step - 1000) : null, interval: args.interval },
      prompts,
    });
  }
  if (!args.ascending) buckets.reverse();
  const total = pattern.reduce((sum, value) => sum + value, 0);
  const limit = <T,>(lists: Record<string, T[]>) => Object.fromEntries(Object.entries(lists).map(([key, items]) => [key, total ? items.slice(0, args.topN) : []]));
  return {
    ttl: 0,
    master: {
      x: buckets.map((bucket) => bucket.x),
      y: buckets.map((bucket) => withoutScores(buildBucketValues(bucket.prompts))),
      total: { ...withoutScores(buildBucketValues(total)), ...limit(buildTopLists(args.userID ? 0.25 : 1)), ...limit(buildRiskLeaderboards()) },
    },
  };
}

function metricsPromptIDs(args: { page?: number | null; pageSize?: number | null }) {
  const pageSize = args.pageSize ?? 10;
  const currentPage = args.page ?? 1;
  const total = state.promptIdTotal;
  const totalPages = Math.ceil(total / pageSize);
  const first = (currentPage - 1) * pageSize;
  const promptIDs = Array.from({ length: Math.max(0, Math.min(pageSize, total - first)) }, (_, index) => `${METRICS_PROMPT_PREFIX}${first + index + 1}`);
  return { promptIDs, totalPromptIDs: total, pageSize, currentPage, totalPages, ok: true, hasNext: currentPage < totalPages, hasPrevious: currentPage > 1 };
}

function resolveIDs(args: { userIDs?: string[] | null; copilotIDs?: string[] | null; policyIDs?: string[] | null }) {
  const pick = <T extends { id: string }>(known: T[], ids: string[] | null | undefined) => known.filter((item) => ids?.includes(item.id));
  const bad = (deleted: string[], ids: string[] | null | undefined) => deleted.filter((id) => ids?.includes(id));
  return {
    users: pick(MOCK_METRICS_USERS, args.userIDs),
    copilots: pick(MOCK_METRICS_COPILOTS, args.copilotIDs),
    policies: pick(MOCK_METRICS_POLICIES, args.policyIDs),
    badUserIDs: bad(MOCK_DELETED_IDS.users, args.userIDs),
    badCopilotIDs: bad(MOCK_DELETED_IDS.copilots, args.copilotIDs),
    badPolicyIDs: bad(MOCK_DELETED_IDS.policies, args.policyIDs),
  };
}

/** Executes a query document against the SDL with the mock root; invalid queries answer the validation errors. */
export async function executeMetricsQuery(query: string, variables: Record<string, unknown>) {
  return executeGraphql({ schema, source: query, variableValues: variables, rootValue: { metrics, metricsPromptIDs, resolveIDs } });
}

type GraphqlBody = { data?: Record<string, unknown> | null; errors?: { message: string }[] };
const failure = () => HttpResponse.json<GraphqlBody>({ data: null, errors: [{ message: MOCK_METRICS_FAILURE }] });

function operationHandler(operation: MetricsOperation) {
  return graphql.link('/api/v1/gql/query').query(operation, async ({ query, variables }) => {
    state.calls.push({ operation, variables, query });
    const failsField = operation === 'Metrics' && state.failFields.some((field) => new RegExp(`\\b${field}\\b`).test(query));
    if (state.failOperations.includes(operation) || failsField) return failure();
    const result = await executeMetricsQuery(query, variables);
    return HttpResponse.json<GraphqlBody>(JSON.parse(JSON.stringify(result)) as GraphqlBody);
  });
}

const organizationOf = (request: Request) => new URL(request.url).searchParams.get('organizationID');

export const metricsHandlers = [
  operationHandler('Metrics'),
  operationHandler('PromptIDs'),
  operationHandler('ResolveIDs'),

  http.get('/api/v1/observability/risk-settings', ({ request }) =>
    HttpResponse.json(state.riskSettings[organizationOf(request) ?? 'own'] ?? DEFAULT_RISK_SETTINGS),
  ),
  http.put('/api/v1/observability/risk-settings', async ({ request }) => {
    const body: unknown = await request.json();
    state.riskSettingsSaved.push({ organizationID: organizationOf(request), body });
    const parsed = RiskSettingsSchema.safeParse(body);
    if (!parsed.success) return badRequestFromIssues(parsed.error.issues);
    state.riskSettings[organizationOf(request) ?? 'own'] = parsed.data;
    return HttpResponse.json(parsed.data);
  }),

  http.get('/api/v1/observability/critical-events', ({ request }) => {
    const url = new URL(request.url);
    return listResponse('observability/critical-events', state.criticalEvents, url, {
      searchFields: ['Reason', 'UserEmail', 'AppName', 'ModelName'],
      defaultSort: 'CreatedAt',
      matchers: {
        Kind: (event, value) => event.Kinds.includes(value as CriticalEvent['Kinds'][number]),
        From: (event, value) => event.CreatedAt >= String(value),
        To: (event, value) => event.CreatedAt < String(value),
        // The mock's events are all the organization's own prompts: including red-team attacks adds none.
        IncludeRedTeam: () => true,
      },
    });
  }),

  // Lifecycle records of the drill-down's prompt ids; other ids fall through to the chat handlers.
  http.get('/api/v1/prompts/:pid', ({ params }) => {
    const pid = String(params.pid);
    if (!pid.startsWith(METRICS_PROMPT_PREFIX)) return undefined;
    const number = Number(pid.slice(METRICS_PROMPT_PREFIX.length));
    const message = buildChatMessage({ id: pid, ConversationId: number % 2 ? 'cnv_budget' : 'cnv_older', Prompt: `Question number ${number} about travel` });
    return HttpResponse.json(buildPromptDetails(message, { CreatedAt: new Date(Date.UTC(2026, 2, 6, 8, number)).toISOString() }));
  }),
];
