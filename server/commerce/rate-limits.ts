import { sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { tooManyAttempts } from './errors.ts';

/**
 * Fixed-window counters kept in the database, so every server process shares them. `hit` counts one attempt
 * and says whether it is within the limit, and if not, in how many seconds the window ends.
 */
export function createRateLimits(db: Database) {
  const limits = {
    async hit(
      key: string,
      limit: number,
      windowSeconds: number,
    ): Promise<{ allowed: boolean; retryAfter: number }> {
      const result = (await db.execute(sql`
        insert into rate_limits (key, count, window_ends_at)
        values (${key}, 1, now() + make_interval(secs => ${windowSeconds}))
        on conflict (key) do update set
          count = case when rate_limits.window_ends_at <= now() then 1 else rate_limits.count + 1 end,
          window_ends_at = case when rate_limits.window_ends_at <= now() then excluded.window_ends_at
                                else rate_limits.window_ends_at end
        returning count, window_ends_at as ends`)) as unknown as {
        rows: { count: number; ends: string | Date }[];
      };
      const row = result.rows[0]!;
      const ends = new Date(row.ends).getTime();
      return {
        allowed: Number(row.count) <= limit,
        retryAfter: Math.max(1, Math.ceil((ends - Date.now()) / 1000)),
      };
    },
    /**
     * Counts one attempt against each key in turn; the first key past its limit refuses with its Retry-After
     * (a coded 'too-many-attempts'), and the keys after it are not counted.
     */
    async throttle(keys: ReadonlyArray<readonly [key: string, limit: number]>, windowSeconds: number) {
      for (const [key, limit] of keys) {
        const hit = await limits.hit(key, limit, windowSeconds);
        if (!hit.allowed) throw tooManyAttempts(hit.retryAfter);
      }
    },
    /** Whether `limit` attempts are already used up in the current window, without counting one. */
    async check(key: string, limit: number): Promise<{ allowed: boolean; retryAfter: number }> {
      const result = (await db.execute(
        sql`select count, window_ends_at as ends from rate_limits where key = ${key} and window_ends_at > now()`,
      )) as unknown as { rows: { count: number; ends: string | Date }[] };
      const row = result.rows[0];
      if (!row || Number(row.count) < limit) return { allowed: true, retryAfter: 0 };
      return {
        allowed: false,
        retryAfter: Math.max(1, Math.ceil((new Date(row.ends).getTime() - Date.now()) / 1000)),
      };
    },
    async reset(key: string): Promise<void> {
      await db.execute(sql`delete from rate_limits where key = ${key}`);
    },
    /** Deletes counters whose window has ended (they would restart at 1 anyway). Returns how many went. */
    async purgeExpired(): Promise<number> {
      const result = (await db.execute(
        sql`delete from rate_limits where window_ends_at <= now() returning key`,
      )) as unknown as { rows: unknown[] };
      return result.rows.length;
    },
  };
  return limits;
}

export type RateLimits = ReturnType<typeof createRateLimits>;
