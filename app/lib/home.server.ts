import { asc, eq } from 'drizzle-orm';
import { commerceRegions, currencies } from '#server/db/schema.ts';
import type { Services } from '#server/services.ts';

export interface StorefrontRegion {
  id: string;
  name: string;
  currency: string;
  /** The country and language a visitor choosing this region lands in. */
  country: string;
  language: string;
}

// The locale each commerce region's storefront opens in when chosen from the home page.
const REGION_ENTRY: Record<string, { country: string; language: string }> = {
  us: { country: 'us', language: 'en' },
  ca: { country: 'ca', language: 'en' },
  eu_region_1: { country: 'de', language: 'de' },
};

export async function storefrontRegions(services: Services): Promise<StorefrontRegion[]> {
  const rows = await services.db
    .select({ id: commerceRegions.id, name: commerceRegions.name, currency: currencies.code })
    .from(commerceRegions)
    .innerJoin(currencies, eq(currencies.code, commerceRegions.currencyCode))
    .where(eq(commerceRegions.shopping, true))
    .orderBy(asc(commerceRegions.name));
  return rows.map((row) => ({ ...row, ...(REGION_ENTRY[row.id] ?? { country: 'us', language: 'en' }) }));
}
