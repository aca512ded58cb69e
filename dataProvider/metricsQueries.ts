// Query documents for the three operations of §7.5. Every widget asks `metrics` for only the fields it shows, so a
// widget loads, fails and retries on its own; all of them share the variable list of §3.5.
import { RISK_FACTORS, riskVariables } from '../domain';
import type { RiskSettings } from '../domain';

type VariableType = 'ID!' | 'ID' | 'String!' | 'String' | 'Boolean!' | 'Boolean' | 'Float!' | 'Float' | 'Int!' | 'Int' | '[Int!]' | '[ID!]';

const RISK_VARIABLES: [string, VariableType][] = RISK_FACTORS.flatMap((factor) => [
  [`${factor}Enabled`, 'Boolean!'],
  [`${factor}ValueLo`, 'Float!'],
  [`${factor}ValueHi`, 'Float!'],
  [`${factor}ScoreLo`, 'Float!'],
  [`${factor}ScoreHi`, 'Float!'],
]);

const METRICS_VARIABLES: [string, VariableType][] = [
  ['customerID', 'ID!'],
  ['organizationID', 'ID!'],
  ['minContextStartTimestamp', 'String!'],
  ['maxContextStartTimestamp', 'String!'],
  ['timezone', 'String'],
  ['interval', 'String!'],
  ['ascending', 'Boolean!'],
  ['tokenStatsMin', 'Float'],
  ['tokenStatsMax', 'Float'],
  ['tokenStatsBinsCount', 'Int'],
  ['latencyStatsMin', 'Float'],
  ['latencyStatsMax', 'Float'],
  ['latencyStatsBinsCount', 'Int'],
  ['llmStatsMin', 'Float!'],
  ['llmStatsMax', 'Float!'],
  ['llmStatsBinsCount', 'Int!'],
  ['userID', 'ID'],
  ['copilotID', 'ID'],
  ['policyID', 'ID'],
  ['attributeIDs', '[Int!]'],
  ['llmID', 'Int'],
  ['llmModel', 'String'],
  ['includeRedTeam', 'Boolean'],
  ['topN', 'Int!'],
  ...RISK_VARIABLES,
];

const PROMPT_ID_VARIABLES: [string, VariableType][] = [
  ...METRICS_VARIABLES,
  ['widgetID', 'String!'],
  ['itemIndex', 'Int'],
  ['seriesIndex', 'Int'],
  ['binIndex', 'Int'],
  ['page', 'Int'],
  ['pageSize', 'Int'],
];

const RESOLVE_VARIABLES: [string, VariableType][] = [
  ['customerID', 'ID!'],
  ['organizationID', 'ID!'],
  ['userIDs', '[ID!]'],
  ['copilotIDs', '[ID!]'],
  ['policyIDs', '[ID!]'],
];

const declarations = (variables: [string, VariableType][]) => variables.map(([name, type]) => `$${name}: ${type}`).join(', ');
const passes = (variables: [string, VariableType][]) => variables.map(([name]) => `${name}: $${name}`).join(', ');

/** `query Metrics(...) { metrics(...) { <selection> } }` */
export function metricsQuery(selection: string): string {
  return `query Metrics(${declarations(METRICS_VARIABLES)}) {\n  metrics(${passes(METRICS_VARIABLES)}) {\n${selection}\n  }\n}`;
}

export const PROMPT_IDS_QUERY = `query PromptIDs(${declarations(PROMPT_ID_VARIABLES)}) {
  metricsPromptIDs(${passes(PROMPT_ID_VARIABLES)}) {
    promptIDs totalPromptIDs pageSize currentPage totalPages ok hasNext hasPrevious
  }
}`;

export const RESOLVE_IDS_QUERY = `query ResolveIDs(${declarations(RESOLVE_VARIABLES)}) {
  resolveIDs(${passes(RESOLVE_VARIABLES)}) {
    users { id email firstName lastName fullName }
    copilots { id name description }
    policies { id name description }
    badUserIDs badCopilotIDs badPolicyIDs
  }
}`;

