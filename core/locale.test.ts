import { describe, expect, it } from 'vitest';
import {
  contentLocaleOf,
  countryOffersLanguage,
  DEFAULT_COUNTRY,
  DEFAULT_LANGUAGE,
  defaultLanguageOf,
  formatLocale,
  isValidCountryCode,
  KNOWN_COUNTRY_CODES,
  languagesOf,
  parseLocale,
  parseServedLocale,
  SUPPORTED_LANGUAGES,
  SUPPORTED_LOCALES,
} from './locale.ts';

describe('§9 supported locales and defaults', () => {
  it('lists sv, ja, no, es, de, fr, it, en-us', () => {
    expect([...SUPPORTED_LOCALES]).toEqual(['sv', 'ja', 'no', 'es', 'de', 'fr', 'it', 'en-us']);
    expect(SUPPORTED_LANGUAGES).toEqual(['sv', 'ja', 'no', 'es', 'de', 'fr', 'it', 'en']);
  });

  it('defaults to country us and language en', () => {
    expect(DEFAULT_COUNTRY).toBe('us');
    expect(DEFAULT_LANGUAGE).toBe('en');
  });

  it('gives French for France, German for Germany, Japanese for Japan, English elsewhere', () => {
    expect(defaultLanguageOf('fr')).toBe('fr');
    expect(defaultLanguageOf('DE')).toBe('de');
    expect(defaultLanguageOf('jp')).toBe('ja');
    expect(defaultLanguageOf('ca')).toBe('en');
    expect(defaultLanguageOf('kr')).toBe('en');
  });

  it('offers the languages of the country list, English only for countries outside it', () => {
    expect(languagesOf('ca')).toEqual(['en', 'fr']);
    expect(languagesOf('jp')).toEqual(['en', 'ja']);
    expect(languagesOf('kr')).toEqual(['en']);
    expect(countryOffersLanguage('ca', 'FR')).toBe(true);
    expect(countryOffersLanguage('us', 'fr')).toBe(false);
  });
});

describe('§5 URL locale pattern (language-country, country two letters or global)', () => {
  it('accepts language-country and language-global', () => {
    expect(parseLocale('en-us')).toEqual({ language: 'en', country: 'us' });
    expect(parseLocale('en-global')).toEqual({ language: 'en', country: 'global' });
    expect(parseLocale('FR-CA')).toEqual({ language: 'fr', country: 'ca' });
  });

  it.each(['', 'en', 'en-usa', 'eng-us', 'en_us', 'en-u', 'c', 'en-us-x', '12-us'])(
    'rejects %j',
    (segment) => {
      expect(parseLocale(segment)).toBeNull();
    },
  );

  it('rejects a missing segment', () => {
    expect(parseLocale(undefined)).toBeNull();
    expect(parseLocale(null)).toBeNull();
  });

  it('formats a locale back to its URL form', () => {
    expect(formatLocale({ language: 'de', country: 'at' })).toBe('de-at');
  });
});

describe('§5 country code validity', () => {
  it('accepts every listed country code', () => {
    for (const code of KNOWN_COUNTRY_CODES) expect(isValidCountryCode(code)).toBe(true);
    expect(KNOWN_COUNTRY_CODES).toContain('ru');
  });

  it("accepts 'global' and any two letters, in any case", () => {
    expect(isValidCountryCode('global')).toBe(true);
    expect(isValidCountryCode('GLOBAL')).toBe(true);
    expect(isValidCountryCode('kr')).toBe(true);
    expect(isValidCountryCode('US')).toBe(true);
  });

  it.each(['', 'usa', 'u', 'u1', '12', 'globe', ' us'])('rejects %j', (code) => {
    expect(isValidCountryCode(code)).toBe(false);
  });

  it('rejects values that are not strings', () => {
    expect(isValidCountryCode(undefined)).toBe(false);
    expect(isValidCountryCode(42)).toBe(false);
  });
});

describe('§2/§5 served locales', () => {
  it.each([
    ['en-us', { language: 'en', country: 'us' }],
    ['fr-ca', { language: 'fr', country: 'ca' }],
    ['ja-jp', { language: 'ja', country: 'jp' }],
    ['en-global', { language: 'en', country: 'global' }],
  ])('serves %s', (segment, locale) => {
    expect(parseServedLocale(segment)).toEqual(locale);
  });

  it.each(['xx-yy', 'fr-us', 'EN-US', 'en', '', null, undefined])('does not serve %s', (segment) => {
    expect(parseServedLocale(segment)).toBeNull();
  });
});

describe('§9 content locale of a URL locale', () => {
  it('reads English as en-us and other languages bare', () => {
    expect(contentLocaleOf({ language: 'en', country: 'ca' })).toBe('en-us');
    expect(contentLocaleOf({ language: 'fr', country: 'ca' })).toBe('fr');
    expect(contentLocaleOf({ language: 'ja', country: 'jp' })).toBe('ja');
  });
});
