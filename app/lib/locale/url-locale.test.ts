import { describe, expect, it } from 'vitest';
import { homePathFor, htmlLangFor, parseUrlLocale } from './url-locale.ts';

describe('URL locale (§2, §5)', () => {
  it.each([
    ['en-us', 'en', 'us'],
    ['fr-ca', 'fr', 'ca'],
    ['de-de', 'de', 'de'],
    ['ja-jp', 'ja', 'jp'],
    ['en-global', 'en', 'global'],
  ])('accepts %s', (segment, language, country) => {
    expect(parseUrlLocale(segment)).toEqual({ language, country, segment });
  });

  it.each(['xx-yy', 'en', 'EN-US', 'en-usa', 'fr-us', 'ja-de', '', undefined])('rejects %s', (segment) => {
    expect(parseUrlLocale(segment)).toBeNull();
  });

  it('takes the lang attribute from the URL locale, English otherwise', () => {
    expect(htmlLangFor('/')).toBe('en');
    expect(htmlLangFor('/ja-jp/p/trail')).toBe('ja');
    expect(htmlLangFor('/xx-yy/this/does/not/exist')).toBe('en');
  });

  it('puts the en-us home at / and every other home under its prefix', () => {
    expect(homePathFor({ language: 'en', country: 'us', segment: 'en-us' })).toBe('/');
    expect(homePathFor({ language: 'fr', country: 'ca', segment: 'fr-ca' })).toBe('/fr-ca');
  });
});
