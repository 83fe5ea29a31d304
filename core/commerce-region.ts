/**
 * Shopping-region flag and commerce (pricing) region of SPEC §4.
 */
import { COMMERCE_REGIONS, type CommerceRegion } from './regions.ts';

/** §4: content regions whose visitors can buy. */
export const SHOPPING_REGIONS = ['us', 'ca', 'eu_region_1', 'pro', 'pro_ca', 'pro_eu_region_1'] as const;

export function isShoppingRegion(contentRegion: string): boolean {
  return (SHOPPING_REGIONS as readonly string[]).includes(contentRegion);
}

function isCommerceRegion(value: string): value is CommerceRegion {
  return (COMMERCE_REGIONS as readonly string[]).includes(value);
}

/**
 * us for pro (US) customers and non-shopping regions; eu_region_1 for pro_eu_region_1; the country for pro_ca;
 * otherwise the content region itself.
 */
export function commerceRegionFor(contentRegion: string, country: string): CommerceRegion {
  if (contentRegion === 'pro') return 'us';
  if (contentRegion === 'pro_eu_region_1') return 'eu_region_1';
  if (contentRegion === 'pro_ca') {
    // pro_ca is only given to Canadian visitors, so the country is ca; guard anyway against a stale pairing.
    const code = country.toLowerCase();
    return isCommerceRegion(code) ? code : 'ca';
  }
  if (isShoppingRegion(contentRegion) && isCommerceRegion(contentRegion)) return contentRegion;
  return 'us';
}
