import { describe, expect, it } from 'vitest';
import {
  matchAcceptLanguage,
  matchAcceptLanguageCombination,
  parseAcceptLanguage,
  resolveLocale,
  utmQueryOf,
} from './locale-resolution.ts';

describe('§4 locale resolution: country', () => {
  it('takes the country from the cookie first', () => {
    const result = resolveLocale({ cookies: { country: 'ca' }, geoCountry: 'de' });
    expect(result.country).toBe('ca');
    expect(result.countrySource).toBe('cookie');
  });

  it('then from geolocation, lower-cased', () => {
    const result = resolveLocale({ cookies: {}, geoCountry: 'DE' });
    expect(result.country).toBe('de');
    expect(result.countrySource).toBe('geolocation');
  });

  it('ignores an invalid cookie country and an invalid geolocation answer', () => {
    expect(resolveLocale({ cookies: { country: 'usa' }, geoCountry: 'se' }).country).toBe('se');
    expect(resolveLocale({ cookies: {}, geoCountry: 'nowhere' }).country).toBe('us');
  });

  it('defaults to us', () => {
    const result = resolveLocale({ cookies: {} });
    expect(result).toMatchObject({
      country: 'us',
      language: 'en',
      locale: 'en-us',
      countrySource: 'default',
    });
  });
});

describe('§4 locale resolution: language', () => {
  it('takes the language from the cookie first', () => {
    const result = resolveLocale({ cookies: { country: 'ca', language: 'fr' }, acceptLanguage: 'en' });
    expect(result.language).toBe('fr');
    expect(result.languageSource).toBe('cookie');
  });

  it('replaces a cookie language the country does not offer', () => {
    const result = resolveLocale({ cookies: { country: 'us', language: 'de' } });
    expect(result.language).toBe('en');
    expect(result.setCookies.language).toBe('en');
  });

  it('then matches Accept-Language against supported locales and country-language combinations', () => {
    expect(resolveLocale({ cookies: {}, geoCountry: 'ca', acceptLanguage: 'fr-CA,fr;q=0.9' }).locale).toBe(
      'fr-ca',
    );
    expect(resolveLocale({ cookies: {}, geoCountry: 'jp', acceptLanguage: 'ja' }).locale).toBe('ja-jp');
    expect(resolveLocale({ cookies: {}, geoCountry: 'us', acceptLanguage: 'en-US' }).locale).toBe('en-us');
  });

  it('skips preferences the country does not offer and takes the next', () => {
    const result = resolveLocale({
      cookies: {},
      geoCountry: 'ch',
      acceptLanguage: 'pt-BR, it;q=0.5, de;q=0.8',
    });
    expect(result.language).toBe('de');
    expect(result.languageSource).toBe('accept-language');
  });

  it('falls back to the country default language, then en', () => {
    const france = resolveLocale({ cookies: {}, geoCountry: 'fr', acceptLanguage: 'pt' });
    expect(france.locale).toBe('fr-fr');
    expect(france.languageSource).toBe('default');
    expect(resolveLocale({ cookies: {}, geoCountry: 'nz' }).locale).toBe('en-nz');
  });
});

describe('§4 Accept-Language parsing', () => {
  it('orders by q and keeps the visitor order for equal weights', () => {
    expect(parseAcceptLanguage('de;q=0.5, fr, en_GB;q=0.9, sv')).toEqual(['fr', 'sv', 'en-gb', 'de']);
  });

  it('drops q=0, wildcards, blank entries and malformed weights', () => {
    expect(parseAcceptLanguage('fr;q=0, *, , de;q=abc, it;level=1')).toEqual(['it']);
    expect(parseAcceptLanguage(undefined)).toEqual([]);
  });

  it('matches nothing when no preference fits the country', () => {
    expect(matchAcceptLanguage('pt, zh', 'us')).toBeUndefined();
    expect(matchAcceptLanguage('en-GB', 'gb')).toBe('en');
  });
});

describe('§4 cookies set by locale resolution', () => {
  it('sets language, country and countryLanguage when missing', () => {
    const result = resolveLocale({ cookies: {}, geoCountry: 'de' });
    expect(result.setCookies).toEqual({ language: 'de', country: 'de', countryLanguage: 'de-de' });
  });

  it('sets nothing when all three are present and agree', () => {
    const result = resolveLocale({ cookies: { language: 'en', country: 'us', countryLanguage: 'en-us' } });
    expect(result.setCookies).toEqual({});
  });

  it('saves utm* query parameters in utmQuery and nothing else', () => {
    const result = resolveLocale({
      cookies: { language: 'en', country: 'us', countryLanguage: 'en-us' },
      query: '?utm_source=news&color=red&utm_campaign=winter',
    });
    expect(result.setCookies).toEqual({ utmQuery: 'utm_source=news&utm_campaign=winter' });
  });

  it('reads utm parameters from URLSearchParams and ignores a query without them', () => {
    expect(utmQueryOf(new URLSearchParams({ UTM_Medium: 'email' }))).toBe('UTM_Medium=email');
    expect(utmQueryOf('page=2')).toBeNull();
    expect(utmQueryOf(null)).toBeNull();
  });
});

describe('§4 country from an Accept-Language country-language combination', () => {
  it('lands a fr-CA browser with no cookies and no geolocation on fr-ca', () => {
    const resolved = resolveLocale({ cookies: {}, acceptLanguage: 'fr-CA,fr;q=0.9,en;q=0.5' });
    expect(resolved.locale).toBe('fr-ca');
    expect(resolved.countrySource).toBe('accept-language');
    expect(resolved.setCookies).toMatchObject({ country: 'ca', language: 'fr', countryLanguage: 'fr-ca' });
  });

  it('skips combinations the country list does not offer and tags without a country', () => {
    expect(matchAcceptLanguageCombination('fr-US, de, en-XX, ja-JP')).toEqual({
      language: 'ja',
      country: 'jp',
    });
    expect(matchAcceptLanguageCombination('fr, de')).toBeUndefined();
    expect(resolveLocale({ cookies: {}, acceptLanguage: 'fr-US' }).locale).toBe('en-us');
  });

  it('never overrides a country from a cookie or geolocation', () => {
    expect(resolveLocale({ cookies: { country: 'us' }, acceptLanguage: 'fr-CA' }).locale).toBe('en-us');
    expect(resolveLocale({ cookies: {}, geoCountry: 'de', acceptLanguage: 'fr-CA' }).locale).toBe('de-de');
  });
});
