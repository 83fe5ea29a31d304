/**
 * A few-seconds cache for small reference tables (regions, guest groups, the category tree) that every
 * priced read needs. Each process keeps its own copy, so a change reaches every process within `ttlMs`;
 * no request ever depends on it for correctness of writes (carts re-read prices inside their transaction).
 */
export function cached<T>(ttlMs: number, load: () => Promise<T>): { get(): Promise<T>; clear(): void } {
  let value: Promise<T> | undefined;
  let loadedAt = 0;
  return {
    get() {
      const now = Date.now();
      if (!value || now - loadedAt > ttlMs) {
        loadedAt = now;
        value = load().catch((error) => {
          value = undefined;
          throw error;
        });
      }
      return value;
    },
    clear() {
      value = undefined;
    },
  };
}

export const REFERENCE_TTL_MS = 5_000;
