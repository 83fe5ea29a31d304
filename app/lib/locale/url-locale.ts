import { formatLocale, parseServedLocale } from '#core/locale.ts';

/** A locale as it appears in the first URL segment (SPEC §2): language-country, e.g. en-us, fr-ca, en-global. */
export interface UrlLocale {
  language: string;
  country: string;
  segment: string;
}

/** The locale a first path segment names, or null when the store does not serve it (§5). */
export function parseUrlLocale(segment: string | undefined): UrlLocale | null {
  const locale = parseServedLocale(segment);
  return locale ? { ...locale, segment: formatLocale(locale) } : null;
}

export const DEFAULT_LOCALE: UrlLocale = { language: 'en', country: 'us', segment: 'en-us' };

/** The `lang` attribute for a path: the URL locale's language, English when the path names none. */
export function htmlLangFor(pathname: string): string {
  const first = pathname.split('/')[1];
  return parseUrlLocale(first)?.language ?? DEFAULT_LOCALE.language;
}

/** The home page of a locale: en-us lives at `/` (§2). */
export function homePathFor(locale: UrlLocale): string {
  return locale.segment === DEFAULT_LOCALE.segment ? '/' : `/${locale.segment}`;
}
