/**
 * Pro brand id by region (SPEC §7 pro order total): the public configuration holds one brand id for us, ca
 * and no, and one for everything else (eu_region_1).
 */

export const PRO_BRAND_REGIONS = ['us', 'ca', 'no', 'eu_region_1'] as const;
export type ProBrandRegion = (typeof PRO_BRAND_REGIONS)[number];

/**
 * Accepts a commerce region or a content region: the pro content regions pro and pro_ca name the US and
 * Canadian brands, and Norway's pro region is `no` (§4).
 */
export function proBrandRegionFor(region: string): ProBrandRegion {
  switch (region) {
    case 'us':
    case 'pro':
      return 'us';
    case 'ca':
    case 'pro_ca':
      return 'ca';
    case 'no':
      return 'no';
    default:
      return 'eu_region_1';
  }
}

export function proBrandIdFor(region: string, brandIds: Readonly<Record<ProBrandRegion, string>>): string {
  return brandIds[proBrandRegionFor(region)];
}
