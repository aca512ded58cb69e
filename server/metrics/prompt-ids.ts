// metricsPromptIDs: the prompts behind one widget item, series or bin, newest first, paged. Read from the raw rows
// (the rollups cannot name prompts); top lists and leaderboards are computed first to know which id an index means.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { PromptKind, TopDimension } from '../../domain/schemas/metrics';
import { METRIC_STAGES, METRIC_STAGE_PREFIX, PROMPT_KINDS, RISK_DIMENSIONS, TOP_DIMENSIONS, topFieldName, riskFieldName } from '../../domain/schemas/metrics';
import type { Dist } from './aggregate';
import { addValue, emptyDist } from './aggregate';
import type { Bucket } from './buckets';
import { bucketsOf } from './buckets';
import type { PromptFact } from './facts';
import { QUALITY_SCALE } from './facts';
import type { MetricsFilters } from './facts.repository';
import { readFacts } from './facts.repository';
import type { MetricsArgs } from './metrics.args';
import { ArgumentError } from './metrics.args';
import { computeWindow } from './metrics.compute';
import type { ItemDimension } from './metrics.compute';
import { DIMENSION_OF, QUALITY_FIELD_INDEX, riskList, topList } from './metrics.response';
import type { BinSpec } from './stats';
import { autoSpec, binOf } from './stats';

export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;

export interface DrillDown {
  widgetID: string;
  itemIndex?: number | null;
  seriesIndex?: number | null;
  binIndex?: number | null;
  page?: number | null;
  pageSize?: number | null;
}

const KIND_OF_COUNT_FIELD: Record<string, (fact: PromptFact) => boolean> = {
  prompts: () => true,
  maliciousPrompts: (fact) => fact.malicious,
  blockedPrompts: (fact) => fact.blocked,
  anonymizedPrompts: (fact) => fact.anonymized,
  redactedPrompts: (fact) => fact.redacted,
};

const KIND_TEST: Record<PromptKind, (fact: PromptFact) => boolean> = {
  OVERALL: () => true,
  MALICIOUS: (fact) => fact.malicious,
  BLOCKED: (fact) => fact.blocked,
  ANONYMIZED: (fact) => fact.anonymized,
  REDACTED: (fact) => fact.redacted,
};

const STATUS_BY_INDEX = ['ok', 'skip', 'fail'] as const;

/** Narrows the SQL to one item of a dimension. */
function itemFilter(dimension: ItemDimension, id: string): MetricsFilters {
  switch (dimension) {
    case 'user':
      return { userId: id };
    case 'app':
      return { appId: id };
    case 'policy':
      return { policyId: id };
    case 'attribute':
      return { attributeIds: [Number(id)] };
    case 'llm':
      return { llmId: Number(id) };
    case 'model':
      return { modelName: id };
  }
}

function binTest(value: (fact: PromptFact) => number | null, spec: BinSpec | null, binIndex: number | null | undefined, scale = 1): (fact: PromptFact) => boolean {
  return (fact) => {
    const measured = value(fact);
    if (measured === null) return false;
    if (binIndex === null || binIndex === undefined) return true;
    if (!spec) return false;
    return binOf(measured, spec, scale) === binIndex;
  };
}

const distOf = (facts: PromptFact[], value: (fact: PromptFact) => number | null): Dist => {
  const dist = emptyDist();
  for (const fact of facts) {
    const measured = value(fact);
    if (measured !== null) addValue(dist, measured);
  }
  return dist;
};

