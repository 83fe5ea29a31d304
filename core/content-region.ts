/**
 * Content region of SPEC §4: which region's content a visitor sees, from the country and pro status.
 */
import { REGION_GROUPS } from './regions.ts';

/** A `regions` content entry: a region id and the countries it serves. */
export interface RegionEntry {
  region_id: string;
  countries: readonly string[];
}

export const OTHER_REGION = 'other';

/** Every content region id (SPEC §4, §9): the region groups, other, and the pro storefronts. */
export const CONTENT_REGIONS = [
  'us',
  'ca',
  'jp',
  'eu',
  'eu_region_1',
  'other',
  'pro',
  'pro_ca',
  'pro_eu_region_1',
  'no',
] as const;

/** The region groups of §9 as region entries, for when the content service's `regions` are not loaded. */
export const DEFAULT_REGIONS: readonly RegionEntry[] = Object.entries(REGION_GROUPS).map(
  ([id, countries]) => ({
    region_id: id,
    countries,
  }),
);

/**
 * Pro customers: pro (US), pro_ca (Canada), pro_eu_region_1 (EU-region countries), no (Norway).
 * "EU-region countries" is read as the eu_region_1 group, the only European group with a pro storefront. A pro
 * customer elsewhere has no pro content, so falls back to the country's ordinary region.
 */
export function contentRegionFor(
  country: string,
  isPro: boolean,
  regions: readonly RegionEntry[] = DEFAULT_REGIONS,
): string {
  const code = country.toLowerCase();
  const regionOf = (id: string) => regions.find((region) => region.region_id === id);
  if (isPro) {
    if (code === 'us') return 'pro';
    if (code === 'ca') return 'pro_ca';
    const euRegion1 = regionOf('eu_region_1')?.countries ?? REGION_GROUPS.eu_region_1;
    if (euRegion1.includes(code)) return 'pro_eu_region_1';
    if (code === 'no') return 'no';
  }
  return regions.find((region) => region.countries.includes(code))?.region_id ?? OTHER_REGION;
}
