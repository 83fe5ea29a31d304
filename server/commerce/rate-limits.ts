import { createHmac, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { tooManyAttempts } from './errors.ts';

/** What a throttle counts per: a client address, an email address, or a staff member's id. */
export type ThrottleSubject = 'ip' | 'email' | 'staff';

/**
 * Every throttle that counts per email address. The erase of a customer clears each one's counter for their
 * address (customer-admin.ts), so a new throttle per email is named here or it does not type-check.
 */
export const EMAIL_THROTTLE_SCOPES = ['login', 'signup', 'reset', 'order-status', 'staff-login'] as const;
export type EmailThrottleScope = (typeof EMAIL_THROTTLE_SCOPES)[number];

/**
 * The key of one counter as stored: `<scope>:<subject>:<keyed hash of the value>`. Branded so that no caller
 * can hand a counter a key with an address in clear (docs/decisions/0037-erase-and-hashed-throttle-keys.md).
 */
export type ThrottleKey = string & { readonly __throttleKey: unique symbol };

/**
 * The value a counter is kept under, normalised (an email's case and spaces never make a second counter) and
 * hashed with HMAC-SHA256 under the store's THROTTLE_KEY: the table never holds an address, and without the key
 * a guessed address cannot be checked against it. 128 bits of the digest are plenty for a counter's identity.
 */
export function throttleKeyFor(
  secret: string,
  scope: string,
  subject: ThrottleSubject,
  value: string,
): ThrottleKey {
  const normal = subject === 'email' ? value.trim().toLowerCase() : value;
  const digest = createHmac('sha256', secret).update(`${subject}\n${normal}`).digest('hex').slice(0, 32);
  return `${scope}:${subject}:${digest}` as ThrottleKey;
}

/**
 * Fixed-window counters kept in the database, so every server process shares them. `hit` counts one attempt
 * and says whether it is within the limit, and if not, in how many seconds the window ends. `secret` is the
 * store's THROTTLE_KEY (kept per database, server/keys/); without one (tests building an engine alone) a key is
 * drawn for this instance.
 */
export function createRateLimits(db: Database, secret: string = randomBytes(32).toString('hex')) {
  const limits = {
    /** The counter of `scope` for one client address, email address or staff member (hashed, never in clear). */
    key<S extends ThrottleSubject>(
      scope: S extends 'email' ? EmailThrottleScope : string,
      subject: S,
      value: string,
    ): ThrottleKey {
      return throttleKeyFor(secret, scope, subject, value);
    },
    /** A second counter beside `key` (a marker counted once per window of it), hashed as `key` is. */
    markerOf(key: ThrottleKey, name: string): ThrottleKey {
      return `${key}:${name}` as ThrottleKey;
    },
    /** Every counter an email address may have, markers included: what an erase deletes. */
    keysOfEmail(email: string): { keys: ThrottleKey[]; prefixes: string[] } {
      const keys = EMAIL_THROTTLE_SCOPES.map((scope) => throttleKeyFor(secret, scope, 'email', email));
      return { keys, prefixes: keys.map((key) => `${key}:`) };
    },
    async hit(
      key: ThrottleKey,
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
    async throttle(keys: ReadonlyArray<readonly [key: ThrottleKey, limit: number]>, windowSeconds: number) {
      for (const [key, limit] of keys) {
        const hit = await limits.hit(key, limit, windowSeconds);
        if (!hit.allowed) throw tooManyAttempts(hit.retryAfter);
      }
    },
    /** Whether `limit` attempts are already used up in the current window, without counting one. */
    async check(key: ThrottleKey, limit: number): Promise<{ allowed: boolean; retryAfter: number }> {
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
    async reset(key: ThrottleKey): Promise<void> {
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