export async function promptIds(db: Kysely<Database>, organizationId: string, args: MetricsArgs, drill: DrillDown) {
  const page = Math.max(1, drill.page ?? 1);
  const pageSize = Math.min(MAX_PAGE_SIZE, Math.max(1, drill.pageSize ?? DEFAULT_PAGE_SIZE));
  const buckets = bucketsOf(args.zone, args.interval, args.from, args.to);
  const ordered = args.ascending ? buckets : [...buckets].reverse();
  let range: Bucket = { start: args.from, end: args.to };
  if (drill.seriesIndex !== null && drill.seriesIndex !== undefined) {
    const bucket = ordered[drill.seriesIndex];
    if (!bucket) throw new ArgumentError('seriesIndex is outside the window');
    range = bucket;
  }
  const widget = drill.widgetID;
  let filters: MetricsFilters = args.filters;
  let test: ((fact: PromptFact, facts: PromptFact[]) => boolean) | null = null;
  let prepare: ((facts: PromptFact[]) => (fact: PromptFact) => boolean) | null = null;

  const countTest = KIND_OF_COUNT_FIELD[widget];
  if (countTest) test = countTest;
  for (const [index, stage] of METRIC_STAGES.entries()) {
    const prefix = METRIC_STAGE_PREFIX[stage];
    if (widget === `${prefix}Status`) {
      const wanted = drill.itemIndex === null || drill.itemIndex === undefined ? null : STATUS_BY_INDEX[drill.itemIndex];
      if (drill.itemIndex !== null && drill.itemIndex !== undefined && !wanted) throw new ArgumentError('itemIndex of a status widget is 0 ok, 1 skip or 2 fail');
      test = (fact) => (wanted ? fact.stages[index]!.status === wanted : fact.stages[index]!.status !== null);
    }
    if (widget === `${prefix}Tokens`) test = binTest((fact) => fact.stages[index]!.tokens, args.tokenSpec, drill.binIndex);
    if (widget === `${prefix}Latency`) {
      const latency = (fact: PromptFact) => fact.stages[index]!.latency;
      prepare = (facts) => binTest(latency, autoSpec(distOf(facts, latency), args.latencyBins), drill.binIndex);
    }
  }
  const qualityIndex = QUALITY_FIELD_INDEX[widget];
  if (qualityIndex !== undefined) test = binTest((fact) => fact.quality[qualityIndex]!, args.llmSpec, drill.binIndex, QUALITY_SCALE);

  const listed = listedWidget(widget);
  if (listed) {
    if (drill.itemIndex === null || drill.itemIndex === undefined) throw new ArgumentError('itemIndex is required for a list widget');
    const window = await computeWindow(db, { organizationId, from: range.start, to: range.end, zone: args.zone, interval: args.interval, filters: args.filters });
    const items = window.items![listed.dimension];
    const list = listed.kind ? topList(items, listed.kind, args.topN) : riskList(items, args);
    const chosen = list[drill.itemIndex];
    if (!chosen) return pageOf(page, pageSize, []);
    filters = { ...args.filters, ...itemFilter(listed.dimension, chosen.id) };
    const kind = listed.kind;
    test = kind ? KIND_TEST[kind] : () => true;
  }
  if (!test && !prepare) throw new ArgumentError(`Unknown widgetID ${widget}`);

  const facts = await readFacts(db, { organizationId, ranges: [range], filters });
  const accept = prepare ? prepare(facts) : (fact: PromptFact) => test!(fact, facts);
  const matching = facts.filter((fact) => accept(fact)).sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : -1));
  return pageOf(page, pageSize, matching.map((fact) => fact.id));
}

function listedWidget(widget: string): { dimension: ItemDimension; kind: PromptKind | null } | null {
  for (const kind of PROMPT_KINDS) {
    for (const dimension of TOP_DIMENSIONS) if (topFieldName(kind, dimension) === widget) return { dimension: DIMENSION_OF[dimension], kind };
  }
  for (const dimension of RISK_DIMENSIONS) if (riskFieldName(dimension) === widget) return { dimension: DIMENSION_OF[dimension as TopDimension], kind: null };
  return null;
}

function pageOf(page: number, pageSize: number, ids: string[]) {
  const totalPages = Math.ceil(ids.length / pageSize);
  return {
    promptIDs: ids.slice((page - 1) * pageSize, page * pageSize),
    totalPromptIDs: ids.length,
    pageSize,
    currentPage: page,
    totalPages,
    ok: true,
    hasNext: page < totalPages,
    hasPrevious: page > 1,
  };
}
