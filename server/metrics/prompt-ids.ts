// metricsPromptIDs: the prompts behind one widget item, series or bin, newest first, paged. Selected in SQL from
// metrics_facts (a column per measured value; the rollups cannot name prompts): a count and one page, whatever the
// window's size. Top lists and leaderboards are computed first to know which id an index means.
import { sql } from 'kysely';
import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely';
import type { Database } from '../db/schema';
import type { PromptKind, TopDimension } from '../../domain/schemas/metrics';
import { METRIC_STAGES, METRIC_STAGE_PREFIX, PROMPT_KINDS, RISK_DIMENSIONS, TOP_DIMENSIONS, topFieldName, riskFieldName } from '../../domain/schemas/metrics';
import { emptyDist } from './aggregate';
import type { Bucket } from './buckets';
import { bucketsOf } from './buckets';
import type { FactColumn } from './facts';
import { FACT_FLAGS, QUALITY_COLUMNS, QUALITY_SCALE, STAGE_COLUMNS, STATUS_CODES } from './facts';
import type { MetricsFilters } from './facts.repository';
import { whereFacts } from './facts.repository';
import type { MetricsArgs } from './metrics.args';
import { ArgumentError } from './metrics.args';
import { computeWindow } from './metrics.compute';
import type { ItemDimension } from './metrics.compute';
import { DIMENSION_OF, QUALITY_FIELD_INDEX, riskList, topList } from './metrics.response';
import type { BinSpec } from './stats';
import { autoSpec, binRange } from './stats';

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

/** Which prompts a drill-down names, as a condition on metrics_facts. */
type Condition = (eb: ExpressionBuilder<Database, 'metrics_facts'>) => Expression<SqlBool>;

const ALL: Condition = () => sql<SqlBool>`1 = 1`;
const NONE: Condition = () => sql<SqlBool>`1 = 0`;
const flagged =
  (bit: number): Condition =>
  () =>
    sql<SqlBool>`(metrics_facts.flags & ${sql.lit(bit)}) <> 0`;

const KIND_CONDITION: Record<PromptKind, Condition> = {
  OVERALL: ALL,
  MALICIOUS: flagged(FACT_FLAGS.malicious),
  BLOCKED: flagged(FACT_FLAGS.blocked),
  ANONYMIZED: flagged(FACT_FLAGS.anonymized),
  REDACTED: flagged(FACT_FLAGS.redacted),
};

