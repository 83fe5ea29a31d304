import { describe, expect, it } from 'vitest';
import { contentRegionFor, DEFAULT_REGIONS, OTHER_REGION } from './content-region.ts';

describe('§4 content region for pro customers', () => {
  it('is pro in the US, pro_ca in Canada, pro_eu_region_1 in EU-region countries, no for Norway', () => {
    expect(contentRegionFor('us', true)).toBe('pro');
    expect(contentRegionFor('CA', true)).toBe('pro_ca');
    for (const country of ['de', 'at', 'nl', 'es', 'fr', 'it']) {
      expect(contentRegionFor(country, true)).toBe('pro_eu_region_1');
    }
    expect(contentRegionFor('no', true)).toBe('no');
  });

  it('falls back to the ordinary region where there is no pro storefront', () => {
    expect(contentRegionFor('jp', true)).toBe('jp');
    expect(contentRegionFor('gb', true)).toBe('eu');
    expect(contentRegionFor('au', true)).toBe(OTHER_REGION);
  });

  it('reads the EU-region countries from the given regions', () => {
    const regions = [{ region_id: 'eu_region_1', countries: ['be'] }];
    expect(contentRegionFor('be', true, regions)).toBe('pro_eu_region_1');
    expect(contentRegionFor('de', true, regions)).toBe('other');
  });
});

describe('§4 content region for other visitors', () => {
  it('is the region whose country list contains the country', () => {
    expect(contentRegionFor('us', false)).toBe('us');
    expect(contentRegionFor('ca', false)).toBe('ca');
    expect(contentRegionFor('jp', false)).toBe('jp');
    expect(contentRegionFor('de', false)).toBe('eu_region_1');
    expect(contentRegionFor('no', false)).toBe('eu');
    expect(contentRegionFor('se', false)).toBe('eu');
  });

  it('is other when no region lists the country', () => {
    expect(contentRegionFor('au', false)).toBe('other');
    expect(contentRegionFor('global', false)).toBe('other');
  });

  it('uses the regions from content when given', () => {
    const regions = [{ region_id: 'anz', countries: ['au', 'nz'] }];
    expect(contentRegionFor('nz', false, regions)).toBe('anz');
    expect(DEFAULT_REGIONS.map((r) => r.region_id)).toEqual(['us', 'ca', 'jp', 'eu', 'eu_region_1']);
  });
});
