import type { Services } from '#server/services.ts';

/**
 * Non-essential data (a widget below the fold, a part of a page that can be left out): a failure is logged with
 * what failed and replaced by the fallback, so one failing widget never turns the page into an error page. The
 * one way to do this: no silent `.catch(() => null)`.
 */
export function optional<T, F>(
  services: Pick<Services, 'logger'>,
  what: string,
  work: Promise<T> | (() => Promise<T>),
  fallback: F,
): Promise<T | F> {
  const promise = typeof work === 'function' ? Promise.resolve().then(work) : work;
  return promise.catch((error: unknown) => {
    services.logger.warn({ err: error }, `${what} failed; the page shows it without`);
    return fallback;
  });
}
