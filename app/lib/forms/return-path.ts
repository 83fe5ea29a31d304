import { splitLocalePrefix } from '#core/locale-prefix.ts';

/**
 * The page a visitor came from, without its locale prefix, so it can be opened in another locale. Only paths of
 * this site count: anything else (//host, /\host, schemes) becomes the home page.
 */
export function localeFreeReturnPath(value: unknown): string {
  if (typeof value !== 'string' || !/^\/(?![/\\])/.test(value) || /[\\\s]/.test(value)) return '/';
  const url = new URL(value, 'http://local.invalid');
  if (url.origin !== 'http://local.invalid') return '/';
  const { rest } = splitLocalePrefix(url.pathname);
  // The chooser itself is no place to land after choosing.
  // URL parsing collapses `/./`, so `/.//evil.example` arrives here as `//evil.example`: keep one slash.
  const path = (rest === '/country' ? '' : rest).replace(/^\/{2,}/, '/');
  return `${path || '/'}${url.search}`;
}
