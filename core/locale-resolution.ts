/**
 * Locale resolution of SPEC §4: country from cookie then geolocation, language from cookie then the
 * Accept-Language header, otherwise defaults; plus the cookies the response must set.
 */
import { countryByIso } from './countries.ts';
import {
  countryOffersLanguage,
  DEFAULT_COUNTRY,
  defaultLanguageOf,
  formatLocale,
  isValidCountryCode,
  type Locale,
  SUPPORTED_LANGUAGES,
} from './locale.ts';

export const LOCALE_COOKIES = {
  language: 'language',
  country: 'country',
  countryLanguage: 'countryLanguage',
  utmQuery: 'utmQuery',
} as const;

export interface LocaleRequest {
  cookies: Readonly<Record<string, string | undefined>>;
  /** Country reported by the geolocation endpoint (§7), any case. */
  geoCountry?: string | null;
  acceptLanguage?: string | null;
  query?: URLSearchParams | string | null;
}

export interface ResolvedLocale extends Locale {
  /** `language-country`, the URL prefix. */
  locale: string;
  countrySource: 'cookie' | 'geolocation' | 'accept-language' | 'default';
  languageSource: 'cookie' | 'accept-language' | 'default';
  /** Cookies to write on the response, by name. */
  setCookies: Record<string, string>;
}

interface WeightedTag {
  tag: string;
  q: number;
}

/** Accept-Language entries, best first; `q=0` means "not this one" and `*` names no language. */
export function parseAcceptLanguage(header: string | null | undefined): string[] {
  if (!header) return [];
  const tags: WeightedTag[] = [];
  for (const part of header.split(',')) {
    const [rawTag, ...params] = part.trim().split(';');
    const tag = rawTag?.trim().toLowerCase().replace(/_/g, '-');
    if (!tag || tag === '*') continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    if (!Number.isFinite(q) || q <= 0) continue;
    tags.push({ tag, q });
  }
  // Array.prototype.sort is stable, so equal weights keep the visitor's order.
  return tags.sort((a, b) => b.q - a.q).map((entry) => entry.tag);
}

/**
 * First Accept-Language entry that is both a supported language (§9 list) and one the country offers
 * (a country-language combination of the country list). A language the country does not offer would give a
 * locale with no content, so it is passed over in favour of the next preference.
 */
export function matchAcceptLanguage(header: string | null | undefined, country: string): string | undefined {
  for (const tag of parseAcceptLanguage(header)) {
    const language = tag.split('-')[0] as string;
    if (SUPPORTED_LANGUAGES.includes(language) && countryOffersLanguage(country, language)) return language;
  }
  return undefined;
}

/** First Accept-Language tag of the form language-COUNTRY that a listed country offers in a supported language. */
export function matchAcceptLanguageCombination(header: string | null | undefined): Locale | undefined {
  for (const tag of parseAcceptLanguage(header)) {
    const [language, country] = tag.split('-') as [string, string | undefined];
    if (!country || !countryByIso(country)) continue;
    if (SUPPORTED_LANGUAGES.includes(language) && countryOffersLanguage(country, language))
      return { language, country };
  }
  return undefined;
}

/** utm* query parameters (§4), kept as a query string for the `utmQuery` cookie; null when there are none. */
export function utmQueryOf(query: URLSearchParams | string | null | undefined): string | null {
  if (!query) return null;
  const params = typeof query === 'string' ? new URLSearchParams(query) : query;
  const utm = new URLSearchParams();
  for (const [key, value] of params) {
    if (key.toLowerCase().startsWith('utm')) utm.append(key, value);
  }
  const text = utm.toString();
  return text === '' ? null : text;
}

export function resolveLocale(request: LocaleRequest): ResolvedLocale {
  const { cookies } = request;

  let country = DEFAULT_COUNTRY;
  let countrySource: ResolvedLocale['countrySource'] = 'default';
  if (isValidCountryCode(cookies.country)) {
    country = cookies.country.toLowerCase();
    countrySource = 'cookie';
  } else if (isValidCountryCode(request.geoCountry)) {
    country = request.geoCountry.toLowerCase();
    countrySource = 'geolocation';
  } else {
    // Neither cookie nor geolocation knows the country: a full Accept-Language tag that is a country-language
    // combination of the country list (fr-CA → ca) names it, so a Québec browser lands on fr-ca, not en-us.
    const combination = matchAcceptLanguageCombination(request.acceptLanguage);
    if (combination) {
      country = combination.country;
      countrySource = 'accept-language';
    }
  }

  // A language cookie the country does not offer (say de with us) is stale: it would name a locale with no
  // content, so it is treated like a missing cookie and replaced.
  const cookieLanguage = cookies.language?.toLowerCase();
  let language: string;
  let languageSource: ResolvedLocale['languageSource'];
  const accepted = matchAcceptLanguage(request.acceptLanguage, country);
  if (cookieLanguage && countryOffersLanguage(country, cookieLanguage)) {
    language = cookieLanguage;
    languageSource = 'cookie';
  } else if (accepted) {
    language = accepted;
    languageSource = 'accept-language';
  } else {
    // "Otherwise defaults": the country's own default language (§9), which is en for the default country us.
    language = defaultLanguageOf(country);
    languageSource = 'default';
  }

  const locale = formatLocale({ language, country });
  // §4 sets these cookies when missing; one that disagrees with the resolved locale (invalid or stale) is
  // rewritten too, so the next request resolves the same way.
  const setCookies: Record<string, string> = {};
  if (cookies.language !== language) setCookies[LOCALE_COOKIES.language] = language;
  if (cookies.country !== country) setCookies[LOCALE_COOKIES.country] = country;
  if (cookies.countryLanguage !== locale) setCookies[LOCALE_COOKIES.countryLanguage] = locale;
  const utm = utmQueryOf(request.query);
  if (utm !== null) setCookies[LOCALE_COOKIES.utmQuery] = utm;

  return { language, country, locale, countrySource, languageSource, setCookies };
}