// ---- selection fragments -------------------------------------------------------------------------------------------

export const BUCKET_FIELDS = 'x { start end minDate maxDate interval }';
export const BIN_FIELDS = 'lower upper mid count';
export const TOKEN_STATS_FIELDS = `count sum mean median histogram { ${BIN_FIELDS} }`;
export const STATUS_FIELDS = 'okCount skipCount failCount totalCount';
export const LATENCY_FIELDS = `count min max mean stdDev median autoHistogram { min max binsCount binSize mode maxFrequency bins { ${BIN_FIELDS} } }`;
export const QUALITY_FIELDS = `count mean median histogram { ${BIN_FIELDS} }`;
export const RISK_FACTOR_FIELDS = 'enabled value hits misses count score valueLo valueHi scoreLo scoreHi';
export const RISK_ITEM_FIELDS = `id value risk { finalRiskScore ${RISK_FACTORS.map((factor) => `${factor} { ${RISK_FACTOR_FIELDS} }`).join(' ')} }`;

/** `field { sub }` for each field name. */
export const select = (fields: readonly string[], sub: string): string => fields.map((field) => `${field} { ${sub} }`).join(' ');

// ---- variables -----------------------------------------------------------------------------------------------------

/** What every metrics query of a screen shares: tenant, window, filters and the risk settings. */
export interface MetricsScope {
  customerID: string;
  organizationID: string;
  minContextStartTimestamp: string;
  maxContextStartTimestamp: string;
  timezone: string;
  interval: string;
  llmID?: number | null;
  userID?: string | null;
  /** Count the red-teaming attacks too (left out by default). */
  includeRedTeam?: boolean;
  riskSettings: RiskSettings;
}

export interface MetricsStatsRanges {
  ascending: boolean;
  topN: number;
  tokenStats: { min: number; max: number; binsCount: number };
  latencyStats: { min: number; max: number; binsCount: number };
  llmStats: { min: number; max: number; binsCount: number };
}

export function metricsVariables(scope: MetricsScope, ranges: MetricsStatsRanges): Record<string, unknown> {
  return {
    customerID: scope.customerID,
    organizationID: scope.organizationID,
    minContextStartTimestamp: scope.minContextStartTimestamp,
    maxContextStartTimestamp: scope.maxContextStartTimestamp,
    timezone: scope.timezone,
    interval: scope.interval,
    ascending: ranges.ascending,
    tokenStatsMin: ranges.tokenStats.min,
    tokenStatsMax: ranges.tokenStats.max,
    tokenStatsBinsCount: ranges.tokenStats.binsCount,
    latencyStatsMin: ranges.latencyStats.min,
    latencyStatsMax: ranges.latencyStats.max,
    latencyStatsBinsCount: ranges.latencyStats.binsCount,
    llmStatsMin: ranges.llmStats.min,
    llmStatsMax: ranges.llmStats.max,
    llmStatsBinsCount: ranges.llmStats.binsCount,
    userID: scope.userID ?? null,
    llmID: scope.llmID ?? null,
    includeRedTeam: scope.includeRedTeam ?? false,
    topN: ranges.topN,
    ...riskVariables(scope.riskSettings),
  };
}

/** Where one drill-down points: a widget (response field name) and an item, time bucket or histogram bin in it. */
export interface DrillDownTarget {
  widgetID: string;
  itemIndex?: number;
  seriesIndex?: number;
  binIndex?: number;
}

export function promptIdVariables(base: Record<string, unknown>, target: DrillDownTarget, page: number, pageSize: number): Record<string, unknown> {
  return {
    ...base,
    widgetID: target.widgetID,
    itemIndex: target.itemIndex ?? null,
    seriesIndex: target.seriesIndex ?? null,
    binIndex: target.binIndex ?? null,
    page,
    pageSize,
  };
}
