import { and, asc, eq } from 'drizzle-orm';
import { type DiscountRule, discountRulesFor } from '#core/discount-rules.ts';
import { type PriceChange, type PriceField, priceChangeProblems } from '#core/product-price.ts';
import { type Actor, recordAudit } from '../backoffice/audit.ts';
import type { Database } from '../db/database.ts';
import { badRequest, notFound } from './errors.ts';
import { priceSet } from './pricing.ts';
import { salePriceNow } from './sale-price.ts';
import { commerceRegions } from './schema.ts';
import { categories, productPrices, products } from './schema-catalogue.ts';
import { type CustomerGroupRow, customerGroups, type DiscountRuleRecord } from './schema-customers.ts';

/**
 * The back office's prices (issue 20): a product's retail and sale price per commerce region, in the region's
 * currency, with an optional schedule for the sale; and a preview of what each customer group pays for it,
 * priced by the storefront's own functions (`discountRulesFor`, `priceSet`). Prices stay per product per region
 * (a price per variant is not part of this slice). Every change is one transaction with its audit entry; the
 * product_prices trigger moves the 'catalogue' data version, so caches, pages and search follow.
 */

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type PriceRow = typeof productPrices.$inferSelect;

/** What one customer group pays for the product in a region (§6), as the storefront would price it now. */
export interface GroupPrice {
  id: number;
  name: string;
  /** The region's guest group: guests, standard customers and every pro customer whose pro region is not 'pro'. */
  guests: boolean;
  /** The price its members pay with the group's own rules (pro region exactly 'pro'), sale applied when running. */
  pays: number;
}

export interface RegionPrices {
  regionId: string;
  regionName: string;
  currency: string;
  /** Null: the product is not priced (so not sold) in this region. */
  retail: number | null;
  sale: number | null;
  saleStartsAt: string | null;
  saleEndsAt: string | null;
  /** The sale price that applies now (sale-price.ts), null outside the schedule. */
  saleNow: number | null;
  groups: GroupPrice[];
}

const FIELD_LABELS: Record<PriceField, string> = {
  retail: 'Retail price',
  sale: 'Sale price',
  saleStartsAt: 'Sale start',
  saleEndsAt: 'Sale end',
};

/** A refusal of a price change: 400 with every problem named by its field. */
export function priceRefusal(problems: Partial<Record<PriceField, string>>) {
  const text = Object.entries(problems)
    .map(([field, message]) => `${FIELD_LABELS[field as PriceField]}: ${message}`)
    .join(' ');
  return badRequest(text);
}

const auditView = (row: PriceRow | undefined) =>
  row
    ? {
        retail: row.retailPrice,
        sale: row.salePrice,
        saleStartsAt: row.saleStartsAt?.toISOString() ?? null,
        saleEndsAt: row.saleEndsAt?.toISOString() ?? null,
      }
    : null;

const toCore = (group: CustomerGroupRow | undefined) =>
  group
    ? { id: group.id, name: group.name, discount_rules: group.discountRules as unknown as DiscountRule[] }
    : null;

