/**
 * Reload guard for stale chunk errors (SPEC §4, §9): the page reloads at the target route, but the same path is
 * not reloaded again within 10 seconds, so a broken deployment cannot cause a reload loop.
 */

export const RELOAD_GUARD_MS = 10_000;

export interface LastReload {
  path: string;
  at: number;
}

export function shouldReload(path: string, last: LastReload | null | undefined, now: number): boolean {
  if (!last || last.path !== path) return true;
  return now - last.at >= RELOAD_GUARD_MS;
}
