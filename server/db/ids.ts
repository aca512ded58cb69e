import { randomBytes } from 'node:crypto';

/**
 * 24 hex characters, like the object ids the metrics API speaks of: the time in milliseconds (12), then 48 random bits
 * (12). Ids made later sort later, so a table's key index grows at its end, where consecutive rows share pages (a
 * commit writes fewer of them, and the pages stay in the cache), instead of at random places; the random part keeps
 * them unguessable and apart within a millisecond.
 */
export function newId(): string {
  return Date.now().toString(16).padStart(12, '0') + randomBytes(6).toString('hex');
}

export const now = (): number => Date.now();
