import { describe, expect, it } from 'vitest';
import { proBrandIdFor, proBrandRegionFor } from './pro-brand.ts';

const brandIds = { us: 'brand-us', ca: 'brand-ca', no: 'brand-no', eu_region_1: 'brand-eu' };

describe('§7 pro brand id by region (us, ca, no, otherwise eu_region_1)', () => {
  it('maps us, ca and no to their own brand', () => {
    expect(proBrandIdFor('us', brandIds)).toBe('brand-us');
    expect(proBrandIdFor('ca', brandIds)).toBe('brand-ca');
    expect(proBrandIdFor('no', brandIds)).toBe('brand-no');
  });

  it('maps the pro content regions of the US and Canada to those brands', () => {
    expect(proBrandRegionFor('pro')).toBe('us');
    expect(proBrandRegionFor('pro_ca')).toBe('ca');
  });

  it('maps every other region to eu_region_1', () => {
    for (const region of ['eu_region_1', 'pro_eu_region_1', 'eu', 'jp', 'other']) {
      expect(proBrandIdFor(region, brandIds)).toBe('brand-eu');
    }
  });
});
