import { DEMO_DISCOUNT_CODES } from '../../seed/discount-codes.ts';
import { discountCodes } from '../commerce/schema-discounts.ts';
import type { Database } from '../db/database.ts';

/** Writes the demo discount codes (seed/discount-codes.ts); a code that exists is left as it is. */
export async function seedDiscountCodes(db: Database): Promise<void> {
  await db
    .insert(discountCodes)
    .values(
      DEMO_DISCOUNT_CODES.map((entry) => ({
        code: entry.code,
        description: entry.description,
        kind: entry.kind,
        percent: entry.percent ?? null,
        amounts: entry.amounts ?? {},
        scope: entry.scope ?? 'cart',
        regionIds: entry.regionIds ?? [],
        minimums: entry.minimums ?? {},
        startsAt: entry.startsAt ? new Date(entry.startsAt) : null,
        endsAt: entry.endsAt ? new Date(entry.endsAt) : null,
        usageLimit: entry.usageLimit ?? null,
        perCustomerLimit: entry.perCustomerLimit ?? null,
        combinesWithSale: entry.combinesWithSale ?? false,
      })),
    )
    .onConflictDoNothing({ target: discountCodes.code });
}
