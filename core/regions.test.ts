import { describe, expect, it } from 'vitest';
import { COUNTRIES } from './countries.ts';
import {
  COMMERCE_REGION_CURRENCY,
  COMMERCE_REGIONS,
  CURRENCIES,
  currencyOfRegion,
  EUROPE_COUNTRIES,
  isEuCountry,
  REGION_GROUPS,
  regionGroupOf,
} from './regions.ts';

describe('§9 region groups', () => {
  it('holds the groups named in the spec', () => {
    expect(REGION_GROUPS.us).toEqual(['us']);
    expect(REGION_GROUPS.ca).toEqual(['ca']);
    expect(REGION_GROUPS.jp).toEqual(['jp']);
    expect(REGION_GROUPS.eu_region_1).toEqual(['de', 'at', 'nl', 'es', 'fr', 'it']);
    expect(REGION_GROUPS.eu).toHaveLength(25);
    expect(REGION_GROUPS.eu).toEqual(
      expect.arrayContaining(['be', 'no', 'gb', 'uk', 'se', 'ch', 'pl', 'cz']),
    );
  });

  it('finds the group of a country in any case', () => {
    expect(regionGroupOf('US')).toBe('us');
    expect(regionGroupOf('de')).toBe('eu_region_1');
    expect(regionGroupOf('no')).toBe('eu');
    expect(regionGroupOf('au')).toBeUndefined();
  });
});

describe('§4 EU flag', () => {
  it('is set for every European country of the §9 country list', () => {
    const european = COUNTRIES.filter((country) => country.continent === 'europe').map(
      (country) => country.iso,
    );
    expect(european).toHaveLength(13);
    for (const iso of european) expect(isEuCountry(iso)).toBe(true);
  });

  it('is not set elsewhere', () => {
    for (const iso of ['us', 'ca', 'jp', 'au', 'nz', 'global']) expect(isEuCountry(iso)).toBe(false);
    expect(EUROPE_COUNTRIES).toContain('dk');
  });
});

describe('§3 commerce regions and currencies', () => {
  it('prices each commerce region in a listed currency with every format field', () => {
    expect([...COMMERCE_REGIONS]).toEqual(['us', 'ca', 'eu_region_1']);
    for (const region of COMMERCE_REGIONS) {
      const currency = CURRENCIES.find((entry) => entry.code === COMMERCE_REGION_CURRENCY[region]);
      expect(currency).toBeDefined();
    }
    expect(COMMERCE_REGION_CURRENCY.us).toBe('USD');
  });

  it('names the currency of a region from that table, USD for any other region', () => {
    expect(currencyOfRegion('ca')).toBe('CAD');
    expect(currencyOfRegion('eu_region_1')).toBe('EUR');
    expect(currencyOfRegion('us')).toBe('USD');
    expect(currencyOfRegion('global')).toBe('USD');
    expect(currencyOfRegion('toString')).toBe('USD');
  });
});
