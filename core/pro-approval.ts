/**
 * Where an approved pro account belongs (issue 19, SPEC §3/§4). §4 reads a pro customer's content region back
 * from the country: pro in the US, pro_ca in Canada, pro_eu_region_1 in the eu_region_1 countries and no for
 * Norway. The pro code region stored on approval makes the customer pro (it starts with 'pro'); its value names
 * the storefront. Norway has no pro storefront of its own to buy from and no commerce region: its pro customers
 * are stored as 'pro_no' (pro, and §4 then gives them the 'no' content region from the country) in the European
 * pro group (eu_region_1). Any other country has no pro storefront, so an application from there is refused.
 */
import { defaultLanguageOf, parseLocale } from './locale.ts';
import { REGION_GROUPS } from './regions.ts';

export const DEFAULT_PRO_SPEND_LIMIT = 3000;

export type ProCommerceRegion = 'us' | 'ca' | 'eu_region_1';

export interface ProPlacement {
  /** The 'Pro Code' region stored on approval. */
  proRegion: 'pro' | 'pro_ca' | 'pro_eu_region_1' | 'pro_no';
  /** The commerce region whose pro group the customer joins. */
  commerceRegion: ProCommerceRegion;
}

/** The pro placement for a country (ISO 3166 alpha-2, any case), or null when no pro storefront serves it. */
export function proPlacementFor(country: string | null | undefined): ProPlacement | null {
  const code = (country ?? '').toLowerCase();
  if (code === 'us') return { proRegion: 'pro', commerceRegion: 'us' };
  if (code === 'ca') return { proRegion: 'pro_ca', commerceRegion: 'ca' };
  if ((REGION_GROUPS.eu_region_1 as readonly string[]).includes(code))
    return { proRegion: 'pro_eu_region_1', commerceRegion: 'eu_region_1' };
  if (code === 'no') return { proRegion: 'pro_no', commerceRegion: 'eu_region_1' };
  return null;
}

/** The commerce regions a customer with addresses in these countries can shop in (§4 shopping regions). */
export function commerceRegionsOfCountries(countries: readonly string[]): ProCommerceRegion[] {
  const regions = new Set<ProCommerceRegion>();
  for (const country of countries) {
    const code = country.toLowerCase();
    if (code === 'us') regions.add('us');
    else if (code === 'ca') regions.add('ca');
    else if ((REGION_GROUPS.eu_region_1 as readonly string[]).includes(code)) regions.add('eu_region_1');
  }
  return [...regions];
}

/**
 * The locale segment a customer's mail is written in: the one they applied in when stored and well formed,
 * else the country's default language (§9) with the country, else en-us.
 */
export function mailLocaleFor(stored: unknown, country: string | null | undefined): string {
  if (typeof stored === 'string' && parseLocale(stored)) return stored.toLowerCase();
  const code = (country ?? '').toLowerCase();
  if (/^[a-z]{2}$/.test(code)) return `${defaultLanguageOf(code)}-${code}`;
  return 'en-us';
}
