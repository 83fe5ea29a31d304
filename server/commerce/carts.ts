import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { type DiscountEvaluation, normalizeCode, shopperKey } from '#core/discount-code.ts';
import { MAX_LINE_QUANTITY } from '#core/line-item.ts';
import { variantPrice } from '#core/variant-price.ts';
import type { Database } from '../db/database.ts';
import { createDiscountCodeReader, type DiscountCodeReader, discountRefused } from './discount-codes.ts';
import { conflict, notFound, unprocessable } from './errors.ts';
import type { Groups } from './groups.ts';
import { discountedPrice, sumMoney } from './pricing.ts';
import type { RateLimits } from './rate-limits.ts';
import { salePriceNow } from './sale-price.ts';
import { categories, productPrices, products, variantPrices, variants } from './schema-catalogue.ts';
import { cartItems, carts } from './schema-sales.ts';
import type { Shipping } from './shipping.ts';
import { ownPriceColumns, ownPriceJoin, ownPriceOf, productPriceOf } from './variant-prices.ts';

/**
 * Carts (SPEC §3 cart, §4): amounts are always computed here from current prices and the cart customer's
 * group, never taken from the client. Writes run in one transaction that locks the cart row (FOR UPDATE), then
 * the variant row (FOR SHARE), so concurrent writes to one cart serialise and stock checks read the stock of
 * the moment. The cart is priced after the commit, from the prices current then.
 */

