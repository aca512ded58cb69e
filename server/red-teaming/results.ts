// Results of a job from its attempts' outcomes: success rate per category and strategy, the risk score per category
// (severity × success rate, see README), and the trend against earlier runs of the same target.
import type { CategoryResult, RedTeamCategory, RedTeamStrategy } from '../../domain/schemas/red-teaming';
import { riskScore } from '../../domain/schemas/red-teaming';
import type { OutcomeCount } from './red-team.repository';

interface Tally {
  attempts: number;
  blocked: number;
  flagged: number;
  refused: number;
  succeeded: number;
  errors: number;
  pending: number;
}

const empty = (): Tally => ({ attempts: 0, blocked: 0, flagged: 0, refused: 0, succeeded: 0, errors: 0, pending: 0 });

function add(tally: Tally, outcome: string, n: number): void {
  tally.attempts += n;
  if (outcome === 'blocked') tally.blocked += n;
  else if (outcome === 'flagged') tally.flagged += n;
  else if (outcome === 'refused') tally.refused += n;
  else if (outcome === 'succeeded') tally.succeeded += n;
  else if (outcome === 'error') tally.errors += n;
  else tally.pending += n;
}

/** Succeeded over graded attempts (finished, errors left out); null when none was graded. */
export function successRate(tally: Pick<Tally, 'attempts' | 'errors' | 'pending' | 'succeeded'>): number | null {
  const graded = tally.attempts - tally.errors - tally.pending;
  return graded > 0 ? tally.succeeded / graded : null;
}

export function tallyBy<K extends 'category' | 'strategy'>(counts: readonly OutcomeCount[], key: K): Map<string, Tally> {
  const tallies = new Map<string, Tally>();
  for (const count of counts) {
    const tally = tallies.get(count[key]) ?? empty();
    add(tally, count.outcome, count.n);
    tallies.set(count[key], tally);
  }
  return tallies;
}

export function overallRate(counts: readonly OutcomeCount[]): { total: number; rate: number | null } {
  const tally = empty();
  for (const count of counts) add(tally, count.outcome, count.n);
  return { total: tally.attempts, rate: successRate(tally) };
}

export function categoryResults(categories: readonly RedTeamCategory[], counts: readonly OutcomeCount[], previous: readonly OutcomeCount[]): CategoryResult[] {
  const now = tallyBy(counts, 'category');
  const before = tallyBy(previous, 'category');
  return categories.map((category) => {
    const tally = now.get(category) ?? empty();
    const rate = successRate(tally);
    const earlier = before.get(category);
    const previousRate = earlier ? successRate(earlier) : null;
    return {
      Category: category,
      Attempts: tally.attempts,
      Blocked: tally.blocked,
      Flagged: tally.flagged,
      Refused: tally.refused,
      Succeeded: tally.succeeded,
      Errors: tally.errors,
      Pending: tally.pending,
      SuccessRate: rate,
      RiskScore: riskScore(category, rate),
      PreviousSuccessRate: previousRate,
      Regression: rate !== null && previousRate !== null && rate > previousRate,
    };
  });
}

export function strategyResults(strategies: readonly RedTeamStrategy[], counts: readonly OutcomeCount[]) {
  const tallies = tallyBy(counts, 'strategy');
  return strategies.map((strategy) => {
    const tally = tallies.get(strategy) ?? empty();
    return { Strategy: strategy, Attempts: tally.attempts, Succeeded: tally.succeeded, SuccessRate: successRate(tally) };
  });
}
