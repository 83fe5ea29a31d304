import { describe, expect, it } from 'vitest';
import { CONTINENTS, COUNTRIES, countryByIso } from './countries.ts';

describe('§9 country list', () => {
  it('groups the countries by continent as the spec lists them', () => {
    const byContinent = (id: string) => COUNTRIES.filter((c) => c.continent === id).map((c) => c.iso);
    expect(CONTINENTS.map((c) => c.id)).toEqual(['north-america', 'europe', 'asia-pacific', 'other']);
    expect(byContinent('north-america')).toEqual(['ca', 'us']);
    expect(byContinent('europe')).toEqual([
      'at',
      'be',
      'cz',
      'fr',
      'de',
      'it',
      'nl',
      'no',
      'pl',
      'es',
      'se',
      'gb',
      'ch',
    ]);
    expect(byContinent('asia-pacific')).toEqual(['au', 'nz', 'jp']);
    expect(byContinent('other')).toEqual(['global']);
  });

  it('gives Canada en and fr, the US en, Japan en and ja (default)', () => {
    expect(countryByIso('ca')?.langs.map((l) => l.value)).toEqual(['en', 'fr']);
    expect(countryByIso('us')?.langs.map((l) => l.value)).toEqual(['en']);
    expect(countryByIso('jp')?.langs.find((l) => l.langDefault)?.value).toBe('ja');
  });

  it('marks France fr and Germany de as language defaults, and en-us as x-default', () => {
    expect(countryByIso('FR')?.langs.find((l) => l.langDefault)?.value).toBe('fr');
    expect(countryByIso('de')?.langs.find((l) => l.langDefault)?.value).toBe('de');
    const xDefaults = COUNTRIES.flatMap((c) =>
      c.langs.filter((l) => l.xDefault).map((l) => `${l.value}-${c.iso}`),
    );
    expect(xDefaults).toEqual(['en-us']);
  });

  it('gives every country option a text, a slug value and an iso code (§3)', () => {
    for (const country of COUNTRIES) {
      expect(country.value).toMatch(/^[a-z]+(-[a-z]+)*$/);
      expect(country.text.length).toBeGreaterThan(0);
    }
    expect(countryByIso('xx')).toBeUndefined();
  });
});
