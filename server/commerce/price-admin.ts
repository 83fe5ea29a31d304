import { and, asc, eq, inArray } from 'drizzle-orm';
import { type DiscountRule, discountRulesFor } from '#core/discount-rules.ts';
import { guardMoney, type MoneyVerdict } from '#core/money-guard.ts';
import {
  type PriceChange,
  type PriceField,
  priceChangeProblems,
  regionPriceField as regionField,
  variantPriceField,
} from '#core/product-price.ts';
import { type Actor, recordAudit } from '../audit/audit.ts';
import type { Database } from '../db/database.ts';
import { badRequest, needsConfirmation, notFound } from './errors.ts';
import { priceSet } from './pricing.ts';
import { salePriceNow } from './sale-price.ts';
import { commerceRegions } from './schema.ts';
import { categories, productPrices, products, variantPrices, variants } from './schema-catalogue.ts';
import { type CustomerGroupRow, customerGroups, type DiscountRuleRecord } from './schema-customers.ts';

/**
 * The back office's prices (issue 20): a product's retail and sale price per commerce region, in the region's
 * currency, with an optional schedule for the sale; and a preview of what each customer group pays for it,
 * priced by the storefront's own functions (`discountRulesFor`, `priceSet`). A variant may have its own price per
 * region (decision 0042, `setVariantPrices`), guarded the same way. Every change is one transaction with its audit entry; the
 * product_prices trigger moves the 'catalogue' data version, so caches, pages and search follow. The regions of
 * one save are written together or not at all, and each goes through the money guard (issue 40,
 * core/money-guard.ts): what every customer group of the region would pay, before and after.
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

/** A refusal of a price change: 400 with every problem named by its field (`fieldOf` keys a form's fields). */
export function priceRefusal(
  problems: Partial<Record<PriceField, string>>,
  fieldOf: (field: PriceField) => string = (field) => field,
) {
  const entries = Object.entries(problems) as [PriceField, string][];
  const text = entries.map(([field, message]) => `${FIELD_LABELS[field]}: ${message}`).join(' ');
  return badRequest(text, Object.fromEntries(entries.map(([field, message]) => [fieldOf(field), message])));
}

/** One region's prices in a save of several (setPrices). */
export interface RegionPriceChange extends PriceChange {
  regionId: string;
}

/**
 * The sale price a change leaves in force, now or later: a sale counts unless its end has passed, so a sale set
 * to start next week is guarded today, when it is saved, not when shoppers first see it.
 */
const saleInForce = (sale: number | null, endsAt: Date | null, now: Date) =>
  sale !== null && (endsAt === null || endsAt > now) ? sale : null;

const sameMoment = (a: Date | null, b: Date | null) => (a?.getTime() ?? null) === (b?.getTime() ?? null);

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

/** A variant's own price in a region, as the back office shows and edits it. */
export interface VariantOwnPrice {
  retail: number;
  sale: number | null;
  saleStartsAt: string | null;
  saleEndsAt: string | null;
}

/** One variant with its own price per region (absent: it costs the product's price there). */
export interface VariantPrices {
  id: number;
  sku: string;
  /** Its option values, as staff read them ("Black / 30 in"). */
  label: string;
  prices: Record<string, VariantOwnPrice>;
}

/** One variant's price in one region in a save of several (setVariantPrices); null: cost the product's price. */
export interface VariantPriceChange {
  variantId: number;
  regionId: string;
  price: PriceChange | null;
}

const variantLabel = (row: typeof variants.$inferSelect) =>
  row.optionValues.map((value) => value.label).join(' / ') || row.sku;

