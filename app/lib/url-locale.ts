import { COUNTRIES } from '#core/countries.ts';

/** A locale as it appears in the first URL segment (SPEC §2): language-country, e.g. en-us, fr-ca, en-global. */
export interface UrlLocale {
  language: string;
  country: string;
  segment: string;
}

const PATTERN = /^([a-z]{2})-([a-z]{2}|global)$/;

/** The locale a first path segment names, or null when it is not a language the country offers (§5). */
export function parseUrlLocale(segment: string | undefined): UrlLocale | null {
  const match = segment ? PATTERN.exec(segment) : null;
  if (!match) return null;
  const [, language, country] = match as unknown as [string, string, string];
  const offered = COUNTRIES.some((c) => c.iso === country && c.langs.some((l) => l.value === language));
  return offered ? { language, country, segment: `${language}-${country}` } : null;
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
