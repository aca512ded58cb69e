// The §3.6 response shape. Fields are functions where they cost something, so graphql-js computes only what the
// query selects (a dashboard widget asking for counts does not pay for medians).
import type { PromptKind, RiskDimension, TopDimension } from '../../domain/schemas/metrics';
import { METRIC_STAGES, METRIC_STAGE_PREFIX, PROMPT_KINDS, RISK_DIMENSIONS, TOOL_COUNT_FIELDS, TOP_DIMENSIONS, riskFieldName, topFieldName } from '../../domain/schemas/metrics';
import type { Aggregate, Dist, ItemAggregate } from './aggregate';
import { QUALITY_METRICS, QUALITY_SCALE } from './facts';
import type { MetricsArgs } from './metrics.args';
import type { ItemDimension, WindowAggregates } from './metrics.compute';
import { windowTotal } from './metrics.compute';
import type { RiskItem, TopItem } from '../../domain/schemas/metrics-types';
import { scoreItem } from './risk-scoring';
import { autoHistogram, histogram, mean, median, stdDev } from './stats';

export const DIMENSION_OF: Record<TopDimension, ItemDimension> = { Users: 'user', Copilots: 'app', Policies: 'policy', Attributes: 'attribute', LLMs: 'llm', LLMModels: 'model' };

export const KIND_COUNT: Record<PromptKind, (item: ItemAggregate) => number> = {
  OVERALL: (item) => item.prompts,
  MALICIOUS: (item) => item.malicious,
  BLOCKED: (item) => item.blocked,
  ANONYMIZED: (item) => item.anonymized,
  REDACTED: (item) => item.redacted,
};

export const QUALITY_FIELD_INDEX: Record<string, number> = {
  llmAccuracy: QUALITY_METRICS.indexOf('accuracy'),
  llmHallucination: QUALITY_METRICS.indexOf('hallucination'),
  llmToxicity: QUALITY_METRICS.indexOf('toxicity'),
  llmBias: QUALITY_METRICS.indexOf('bias'),
};

const iso = (ms: number) => new Date(ms).toISOString();

const tokenStats = (dist: Dist, args: MetricsArgs) => ({ count: dist.n, sum: dist.sum, mean: mean(dist), median: median(dist), histogram: histogram(dist, args.tokenSpec) });
const latencyStats = (dist: Dist, args: MetricsArgs) => ({
  count: dist.n,
  min: dist.n ? dist.min : 0,
  max: dist.n ? dist.max : 0,
  mean: mean(dist),
  stdDev: stdDev(dist),
  median: median(dist),
  autoHistogram: autoHistogram(dist, args.latencyBins),
});
const qualityStats = (dist: Dist, args: MetricsArgs) => ({
  count: dist.n,
  mean: mean(dist) / QUALITY_SCALE,
  median: median(dist) / QUALITY_SCALE,
  histogram: histogram(dist, args.llmSpec, QUALITY_SCALE),
});

/** Counts, stage and quality statistics of one aggregate (a bucket or the window). */
function valuesOf(aggregate: () => Aggregate, args: MetricsArgs): Record<string, () => unknown> {
  const fields: Record<string, () => unknown> = {
    prompts: () => ({ count: aggregate().prompts }),
    maliciousPrompts: () => ({ count: aggregate().malicious }),
    blockedPrompts: () => ({ count: aggregate().blocked }),
    anonymizedPrompts: () => ({ count: aggregate().anonymized }),
    redactedPrompts: () => ({ count: aggregate().redacted }),
    copyrightMatches: () => ({ count: aggregate().copyright[0] }),
    copyrightMatchedPrompts: () => ({ count: aggregate().copyright[1] }),
    copyrightWithheldPrompts: () => ({ count: aggregate().copyright[2] }),
  };
  TOOL_COUNT_FIELDS.forEach((field, index) => {
    fields[field] = () => ({ count: aggregate().tools[index]! });
  });
  METRIC_STAGES.forEach((stage, index) => {
    const prefix = METRIC_STAGE_PREFIX[stage];
    fields[`${prefix}Tokens`] = () => tokenStats(aggregate().tokens[index]!, args);
    fields[`${prefix}Latency`] = () => latencyStats(aggregate().latency[index]!, args);
    fields[`${prefix}Status`] = () => {
      const [okCount, skipCount, failCount] = aggregate().status[index]!;
      return { okCount, skipCount, failCount, totalCount: okCount + skipCount + failCount };
    };
  });
  for (const [field, index] of Object.entries(QUALITY_FIELD_INDEX)) fields[field] = () => qualityStats(aggregate().quality[index]!, args);
  return fields;
}

export function topList(items: Map<string, ItemAggregate>, kind: PromptKind, topN: number): TopItem[] {
  const count = KIND_COUNT[kind];
  return [...items.entries()]
    .map(([id, item]) => ({ id, count: count(item) }))
    .filter((item) => item.count > 0)
    .sort((a, b) => b.count - a.count || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .slice(0, topN);
}

/** Riskiest first; ties by more prompts, then id. */
export function riskList(items: Map<string, ItemAggregate>, args: MetricsArgs): RiskItem[] {
  return [...items.entries()]
    .map(([id, item]) => ({ id, value: item.prompts, risk: scoreItem(item, args.risk) }))
    .sort((a, b) => b.risk.finalRiskScore - a.risk.finalRiskScore || b.value - a.value || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .slice(0, args.topN);
}

export function metricsResponse(window: WindowAggregates, args: MetricsArgs) {
  const ordered = args.ascending ? window.buckets : [...window.buckets].reverse();
  let total: Aggregate | undefined;
  const totalOf = () => (total ??= windowTotal(window));
  const itemsOf = (dimension: ItemDimension) => {
    if (!window.items) throw new Error('The per-item rollups were not read for this query.');
    return window.items[dimension];
  };
  const windowValues = () => {
    const fields = valuesOf(totalOf, args);
    for (const kind of PROMPT_KINDS) {
      for (const dimension of TOP_DIMENSIONS) fields[topFieldName(kind, dimension)] = () => topList(itemsOf(DIMENSION_OF[dimension]), kind, args.topN);
    }
    for (const dimension of RISK_DIMENSIONS) fields[riskFieldName(dimension)] = () => riskList(itemsOf(DIMENSION_OF[dimension as RiskDimension & TopDimension]), args);
    return fields;
  };
  return {
    ttl: 0,
    master: {
      x: ordered.map(({ bucket, aggregate }) => ({
        start: iso(bucket.start),
        end: iso(bucket.end),
        minDate: aggregate.minDate === null ? null : iso(aggregate.minDate),
        maxDate: aggregate.maxDate === null ? null : iso(aggregate.maxDate),
        interval: args.intervalText,
      })),
      y: ordered.map(({ aggregate }) => valuesOf(() => aggregate, args)),
      total: windowValues,
    },
  };
}

/** Every lazy field evaluated: what a query selecting everything gets (tests and the benchmark). */
export function materialize(value: unknown): unknown {
  if (typeof value === 'function') return materialize((value as () => unknown)());
  if (Array.isArray(value)) return value.map(materialize);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, materialize(inner)]));
  return value;
}
