/**
 * Locale prefix normalisation of SPEC §2: every page URL carries the current `language-country` prefix,
 * except the en-us home page, which is `/`.
 */
import { formatLocale, type Locale, parseLocale } from './locale.ts';

/**
 * Query flag marking shopping-feed visits. The spec names the flag but not its spelling; this one is what our
 * feeds append to product links.
 */
export const SHOPPING_FEED_FLAG = 'shopping_feed';

export type PrefixDecision =
  | { action: 'keep' }
  | { action: 'redirect'; location: string }
  /** Shopping-feed visit: the locale comes from the URL and no redirect happens. */
  | { action: 'adopt'; locale: Locale };

export interface PagePath {
  pathname: string;
  /** Query string with or without the leading `?`. */
  search?: string;
}

/** Splits `/en-us/c/snowshoes` into its locale prefix (if any) and the rest (`/c/snowshoes`). */
export function splitLocalePrefix(pathname: string): { locale: Locale | null; rest: string } {
  const match = /^\/([^/]+)(\/.*)?$/.exec(pathname);
  const locale = parseLocale(match?.[1]);
  if (!match || !locale) return { locale: null, rest: pathname || '/' };
  return { locale, rest: match[2] ?? '' };
}

/** The canonical path of `rest` in `locale`: `/{lang}{rest}`, or `/` for the en-us home page. */
export function localizedPath(locale: Locale, rest: string): string {
  const isHome = rest === '' || rest === '/';
  const code = formatLocale(locale);
  if (isHome) return code === 'en-us' ? '/' : `/${code}`;
  return `/${code}${rest.startsWith('/') ? rest : `/${rest}`}`;
}

export function normalizeLocalePrefix(path: PagePath, current: Locale): PrefixDecision {
  const { pathname } = path;
  // Sitemaps and feeds (.xml) are served as they are, whatever locale is current.
  if (pathname.includes('.xml')) return { action: 'keep' };

  const search = path.search ? (path.search.startsWith('?') ? path.search : `?${path.search}`) : '';
  const { locale: prefix, rest } = splitLocalePrefix(pathname);

  // A feed link without a prefix has no locale to take, so it is normalised like any other visit.
  if (prefix && new URLSearchParams(search).has(SHOPPING_FEED_FLAG))
    return { action: 'adopt', locale: prefix };

  const target = localizedPath(current, rest);
  return target === pathname ? { action: 'keep' } : { action: 'redirect', location: `${target}${search}` };
}
