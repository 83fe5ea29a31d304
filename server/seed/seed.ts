import { sql } from 'drizzle-orm';
import { COUNTRIES } from '#core/countries.ts';
import { COMMERCE_REGION_CURRENCY, COMMERCE_REGIONS, CURRENCIES, REGION_GROUPS } from '#core/regions.ts';
import { seedDemoStaff } from '../backoffice/demo-staff.ts';
import { commerceRegions, countries, currencies } from '../commerce/schema.ts';
import type { Database } from '../db/database.ts';
import { seedDemoContent } from './demo-content.ts';
import { seedOrderHistory } from './order-history.ts';
import { seedCommerce } from './seed-commerce.ts';
import { seedDiscountCodes } from './seed-discount-codes.ts';
import { seedDemoFitCharts } from './seed-fit-charts.ts';

const REGION_NAMES: Record<(typeof COMMERCE_REGIONS)[number], string> = {
  us: 'United States',
  ca: 'Canada',
  eu_region_1: 'Europe (EUR)',
};

function regionGroupOf(iso: string): string | null {
  for (const [group, members] of Object.entries(REGION_GROUPS)) {
    if ((members as readonly string[]).includes(iso)) return group;
  }
  return null;
}

/**
 * Writes the demo store's reference data. Idempotent: running it again updates rows to the source data and
 * adds nothing twice.
 */
export async function seedReferenceData(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    for (const currency of CURRENCIES) {
      const row = {
        code: currency.code,
        token: currency.token,
        decimalToken: currency.decimal_token,
        thousandsToken: currency.thousands_token,
        decimalPlaces: currency.decimal_places,
        tokenLocation: currency.token_location,
      };
      await tx.insert(currencies).values(row).onConflictDoUpdate({ target: currencies.code, set: row });
    }
    for (const id of COMMERCE_REGIONS) {
      const row = { id, name: REGION_NAMES[id], currencyCode: COMMERCE_REGION_CURRENCY[id], shopping: true };
      await tx
        .insert(commerceRegions)
        .values(row)
        .onConflictDoUpdate({ target: commerceRegions.id, set: row });
    }
    for (const [index, country] of COUNTRIES.entries()) {
      const row = {
        iso: country.iso,
        name: country.text,
        slug: country.value,
        continent: country.continent,
        languages: country.langs.map((lang) => ({ ...lang })),
        regionGroup: regionGroupOf(country.iso),
        sortOrder: index,
      };
      await tx.insert(countries).values(row).onConflictDoUpdate({ target: countries.iso, set: row });
    }
  });
}

/** The database counts as empty until the reference data is there. */
export async function isEmpty(db: Database): Promise<boolean> {
  const result = await db.select({ count: sql<number>`count(*)::int` }).from(currencies);
  return (result[0]?.count ?? 0) === 0;
}

export async function seedDemoStore(db: Database): Promise<void> {
  await seedReferenceData(db);
  await seedCommerce(db);
  await seedDiscountCodes(db);
  await seedDemoFitCharts(db);
  await seedDemoContent(db);
  await seedDemoStaff(db);
  // Guest orders over the last 90 days for the back office's dashboard and lists; written once.
  await seedOrderHistory(db);
}
