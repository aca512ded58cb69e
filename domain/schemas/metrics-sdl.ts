// The GraphQL schema of POST /api/v1/gql/query: the contract between the metrics resolvers and the dashboards.
// Field descriptions are part of the documentation served at /api/documentation.
import { RISK_FACTORS } from '../risk';

const riskArguments = RISK_FACTORS.map(
  (factor) => `  ${factor}Enabled: Boolean!\n  ${factor}ValueLo: Float!\n  ${factor}ValueHi: Float!\n  ${factor}ScoreLo: Float!\n  ${factor}ScoreHi: Float!`,
).join('\n');

/** Arguments shared by metrics and metricsPromptIDs (§3.5). */
const METRICS_ARGUMENTS = `
  "The caller's customer (must be theirs)."
  customerID: ID!
  "The organization (must be the caller's; a CUSTOMER_ADMIN may name any organization of their customer)."
  organizationID: ID!
  "Window start (inclusive), ISO 8601."
  minContextStartTimestamp: String!
  "Window end (exclusive), ISO 8601."
  maxContextStartTimestamp: String!
  "IANA time zone that bucket boundaries follow (default UTC)."
  timezone: String
  "Bucket size, an ISO 8601 duration of §3.2 (PT1H, PT6H, P1D, P2D, P3D, P1W …)."
  interval: String!
  "Order of the time buckets."
  ascending: Boolean!
  tokenStatsMin: Float
  tokenStatsMax: Float
  tokenStatsBinsCount: Int
  latencyStatsMin: Float
  latencyStatsMax: Float
  latencyStatsBinsCount: Int
  llmStatsMin: Float!
  llmStatsMax: Float!
  llmStatsBinsCount: Int!
  userID: ID
  copilotID: ID
  policyID: ID
  "Entity types as integers: position in METRIC_ATTRIBUTES (domain/schemas/metrics.ts) plus one."
  attributeIDs: [Int!]
  "A configured language model's id."
  llmID: Int
  "The model name the provider answered with."
  llmModel: String
  "Count the red-teaming attacks (prompts of red-teaming jobs) too; without it they are left out of every figure."
  includeRedTeam: Boolean
  "Size of the top lists and risk leaderboards."
  topN: Int!
${riskArguments}
`;

const TOP_KINDS = ['', 'Malicious', 'Blocked', 'Anonymized', 'Redacted'];
const TOP_DIMENSIONS = ['Users', 'Copilots', 'Policies', 'Attributes', 'LLMs', 'LLMModels'];
const topFields = TOP_KINDS.flatMap((kind) => TOP_DIMENSIONS.map((dimension) => `  top${kind}${dimension}: [TopItem!]!`)).join('\n');
const stageFields = ['cs', 'cdr', 'pe', 'llm', 'vs']
  .map((prefix) => `  ${prefix}Tokens: TokenStats!\n  ${prefix}Status: StatusCounts!\n  ${prefix}Latency: LatencyStats!`)
  .join('\n');
const copyrightFields = [
  '"Copyright check: passages of answers that reproduce a protected work, a licence text or header, or what the external service found."\n  copyrightMatches: Count!',
  '"Copyright check: prompts whose answer had at least one match."\n  copyrightMatchedPrompts: Count!',
  '"Copyright check: answers it withheld (action block_response)."\n  copyrightWithheldPrompts: Count!',
]
  .map((field) => `  ${field}`)
  .join('\n');
const toolFields = [
  '"Tool calls the model made (gateway agent traffic; counted per call)."\n  toolCalls: Count!',
  '"Tool calls withheld from the app because the answer was blocked."\n  blockedToolCalls: Count!',
  '"Tool calls whose arguments the policies anonymized or redacted before the app received them."\n  anonymizedToolCalls: Count!',
  '"Tool results the app sent back (tool messages; counted per result)."\n  toolResults: Count!',
  '"Tool results the prompt guard found a prompt injection in."\n  maliciousToolResults: Count!',
  '"Tool results the policies anonymized or redacted before the model saw them."\n  anonymizedToolResults: Count!',
]
  .map((field) => `  ${field}`)
  .join('\n');
const riskFactorFields = RISK_FACTORS.map((factor) => `  ${factor}: RiskFactorScore!`).join('\n');

