import { TOKEN_EXPIRY_DAYS } from '../../domain';
import type { TokenExpiryDays } from '../../domain';

/** "Never" for 0, else "7 days", "30 days"… */
export function tokenExpiryLabel(days: TokenExpiryDays): string {
  return days === 0 ? 'Never' : `${days} days`;
}

/** Exactly the expiry choices of §9, in their order. */
export const TOKEN_EXPIRY_CHOICES = TOKEN_EXPIRY_DAYS.map((days) => ({ id: days, name: tokenExpiryLabel(days) }));

export const DEFAULT_TOKEN_EXPIRY_DAYS: TokenExpiryDays = 30;
