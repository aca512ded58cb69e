// graphql-js behind one route: METRICS_SDL, root resolvers, limits (document size, depth, root fields) and errors
// that carry only a message — never SQL, a stack or a path into the server.
import type { Kysely } from 'kysely';
import type * as GraphQLModule from 'graphql';
import type * as GraphQLJitModule from 'graphql-jit';
import type { CompiledQuery } from 'graphql-jit';
import { createRequire } from 'node:module';
import type { ASTVisitor, DocumentNode, FragmentDefinitionNode, GraphQLResolveInfo, SelectionSetNode, ValidationContext } from 'graphql';
import { Role } from '../../domain/enums';
import { METRICS_SDL } from '../../domain/schemas/metrics-sdl';
import { COPYRIGHT_COUNT_FIELDS, METRIC_STAGES, METRIC_STAGE_PREFIX, PROMPT_COUNT_FIELDS, PROMPT_KINDS, TOP_DIMENSIONS, topFieldName } from '../../domain/schemas/metrics';
import type { Principal } from '../auth/principal';
import type { Database } from '../db/schema';
import { BucketError } from './buckets';
import { ArgumentError, parseMetricsArgs } from './metrics.args';
import { computeWindow } from './metrics.compute';
import { metricsResponse } from './metrics.response';
import { ScopeError, requireOrganization } from './metrics-scope';
import { promptIds } from './prompt-ids';
import { resolveIds } from './resolve-ids';

// graphql and graphql-jit loaded the way Node loads graphql-jit (CommonJS), so both share one graphql instance
// whatever a bundler or test runner would resolve an `import 'graphql'` to (its ESM build is another realm).
const load = createRequire(import.meta.url);
const { GraphQLError, Kind, buildSchema, defaultFieldResolver, getNamedType, isLeafType, isObjectType, parse, specifiedRules, validate } = load('graphql') as typeof GraphQLModule;
const { compileQuery, isCompiledQuery } = load('graphql-jit') as typeof GraphQLJitModule;

export const MAX_QUERY_CHARS = 50_000;
export const MAX_DEPTH = 15;
export const MAX_ROOT_FIELDS = 5;

export const metricsSchema = buildSchema(METRICS_SDL);

// The response's costly fields are functions (metrics.response.ts) and the root fields are rootValue's methods.
// graphql-jit reads a field without a resolver as a plain property, so every field of an object type gets graphql-js's
// default resolver (call a function, else read): what graphql-js does for all of them, here only where it matters.
for (const type of Object.values(metricsSchema.getTypeMap())) {
  if (!isObjectType(type) || type.name.startsWith('__')) continue;
  for (const field of Object.values(type.getFields())) if (!isLeafType(getNamedType(field.type))) field.resolve ??= defaultFieldResolver;
}

interface Context {
  db: Kysely<Database>;
  actor: Principal;
}

type Args = Record<string, unknown>;

function depthOf(selection: SelectionSetNode | undefined, fragments: Map<string, FragmentDefinitionNode>, seen: Set<string>): number {
  if (!selection) return 0;
  let deepest = 0;
  for (const node of selection.selections) {
    if (node.kind === Kind.FIELD) deepest = Math.max(deepest, 1 + depthOf(node.selectionSet, fragments, seen));
    else if (node.kind === Kind.INLINE_FRAGMENT) deepest = Math.max(deepest, depthOf(node.selectionSet, fragments, seen));
    else if (!seen.has(node.name.value)) {
      const fragment = fragments.get(node.name.value);
      deepest = Math.max(deepest, depthOf(fragment?.selectionSet, fragments, new Set([...seen, node.name.value])));
    }
  }
  return deepest;
}

