// Which gateway budgets a call draws from. Limits are set per organization (the default of each member), per access
// token and per copilot; the effective limit is the most specific one set, else the organization's, else the
// deployment's GATEWAY_RATE_LIMIT_RPM (no token limit by default).
// - A member (session or personal token) has a budget of their own: personal tokens share it, so more tokens never
//   mean more calls. A token with limits of its own also has its own budget, which narrows (never widens) its owner's.
// - A copilot's token has its own budget, apart from its creator's own calls.

export interface LimitSettings {
  rpm: number | null;
  tpm: number | null;
}

/** One counter the call counts against: requests a minute, and tokens a minute when limited. */
export interface Budget {
  key: string;
  rpm: number;
  tpm: number | null;
}

export const memberRateKey = (userId: string): string => `gateway:${userId}`;
export const tokenRateKey = (tokenId: string): string => `gateway:token:${tokenId}`;
export const appRateKey = (appId: string): string => `gateway:app:${appId}`;

export function memberBudget(userId: string, organization: LimitSettings, defaultRpm: number): Budget {
  return { key: memberRateKey(userId), rpm: organization.rpm ?? defaultRpm, tpm: organization.tpm };
}

/** The token's own budget, or null when it sets no limit (it then counts only against its owner's). */
export function tokenBudget(tokenId: string, token: LimitSettings, member: Budget): Budget | null {
  if (token.rpm === null && token.tpm === null) return null;
  return { key: tokenRateKey(tokenId), rpm: token.rpm ?? member.rpm, tpm: token.tpm ?? member.tpm };
}

export function appBudget(appId: string, copilot: LimitSettings, organization: LimitSettings, defaultRpm: number): Budget {
  return { key: appRateKey(appId), rpm: copilot.rpm ?? organization.rpm ?? defaultRpm, tpm: copilot.tpm ?? organization.tpm };
}

/** Field messages for a token's own limits above its owner's (they would change nothing). */
export function tokenLimitErrors(token: LimitSettings, member: Budget): Record<string, string> {
  const errors: Record<string, string> = {};
  if (token.rpm !== null && token.rpm > member.rpm) errors.RequestsPerMinute = `Requests per minute cannot exceed your organization's limit of ${member.rpm}`;
  if (token.tpm !== null && member.tpm !== null && token.tpm > member.tpm) errors.TokensPerMinute = `Tokens per minute cannot exceed your organization's limit of ${member.tpm}`;
  return errors;
}
