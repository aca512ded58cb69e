// Builders of GraphQL metrics answers (domain/schemas/metrics-sdl.ts) and of the observability REST payloads. The
// handlers execute every query against buildSchema(METRICS_SDL) with these values as the root, so an answer always
// has the SDL's shape and holds exactly the fields the query selected.
import {
  attributeId,
  CriticalEventSchema,
  DEFAULT_RISK_SETTINGS,
  PROMPT_KINDS,
  RISK_DIMENSIONS,
  RISK_FACTORS,
  TOP_DIMENSIONS,
  riskFieldName,
  topFieldName,
} from '../domain';
import type { CriticalEvent, RiskFactor, RiskSettings } from '../domain';

export interface Bin {
  lower: number;
  upper: number;
  mid: number;
  count: number;
}
export interface TopItem {
  id: string;
  count: number;
}

/** Even bins over [min, max] holding `counts`. */
export function buildBins(counts: readonly number[], min: number, max: number): Bin[] {
  const size = (max - min) / counts.length;
  return counts.map((count, index) => {
    const lower = min + index * size;
    return { lower, upper: lower + size, mid: lower + size / 2, count };
  });
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

export function buildTokenStats(count: number, mean: number, median: number, histogram: number[] = [count]) {
  return { count, sum: count * mean, mean, median, histogram: buildBins(histogram, 0, 100) };
}

export function buildStatusCounts(okCount: number, skipCount: number, failCount: number) {
  return { okCount, skipCount, failCount, totalCount: okCount + skipCount + failCount };
}

export function buildLatencyStats(median: number, counts: number[]) {
  const count = sum(counts);
  const bins = buildBins(counts, 0, 10_000);
  const modeIndex = counts.indexOf(Math.max(...counts, 0));
  return {
    count,
    min: count ? median / 2 : 0,
    max: count ? median * 2 : 0,
    mean: count ? median * 1.1 : 0,
    stdDev: count ? median / 3 : 0,
    median: count ? median : 0,
    autoHistogram: {
      min: 0,
      max: 10_000,
      binsCount: counts.length,
      binSize: 10_000 / counts.length,
      mode: count ? (bins[modeIndex]?.mid ?? 0) : 0,
      maxFrequency: Math.max(...counts, 0),
      bins,
    },
  };
}

export function buildQualityStats(mean: number, counts: number[]) {
  const count = sum(counts);
  return { count, mean: count ? mean : 0, median: count ? mean : 0, histogram: buildBins(counts, 0, 100) };
}

/** The five prompt counts. */
export function buildPromptCounts(prompts: number, malicious: number, blocked: number, anonymized: number, redacted: number) {
  return {
    prompts: { count: prompts },
    maliciousPrompts: { count: malicious },
    blockedPrompts: { count: blocked },
    anonymizedPrompts: { count: anonymized },
    redactedPrompts: { count: redacted },
  };
}

/** The copyright check's three counts. */
export function buildCopyrightCounts(matches: number, prompts: number, withheld: number) {
  return { copyrightMatches: { count: matches }, copyrightMatchedPrompts: { count: prompts }, copyrightWithheldPrompts: { count: withheld } };
}

/** The agent-traffic counts (TOOL_COUNT_FIELDS): tool calls made, withheld, anonymized; tool results sent, malicious, anonymized. */
export function buildToolCounts(calls: number, blockedCalls: number, anonymizedCalls: number, results: number, maliciousResults: number, anonymizedResults: number) {
  return {
    toolCalls: { count: calls },
    blockedToolCalls: { count: blockedCalls },
    anonymizedToolCalls: { count: anonymizedCalls },
    toolResults: { count: results },
    maliciousToolResults: { count: maliciousResults },
    anonymizedToolResults: { count: anonymizedResults },
  };
}

const LATENCY_BINS = 25;
const QUALITY_BINS = 20;
const spread = (bins: number, at: Record<number, number>) => Array.from({ length: bins }, (_, index) => at[index] ?? 0);

/** Values of one bucket (or, with the top lists added, of a window) with `prompts` prompts, 0 meaning an empty one. */
export function buildBucketValues(prompts: number) {
  const share = (ratio: number) => Math.round(prompts * ratio);
  const verified = share(0.7);
  return {
    ...buildPromptCounts(prompts, share(0.07), share(0.12), share(0.17), share(0.05)),
    ...buildCopyrightCounts(share(0.04), share(0.03), share(0.01)),
    ...buildToolCounts(share(0.3), share(0.02), share(0.05), share(0.25), share(0.01), share(0.04)),
    csTokens: buildTokenStats(prompts, 20, 18, [prompts]),
    cdrTokens: buildTokenStats(share(0.25), 180, 160, [0, share(0.25)]),
    peTokens: buildTokenStats(prompts, 21, 19, [prompts]),
    llmTokens: buildTokenStats(prompts - share(0.12), 250, 240, [0, 0, prompts - share(0.12)]),
    vsTokens: buildTokenStats(verified, 60, 55, [verified]),
    csStatus: buildStatusCounts(prompts, 0, 0),
    cdrStatus: buildStatusCounts(share(0.25), prompts - share(0.25), 0),
    peStatus: buildStatusCounts(prompts, 0, 0),
    llmStatus: buildStatusCounts(prompts - share(0.12) - share(0.05), share(0.12), share(0.05)),
    vsStatus: buildStatusCounts(verified, prompts - verified, 0),
    csLatency: buildLatencyStats(3, spread(LATENCY_BINS, { 0: prompts })),
    cdrLatency: buildLatencyStats(45, spread(LATENCY_BINS, { 0: share(0.25) })),
    peLatency: buildLatencyStats(8, spread(LATENCY_BINS, { 0: prompts })),
    llmLatency: buildLatencyStats(1500, spread(LATENCY_BINS, { 3: share(0.5), 4: prompts - share(0.12) - share(0.5) })),
    vsLatency: buildLatencyStats(120, spread(LATENCY_BINS, { 0: verified })),
    llmAccuracy: buildQualityStats(82.5, spread(QUALITY_BINS, { 16: verified - share(0.2), 12: share(0.2) })),
    llmHallucination: buildQualityStats(12, spread(QUALITY_BINS, { 2: verified })),
    llmToxicity: buildQualityStats(4, spread(QUALITY_BINS, { 0: verified })),
    llmBias: buildQualityStats(6, spread(QUALITY_BINS, { 1: verified })),
  };
}

// ---- top lists and leaderboards ----------------------------------------------------------------------------------

/** Ids the mock directory resolves (see resolveIds in metricsHandlers). */
export const MOCK_METRICS_USERS = [
  { id: 'usr_user', email: 'user@example.com', firstName: 'Uma', lastName: 'User', fullName: 'Uma User' },
  { id: 'usr_org_admin', email: 'org.admin@example.com', firstName: 'Olga', lastName: 'Admin', fullName: 'Olga Admin' },
];
export const MOCK_METRICS_COPILOTS = [{ id: 'app_helpdesk', name: 'HR helpdesk', description: 'Answers HR questions' }];
export const MOCK_METRICS_POLICIES = [{ id: 'pol_default', name: 'Default protection', description: 'The default Global Policy' }];
/** Ids that existed once: ResolveIDs answers them as bad ids. */
export const MOCK_DELETED_IDS = { users: ['usr_gone'], copilots: ['app_gone'], policies: ['pol_gone'] };

const DEFAULT_TOPS: Record<(typeof TOP_DIMENSIONS)[number], TopItem[]> = {
  Users: [
    { id: 'usr_user', count: 24 },
    { id: 'usr_org_admin', count: 12 },
    { id: 'usr_gone', count: 4 },
    { id: 'usr_stranger', count: 2 },
  ],
  Copilots: [
    { id: 'app_helpdesk', count: 9 },
    { id: 'app_gone', count: 3 },
  ],
  Policies: [
    { id: 'pol_default', count: 11 },
    { id: 'pol_gone', count: 1 },
  ],
  Attributes: [
    { id: String(attributeId('PERSON')), count: 8 },
    { id: String(attributeId('EMAIL_ADDRESS')), count: 5 },
    { id: '999', count: 1 },
  ],
  LLMs: [
    { id: '1', count: 30 },
    { id: '77', count: 7 },
  ],
  LLMModels: [
    { id: 'offline-demo', count: 30 },
    { id: 'gpt-4o-mini', count: 7 },
  ],
};

/** All thirty top lists: the overall list as above, the other kinds a smaller share of it. */
export function buildTopLists(scale = 1): Record<string, TopItem[]> {
  const lists: Record<string, TopItem[]> = {};
  PROMPT_KINDS.forEach((kind, kindIndex) => {
    for (const dimension of TOP_DIMENSIONS) {
      const items = DEFAULT_TOPS[dimension]
        .map((item) => ({ id: item.id, count: Math.round((item.count * scale) / (kindIndex + 1)) }))
        .filter((item) => item.count > 0);
      lists[topFieldName(kind, dimension)] = kindIndex === 0 ? items : items.slice(0, 2);
    }
  });
  return lists;
}

/** One factor's entry with the §9 default range. */
export function buildRiskFactor(factor: RiskFactor, value: number, score: number, count = 10, settings: RiskSettings = DEFAULT_RISK_SETTINGS) {
  const hits = Math.round(count * Math.min(1, score));
  return { ...settings[factor], value, hits, misses: count - hits, count, score };
}

/** A leaderboard entry whose factors all score `score` (accuracy the mirror value), final score `score`. */
export function buildRiskItem(id: string, value: number, score: number) {
  const factors = Object.fromEntries(
    RISK_FACTORS.map((factor) => {
      const setting = DEFAULT_RISK_SETTINGS[factor];
      const measured = setting.valueLo + (setting.valueHi - setting.valueLo) * (setting.scoreLo > setting.scoreHi ? 1 - score : score);
      return [factor, buildRiskFactor(factor, measured, score)];
    }),
  );
  return { id, value, risk: { finalRiskScore: score, ...factors } };
}

export function buildRiskLeaderboards(): Record<string, ReturnType<typeof buildRiskItem>[]> {
  const byDimension: Record<(typeof RISK_DIMENSIONS)[number], ReturnType<typeof buildRiskItem>[]> = {
    Users: [buildRiskItem('usr_user', 24, 0.72), buildRiskItem('usr_gone', 4, 0.5), buildRiskItem('usr_org_admin', 12, 0.1)],
    Copilots: [buildRiskItem('app_helpdesk', 9, 0.4)],
    Policies: [buildRiskItem('pol_default', 11, 0.2)],
    LLMs: [buildRiskItem('1', 30, 0.35), buildRiskItem('77', 7, 0.8)],
    LLMModels: [buildRiskItem('offline-demo', 30, 0.35)],
  };
  return Object.fromEntries(RISK_DIMENSIONS.map((dimension) => [riskFieldName(dimension), byDimension[dimension]]));
}

// ---- critical events ---------------------------------------------------------------------------------------------

export function buildCriticalEvent(overrides: Partial<CriticalEvent> = {}): CriticalEvent {
  return CriticalEventSchema.parse({
    id: 'prm_blocked',
    ConversationId: 'cnv_budget',
    CreatedAt: '2026-03-05T10:00:00.000Z',
    Kinds: ['blocked', 'malicious'],
    UserId: 'usr_user',
    UserEmail: 'user@example.com',
    AppId: null,
    AppName: null,
    LanguageModelId: 1,
    ModelName: 'Offline demo model',
    MessageType: 'PROMPT_LLM',
    Reason: 'Your prompt was blocked by the policy "Default protection" (rule "Block prompt injection").',
    ...overrides,
  });
}

export function buildCriticalEvents(): CriticalEvent[] {
  return [
    buildCriticalEvent(),
    buildCriticalEvent({
      id: 'prm_failed',
      ConversationId: null,
      CreatedAt: '2026-03-06T09:30:00.000Z',
      Kinds: ['failed'],
      UserId: 'usr_org_admin',
      UserEmail: 'org.admin@example.com',
      AppId: 'app_helpdesk',
      AppName: 'HR helpdesk',
      MessageType: 'PROMPT_COPILOT',
      Reason: 'The provider answered 502: upstream unavailable, "retry later"',
    }),
    buildCriticalEvent({
      id: 'prm_malicious',
      CreatedAt: '2026-03-04T08:15:00.000Z',
      Kinds: ['malicious'],
      Reason: 'Instruction override',
    }),
  ];
}
