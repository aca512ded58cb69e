// The gateway's rate check: one statement per call. It counts the call in every budget it draws from (an upsert
// of one row per budget, fixed one-minute windows restarting at the first call after they end) and returns the
// counters, so the decision needs no second round trip; the counters live in the database, so several servers
// sharing it share them. Tokens are charged after the call (only when a token limit applies): a call that goes over
// is served, and the next one is refused until the window ends.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../db/schema';
import { grouped } from '../db/group-commit';
import { executeCompiledOnce } from '../db/compiled-once';
import { HttpError } from '../http/errors';
import type { Budget } from './rate-limits';

export const RATE_WINDOW_MS = 60_000;

interface Counter {
  budget: Budget;
  hits: number;
  tokens: number;
  resetMs: number;
}

export interface RateDecision {
  /** The x-ratelimit-* headers of the tightest budgets, for every answer (429 included). */
  headers: Record<string, string>;
  /** Set when the call is refused: the 429 to throw (OpenAI shape through the gateway's error handler). */
  refusal: HttpError | null;
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

export async function admitCall(db: Kysely<Database>, budgets: readonly Budget[], at = Date.now()): Promise<RateDecision> {
  const expired = sql<boolean>`rate_limits.window_start + ${RATE_WINDOW_MS} <= ${at}`;
  // Counted in the group commit of the lifecycle writes (no commit of its own on SQLite): the counters are read back
  // by this call in its transaction, so the decision is the same; the call waits for that commit.
  // Compiled once per number of budgets (compiled-once.ts): the parameters in Kysely's order, rows then updates.
  const parameters = [...budgets.flatMap((budget) => [budget.key, at, 1, 0]), RATE_WINDOW_MS, at, RATE_WINDOW_MS, at, RATE_WINDOW_MS, at, at];
  const { rows } = await grouped(db, (trx) => executeCompiledOnce(trx, `rate.admit:${budgets.length}`, parameters, () => trx
    .insertInto('rate_limits')
    .values(budgets.map((budget) => ({ key: budget.key, window_start: at, hits: 1, tokens: 0 })))
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        hits: sql<number>`case when ${expired} then 1 else rate_limits.hits + 1 end`,
        tokens: sql<number>`case when ${expired} then 0 else rate_limits.tokens end`,
        window_start: sql<number>`case when ${expired} then ${at} else rate_limits.window_start end`,
      }),
    )
    .returning(['key', 'window_start', 'hits', 'tokens'])), { relaxed: true, sharedRows: true });
  const counters: Counter[] = budgets.map((budget) => {
    const row = rows.find((candidate) => candidate.key === budget.key)!;
    return { budget, hits: Number(row.hits), tokens: Number(row.tokens), resetMs: Number(row.window_start) + RATE_WINDOW_MS - at };
  });
  const headers = headersOf(counters);
  const overRequests = counters.filter((counter) => counter.hits > counter.budget.rpm);
  const overTokens = counters.filter((counter) => counter.budget.tpm !== null && counter.tokens >= counter.budget.tpm);
  const over = [...overRequests, ...overTokens];
  if (!over.length) return { headers, refusal: null };
  const retryAfterMs = Math.max(...over.map((counter) => counter.resetMs));
  const message = overRequests.length
    ? `Rate limit of ${overRequests[0]!.budget.rpm} requests a minute reached; try again shortly.`
    : `Rate limit of ${overTokens[0]!.budget.tpm} tokens a minute reached; try again shortly.`;
  return { headers, refusal: new HttpError(429, message, undefined, { ...headers, 'retry-after': String(seconds(retryAfterMs)) }) };
}

/** Adds a finished call's prompt and completion tokens to the budgets that limit tokens. */
export async function chargeTokens(db: Kysely<Database>, budgets: readonly Budget[], tokens: number, at = Date.now()): Promise<void> {
  const keys = budgets.filter((budget) => budget.tpm !== null).map((budget) => budget.key);
  if (!keys.length || tokens <= 0) return;
  const expired = sql<boolean>`window_start + ${RATE_WINDOW_MS} <= ${at}`;
  await db
    .updateTable('rate_limits')
    .set({
      tokens: sql<number>`case when ${expired} then ${tokens} else tokens + ${tokens} end`,
      hits: sql<number>`case when ${expired} then 0 else hits end`,
      window_start: sql<number>`case when ${expired} then ${at} else window_start end`,
    })
    .where('key', 'in', keys)
    .execute();
}

/** OpenAI's header names: the budget with the fewest requests left, and the one with the fewest tokens left. */
function headersOf(counters: readonly Counter[]): Record<string, string> {
  const requests = minBy(counters, (counter) => counter.budget.rpm - counter.hits)!;
  const headers: Record<string, string> = {
    'x-ratelimit-limit-requests': String(requests.budget.rpm),
    'x-ratelimit-remaining-requests': String(Math.max(0, requests.budget.rpm - requests.hits)),
    'x-ratelimit-reset-requests': `${seconds(requests.resetMs)}s`,
  };
  const tokens = minBy(counters.filter((counter) => counter.budget.tpm !== null), (counter) => counter.budget.tpm! - counter.tokens);
  if (tokens) {
    headers['x-ratelimit-limit-tokens'] = String(tokens.budget.tpm);
    headers['x-ratelimit-remaining-tokens'] = String(Math.max(0, tokens.budget.tpm! - tokens.tokens));
    headers['x-ratelimit-reset-tokens'] = `${seconds(tokens.resetMs)}s`;
  }
  return headers;
}

function minBy<T>(items: readonly T[], score: (item: T) => number): T | undefined {
  return items.reduce<T | undefined>((best, item) => (best === undefined || score(item) < score(best) ? item : best), undefined);
}
