import { describe, expect, it } from 'vitest';
import { countryName } from './country-name.ts';

describe('countryName', () => {
  it('names a country in the language asked, as that language names it', () => {
    expect(countryName('de', 'de', 'Germany')).toBe('Deutschland');
    expect(countryName('jp', 'ja', 'Japan')).toBe('日本');
    expect(countryName('fr', 'fr', 'France')).toBe('France');
    expect(countryName('se', 'sv', 'Sweden')).toBe('Sverige');
    expect(countryName('no', 'no', 'Norway')).toBe('Norge');
    expect(countryName('us', 'en', 'United States of America')).toBe('United States of America');
  });
  it('falls back to the store’s name for what the runtime cannot name', () => {
    expect(countryName('global', 'de', 'International')).toBe('International');
    expect(countryName('aa', 'de', 'Nowhere')).toBe('Nowhere');
    expect(countryName('de', 'not a language tag!', 'Germany')).toBe('Germany');
  });
});