/** The prompt-count widgets, one per kind. */
const KIND_OF_COUNT_FIELD: Record<string, Condition> = {
  prompts: KIND_CONDITION.OVERALL,
  maliciousPrompts: KIND_CONDITION.MALICIOUS,
  blockedPrompts: KIND_CONDITION.BLOCKED,
  anonymizedPrompts: KIND_CONDITION.ANONYMIZED,
  redactedPrompts: KIND_CONDITION.REDACTED,
  // Tool counts are per call or result; their drill-downs list the prompts that carried any.
  toolCalls: (eb) => eb('metrics_facts.tool_calls', '>', 0),
  blockedToolCalls: (eb) => eb.and([eb('metrics_facts.tool_calls', '>', 0), flagged(FACT_FLAGS.blocked)(eb)]),
  anonymizedToolCalls: (eb) => eb('metrics_facts.tool_calls_anonymized', '>', 0),
  toolResults: (eb) => eb('metrics_facts.tool_results', '>', 0),
  maliciousToolResults: (eb) => eb('metrics_facts.tool_results_malicious', '>', 0),
  anonymizedToolResults: (eb) => eb('metrics_facts.tool_results_anonymized', '>', 0),
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

/** The prompts that measured a value (binIndex absent), or a value in the bin (stats.ts `binRange`, as binOf). */
function binCondition(column: FactColumn, spec: BinSpec | null, binIndex: number | null | undefined, scale = 1): Condition {
  if (binIndex === null || binIndex === undefined) return (eb) => eb(column, 'is not', null);
  const range = spec ? binRange(spec, binIndex, scale) : null;
  if (!range) return NONE;
  return (eb) => {
    const conditions = [eb(column, 'is not', null)];
    if (range.from !== null) conditions.push(eb(column, '>=', range.from));
    if (range.to !== null) conditions.push(eb(column, '<', range.to));
    return eb.and(conditions);
  };
}

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
  const facts = () => whereFacts(db, db.selectFrom('metrics_facts'), organizationId, range, filters);
  let condition: Condition | null = KIND_OF_COUNT_FIELD[widget] ?? null;

  for (const [index, stage] of METRIC_STAGES.entries()) {
    const prefix = METRIC_STAGE_PREFIX[stage];
    const columns = STAGE_COLUMNS[index]!;
    if (widget === `${prefix}Status`) {
      const wanted = drill.itemIndex === null || drill.itemIndex === undefined ? null : STATUS_BY_INDEX[drill.itemIndex];
      if (drill.itemIndex !== null && drill.itemIndex !== undefined && !wanted) throw new ArgumentError('itemIndex of a status widget is 0 ok, 1 skip or 2 fail');
      condition = wanted ? (eb) => eb(columns.status, '=', STATUS_CODES.indexOf(wanted)) : (eb) => eb(columns.status, 'is not', null);
    }
    if (widget === `${prefix}Tokens`) condition = binCondition(columns.tokens, args.tokenSpec, drill.binIndex);
    if (widget === `${prefix}Latency`) {
      // The bins span the range's own latencies (autoHistogram): read their extent first.
      const extent = await facts()
        .select((eb) => [eb.fn.count<number>(columns.latency).as('n'), eb.fn.min<number>(columns.latency).as('min'), eb.fn.max<number>(columns.latency).as('max')])
        .executeTakeFirstOrThrow();
      const spec = Number(extent.n) ? autoSpec({ ...emptyDist(), n: Number(extent.n), min: Number(extent.min), max: Number(extent.max) }, args.latencyBins) : null;
      condition = binCondition(columns.latency, spec, drill.binIndex);
    }
  }
  const qualityIndex = QUALITY_FIELD_INDEX[widget];
  if (qualityIndex !== undefined) condition = binCondition(QUALITY_COLUMNS[qualityIndex]!, args.llmSpec, drill.binIndex, QUALITY_SCALE);

  const listed = listedWidget(widget);
  if (listed) {
    if (drill.itemIndex === null || drill.itemIndex === undefined) throw new ArgumentError('itemIndex is required for a list widget');
    const window = await computeWindow(db, { organizationId, from: range.start, to: range.end, zone: args.zone, interval: args.interval, filters: args.filters });
    const items = window.items![listed.dimension];
    const list = listed.kind ? topList(items, listed.kind, args.topN) : riskList(items, args);
    const chosen = list[drill.itemIndex];
    if (!chosen) return pageOf(page, pageSize, 0, []);
    filters = { ...args.filters, ...itemFilter(listed.dimension, chosen.id) };
    condition = listed.kind ? KIND_CONDITION[listed.kind] : ALL;
  }
  if (!condition) throw new ArgumentError(`Unknown widgetID ${widget}`);

  const where = condition;
  const [counted, rows] = await Promise.all([
    facts()
      .where(where)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    facts()
      .where(where)
      .select('metrics_facts.prompt_id')
      .orderBy('metrics_facts.created_at', 'desc')
      .orderBy('metrics_facts.prompt_id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
  ]);
  return pageOf(page, pageSize, Number(counted.n), rows.map((row) => row.prompt_id));
}

function listedWidget(widget: string): { dimension: ItemDimension; kind: PromptKind | null } | null {
  for (const kind of PROMPT_KINDS) {
    for (const dimension of TOP_DIMENSIONS) if (topFieldName(kind, dimension) === widget) return { dimension: DIMENSION_OF[dimension], kind };
  }
  for (const dimension of RISK_DIMENSIONS) if (riskFieldName(dimension) === widget) return { dimension: DIMENSION_OF[dimension as TopDimension], kind: null };
  return null;
}

/** One page of the matching prompts (`ids`, already that page) out of `total`. */
function pageOf(page: number, pageSize: number, total: number, ids: string[]) {
  const totalPages = Math.ceil(total / pageSize);
  return {
    promptIDs: ids,
    totalPromptIDs: total,
    pageSize,
    currentPage: page,
    totalPages,
    ok: true,
    hasNext: page < totalPages,
    hasPrevious: page > 1,
  };
}
