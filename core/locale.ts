/**
 * Locale codes (SPEC §2, §5, §9): the supported locale list, the URL locale pattern `language-country` and the
 * country code rule. Every other locale module builds on these.
 */
import { countryByIso } from './countries.ts';

/** §9 supported locale list; `en` is only supported in its `en-us` form. */
export const SUPPORTED_LOCALES = ['sv', 'ja', 'no', 'es', 'de', 'fr', 'it', 'en-us'] as const;

/** The master content locale: every entry exists in it, and the other locales fall back to it (§9). */
export const MASTER_CONTENT_LOCALE = 'en-us';

/** Languages of the supported list, so that `en-us` also admits plain `en` for other countries. */
export const SUPPORTED_LANGUAGES: readonly string[] = [
  ...new Set(SUPPORTED_LOCALES.map((locale) => locale.split('-')[0] as string)),
];

export const DEFAULT_COUNTRY = 'us';
export const DEFAULT_LANGUAGE = 'en';

export interface Locale {
  language: string;
  country: string;
}

/** §5: language-country, the country being two letters or `global`. */
export const LOCALE_PATTERN = /^([a-z]{2})-([a-z]{2}|global)$/;

/** §5 country codes named in the validation rule; any two letters or `global` is also accepted. */
export const KNOWN_COUNTRY_CODES = [
  'au',
  'at',
  'be',
  'ca',
  'cz',
  'fr',
  'de',
  'it',
  'jp',
  'nl',
  'no',
  'ru',
  'pl',
  'es',
  'se',
  'ch',
  'gb',
  'us',
  'nz',
] as const;

export function isValidCountryCode(code: unknown): code is string {
  if (typeof code !== 'string') return false;
  const lower = code.toLowerCase();
  return (KNOWN_COUNTRY_CODES as readonly string[]).includes(lower) || /^([a-z]{2}|global)$/.test(lower);
}

/** Reads a URL segment such as `en-us`; URLs are matched case-insensitively and answered in lower case. */
export function parseLocale(segment: string | null | undefined): Locale | null {
  if (!segment) return null;
  const match = LOCALE_PATTERN.exec(segment.toLowerCase());
  if (!match) return null;
  return { language: match[1] as string, country: match[2] as string };
}

export function formatLocale(locale: Locale): string {
  return `${locale.language}-${locale.country}`;
}

/**
 * Languages a country offers (§9 country list). A country outside the list, which §5 still accepts as valid,
 * is offered English only, like the global option: there is no content in another language for it.
 */
export function languagesOf(country: string): string[] {
  const option = countryByIso(country);
  return option ? option.langs.map((lang) => lang.value) : [DEFAULT_LANGUAGE];
}

/** §9 language defaults (French for France, German for Germany, Japanese for Japan), English elsewhere. */
export function defaultLanguageOf(country: string): string {
  return countryByIso(country)?.langs.find((lang) => lang.langDefault)?.value ?? DEFAULT_LANGUAGE;
}

export function countryOffersLanguage(country: string, language: string): boolean {
  return languagesOf(country).includes(language.toLowerCase());
}

/**
 * A URL segment naming a locale the store serves: the §5 pattern, a supported language (§9) and a
 * country-language combination of the country list. `xx-yy` matches the pattern but is not served.
 */
export function parseServedLocale(segment: string | null | undefined): Locale | null {
  const locale = parseLocale(segment);
  if (!locale || segment !== formatLocale(locale)) return null;
  const served =
    SUPPORTED_LANGUAGES.includes(locale.language) && countryOffersLanguage(locale.country, locale.language);
  return served ? locale : null;
}

/**
 * The content service's locale for a URL locale: the §9 supported list has `en-us` for English and the bare
 * language for the others (fr-ca and fr-fr both read `fr`).
 */
export function contentLocaleOf(locale: Locale): string {
  return locale.language === DEFAULT_LANGUAGE ? 'en-us' : locale.language;
}
