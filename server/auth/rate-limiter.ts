import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../db/schema';

/**
 * Fixed-window counters kept in the database, so that several API servers share them.
 * `hit` counts one event; `isBlocked` asks without counting.
 */
export class RateLimiter {
  constructor(private readonly db: Kysely<Database>) {}

  async isBlocked(key: string, limit: number, windowMs: number, at = Date.now()): Promise<{ blocked: boolean; retryAfterMs: number }> {
    const row = await this.db.selectFrom('rate_limits').select(['window_start', 'hits']).where('key', '=', key).executeTakeFirst();
    if (!row || row.window_start + windowMs <= at) return { blocked: false, retryAfterMs: 0 };
    return { blocked: row.hits >= limit, retryAfterMs: row.window_start + windowMs - at };
  }

  async hit(key: string, windowMs: number, at = Date.now()): Promise<void> {
    await this.db
      .insertInto('rate_limits')
      .values({ key, window_start: at, hits: 1 })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          // A window that has run out starts again from this hit.
          hits: sql<number>`case when rate_limits.window_start + ${windowMs} <= ${at} then 1 else rate_limits.hits + 1 end`,
          window_start: sql<number>`case when rate_limits.window_start + ${windowMs} <= ${at} then ${at} else rate_limits.window_start end`,
        }),
      )
      .execute();
  }

  async reset(key: string): Promise<void> {
    await this.db.deleteFrom('rate_limits').where('key', '=', key).execute();
  }
}
