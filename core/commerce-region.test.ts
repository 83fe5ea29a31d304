import { describe, expect, it } from 'vitest';
import { commerceRegionFor, isShoppingRegion, SHOPPING_REGIONS } from './commerce-region.ts';

describe('§4 shopping region flag', () => {
  it('is on only for us, ca, eu_region_1, pro, pro_ca, pro_eu_region_1', () => {
    expect([...SHOPPING_REGIONS]).toEqual(['us', 'ca', 'eu_region_1', 'pro', 'pro_ca', 'pro_eu_region_1']);
    for (const region of SHOPPING_REGIONS) expect(isShoppingRegion(region)).toBe(true);
    for (const region of ['eu', 'jp', 'no', 'other', '']) expect(isShoppingRegion(region)).toBe(false);
  });
});

describe('§4 commerce region', () => {
  it('is us for pro customers', () => {
    expect(commerceRegionFor('pro', 'us')).toBe('us');
  });

  it('is eu_region_1 for pro_eu_region_1', () => {
    expect(commerceRegionFor('pro_eu_region_1', 'de')).toBe('eu_region_1');
  });

  it('is the country for pro_ca', () => {
    expect(commerceRegionFor('pro_ca', 'CA')).toBe('ca');
    expect(commerceRegionFor('pro_ca', 'fr')).toBe('ca');
  });

  it('is the content region in a shopping region', () => {
    expect(commerceRegionFor('us', 'us')).toBe('us');
    expect(commerceRegionFor('ca', 'ca')).toBe('ca');
    expect(commerceRegionFor('eu_region_1', 'fr')).toBe('eu_region_1');
  });

  it('is us for non-shopping regions, including Norway pro', () => {
    for (const region of ['eu', 'jp', 'other', 'no']) expect(commerceRegionFor(region, 'xx')).toBe('us');
  });
});
