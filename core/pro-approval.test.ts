import { describe, expect, it } from 'vitest';
import { commerceRegionsOfCountries, mailLocaleFor, proPlacementFor } from './pro-approval.ts';

describe('proPlacementFor', () => {
  it('places US, Canadian and eu_region_1 applicants in their pro storefront', () => {
    expect(proPlacementFor('US')).toEqual({ proRegion: 'pro', commerceRegion: 'us' });
    expect(proPlacementFor('ca')).toEqual({ proRegion: 'pro_ca', commerceRegion: 'ca' });
    expect(proPlacementFor('DE')).toEqual({ proRegion: 'pro_eu_region_1', commerceRegion: 'eu_region_1' });
    expect(proPlacementFor('fr')?.proRegion).toBe('pro_eu_region_1');
  });

  it('gives Norway a pro region of its own in the European pro group', () => {
    expect(proPlacementFor('no')).toEqual({ proRegion: 'pro_no', commerceRegion: 'eu_region_1' });
  });

  it('has no pro storefront for other countries or a missing country', () => {
    expect(proPlacementFor('gb')).toBeNull();
    expect(proPlacementFor('jp')).toBeNull();
    expect(proPlacementFor(null)).toBeNull();
  });
});

describe('commerceRegionsOfCountries', () => {
  it('maps address countries to the commerce regions that sell there, once each', () => {
    expect(commerceRegionsOfCountries(['US', 'us', 'DE', 'GB'])).toEqual(['us', 'eu_region_1']);
    expect(commerceRegionsOfCountries([])).toEqual([]);
  });
});

describe('mailLocaleFor', () => {
  it('keeps a stored locale and otherwise uses the country default language', () => {
    expect(mailLocaleFor('fr-ca', 'us')).toBe('fr-ca');
    expect(mailLocaleFor('nonsense', 'de')).toBe('de-de');
    expect(mailLocaleFor(undefined, 'US')).toBe('en-us');
    expect(mailLocaleFor(undefined, null)).toBe('en-us');
  });
});
