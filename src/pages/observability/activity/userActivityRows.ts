import type { RiskItem, TopItem } from '../../../../domain/schemas/metrics-types';
import { scoreRiskLevel } from '../../../../domain';
import type { RiskLevel } from '../../../../domain';

export interface UserActivityRow {
  id: string;
  prompts: number;
  blocked: number;
  malicious: number;
  anonymized: number;
  redacted: number;
  /** Mean tokens per prompt (the risk leaderboard's tokens factor), null when not measured. */
  averageTokens: number | null;
  riskLevel: RiskLevel | null;
}

export interface UserTopLists {
  topUsers: TopItem[];
  topBlockedUsers: TopItem[];
  topMaliciousUsers: TopItem[];
  topAnonymizedUsers: TopItem[];
  topRedactedUsers: TopItem[];
  topRiskUsers: RiskItem[];
}

/** One row per user of the overall top list, with that user's entries in the other lists (0 when absent). */
export function userActivityRows(lists: UserTopLists): UserActivityRow[] {
  const countIn = (items: TopItem[], id: string) => items.find((item) => item.id === id)?.count ?? 0;
  return lists.topUsers.map((user) => {
    const risk = lists.topRiskUsers.find((item) => item.id === user.id)?.risk;
    return {
      id: user.id,
      prompts: user.count,
      blocked: countIn(lists.topBlockedUsers, user.id),
      malicious: countIn(lists.topMaliciousUsers, user.id),
      anonymized: countIn(lists.topAnonymizedUsers, user.id),
      redacted: countIn(lists.topRedactedUsers, user.id),
      averageTokens: risk && risk.tokens.count > 0 ? risk.tokens.value : null,
      riskLevel: risk ? scoreRiskLevel(risk.finalRiskScore) : null,
    };
  });
}
