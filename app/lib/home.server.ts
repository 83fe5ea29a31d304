import { asc, eq } from 'drizzle-orm';
import { commerceRegions, currencies } from '#server/db/schema.ts';
import type { Services } from '#server/services.ts';

export interface StorefrontRegion {
  id: string;
  name: string;
  currency: string;
  homePath: string;
}

// Where each commerce region's own storefront starts; en-us lives at / (§2).
const REGION_HOME: Record<string, string> = { us: '/', ca: '/en-ca', eu_region_1: '/de-de' };

export async function storefrontRegions(services: Services): Promise<StorefrontRegion[]> {
  const rows = await services.db
    .select({ id: commerceRegions.id, name: commerceRegions.name, currency: currencies.code })
    .from(commerceRegions)
    .innerJoin(currencies, eq(currencies.code, commerceRegions.currencyCode))
    .where(eq(commerceRegions.shopping, true))
    .orderBy(asc(commerceRegions.name));
  return rows.map((row) => ({ ...row, homePath: REGION_HOME[row.id] ?? '/' }));
}
