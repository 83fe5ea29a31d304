/**
 * Retry delays for background work that needs the database (the startup search sync, periodic jobs): when the
 * database is away the work waits and tries again, ever less often, instead of throwing or hammering it.
 */
export interface Backoff {
  /** Milliseconds to wait before the next attempt; each call doubles it, up to the ceiling, with jitter. */
  next(): number;
  /** After a success: the next failure starts from the first delay again. */
  reset(): void;
}

export function createBackoff(firstMs = 1000, maxMs = 60_000): Backoff {
  let attempt = 0;
  return {
    next() {
      const base = Math.min(maxMs, firstMs * 2 ** attempt);
      attempt = Math.min(attempt + 1, 30);
      // ±20 % so that several processes that lost the database together do not come back in step.
      return Math.round(base * (0.8 + Math.random() * 0.4));
    },
    reset() {
      attempt = 0;
    },
  };
}
