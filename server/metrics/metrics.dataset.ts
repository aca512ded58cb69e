// The known data set of the resolver tests (answers worked out by hand in metrics.resolvers.test.ts) and the
// GraphQL documents the tests send.
import type { Kysely } from 'kysely';
import { RISK_FACTORS } from '../../domain/risk';
import { DEFAULT_RISK_SETTINGS, TOOL_COUNT_FIELDS, riskVariables } from '../../domain/schemas/metrics';
import type { Database } from '../db/schema';
import { insertApp, insertModel, insertPolicy, seedPrompt } from './metrics.fixtures';

export interface Dataset {
  organizationId: string;
  customerId: string;
  users: { u: string; o: string };
  appA: string;
  m1: number;
  m2: number;
  policyG: string;
  policyH: string;
  prompts: Record<'p1' | 'p2' | 'p3' | 'p4' | 'p5' | 'p6' | 'p7', string>;
}

export const WINDOW = { from: '2026-03-09T00:00:00.000Z', to: '2026-03-12T00:00:00.000Z' };

export async function seedDataset(db: Kysely<Database>, tenant: { organizationId: string; customerId: string; userId: string; orgAdminId: string }): Promise<Dataset> {
  const { organizationId } = tenant;
  const appA = await insertApp(db, organizationId, 'Copilot A');
  const m1 = await insertModel(db, organizationId, 'Model One');
  const m2 = await insertModel(db, organizationId, 'Model Two');
  const policyG = await insertPolicy(db, organizationId, 'Policy G');
  const policyH = await insertPolicy(db, organizationId, 'Policy H');
  const u = tenant.userId;
  const o = tenant.orgAdminId;
  const base = { organizationId };
  const p1 = await seedPrompt(db, {
    ...base,
    userId: u,
    at: '2026-03-09T02:00:00.000Z',
    appId: appA,
    llmId: m1,
    model: 'gpt-a',
    anonymized: true,
    attributes: ['EMAIL_ADDRESS'],
    policyIds: [policyG],
    stages: { prompt_guard: ['ok', 10, 5, 0], corporate_data_repository: ['skip', null, null, null], policy_engine: ['ok', 4, 5, 0], llm: ['ok', 1000, 5, 20], verification_service: ['ok', 200, 20, 0] },
    quality: [
      { metric: 'accuracy', value: 80 },
      { metric: 'hallucination', value: 10 },
      { metric: 'toxicity', value: 0 },
      { metric: 'bias', value: 5 },
      { metric: 'relevancy', value: 3 },
    ],
    tools: { calls: 2, callsAnonymized: 1, results: 1, resultsMalicious: 0, resultsAnonymized: 1 },
  });
  const p2 = await seedPrompt(db, {
    ...base,
    userId: o,
    at: '2026-03-09T10:00:00.000Z',
    llmId: m1,
    blocked: true,
    malicious: true,
    attributes: ['SECRET', 'EMAIL_ADDRESS'],
    policyIds: [policyG, policyH],
    tools: { calls: 1, callsAnonymized: 0, results: 2, resultsMalicious: 1, resultsAnonymized: 0 },
    stages: { prompt_guard: ['ok', 12, 8, 0], corporate_data_repository: ['skip', null, null, null], policy_engine: ['ok', 6, 8, 0], llm: ['skip', null, null, null], verification_service: ['skip', null, null, null] },
  });
  const p3 = await seedPrompt(db, {
    ...base,
    userId: u,
    at: '2026-03-09T20:00:00.000Z',
    appId: appA,
    llmId: m2,
    model: 'gpt-b',
    status: 'failed',
    redacted: true,
    policyIds: [policyH],
    stages: { prompt_guard: ['ok', 12, 7, 0], corporate_data_repository: ['skip', null, null, null], policy_engine: ['ok', 2, 7, 0], llm: ['fail', 3000, 7, 0], verification_service: ['skip', null, null, null] },
  });
  const p4 = await seedPrompt(db, {
    ...base,
    userId: u,
    at: '2026-03-10T05:00:00.000Z',
    llmId: m2,
    model: 'gpt-b',
    attributes: ['PERSON'],
    stages: { prompt_guard: ['ok', 8, 4, 0], corporate_data_repository: ['ok', 50, 4, 0], policy_engine: ['ok', 3, 4, 0], llm: ['ok', 2000, 4, 40], verification_service: ['ok', 100, 40, 0] },
    quality: [
      { metric: 'accuracy', value: 20 },
      { metric: 'accuracy', value: 30 },
      { metric: 'hallucination', value: 90 },
      { metric: 'toxicity', value: 60 },
      { metric: 'bias', value: 40 },
      { metric: 'bias', value: null },
    ],
  });
  const p5 = await seedPrompt(db, {
    ...base,
    userId: o,
    at: '2026-03-11T12:00:00.000Z',
    appId: appA,
    llmId: m1,
    model: 'gpt-a',
    stages: { prompt_guard: ['ok', 9, 10, 0], corporate_data_repository: ['skip', null, null, null], policy_engine: ['ok', 5, 10, 0], llm: ['ok', 500, 10, 10], verification_service: ['skip', null, null, null] },
  });
  const p6 = await seedPrompt(db, { ...base, userId: u, at: '2026-03-10T06:00:00.000Z', status: 'in_progress', stages: { prompt_guard: ['ok', 5, 1, 0] } });
  const p7 = await seedPrompt(db, { ...base, userId: u, at: '2026-03-12T01:00:00.000Z', stages: { prompt_guard: ['ok', 5, 1, 0] } });
  return { organizationId, customerId: tenant.customerId, users: { u, o }, appA, m1, m2, policyG, policyH, prompts: { p1, p2, p3, p4, p5, p6, p7 } };
}