export function createPriceAdmin(db: Database) {
  async function productOf(executor: Pick<Database, 'select'>, id: number) {
    const [row] = await executor.select().from(products).where(eq(products.id, id));
    if (!row) throw notFound(`No product ${id}`);
    return row;
  }

  async function regionOf(tx: Tx, regionId: string) {
    const [row] = await tx.select().from(commerceRegions).where(eq(commerceRegions.id, regionId));
    if (!row) throw badRequest(`No commerce region ${regionId}`);
    return row;
  }

  async function lockedPrice(tx: Tx, productId: number, regionId: string) {
    const [row] = await tx
      .select()
      .from(productPrices)
      .where(and(eq(productPrices.productId, productId), eq(productPrices.regionId, regionId)))
      .for('update');
    return row;
  }

  /** The category and its ancestors, as the catalogue prices a product (category discount rules). */
  async function categoryChain(categoryId: number): Promise<number[]> {
    const rows = await db.select({ id: categories.id, parentId: categories.parentId }).from(categories);
    const parents = new Map(rows.map((row) => [row.id, row.parentId]));
    const chain: number[] = [];
    let current: number | null | undefined = categoryId;
    while (current !== null && current !== undefined && !chain.includes(current)) {
      chain.push(current);
      current = parents.get(current);
    }
    return chain;
  }

  return {
    /** The product's prices in every commerce region, with what each customer group of the region pays now. */
    async prices(productId: number): Promise<{
      product: { id: number; name: string; slug: string };
      regions: RegionPrices[];
    }> {
      const product = await productOf(db, productId);
      const [regionRows, priceRows, groupRows, chain] = await Promise.all([
        db.select().from(commerceRegions).orderBy(asc(commerceRegions.id)),
        db
          .select({ row: productPrices, saleNow: salePriceNow })
          .from(productPrices)
          .where(eq(productPrices.productId, productId)),
        db.select().from(customerGroups).orderBy(asc(customerGroups.id)),
        categoryChain(product.categoryId),
      ]);
      const regions = regionRows.map((region): RegionPrices => {
        const price = priceRows.find((entry) => entry.row.regionId === region.id);
        const inRegion = groupRows.filter((group) => group.regionId === region.id);
        const guest = inRegion.find((group) => group.isGroupForGuests);
        const pays = (group: CustomerGroupRow, proRegion: string | undefined) =>
          priceSet(
            price!.row.retailPrice,
            price!.saleNow,
            product.id,
            chain,
            discountRulesFor(proRegion, toCore(group), toCore(guest)) as unknown as DiscountRuleRecord[],
          ).calculated;
        return {
          regionId: region.id,
          regionName: region.name,
          currency: region.currencyCode,
          retail: price?.row.retailPrice ?? null,
          sale: price?.row.salePrice ?? null,
          saleStartsAt: price?.row.saleStartsAt?.toISOString() ?? null,
          saleEndsAt: price?.row.saleEndsAt?.toISOString() ?? null,
          saleNow: price?.saleNow ?? null,
          groups: price
            ? inRegion.map((group) => ({
                id: group.id,
                name: group.name,
                guests: group === guest,
                // §6: a group's own rules price its members whose pro region is exactly 'pro'; the guest
                // group's rules price everyone else in the region.
                pays: pays(group, group === guest ? undefined : 'pro'),
              }))
            : [],
        };
      });
      return { product: { id: product.id, name: product.name, slug: product.slug }, regions };
    },

    /**
     * Sets the product's retail price in a region, with an optional sale price and schedule (null: none), in the
     * region's currency. Refused with 400 and nothing written when an amount or the schedule breaks a rule
     * (core/product-price.ts) or the region is unknown; 404 for an unknown product.
     */
    async setPrice(actor: Actor, productId: number, regionId: string, change: PriceChange) {
      const problems = priceChangeProblems(change, new Date());
      if (Object.keys(problems).length > 0) throw priceRefusal(problems);
      return db.transaction(async (tx) => {
        await productOf(tx, productId);
        const region = await regionOf(tx, regionId);
        const before = await lockedPrice(tx, productId, regionId);
        const values = {
          retailPrice: change.retail,
          salePrice: change.sale,
          saleStartsAt: change.sale === null ? null : change.saleStartsAt,
          saleEndsAt: change.sale === null ? null : change.saleEndsAt,
        };
        const [after] = await tx
          .insert(productPrices)
          .values({ productId, regionId, ...values })
          .onConflictDoUpdate({ target: [productPrices.productId, productPrices.regionId], set: values })
          .returning();
        await recordAudit(tx, actor, {
          action: 'product.price',
          entity: 'product',
          entityId: productId,
          before: { regionId, currency: region.currencyCode, ...auditView(before) },
          after: { regionId, currency: region.currencyCode, ...auditView(after) },
        });
        return { regionId, currency: region.currencyCode, ...auditView(after)! };
      });
    },

    /** Ends the product's sale in a region now: the sale price and its schedule are removed. */
    async removeSale(actor: Actor, productId: number, regionId: string) {
      return db.transaction(async (tx) => {
        await productOf(tx, productId);
        const region = await regionOf(tx, regionId);
        const before = await lockedPrice(tx, productId, regionId);
        if (!before) throw notFound(`Product ${productId} has no price in ${regionId}`);
        const [after] = await tx
          .update(productPrices)
          .set({ salePrice: null, saleStartsAt: null, saleEndsAt: null })
          .where(and(eq(productPrices.productId, productId), eq(productPrices.regionId, regionId)))
          .returning();
        await recordAudit(tx, actor, {
          action: 'product.sale-removed',
          entity: 'product',
          entityId: productId,
          before: { regionId, currency: region.currencyCode, ...auditView(before) },
          after: { regionId, currency: region.currencyCode, ...auditView(after) },
        });
        return { regionId, currency: region.currencyCode, ...auditView(after)! };
      });
    },
  };
}

export type PriceAdmin = ReturnType<typeof createPriceAdmin>;