/** Refuses documents nested deeper than MAX_DEPTH or asking for more than MAX_ROOT_FIELDS root fields. */
function limitsRule(context: ValidationContext): ASTVisitor {
  const document = context.getDocument();
  const fragments = new Map(document.definitions.filter((node): node is FragmentDefinitionNode => node.kind === Kind.FRAGMENT_DEFINITION).map((node) => [node.name.value, node]));
  return {
    OperationDefinition(node) {
      if (depthOf(node.selectionSet, fragments, new Set()) > MAX_DEPTH) context.reportError(new GraphQLError(`The query is nested deeper than ${MAX_DEPTH} levels.`));
      if (node.selectionSet.selections.length > MAX_ROOT_FIELDS) context.reportError(new GraphQLError(`A query may ask for at most ${MAX_ROOT_FIELDS} root fields.`));
    },
  };
}

/** Fields answered from counts alone; anything else (statistics, histograms, leaderboards) reads the stored values. */
const COUNT_ONLY_FIELDS = new Set([
  '__typename', 'ttl', 'master', 'x', 'y', 'total', 'start', 'end', 'minDate', 'maxDate', 'interval', 'count', 'id',
  ...PROMPT_COUNT_FIELDS, ...COPYRIGHT_COUNT_FIELDS, 'okCount', 'skipCount', 'failCount', 'totalCount',
  ...METRIC_STAGES.map((stage) => `${METRIC_STAGE_PREFIX[stage]}Status`),
  ...PROMPT_KINDS.flatMap((kind) => TOP_DIMENSIONS.map((dimension) => topFieldName(kind, dimension))),
]);

/** Whether any field under the resolved field matches (fragments followed; a missing fragment counts as a match). */
function selectsAny(info: GraphQLResolveInfo, matches: (name: string) => boolean): boolean {
  const visit = (selection: SelectionSetNode | undefined, seen: Set<string>): boolean => {
    if (!selection) return false;
    return selection.selections.some((node) => {
      if (node.kind === Kind.FIELD) return matches(node.name.value) || visit(node.selectionSet, seen);
      if (node.kind === Kind.INLINE_FRAGMENT) return visit(node.selectionSet, seen);
      if (seen.has(node.name.value)) return false;
      const fragment = info.fragments[node.name.value];
      return fragment ? visit(fragment.selectionSet, new Set([...seen, node.name.value])) : true;
    });
  };
  return info.fieldNodes.some((node) => visit(node.selectionSet, new Set()));
}

/** Statistics, histograms or leaderboards: anything beyond counts reads the stored values. */
const needsDistributions = (info: GraphQLResolveInfo) => selectsAny(info, (name) => !COUNT_ONLY_FIELDS.has(name));
/** Top lists and leaderboards read the per-item rollups. */
const selectsItems = (info: GraphQLResolveInfo) => selectsAny(info, (name) => name.startsWith('top'));

/** A USER sees only their own prompts, whatever userID they send. */
function scopedArgs(actor: Principal, args: Args): Args {
  return actor.role === Role.USER ? { ...args, userID: actor.userId } : args;
}

const rootValue = {
  async metrics(args: Args, context: Context, info: GraphQLResolveInfo) {
    const organizationId = await requireOrganization(context.db, context.actor, String(args.organizationID), String(args.customerID));
    const parsed = parseMetricsArgs(scopedArgs(context.actor, args));
    const window = await computeWindow(
      context.db,
      { organizationId, from: parsed.from, to: parsed.to, zone: parsed.zone, interval: parsed.interval, filters: parsed.filters },
      { distributions: needsDistributions(info), items: selectsItems(info) },
    );
    return metricsResponse(window, parsed);
  },
  async metricsPromptIDs(args: Args, context: Context) {
    const organizationId = await requireOrganization(context.db, context.actor, String(args.organizationID), String(args.customerID));
    const parsed = parseMetricsArgs(scopedArgs(context.actor, args));
    return promptIds(context.db, organizationId, parsed, {
      widgetID: String(args.widgetID),
      itemIndex: args.itemIndex as number | null | undefined,
      seriesIndex: args.seriesIndex as number | null | undefined,
      binIndex: args.binIndex as number | null | undefined,
      page: args.page as number | null | undefined,
      pageSize: args.pageSize as number | null | undefined,
    });
  },
  async resolveIDs(args: Args, context: Context) {
    const organizationId = await requireOrganization(context.db, context.actor, String(args.organizationID), String(args.customerID));
    const userIds = args.userIDs as string[] | null | undefined;
    if (context.actor.role === Role.USER && userIds?.some((id) => id !== context.actor.userId)) throw new ScopeError('A user may resolve only their own id.');
    return resolveIds(context.db, { organizationId, userIds, copilotIds: args.copilotIDs as string[] | null | undefined, policyIds: args.policyIDs as string[] | null | undefined });
  },
};

