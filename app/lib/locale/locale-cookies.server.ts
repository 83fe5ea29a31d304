import { formatLocale, type Locale } from '#core/locale.ts';
import { LOCALE_COOKIES } from '#core/locale-resolution.ts';

const ONE_YEAR = 60 * 60 * 24 * 365;

/** Set-Cookie lines that make `locale` the visitor's choice (§4 language, country, countryLanguage). */
export function localeCookieLines(locale: Locale, request: Request): string[] {
  const secure = new URL(request.url).protocol === 'https:' ? '; Secure' : '';
  const attributes = `; Path=/; Max-Age=${ONE_YEAR}; SameSite=Lax${secure}`;
  return [
    `${LOCALE_COOKIES.language}=${locale.language}${attributes}`,
    `${LOCALE_COOKIES.country}=${locale.country}${attributes}`,
    `${LOCALE_COOKIES.countryLanguage}=${formatLocale(locale)}${attributes}`,
  ];
}