const ownView = (row: typeof variantPrices.$inferSelect | undefined) =>
  row
    ? {
        retail: row.retailPrice,
        sale: row.salePrice,
        saleStartsAt: row.saleStartsAt?.toISOString() ?? null,
        saleEndsAt: row.saleEndsAt?.toISOString() ?? null,
      }
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
  async function categoryChain(
    categoryId: number,
    executor: Pick<Database, 'select'> = db,
  ): Promise<number[]> {
    const rows = await executor.select({ id: categories.id, parentId: categories.parentId }).from(categories);
    const parents = new Map(rows.map((row) => [row.id, row.parentId]));
    const chain: number[] = [];
    let current: number | null | undefined = categoryId;
    while (current !== null && current !== undefined && !chain.includes(current)) {
      chain.push(current);
      current = parents.get(current);
    }
    return chain;
  }

  /**
   * What each customer group of a region pays for a product at a retail and sale price (§6): a group's own rules
   * price its members whose pro region is exactly 'pro'; the guest group's rules price everyone else.
   */
  function groupsPaying(
    groupRows: readonly CustomerGroupRow[],
    regionId: string,
    productId: number,
    chain: readonly number[],
  ) {
    const inRegion = groupRows.filter((group) => group.regionId === regionId);
    const guest = inRegion.find((group) => group.isGroupForGuests);
    return inRegion.map((group) => ({
      group,
      guests: group === guest,
      pays: (retail: number, sale: number | null) =>
        priceSet(
          retail,
          sale,
          productId,
          chain,
          discountRulesFor(
            group === guest ? undefined : 'pro',
            toCore(group),
            toCore(guest),
          ) as unknown as DiscountRuleRecord[],
        ).calculated,
    }));
  }

  /**
   * Sets the product's prices in several regions at once, all or nothing, each with an audit entry; a region
   * whose prices are as stored is left alone. Refused with 400 and nothing written when an amount or schedule
   * breaks a rule (core/product-price.ts, fields keyed `<region>-<field>`), a region is unknown, or a customer
   * group would pay 0 or less; with 409 (needs-confirmation) when a group's price drops by more than half and
   * `confirmed` is not set; 404 for an unknown product. Answers the regions it changed.
   */
  async function setPrices(
    actor: Actor,
    productId: number,
    changes: readonly RegionPriceChange[],
    options: { confirmed?: boolean } = {},
  ) {
    const now = new Date();
    const problems: Record<string, string> = {};
    const texts: string[] = [];
    for (const change of changes) {
      const found = priceChangeProblems(change, now);
      if (Object.keys(found).length === 0) continue;
      const refusal = priceRefusal(found, (field) => regionField(change.regionId, field));
      Object.assign(problems, refusal.fields);
      texts.push(changes.length > 1 ? `${change.regionId}: ${refusal.message}` : refusal.message);
    }
    if (texts.length > 0) throw badRequest(texts.join(' '), problems);
    return db.transaction(async (tx) => {
      const product = await productOf(tx, productId);
      const chain = await categoryChain(product.categoryId, tx);
      const groupRows = await tx.select().from(customerGroups).orderBy(asc(customerGroups.id));
      const saved: Array<{ regionId: string; currency: string } & NonNullable<ReturnType<typeof auditView>>> =
        [];
      const confirmations: string[] = [];
      for (const change of changes) {
        const region = await regionOf(tx, change.regionId);
        const before = await lockedPrice(tx, productId, change.regionId);
        const values = {
          retailPrice: change.retail,
          salePrice: change.sale,
          saleStartsAt: change.sale === null ? null : change.saleStartsAt,
          saleEndsAt: change.sale === null ? null : change.saleEndsAt,
        };
        if (
          before &&
          before.retailPrice === values.retailPrice &&
          before.salePrice === values.salePrice &&
          sameMoment(before.saleStartsAt, values.saleStartsAt) &&
          sameMoment(before.saleEndsAt, values.saleEndsAt)
        )
          continue;
        if (before) {
          const verdict: MoneyVerdict = guardMoney(
            groupsPaying(groupRows, change.regionId, productId, chain).map((entry) => ({
              productId: entry.group.id,
              name: entry.group.name,
              before: entry.pays(before.retailPrice, saleInForce(before.salePrice, before.saleEndsAt, now)),
              after: entry.pays(values.retailPrice, saleInForce(values.salePrice, values.saleEndsAt, now)),
            })),
            { currency: region.currencyCode, items: 'customer groups', remedy: 'Enter a higher price.' },
          );
          const field = regionField(change.regionId, values.salePrice === null ? 'retail' : 'sale');
          const where = changes.length > 1 ? `${region.name}: ` : '';
          if (verdict.verdict === 'refuse')
            throw badRequest(`${where}${verdict.message}`, { [field]: verdict.message });
          if (verdict.verdict === 'confirm') confirmations.push(`${where}${verdict.message}`);
        }
        const [after] = await tx
          .insert(productPrices)
          .values({ productId, regionId: change.regionId, ...values })
          .onConflictDoUpdate({ target: [productPrices.productId, productPrices.regionId], set: values })
          .returning();
        await recordAudit(tx, actor, {
          action: 'product.price',
          entity: 'product',
          entityId: productId,
          before: { regionId: change.regionId, currency: region.currencyCode, ...auditView(before) },
          after: { regionId: change.regionId, currency: region.currencyCode, ...auditView(after) },
        });
        saved.push({ regionId: change.regionId, currency: region.currencyCode, ...auditView(after)! });
      }
      // Thrown after every region is checked, so the question names every drop at once; the throw rolls back.
      if (confirmations.length > 0 && options.confirmed !== true)
        throw needsConfirmation(confirmations.join(' '));
      return saved;
    });
  }

  /** The product's stored price in a region, as setPrice answers it. */
  async function priceIn(productId: number, regionId: string) {
    const [row] = await db
      .select({ row: productPrices, currency: commerceRegions.currencyCode })
      .from(productPrices)
      .innerJoin(commerceRegions, eq(commerceRegions.id, productPrices.regionId))
      .where(and(eq(productPrices.productId, productId), eq(productPrices.regionId, regionId)));
    if (!row) throw notFound(`Product ${productId} has no price in ${regionId}`);
    return { regionId, currency: row.currency, ...auditView(row.row)! };
  }

  /**
   * Sets variants' own prices in several regions at once (decision 0042), all or nothing, each changed one with an
   * audit entry; a null price removes the variant's own price (it costs the product's again). Refused with 400
   * when an amount or schedule breaks a rule (fields keyed `v<variant>-<region>-<field>`), a variant is not the
   * product's, the product has no price in the region, or a customer group would pay 0 or less for a variant;
   * with 409 (needs-confirmation) naming the variant when a group's price for it drops by more than half and
   * `confirmed` is not set. Answers the changes it made.
   */
  async function setVariantPrices(
    actor: Actor,
    productId: number,
    changes: readonly VariantPriceChange[],
    options: { confirmed?: boolean } = {},
  ) {
    const now = new Date();
    const problems: Record<string, string> = {};
    const texts: string[] = [];
    for (const change of changes) {
      if (!change.price) continue;
      const found = priceChangeProblems(change.price, now);
      if (Object.keys(found).length === 0) continue;
      const refusal = priceRefusal(found, (field) =>
        variantPriceField(change.variantId, change.regionId, field),
      );
      Object.assign(problems, refusal.fields);
      texts.push(refusal.message);
    }
    if (texts.length > 0) throw badRequest(texts.join(' '), problems);
    return db.transaction(async (tx) => {
      const product = await productOf(tx, productId);
      const chain = await categoryChain(product.categoryId, tx);
      const groupRows = await tx.select().from(customerGroups).orderBy(asc(customerGroups.id));
      const variantIds = [...new Set(changes.map((change) => change.variantId))];
      const variantRows = variantIds.length
        ? await tx.select().from(variants).where(inArray(variants.id, variantIds))
        : [];
      const variantById = new Map(variantRows.map((row) => [row.id, row]));
      const saved: Array<{ variantId: number; regionId: string; price: VariantOwnPrice | null }> = [];
      const confirmations: string[] = [];
      for (const change of changes) {
        const variant = variantById.get(change.variantId);
        if (!variant || variant.productId !== productId)
          throw badRequest(`Variant ${change.variantId} is not a variant of ${product.name}.`);
        const region = await regionOf(tx, change.regionId);
        const base = await lockedPrice(tx, productId, change.regionId);
        if (!base)
          throw badRequest(
            `${product.name} has no price in ${region.name}: set the product's price there first.`,
          );
        const [before] = await tx
          .select()
          .from(variantPrices)
          .where(
            and(eq(variantPrices.variantId, change.variantId), eq(variantPrices.regionId, change.regionId)),
          )
          .for('update');
        const values = change.price && {
          retailPrice: change.price.retail,
          salePrice: change.price.sale,
          saleStartsAt: change.price.sale === null ? null : change.price.saleStartsAt,
          saleEndsAt: change.price.sale === null ? null : change.price.saleEndsAt,
        };
        const same =
          before && values
            ? before.retailPrice === values.retailPrice &&
              before.salePrice === values.salePrice &&
              sameMoment(before.saleStartsAt, values.saleStartsAt) &&
              sameMoment(before.saleEndsAt, values.saleEndsAt)
            : !before && !values;
        if (same) continue;
        // What the variant cost before and would cost after: its own price, or the product's when it has none.
        const costOf = (row: { retailPrice: number; salePrice: number | null; saleEndsAt: Date | null }) =>
          [row.retailPrice, saleInForce(row.salePrice, row.saleEndsAt, now)] as const;
        const [beforeRetail, beforeSale] = costOf(before ?? base);
        const [afterRetail, afterSale] = costOf(values ?? base);
        const name = `${product.name} ${variantLabel(variant)}`;
        const verdict: MoneyVerdict = guardMoney(
          groupsPaying(groupRows, change.regionId, productId, chain).map((entry) => ({
            productId: entry.group.id,
            name: `${name} (${entry.group.name})`,
            before: entry.pays(beforeRetail, beforeSale),
            after: entry.pays(afterRetail, afterSale),
          })),
          { currency: region.currencyCode, items: 'customer groups', remedy: 'Enter a higher price.' },
        );
        const field = variantPriceField(
          change.variantId,
          change.regionId,
          values?.salePrice == null ? 'retail' : 'sale',
        );
        if (verdict.verdict === 'refuse')
          throw badRequest(`${region.name}: ${verdict.message}`, { [field]: verdict.message });
        if (verdict.verdict === 'confirm') confirmations.push(`${region.name}: ${verdict.message}`);
        let after: typeof variantPrices.$inferSelect | undefined;
        if (values)
          [after] = await tx
            .insert(variantPrices)
            .values({ variantId: change.variantId, regionId: change.regionId, ...values })
            .onConflictDoUpdate({ target: [variantPrices.variantId, variantPrices.regionId], set: values })
            .returning();
        else
          await tx
            .delete(variantPrices)
            .where(
              and(eq(variantPrices.variantId, change.variantId), eq(variantPrices.regionId, change.regionId)),
            );
        const where = {
          regionId: change.regionId,
          currency: region.currencyCode,
          variant: variantLabel(variant),
          sku: variant.sku,
        };
        await recordAudit(tx, actor, {
          action: 'product.variant-price',
          entity: 'product',
          entityId: productId,
          before: { ...where, ...(ownView(before) ?? { productPrice: base.retailPrice }) },
          after: { ...where, ...(ownView(after) ?? { productPrice: base.retailPrice }) },
        });
        saved.push({ variantId: change.variantId, regionId: change.regionId, price: ownView(after) });
      }
      if (confirmations.length > 0 && options.confirmed !== true)
        throw needsConfirmation(confirmations.join(' '));
      return saved;
    });
  }

  return {
    setVariantPrices,

    /** The product's variants, each with its own prices per region (decision 0042). */
    async variantPrices(productId: number): Promise<VariantPrices[]> {
      await productOf(db, productId);
      const rows = await db
        .select({ variant: variants, own: variantPrices })
        .from(variants)
        .leftJoin(variantPrices, eq(variantPrices.variantId, variants.id))
        .where(eq(variants.productId, productId))
        .orderBy(asc(variants.id), asc(variantPrices.regionId));
      const byId = new Map<number, VariantPrices>();
      for (const row of rows) {
        const entry = byId.get(row.variant.id) ?? {
          id: row.variant.id,
          sku: row.variant.sku,
          label: variantLabel(row.variant),
          prices: {},
        };
        if (row.own) entry.prices[row.own.regionId] = ownView(row.own)!;
        byId.set(row.variant.id, entry);
      }
      return [...byId.values()];
    },

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
            ? groupsPaying(groupRows, region.id, product.id, chain).map((entry) => ({
                id: entry.group.id,
                name: entry.group.name,
                guests: entry.guests,
                pays: entry.pays(price.row.retailPrice, price.saleNow),
              }))
            : [],
        };
      });
      return { product: { id: product.id, name: product.name, slug: product.slug }, regions };
    },

    /**
     * Sets the product's retail price in a region, with an optional sale price and schedule (null: none), in the
     * region's currency: `setPrices` with one region.
     */
    async setPrice(
      actor: Actor,
      productId: number,
      regionId: string,
      change: PriceChange,
      options: { confirmed?: boolean } = {},
    ) {
      const [saved] = await setPrices(actor, productId, [{ regionId, ...change }], options);
      return saved ?? (await priceIn(productId, regionId));
    },

    setPrices,

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