export interface LineItemInput {
  product_id: number;
  variant_id?: number;
  quantity: number;
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type CartRow = typeof carts.$inferSelect;

export { MAX_LINE_QUANTITY };

/**
 * Throttles a client's discount-code attempts with the sign-in's per-address limit (`throttle` counts one attempt
 * and refuses past the limit with too-many-attempts), so a code cannot be guessed faster than a password.
 */
export type CodeThrottle = (ip: string) => Promise<void>;

export function codeThrottle(
  rateLimits: RateLimits,
  limit: () => { perIp: number; windowSeconds: number },
): CodeThrottle {
  return async (ip) => {
    const { perIp, windowSeconds } = limit();
    await rateLimits.throttle([[rateLimits.key('discount-code', 'ip', ip), perIp]], windowSeconds);
  };
}

export function createCarts(
  db: Database,
  groups: Groups,
  shipping: Shipping,
  codes: DiscountCodeReader = createDiscountCodeReader(db),
) {
  const cartById = db
    .select()
    .from(carts)
    .where(eq(carts.id, sql.placeholder('id')))
    .prepare('carts_by_id');

  async function lockCart(tx: Tx, id: string): Promise<CartRow> {
    const [cart] = await tx.select().from(carts).where(eq(carts.id, id)).for('update');
    if (!cart) throw notFound(`No cart ${id}`);
    return cart;
  }

  /** Checks the product and variant can be bought in this quantity, with the variant row locked. */
  async function checkLine(
    tx: Tx,
    cart: CartRow,
    input: LineItemInput,
    quantityInCart: (variantId: number) => Promise<number>,
  ) {
    const [product] = await tx
      .select({ product: products, price: productPrices.retailPrice })
      .from(products)
      .leftJoin(
        productPrices,
        and(eq(productPrices.productId, products.id), eq(productPrices.regionId, cart.regionId)),
      )
      .where(eq(products.id, input.product_id));
    if (!product || product.price === null)
      throw notFound(`No product ${input.product_id} in region ${cart.regionId}`);
    if (product.product.availability !== 'available' || !product.product.isVisible)
      throw unprocessable(`Product ${input.product_id} is not purchasable`);
    let variantId = input.variant_id;
    if (variantId === undefined) {
      const ids = await tx
        .select({ id: variants.id })
        .from(variants)
        .where(eq(variants.productId, input.product_id))
        .limit(2);
      if (ids.length !== 1)
        throw unprocessable(`Product ${input.product_id} has several variants: give variant_id`);
      variantId = ids[0]!.id;
    }
    // A share lock: stock cannot change under this check (checkout's decrement waits for it), while other carts
    // may check the same variant at the same time. The cart row's update lock serialises writes to one cart.
    const [variant] = await tx.select().from(variants).where(eq(variants.id, variantId)).for('share');
    if (!variant || variant.productId !== input.product_id)
      throw notFound(`No variant ${variantId} of product ${input.product_id}`);
    if (variant.purchasingDisabled) throw unprocessable(`Variant ${variantId} is not purchasable`);
    const wanted = (await quantityInCart(variant.id)) + input.quantity;
    if (wanted > MAX_LINE_QUANTITY)
      throw unprocessable(
        `At most ${MAX_LINE_QUANTITY} of one item per cart (this would make ${wanted})`,
        'line-limit',
      );
    if (product.product.inventoryTracking !== 'none' && variant.inventoryLevel < wanted)
      throw conflict(
        variant.inventoryLevel === 0
          ? `Variant ${variantId} is out of stock`
          : `Only ${variant.inventoryLevel} of variant ${variantId} in stock (asked for ${wanted})`,
        'sold-out',
      );
    return variant.id;
  }

  async function lineOf(tx: Tx, cartId: string, variantId: number) {
    const [line] = await tx
      .select()
      .from(cartItems)
      .where(and(eq(cartItems.cartId, cartId), eq(cartItems.variantId, variantId)));
    return line;
  }

  async function addLine(tx: Tx, cart: CartRow, input: LineItemInput) {
    const variantId = await checkLine(
      tx,
      cart,
      input,
      async (id) => (await lineOf(tx, cart.id, id))?.quantity ?? 0,
    );
    const line = await lineOf(tx, cart.id, variantId);
    if (line) {
      await tx
        .update(cartItems)
        .set({ quantity: line.quantity + input.quantity })
        .where(eq(cartItems.id, line.id));
    } else {
      await tx.insert(cartItems).values({
        id: randomUUID(),
        cartId: cart.id,
        productId: input.product_id,
        variantId,
        quantity: input.quantity,
      });
    }
  }

  async function touch(tx: Tx, id: string) {
    await tx.update(carts).set({ updatedAt: new Date() }).where(eq(carts.id, id));
  }

  /** The cart as the API shows it, priced now. */
  async function view(executor: Database, cart: CartRow) {
    const pricing = await groups.pricing(cart.regionId, cart.customerId);
    const lines = await executor
      .select({
        item: cartItems,
        product: products,
        variant: variants,
        retail: productPrices.retailPrice,
        sale: salePriceNow,
        parentCategory: categories.parentId,
        ...ownPriceColumns,
      })
      .from(cartItems)
      .innerJoin(products, eq(products.id, cartItems.productId))
      .innerJoin(variants, eq(variants.id, cartItems.variantId))
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .leftJoin(
        productPrices,
        and(eq(productPrices.productId, products.id), eq(productPrices.regionId, cart.regionId)),
      )
      .leftJoin(variantPrices, ownPriceJoin(cart.regionId))
      .where(eq(cartItems.cartId, cart.id))
      .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
    const forCode: { id: string; productId: number; categoryIds: number[]; onSale: boolean }[] = [];
    const physical = lines.map((line) => {
      const categoryIds = [
        line.product.categoryId,
        ...(line.parentCategory === null ? [] : [line.parentCategory]),
      ];
      // The line costs its variant's price (decision 0042): its own when it has one, else the product's.
      const prices = variantPrice(
        productPriceOf(line.retail ?? 0, line.sale),
        ownPriceOf(line),
        new Date(line.now),
        (price) => discountedPrice(price, line.product.id, categoryIds, pricing.rules),
      );
      forCode.push({
        id: line.item.id,
        productId: line.product.id,
        categoryIds,
        onSale: prices.sale !== null,
      });
      return {
        id: line.item.id,
        parent_id: null,
        product_id: line.product.id,
        variant_id: line.variant.id,
        sku: line.variant.sku,
        name: line.product.name,
        url: `/p/${line.product.slug}/`,
        quantity: line.item.quantity,
        is_taxable: true,
        image_url: line.variant.thumbnail,
        original_price: prices.retail,
        list_price: prices.calculated,
        sale_price: prices.calculated,
        retail_price: prices.retail,
        extended_list_price: sumMoney(Array(line.item.quantity).fill(prices.calculated)),
        extended_sale_price: sumMoney(Array(line.item.quantity).fill(prices.calculated)),
        discount_amount: 0,
        discounts: [] as { id: string; discounted_amount: number }[],
        options: line.variant.optionValues.map((value) => ({
          name: value.option_display_name,
          value: value.label,
        })),
        is_in_stock: line.variant.inventoryLevel >= line.item.quantity,
      };
    });
    const base = sumMoney(physical.map((line) => line.extended_sale_price));
    // Shipping is quoted on the subtotal before a code, as checkout quotes it: a code never takes free shipping away.
    const shippingQuote = physical.length
      ? await shipping.estimate(cart.regionId, base, pricing.groupId)
      : null;
    const code = cart.discountCode
      ? await codes.evaluate(
          cart.discountCode,
          {
            regionId: cart.regionId,
            currency: cart.currencyCode,
            isPro: pricing.isPro,
            shipping: shippingQuote?.cost ?? null,
            lines: physical.map((line, index) => ({
              ...forCode[index]!,
              quantity: line.quantity,
              unitPrice: line.sale_price,
            })),
          },
          shopperKey(cart.customerId, null),
        )
      : null;
    const saved = new Map(code?.ok ? code.lines.map((line) => [line.id, line.saving]) : []);
    for (const line of physical) {
      const saving = saved.get(line.id) ?? 0;
      if (saving > 0 && code) {
        line.discount_amount = saving;
        line.discounts = [{ id: code.code, discounted_amount: saving }];
      }
    }
    const lineSavings = sumMoney(saved.values());
    const shippingSaving = code?.ok ? code.shippingSaving : 0;
    return {
      id: cart.id,
      customer_id: cart.customerId ?? 0,
      region: cart.regionId,
      currency: { code: cart.currencyCode },
      tax_included: false,
      base_amount: base,
      discount_amount: lineSavings,
      cart_amount: sumMoney([base, -lineSavings]),
      // BigCommerce's shape: the code and what it took off (lines and shipping together).
      coupons: code?.ok
        ? [
            {
              code: code.code,
              coupon_type: code.freeShipping ? 'free_shipping' : 'per_total_discount',
              discounted_amount: code.total,
            },
          ]
        : [],
      /** The code the shopper entered, and what it does now: its saving, or why it takes nothing. */
      discount_code: code ? discountCodeView(code) : null,
      shipping_cost: shippingQuote ? sumMoney([shippingQuote.cost, -shippingSaving]) : null,
      line_items: { physical_items: physical, digital_items: [], gift_certificates: [], custom_items: [] },
      created_time: cart.createdAt.toISOString(),
      updated_time: cart.updatedAt.toISOString(),
    };
  }

  const api = {
    /** The raw cart row (for ownership checks), or null. */
    async find(id: string): Promise<CartRow | null> {
      return (await cartById.execute({ id }))[0] ?? null;
    },

    async get(id: string) {
      const [cart] = await cartById.execute({ id });
      if (!cart) throw notFound(`No cart ${id}`);
      return view(db, cart);
    },

    async create(regionId: string, customerId: number | null, items: LineItemInput[]) {
      const pricing = await groups.pricing(regionId, customerId);
      const created = await db.transaction(async (tx) => {
        const id = randomUUID();
        await tx.insert(carts).values({ id, regionId, currencyCode: pricing.currencyCode, customerId });
        const cart = await lockCart(tx, id);
        for (const item of items) await addLine(tx, cart, item);
        return cart;
      });
      // Priced after the commit, on the pool (PGlite has one connection, held by the transaction).
      return view(db, created);
    },

    /**
     * Deletes carts nobody can reach any more: anonymous, untouched for `idleMs`, and named by no live session
     * (their session ended or never held them). A signed-in customer's cart stays with the customer.
     */
    async purgeAbandoned(idleMs = 24 * 3_600_000, now = new Date()): Promise<number> {
      const before = new Date(now.getTime() - idleMs);
      const result = (await db.execute(sql`
        delete from carts c
        where c.customer_id is null and c.updated_at < ${before.toISOString()}
          and not exists (select 1 from sessions s where s.cart_id = c.id and s.expires_at > ${now.toISOString()})
        returning c.id`)) as unknown as { rows: unknown[] };
      return result.rows.length;
    },

    async addItems(id: string, items: LineItemInput[]) {
      await db.transaction(async (tx) => {
        const cart = await lockCart(tx, id);
        for (const item of items) await addLine(tx, cart, item);
        await touch(tx, id);
      });
      return api.get(id);
    },

    /** Sets a line's quantity (and product/variant). */
    async updateItem(id: string, itemId: string, input: LineItemInput) {
      await db.transaction(async (tx) => {
        const cart = await lockCart(tx, id);
        const [line] = await tx
          .select()
          .from(cartItems)
          .where(and(eq(cartItems.id, itemId), eq(cartItems.cartId, id)));
        if (!line) throw notFound(`No item ${itemId} in cart ${id}`);
        const sameProduct = input.product_id === line.productId;
        const variantId = await checkLine(
          tx,
          cart,
          { ...input, variant_id: input.variant_id ?? (sameProduct ? line.variantId : undefined) },
          async () => 0,
        );
        const [other] = await tx
          .select()
          .from(cartItems)
          .where(and(eq(cartItems.cartId, id), eq(cartItems.variantId, variantId)));
        if (other && other.id !== itemId)
          throw conflict(`Variant ${variantId} already has its own line (${other.id})`);
        await tx
          .update(cartItems)
          .set({ productId: input.product_id, variantId, quantity: input.quantity })
          .where(eq(cartItems.id, itemId));
        await touch(tx, id);
      });
      return api.get(id);
    },

    async deleteItem(id: string, itemId: string) {
      await db.transaction(async (tx) => {
        await lockCart(tx, id);
        const deleted = await tx
          .delete(cartItems)
          .where(and(eq(cartItems.id, itemId), eq(cartItems.cartId, id)))
          .returning({ id: cartItems.id });
        if (deleted.length === 0) throw notFound(`No item ${itemId} in cart ${id}`);
        await touch(tx, id);
      });
      return api.get(id);
    },

    async delete(id: string) {
      const deleted = await db.delete(carts).where(eq(carts.id, id)).returning({ id: carts.id });
      if (deleted.length === 0) throw notFound(`No cart ${id}`);
    },

    /**
     * Enters a code on the cart after the client's throttle: kept when it applies now (it is evaluated again on
     * every view and at checkout), else refused with its reason (a coded `discount-…` error), the cart unchanged.
     */
    async applyCode(id: string, typed: string, throttle: () => Promise<void>) {
      await throttle();
      const code = normalizeCode(typed);
      if (!code) throw discountRefused('unknown-code', typed.slice(0, 40));
      const [row] = await cartById.execute({ id });
      if (!row) throw notFound(`No cart ${id}`);
      const tried = await view(db, { ...row, discountCode: code });
      const result = tried.discount_code!;
      if (!result.applied) throw discountRefused(result.reason!, code);
      await db.update(carts).set({ discountCode: code, updatedAt: new Date() }).where(eq(carts.id, id));
      return { ...tried, updated_time: new Date().toISOString() };
    },

    /** Takes the cart's code off; 404 when the cart has no such code. */
    async removeCode(id: string, typed?: string) {
      const [row] = await cartById.execute({ id });
      if (!row) throw notFound(`No cart ${id}`);
      if (!row.discountCode || (typed !== undefined && normalizeCode(typed) !== row.discountCode))
        throw notFound(`Cart ${id} has no code ${typed ?? ''}`.trim());
      await db.update(carts).set({ discountCode: null, updatedAt: new Date() }).where(eq(carts.id, id));
      return api.get(id);
    },

    async assignCustomer(id: string, customerId: number) {
      await db.transaction(async (tx) => {
        await lockCart(tx, id);
        await tx.update(carts).set({ customerId, updatedAt: new Date() }).where(eq(carts.id, id));
      });
      return api.get(id);
    },
  };
  return api;
}

/** The cart's code as the storefront shows it: applied with its saving, or kept with the reason it takes nothing. */
function discountCodeView(result: DiscountEvaluation) {
  return result.ok
    ? {
        code: result.code,
        applied: true as const,
        reason: null,
        saving: result.total,
        shipping_saving: result.shippingSaving,
        free_shipping: result.freeShipping,
      }
    : {
        code: result.code,
        applied: false as const,
        reason: result.reason,
        saving: 0,
        shipping_saving: 0,
        free_shipping: false,
      };
}

export type Carts = ReturnType<typeof createCarts>;