export const METRICS_SDL = `
"""
Prompt metrics of one organization, computed from the prompt lifecycle records.
Stages: cs = prompt_guard, cdr = corporate_data_repository, pe = policy_engine, llm = llm, vs = verification_service.
"""
type Query {
  "Counts, token, status, latency and quality statistics, top lists and risk leaderboards over a window."
  metrics(${METRICS_ARGUMENTS}): Metrics!
  "The prompts behind one widget item, series (time bucket) or histogram bin, newest first, paged."
  metricsPromptIDs(${METRICS_ARGUMENTS}
  "A response field name: prompts, maliciousPrompts, …, csStatus, llmLatency, peTokens, llmAccuracy, topUsers, topRiskCopilots, …"
  widgetID: String!
  "Position in a top list or leaderboard; for a status widget 0 ok, 1 skip, 2 fail."
  itemIndex: Int
  "A time bucket's position in master.x (omitted: the whole window)."
  seriesIndex: Int
  "A histogram bin's position."
  binIndex: Int
  "1-based."
  page: Int
  pageSize: Int
  ): MetricsPromptIDs!
  "Names of users, copilots and policies of the organization; ids that no longer exist come back as bad ids."
  resolveIDs(customerID: ID!, organizationID: ID!, userIDs: [ID!], copilotIDs: [ID!], policyIDs: [ID!]): ResolvedIDs!
}

type Metrics {
  "Seconds the figures stay current; the console does not cache (0)."
  ttl: Int!
  master: MetricsMaster!
}

type MetricsMaster {
  "Time buckets of the window, in the requested order."
  x: [TimeBucket!]!
  "y[i] holds the values of bucket x[i]."
  y: [BucketValues!]!
  "The whole window."
  total: WindowValues!
}

type TimeBucket {
  start: String!
  end: String!
  "Earliest prompt in the bucket (null when empty)."
  minDate: String
  "Latest prompt in the bucket (null when empty)."
  maxDate: String
  interval: String!
}

type Count { count: Int! }

type BucketValues {
  prompts: Count!
  maliciousPrompts: Count!
  blockedPrompts: Count!
  anonymizedPrompts: Count!
  redactedPrompts: Count!
${copyrightFields}
${toolFields}
${stageFields}
  llmAccuracy: QualityStats!
  llmHallucination: QualityStats!
  llmToxicity: QualityStats!
  llmBias: QualityStats!
}

type WindowValues {
  prompts: Count!
  maliciousPrompts: Count!
  blockedPrompts: Count!
  anonymizedPrompts: Count!
  redactedPrompts: Count!
${copyrightFields}
${toolFields}
${stageFields}
  llmAccuracy: QualityStats!
  llmHallucination: QualityStats!
  llmToxicity: QualityStats!
  llmBias: QualityStats!
${topFields}
  """
  Risk leaderboards, riskiest first (topN items). Each factor's value is turned into a score by linear
  interpolation from (valueLo, scoreLo) to (valueHi, scoreHi), clamped to the score range; a factor with no data
  (count 0) or disabled is left out. finalRiskScore is the mean of the scores of the factors left in (0 when none),
  so it is always between 0 and 1 and reads with the generic bands: High at 0.67 or more, Medium above 0.33, else Low.
  """
  topRiskUsers: [RiskItem!]!
  topRiskCopilots: [RiskItem!]!
  topRiskPolicies: [RiskItem!]!
  topRiskLLMs: [RiskItem!]!
  topRiskLLMModels: [RiskItem!]!
}

"Statistics of a stage's tokens (in + out) over the prompts it ran for."
type TokenStats { count: Int! sum: Float! mean: Float! median: Float! histogram: [Bin!]! }

type StatusCounts { okCount: Int! skipCount: Int! failCount: Int! totalCount: Int! }

"Latency in milliseconds of a stage over the prompts it ran for (skipped stages are not counted)."
type LatencyStats { count: Int! min: Float! max: Float! mean: Float! stdDev: Float! median: Float! autoHistogram: AutoHistogram! }

type AutoHistogram { min: Float! max: Float! binsCount: Int! binSize: Float! mode: Float! maxFrequency: Int! bins: [Bin!]! }

type Bin { lower: Float! upper: Float! mid: Float! count: Int! }

"A verification metric's values (0..100, the metric's natural reading) over the verified answers."
type QualityStats { count: Int! mean: Float! median: Float! histogram: [Bin!]! }

"id: a user, copilot or policy id, an attribute id (Int as text), a language model id (Int as text) or a model name."
type TopItem { id: String! count: Int! }

type RiskItem {
  id: String!
  "Number of prompts of the item in the window."
  value: Float!
  risk: Risk!
}

type Risk {
  finalRiskScore: Float!
${riskFactorFields}
}

"""
One factor: value is the measured value (ratio of hits to count for the prompt ratios and policy skips; mean of the
metric for LLM quality; mean tokens per prompt for tokens); hits are the prompts at or beyond the factor's high-risk
edge, misses the others, count the prompts (or verified answers) measured.
"""
type RiskFactorScore {
  enabled: Boolean!
  value: Float!
  hits: Int!
  misses: Int!
  count: Int!
  score: Float!
  valueLo: Float!
  valueHi: Float!
  scoreLo: Float!
  scoreHi: Float!
}

type MetricsPromptIDs {
  promptIDs: [ID!]!
  totalPromptIDs: Int!
  pageSize: Int!
  currentPage: Int!
  totalPages: Int!
  ok: Boolean!
  hasNext: Boolean!
  hasPrevious: Boolean!
}

type ResolvedUser { id: ID! email: String! firstName: String! lastName: String! fullName: String! }
type ResolvedNamed { id: ID! name: String! description: String! }

type ResolvedIDs {
  users: [ResolvedUser!]!
  copilots: [ResolvedNamed!]!
  policies: [ResolvedNamed!]!
  badUserIDs: [ID!]!
  badCopilotIDs: [ID!]!
  badPolicyIDs: [ID!]!
}
`;
