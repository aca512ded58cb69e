// The GraphQL arguments of metrics / metricsPromptIDs, checked and turned into a query (§3.5).
import { RISK_FACTORS } from '../../domain/risk';
import type { RiskSettings } from '../../domain/schemas/metrics';
import { METRICS_DEFAULTS, RiskFactorSettingSchema } from '../../domain/schemas/metrics';
import type { Interval } from './buckets';
import { BucketError, parseInterval, validTimeZone } from './buckets';
import type { MetricsFilters } from './facts.repository';
import type { BinSpec } from './stats';

export class ArgumentError extends Error {}

export const MAX_TOP_N = 100;
export const MAX_WINDOW_MS = 400 * 86_400_000;

export interface MetricsArgs {
  from: number;
  to: number;
  zone: string;
  interval: Interval;
  intervalText: string;
  ascending: boolean;
  tokenSpec: BinSpec;
  latencyBins: number;
  llmSpec: BinSpec;
  filters: MetricsFilters;
  topN: number;
  risk: RiskSettings;
}

type Raw = Record<string, unknown>;

function time(value: unknown, name: string): number {
  const at = typeof value === 'string' ? Date.parse(value) : NaN;
  if (!Number.isFinite(at)) throw new ArgumentError(`${name} must be an ISO 8601 time`);
  return at;
}

function spec(args: Raw, prefix: string, fallback: BinSpec): BinSpec {
  const min = (args[`${prefix}Min`] as number | null | undefined) ?? fallback.min;
  const max = (args[`${prefix}Max`] as number | null | undefined) ?? fallback.max;
  const binsCount = (args[`${prefix}BinsCount`] as number | null | undefined) ?? fallback.binsCount;
  if (!(max > min)) throw new ArgumentError(`${prefix}Max must be greater than ${prefix}Min`);
  if (binsCount < 1 || binsCount > 1000) throw new ArgumentError(`${prefix}BinsCount must be from 1 to 1000`);
  return { min, max, binsCount };
}

export function parseMetricsArgs(args: Raw): MetricsArgs {
  const from = time(args.minContextStartTimestamp, 'minContextStartTimestamp');
  const to = time(args.maxContextStartTimestamp, 'maxContextStartTimestamp');
  if (to <= from) throw new ArgumentError('maxContextStartTimestamp must be after minContextStartTimestamp');
  if (to - from > MAX_WINDOW_MS) throw new ArgumentError('The window may span at most 400 days');
  const zone = (args.timezone as string | null | undefined) || 'UTC';
  if (!validTimeZone(zone)) throw new ArgumentError('timezone must be an IANA time zone');
  let interval: Interval;
  try {
    interval = parseInterval(String(args.interval));
  } catch (error) {
    throw new ArgumentError(error instanceof BucketError ? error.message : 'interval is not valid');
  }
  const topN = Number(args.topN);
  if (!Number.isInteger(topN) || topN < 1 || topN > MAX_TOP_N) throw new ArgumentError(`topN must be from 1 to ${MAX_TOP_N}`);
  const risk = {} as RiskSettings;
  for (const factor of RISK_FACTORS) {
    const parsed = RiskFactorSettingSchema.safeParse({
      enabled: args[`${factor}Enabled`],
      valueLo: args[`${factor}ValueLo`],
      valueHi: args[`${factor}ValueHi`],
      scoreLo: args[`${factor}ScoreLo`],
      scoreHi: args[`${factor}ScoreHi`],
    });
    if (!parsed.success) throw new ArgumentError(`${factor}: ${parsed.error.issues[0]?.message ?? 'not valid'}`);
    risk[factor] = parsed.data;
  }
  const text = (value: unknown) => (typeof value === 'string' && value.length ? value : undefined);
  const attributeIds = args.attributeIDs as number[] | null | undefined;
  return {
    from,
    to,
    zone,
    interval,
    intervalText: String(args.interval),
    ascending: Boolean(args.ascending),
    tokenSpec: spec(args, 'tokenStats', METRICS_DEFAULTS.tokenStats),
    latencyBins: spec(args, 'latencyStats', METRICS_DEFAULTS.latencyStats).binsCount,
    llmSpec: spec(args, 'llmStats', METRICS_DEFAULTS.llmStats),
    filters: {
      userId: text(args.userID),
      appId: text(args.copilotID),
      policyId: text(args.policyID),
      attributeIds: attributeIds?.length ? attributeIds : undefined,
      llmId: typeof args.llmID === 'number' ? args.llmID : undefined,
      modelName: text(args.llmModel),
      ...(args.includeRedTeam === true ? { redTeam: 'include' as const } : {}),
    },
    topN,
    risk,
  };
}