export interface GraphQLRequest {
  query: string;
  variables?: Record<string, unknown> | null;
  operationName?: string | null;
}

export interface GraphQLResponse {
  data?: unknown;
  errors?: { message: string; extensions?: { code: string } }[];
}

const codeOf = (error: unknown): string | null => {
  if (error instanceof ScopeError) return 'NOT_FOUND';
  if (error instanceof ArgumentError || error instanceof BucketError) return 'BAD_USER_INPUT';
  return null;
};

/** Errors the caller may read keep their message; anything else is an internal error without detail. */
function publicErrors(errors: readonly InstanceType<typeof GraphQLError>[], log: (error: unknown) => void) {
  return errors.map((error) => {
    const original = error.originalError;
    if (!original) return { message: error.message, extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } };
    const code = codeOf(original);
    if (code) return { message: original.message, extensions: { code } };
    if (original instanceof GraphQLError) return { message: original.message, extensions: { code: 'BAD_USER_INPUT' } };
    log(original);
    return { message: 'The metrics could not be computed.', extensions: { code: 'INTERNAL_SERVER_ERROR' } };
  });
}

/**
 * Documents that parsed, validated and were compiled to JavaScript (graphql-jit), by their text and operation: the
 * dashboards send the same few queries again and again, and compiled execution of a full dashboard answer (~40,000
 * fields) takes a fraction of graphql-js's interpretation.
 */
const compiled = new Map<string, CompiledQuery>();
const COMPILED_KEPT = 100;

function compiledOf(query: string, operationName: string | null | undefined): CompiledQuery | GraphQLResponse {
  const key = `${operationName ?? ''}\u0000${query}`;
  const known = compiled.get(key);
  if (known) return known;
  let document: DocumentNode;
  try {
    document = parse(query, { maxTokens: 5_000 });
  } catch (error) {
    return { errors: [{ message: error instanceof GraphQLError ? error.message : 'The query could not be parsed.', extensions: { code: 'GRAPHQL_PARSE_FAILED' } }] };
  }
  const validation = validate(metricsSchema, document, [...specifiedRules, limitsRule]);
  if (validation.length) return { errors: validation.map((error) => ({ message: error.message, extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } })) };
  const result = compileQuery(metricsSchema, document, operationName ?? undefined);
  if (!isCompiledQuery(result)) return { errors: (result.errors ?? []).map((error) => ({ message: error.message, extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } })) };
  if (compiled.size >= COMPILED_KEPT) compiled.delete(compiled.keys().next().value!);
  compiled.set(key, result);
  return result;
}

export async function runGraphQL(db: Kysely<Database>, actor: Principal, request: GraphQLRequest, log: (error: unknown) => void): Promise<GraphQLResponse> {
  if (request.query.length > MAX_QUERY_CHARS) return { errors: [{ message: `The query is longer than ${MAX_QUERY_CHARS} characters.`, extensions: { code: 'BAD_REQUEST' } }] };
  const query = compiledOf(request.query, request.operationName);
  if (!('query' in query)) return query;
  const result = await query.query(rootValue, { db, actor } satisfies Context, request.variables ?? {});
  return { ...(result.data !== undefined ? { data: result.data } : {}), ...(result.errors?.length ? { errors: publicErrors(result.errors, log) } : {}) };
}
