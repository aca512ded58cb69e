// TypeScript shapes of the GraphQL answers (metrics-sdl.ts), shared by the resolvers and the dashboards. A widget selects a subset; the types
// say what a full selection holds, and each widget reads only what it asked for.
import type { RiskFactor } from '../risk';

export interface TimeBucket {
  start: string;
  end: string;
  minDate: string | null;
  maxDate: string | null;
  interval: string;
}
export interface Count {
  count: number;
}
export interface Bin {
  lower: number;
  upper: number;
  mid: number;
  count: number;
}
export interface TokenStats {
  count: number;
  sum: number;
  mean: number;
  median: number;
  histogram: Bin[];
}
export interface StatusCounts {
  okCount: number;
  skipCount: number;
  failCount: number;
  totalCount: number;
}
export interface AutoHistogram {
  min: number;
  max: number;
  binsCount: number;
  binSize: number;
  mode: number;
  maxFrequency: number;
  bins: Bin[];
}
export interface LatencyStats {
  count: number;
  min: number;
  max: number;
  mean: number;
  stdDev: number;
  median: number;
  autoHistogram: AutoHistogram;
}
export interface QualityStats {
  count: number;
  mean: number;
  median: number;
  histogram: Bin[];
}
export interface TopItem {
  id: string;
  count: number;
}
export interface RiskFactorScore {
  enabled: boolean;
  value: number;
  hits: number;
  misses: number;
  count: number;
  score: number;
  valueLo: number;
  valueHi: number;
  scoreLo: number;
  scoreHi: number;
}
export type Risk = { finalRiskScore: number } & Record<RiskFactor, RiskFactorScore>;
export interface RiskItem {
  id: string;
  value: number;
  risk: Risk;
}

/** Values of one bucket or of the whole window, keyed by response field name (prompts, csTokens, topUsers …). */
export type MetricsValues = Record<string, unknown>;

export interface MetricsMasterAnswer {
  x?: TimeBucket[];
  y?: MetricsValues[];
  total?: MetricsValues;
}
export interface MetricsAnswerData {
  metrics: { master: MetricsMasterAnswer };
}

export interface MetricsPromptIDs {
  promptIDs: string[];
  totalPromptIDs: number;
  pageSize: number;
  currentPage: number;
  totalPages: number;
  ok: boolean;
  hasNext: boolean;
  hasPrevious: boolean;
}
export interface ResolvedUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  fullName: string;
}
export interface ResolvedNamed {
  id: string;
  name: string;
  description: string;
}
export interface ResolvedIDs {
  users: ResolvedUser[];
  copilots: ResolvedNamed[];
  policies: ResolvedNamed[];
  badUserIDs: string[];
  badCopilotIDs: string[];
  badPolicyIDs: string[];
}