const riskDeclarations = RISK_FACTORS.map((factor) => `$${factor}Enabled: Boolean!, $${factor}ValueLo: Float!, $${factor}ValueHi: Float!, $${factor}ScoreLo: Float!, $${factor}ScoreHi: Float!`).join(', ');
const riskArguments = RISK_FACTORS.map((factor) => ['Enabled', 'ValueLo', 'ValueHi', 'ScoreLo', 'ScoreHi'].map((part) => `${factor}${part}: $${factor}${part}`).join(', ')).join(', ');

const DECLARATIONS = `$customerID: ID!, $organizationID: ID!, $minContextStartTimestamp: String!, $maxContextStartTimestamp: String!, $timezone: String, $interval: String!, $ascending: Boolean!,
  $tokenStatsMin: Float, $tokenStatsMax: Float, $tokenStatsBinsCount: Int, $latencyStatsBinsCount: Int, $llmStatsMin: Float!, $llmStatsMax: Float!, $llmStatsBinsCount: Int!,
  $userID: ID, $copilotID: ID, $policyID: ID, $attributeIDs: [Int!], $llmID: Int, $llmModel: String, $topN: Int!, ${riskDeclarations}`;
const ARGUMENTS = `customerID: $customerID, organizationID: $organizationID, minContextStartTimestamp: $minContextStartTimestamp, maxContextStartTimestamp: $maxContextStartTimestamp,
  timezone: $timezone, interval: $interval, ascending: $ascending, tokenStatsMin: $tokenStatsMin, tokenStatsMax: $tokenStatsMax, tokenStatsBinsCount: $tokenStatsBinsCount,
  latencyStatsBinsCount: $latencyStatsBinsCount, llmStatsMin: $llmStatsMin, llmStatsMax: $llmStatsMax, llmStatsBinsCount: $llmStatsBinsCount, userID: $userID, copilotID: $copilotID,
  policyID: $policyID, attributeIDs: $attributeIDs, llmID: $llmID, llmModel: $llmModel, topN: $topN, ${riskArguments}`;

const BIN = 'lower upper mid count';
const STAGE = (prefix: string) =>
  `${prefix}Tokens { count sum mean median histogram { ${BIN} } } ${prefix}Status { okCount skipCount failCount totalCount } ${prefix}Latency { count min max mean stdDev median autoHistogram { min max binsCount binSize mode maxFrequency bins { ${BIN} } } }`;
const QUALITY = (field: string) => `${field} { count mean median histogram { ${BIN} } }`;
const FACTOR = 'enabled value hits misses count score valueLo valueHi scoreLo scoreHi';
const VALUES = `prompts { count } maliciousPrompts { count } blockedPrompts { count } anonymizedPrompts { count } redactedPrompts { count }
  ${TOOL_COUNT_FIELDS.map((field) => `${field} { count }`).join(' ')}
  ${['cs', 'cdr', 'pe', 'llm', 'vs'].map(STAGE).join(' ')} ${['llmAccuracy', 'llmHallucination', 'llmToxicity', 'llmBias'].map(QUALITY).join(' ')}`;
const TOPS = ['', 'Malicious', 'Blocked', 'Anonymized', 'Redacted'].flatMap((kind) => ['Users', 'Copilots', 'Policies', 'Attributes', 'LLMs', 'LLMModels'].map((dimension) => `top${kind}${dimension} { id count }`)).join(' ');
const RISKS = ['Users', 'Copilots', 'Policies', 'LLMs', 'LLMModels'].map((dimension) => `topRisk${dimension} { id value risk { finalRiskScore ${RISK_FACTORS.map((factor) => `${factor} { ${FACTOR} }`).join(' ')} } }`).join(' ');

export const METRICS_QUERY = `query Metrics(${DECLARATIONS}) {
  metrics(${ARGUMENTS}) { ttl master { x { start end minDate maxDate interval } y { ${VALUES} } total { ${VALUES} ${TOPS} ${RISKS} } } }
}`;

export const PROMPT_IDS_QUERY = `query PromptIDs(${DECLARATIONS}, $widgetID: String!, $itemIndex: Int, $seriesIndex: Int, $binIndex: Int, $page: Int, $pageSize: Int) {
  metricsPromptIDs(${ARGUMENTS}, widgetID: $widgetID, itemIndex: $itemIndex, seriesIndex: $seriesIndex, binIndex: $binIndex, page: $page, pageSize: $pageSize) {
    promptIDs totalPromptIDs pageSize currentPage totalPages ok hasNext hasPrevious
  }
}`;

export const RESOLVE_IDS_QUERY = `query ResolveIDs($customerID: ID!, $organizationID: ID!, $userIDs: [ID!], $copilotIDs: [ID!], $policyIDs: [ID!]) {
  resolveIDs(customerID: $customerID, organizationID: $organizationID, userIDs: $userIDs, copilotIDs: $copilotIDs, policyIDs: $policyIDs) {
    users { id email firstName lastName fullName } copilots { id name description } policies { id name description } badUserIDs badCopilotIDs badPolicyIDs
  }
}`;

/** Variables of a dashboard request with the §9 defaults. */
export function metricsVariables(tenant: { customerId: string; organizationId: string }, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    customerID: tenant.customerId,
    organizationID: tenant.organizationId,
    minContextStartTimestamp: WINDOW.from,
    maxContextStartTimestamp: WINDOW.to,
    timezone: 'America/New_York',
    interval: 'P1D',
    ascending: true,
    llmStatsMin: 0,
    llmStatsMax: 100,
    llmStatsBinsCount: 20,
    topN: 10,
    ...riskVariables(DEFAULT_RISK_SETTINGS),
    ...overrides,
  };
}
