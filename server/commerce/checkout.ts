import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { countryByIso } from '#core/countries.ts';
import { evaluateDiscountCode, shopperKey } from '#core/discount-code.ts';
import { parseServedLocale } from '#core/locale.ts';
import { ORDER_STATUS } from '#core/order-lifecycle.ts';
import { placedStanding } from '#core/order-standing.ts';
import { shippingCost } from '#core/shipping-cost.ts';
import { statesOf } from '#core/states.ts';
import { variantPrice } from '#core/variant-price.ts';
import type { Database } from '../db/database.ts';
import { offers, type PaymentProvider } from '../payment/payment.ts';
import type { AddressInput } from './customers.ts';
import { discountRefused, lockCodeForCheckout, redeemCode, ruleOf } from './discount-codes.ts';
import { CommerceError } from './errors.ts';
import { type Groups, proSpend } from './groups.ts';
import { PAYMENT_PENDING_STATUS, recordPaymentPending } from './order-payment.ts';
import { discountedPrice, sumMoney } from './pricing.ts';
import { salePriceNow } from './sale-price.ts';
import { categories, productPrices, products, variantPrices, variants } from './schema-catalogue.ts';
import { addresses, customers, sessions } from './schema-customers.ts';
import { orderPayments } from './schema-payments.ts';
import { cartItems, carts, type OrderAddressRecord, orderItems, orders } from './schema-sales.ts';
import type { Shipping } from './shipping.ts';
import { dbNow, ownPriceOf, productPriceOf } from './variant-prices.ts';

/**
 * Placing an order (checkout). One database transaction: the cart row is locked, prices, stock and the pro
 * spend limit are checked against the rows of that moment, the order is written with its idempotency key
 * (unique) and its payment pending (order-payment.ts: the provider is asked after the commit, decision 0055, and
 * the confirmation mail follows its authorisation), the cart is closed, and last the stock of each line is taken
 * by one conditional UPDATE (`… - q where stock >= q`,
 * in variant id order so two checkouts never wait on each other in a circle): a line it finds short rolls the
 * whole order back as sold out. A variant's row lock is so held only from that UPDATE to the commit, instead of
 * from a locked read at the start through every other statement (a flash sale queues on that lock). Prices,
 * currency and customer group always come from the server; the client's idea of the total is only compared,
 * never used.
 *
 * Lock order, the same for every checkout: cart, then the customer (pro orders only), then the cart's discount
 * code (when it has one), then variants by id, then products by id. Locking the pro customer's row makes two checkouts of one pro
 * customer take turns, so the second one sums the spend this period with the first one's order already in it;
 * locking the code's row does the same for its uses (decision 0038): the 101st order of a 100-use code waits
 * for the 100th and is then refused as used up.
 */

export type CheckoutErrorCode =
  | 'empty-cart'
  | 'stale-cart'
  | 'sold-out'
  | 'price-changed'
  | 'spend-limit'
  | 'payment-method'
  | 'payment-declined'
  | 'shipping-method'
  | 'address';

/** A named checkout refusal; `code` is what the storefront translates into a message (`isCheckoutError`). */
export class CheckoutError extends CommerceError {
  constructor(
    override readonly code: CheckoutErrorCode,
    status: 400 | 402 | 404 | 409 | 410 | 422,
    detail: string,
    readonly info: Record<string, unknown> = {},
  ) {
    super(code, code, detail, { status });
    this.name = 'CheckoutError';
  }
}

export type CheckoutAddress = Omit<AddressInput, 'address_type'> & { email?: string };

export interface PlaceOrderInput {
  cartId: string;
  /** From the session, never from the form. */
  customerId: number | null;
  sessionId?: string | null;
  email: string;
  /** A saved address of the customer (checked to be theirs) or a typed one. */
  shippingAddress: { addressId: number } | CheckoutAddress;
  /** Null: the same as the shipping address. */
  billingAddress: { addressId: number } | CheckoutAddress | null;
  shippingMethodId: number;
  paymentMethod: string;
  idempotencyKey: string;
  /** The subtotal the shopper saw; when given and different from today's prices, the order is refused. */
  expectedSubtotal?: number;
  /** The served locale segment the shopper ordered in; the order's mails speak it. */
  locale?: string;
}

export interface PlacedOrder {
  orderId: number;
  /** True when the idempotency key had already made this order (nothing new was written). */
  replay: boolean;
  /** The order's payment is pending, asked of the provider once committed (order-payment.ts); absent on a replay. */
  paymentPending?: true;
  email: string;
  total: number;
  currencyCode: string;
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type Executor = Database | Tx;

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string })?.code ?? (error as { cause?: { code?: string } })?.cause?.code;
  return code === '23505';
}

/** The provider declined the order's payment: the order is cancelled and the shopper's cart is back. */
export function paymentDeclined(orderId: number): CheckoutError {
  return new CheckoutError('payment-declined', 402, `The payment for order ${orderId} was declined`);
}

function addressRecord(input: CheckoutAddress, email: string): OrderAddressRecord {
  const country = countryByIso(input.country_code.toLowerCase());
  if (!country) throw new CheckoutError('address', 400, `country_code '${input.country_code}' is not served`);
  const states = statesOf(country.iso);
  let state = input.state_or_province?.trim() ?? '';
  if (states.length) {
    const wanted = state.toLowerCase();
    const match = states.find(
      (option) =>
        option.text.toLowerCase() === wanted ||
        option.code.toLowerCase() === wanted ||
        option.value === wanted,
    );
    if (!match)
      throw new CheckoutError('address', 400, `'${state}' is not a state or province of ${country.text}`);
    state = match.text;
  }
  return {
    first_name: input.first_name,
    last_name: input.last_name,
    company: input.company ?? '',
    street_1: input.address1,
    street_2: input.address2 ?? '',
    city: input.city,
    state,
    zip: input.postal_code,
    country_iso2: country.iso.toUpperCase(),
    email,
    phone: input.phone ?? '',
  };
}

export function createCheckout(db: Database, groups: Groups, shipping: Shipping, payment: PaymentProvider) {
  async function existing(executor: Executor, key: string): Promise<PlacedOrder | null> {
    const [row] = await executor
      .select({ order: orders, payment: orderPayments.state })
      .from(orders)
      .leftJoin(orderPayments, eq(orderPayments.orderId, orders.id))
      .where(eq(orders.idempotencyKey, key));
    if (!row) return null;
    // The same form sent again after its payment was declined gets the same answer, not the cancelled order.
    if (row.payment === 'declined') throw paymentDeclined(row.order.id);
    const { order } = row;
    return {
      orderId: order.id,
      replay: true,
      email: order.email,
      total: order.total,
      currencyCode: order.currencyCode,
    };
  }

  async function resolveAddress(
    executor: Executor,
    customerId: number | null,
    address: PlaceOrderInput['shippingAddress'],
    email: string,
  ): Promise<OrderAddressRecord> {
    if ('addressId' in address) {
      // Another customer's address id is simply not found for this one.
      const [row] =
        customerId === null
          ? []
          : await executor
              .select()
              .from(addresses)
              .where(and(eq(addresses.id, address.addressId), eq(addresses.customerId, customerId)));
      if (!row) throw new CheckoutError('address', 404, `No address ${address.addressId}`);
      return addressRecord(
        {
          first_name: row.firstName,
          last_name: row.lastName,
          company: row.company,
          address1: row.address1,
          address2: row.address2,
          city: row.city,
          state_or_province: row.stateOrProvince,
          postal_code: row.postalCode,
          country_code: row.countryCode,
          phone: row.phone,
        },
        email,
      );
    }
    return addressRecord(address, email);
  }

  /**
   * Locks the customer's row and sums their spend in the period that contains `now` (the same sum as
   * `groups.proStatus`), inside the order's transaction. Each statement after the lock reads what was committed
   * before it, so a second checkout of the customer sees the first one's order once it gets the lock.
   */
  async function lockedProSpend(tx: Tx, customerId: number, now: Date): Promise<number> {
    const [customer] = await tx
      .select({ expires: customers.proExpiresAt })
      .from(customers)
      .where(eq(customers.id, customerId))
      .for('update');
    if (!customer) return 0;
    return proSpend(tx, customerId, customer.expires, now);
  }

  /** Shipping methods of the region's zone that apply to this subtotal, with their cost (core's rule). */
  async function shippingOptions(regionId: string, subtotal: number, groupId: number | null) {
    const [zone] = await shipping.zones(regionId);
    if (!zone) return [];
    const [methods, settings] = await Promise.all([
      shipping.methods(regionId, zone.id),
      shipping.settings(regionId),
    ]);
    const options: { id: number; name: string; cost: number; free: boolean; type: string }[] = [];
    for (const method of methods) {
      const quote = shippingCost(subtotal, [method], { customerGroupId: groupId, settings });
      if (quote)
        options.push({
          id: method.id,
          name: method.name,
          cost: quote.cost,
          free: quote.free,
          type: method.type,
        });
    }
    // When free shipping applies, a rate method that also costs nothing would only repeat it.
    const freeMethod = options.find((option) => option.free && option.type === 'freeshipping');
    return options
      .filter((option) => !freeMethod || option === freeMethod || option.cost > 0)
      .map(({ type: _type, ...option }) => option)
      .sort((a, b) => a.cost - b.cost || a.id - b.id);
  }

  /** Takes a line's units, or answers false (nothing changed) when fewer are left. */
  async function takeStock(tx: Tx, variantId: number, quantity: number): Promise<boolean> {
    const taken = await tx
      .update(variants)
      .set({ inventoryLevel: sql`${variants.inventoryLevel} - ${quantity}` })
      .where(and(eq(variants.id, variantId), sql`${variants.inventoryLevel} >= ${quantity}`))
      .returning({ id: variants.id });
    return taken.length > 0;
  }

  const api = {
    payment,
    shippingOptions,

    /** The order an idempotency key already made, or null. */
    findByIdempotencyKey: (key: string) => existing(db, key),

    async placeOrder(input: PlaceOrderInput): Promise<PlacedOrder> {
      const replay = await existing(db, input.idempotencyKey);
      if (replay) return replay;

      // Reference data read before the transaction (PGlite has one connection, which the transaction holds).
      const [cartRow] = await db.select().from(carts).where(eq(carts.id, input.cartId));
      if (!cartRow) {
        const again = await existing(db, input.idempotencyKey);
        if (again) return again;
        throw new CheckoutError('stale-cart', 410, `Cart ${input.cartId} is no longer open`);
      }
      if ((cartRow.customerId ?? null) !== input.customerId)
        throw new CheckoutError('stale-cart', 404, `No cart ${input.cartId}`);
      // Sold out already (a flash sale's last units gone): answered without joining the line for the variants'
      // row locks, where every other checkout of the article waits its turn. Stock only falls between this read
      // and the locked one below, which decides whenever this one lets the order through.
      const short = await db
        .select({ variantId: cartItems.variantId })
        .from(cartItems)
        .innerJoin(variants, eq(variants.id, cartItems.variantId))
        .innerJoin(products, eq(products.id, cartItems.productId))
        .where(
          and(
            eq(cartItems.cartId, cartRow.id),
            sql`${products.inventoryTracking} <> 'none'`,
            sql`${variants.inventoryLevel} < ${cartItems.quantity}`,
          ),
        );
      if (short.length)
        throw new CheckoutError('sold-out', 409, 'Part of the cart has sold out', {
          variantIds: short.map((row) => row.variantId),
        });
      const pricing = await groups.pricing(cartRow.regionId, input.customerId);
      const proStatus =
        pricing.isPro && input.customerId !== null ? await groups.proStatus(input.customerId) : null;
      const [zone] = await shipping.zones(cartRow.regionId);
      const methods = zone ? await shipping.methods(cartRow.regionId, zone.id) : [];
      const settings = await shipping.settings(cartRow.regionId);

      try {
        return await db.transaction(async (tx) => {
          const [cart] = await tx.select().from(carts).where(eq(carts.id, input.cartId)).for('update');
          if (!cart) {
            // Another request with this key may have just closed the cart: its order is the answer.
            const again = await existing(tx, input.idempotencyKey);
            if (again) return again;
            throw new CheckoutError('stale-cart', 410, `Cart ${input.cartId} is no longer open`);
          }
          // The pro customer's row is locked before anything else is read: spend this period is summed
          // under that lock, so parallel checkouts of one pro customer cannot both pass the limit.
          // The order is dated now, and counted in the spend period that contains now.
          const placedAt = new Date();
          const spendBefore =
            proStatus && input.customerId !== null
              ? await lockedProSpend(tx, input.customerId, placedAt)
              : null;
          const shopper = shopperKey(input.customerId, input.email);
          const code = cart.discountCode ? await lockCodeForCheckout(tx, cart.discountCode, shopper) : null;
          const lines = await tx
            .select()
            .from(cartItems)
            .where(eq(cartItems.cartId, cart.id))
            .orderBy(asc(cartItems.variantId));
          if (lines.length === 0) throw new CheckoutError('empty-cart', 422, 'The cart is empty');

          const variantIds = [...new Set(lines.map((line) => line.variantId))].sort((a, b) => a - b);
          // Read without a lock: the stock is taken at the end by a conditional UPDATE, which decides.
          const variantRows = await tx.select().from(variants).where(inArray(variants.id, variantIds));
          const variantById = new Map(variantRows.map((row) => [row.id, row]));
          const productIds = [...new Set(lines.map((line) => line.productId))].sort((a, b) => a - b);
          const productRows = await tx
            .select({
              product: products,
              retail: productPrices.retailPrice,
              sale: salePriceNow,
              parent: categories.parentId,
            })
            .from(products)
            .innerJoin(categories, eq(categories.id, products.categoryId))
            .leftJoin(
              productPrices,
              and(eq(productPrices.productId, products.id), eq(productPrices.regionId, cart.regionId)),
            )
            .where(inArray(products.id, productIds));
          const productById = new Map(productRows.map((row) => [row.product.id, row]));
          // The variants' own prices in the cart's region (decision 0042), judged on the database's clock.
          const ownRows = await tx
            .select({
              variantId: variantPrices.variantId,
              ownRetail: variantPrices.retailPrice,
              ownSale: variantPrices.salePrice,
              ownSaleStartsAt: variantPrices.saleStartsAt,
              ownSaleEndsAt: variantPrices.saleEndsAt,
              now: dbNow,
            })
            .from(variantPrices)
            .where(
              and(inArray(variantPrices.variantId, variantIds), eq(variantPrices.regionId, cart.regionId)),
            );
          const ownById = new Map(ownRows.map((row) => [row.variantId, ownPriceOf(row)]));
          const priceClock = new Date(ownRows[0]?.now ?? Date.now());

          const soldOut: number[] = [];
          const priced = lines.map((line) => {
            const variant = variantById.get(line.variantId);
            const product = productById.get(line.productId);
            if (
              !variant ||
              !product ||
              product.retail === null ||
              variant.purchasingDisabled ||
              product.product.availability !== 'available' ||
              !product.product.isVisible
            ) {
              soldOut.push(line.variantId);
              return null;
            }
            if (product.product.inventoryTracking !== 'none' && variant.inventoryLevel < line.quantity)
              soldOut.push(line.variantId);
            const categoryIds = [
              product.product.categoryId,
              ...(product.parent === null ? [] : [product.parent]),
            ];
            const price = variantPrice(
              productPriceOf(product.retail, product.sale),
              ownById.get(line.variantId) ?? null,
              priceClock,
              (amount) => discountedPrice(amount, product.product.id, categoryIds, pricing.rules),
            );
            return {
              line,
              variant,
              product: product.product,
              price: price.calculated,
              categoryIds,
              onSale: price.sale !== null,
            };
          });
          if (soldOut.length)
            throw new CheckoutError('sold-out', 409, 'Part of the cart has sold out', {
              variantIds: soldOut,
            });
          const items = priced.filter((entry) => entry !== null);

          const subtotal = sumMoney(items.map((item) => item.price * item.line.quantity));
          const method = methods.find((entry) => entry.id === input.shippingMethodId);
          const quote = method
            ? shippingCost(subtotal, [method], { customerGroupId: pricing.groupId, settings })
            : null;
          if (!method || !quote)
            throw new CheckoutError(
              'shipping-method',
              400,
              `Shipping method ${input.shippingMethodId} does not apply`,
            );
          const discount = cart.discountCode
            ? evaluateDiscountCode(
                cart.discountCode,
                code && ruleOf(code.row),
                {
                  regionId: cart.regionId,
                  currency: cart.currencyCode,
                  isPro: pricing.isPro,
                  shipping: quote.cost,
                  lines: items.map((item) => ({
                    id: item.line.id,
                    productId: item.product.id,
                    categoryIds: item.categoryIds,
                    quantity: item.line.quantity,
                    unitPrice: item.price,
                    onSale: item.onSale,
                  })),
                },
                { total: code?.row.uses ?? 0, byShopper: code?.byShopper ?? 0 },
                placedAt,
              )
            : null;
          // A code that no longer applies is refused with its reason; the shopper removes it or changes the cart.
          if (discount && !discount.ok) throw discountRefused(discount.reason, discount.code);
          const lineSaving = new Map(
            discount?.ok ? discount.lines.map((line) => [line.id, line.saving]) : [],
          );
          const discountAmount = sumMoney(lineSaving.values());
          const shippingDiscount = discount?.ok ? discount.shippingSaving : 0;
          const shippingCharged = sumMoney([quote.cost, -shippingDiscount]);
          const total = sumMoney([subtotal, -discountAmount, shippingCharged]);
          if (
            input.expectedSubtotal !== undefined &&
            Math.round(input.expectedSubtotal * 100) !== Math.round(subtotal * 100)
          )
            throw new CheckoutError(
              'price-changed',
              409,
              `The subtotal is now ${subtotal}, not ${input.expectedSubtotal}`,
              { subtotal },
            );
          if (proStatus && spendBefore !== null) {
            const after = sumMoney([spendBefore, total]);
            if (after > proStatus.spend_limit)
              throw new CheckoutError(
                'spend-limit',
                422,
                `This order (${total}) would bring pro spend this period to ${after}, over the limit of ${proStatus.spend_limit}`,
                { spend: spendBefore, limit: proStatus.spend_limit, total },
              );
          }

          const shippingAddress = await resolveAddress(
            tx,
            input.customerId,
            input.shippingAddress,
            input.email,
          );
          const billingAddress = input.billingAddress
            ? await resolveAddress(tx, input.customerId, input.billingAddress, input.email)
            : shippingAddress;

          const paymentContext = {
            regionId: cart.regionId,
            isPro: pricing.isPro,
            total,
            currencyCode: cart.currencyCode,
          };
          if (!offers(payment, input.paymentMethod, paymentContext))
            throw new CheckoutError(
              'payment-method',
              400,
              `Payment method '${input.paymentMethod}' is not available for this order`,
            );
          const sequence = (await tx.execute(sql`select nextval('order_numbers')::int as id`)) as unknown as {
            rows: { id: number }[];
          };
          const orderId = Number(sequence.rows[0]!.id);
          // Placed with its payment pending: the provider is asked once this transaction has committed.
          const paid = PAYMENT_PENDING_STATUS;
          const standing = placedStanding(ORDER_STATUS.awaitingPayment.id, input.paymentMethod);
          await tx.insert(orders).values({
            id: orderId,
            customerId: input.customerId,
            email: input.email.trim(),
            regionId: cart.regionId,
            currencyCode: cart.currencyCode,
            status: paid.status,
            statusId: paid.statusId,
            paymentStatus: standing.payment,
            fulfillmentStatus: standing.fulfillment,
            paidAt: null,
            subtotal,
            shippingCost: shippingCharged,
            total,
            discountCode: discount?.ok ? discount.code : null,
            discountAmount,
            shippingDiscount,
            billingAddress,
            shippingAddress,
            createdAt: placedAt,
            idempotencyKey: input.idempotencyKey,
            paymentMethod: input.paymentMethod,
            shippingMethod: method.name,
            placedBySession: input.sessionId ?? null,
            locale: input.locale && parseServedLocale(input.locale) ? input.locale : null,
          });
          await tx.insert(orderItems).values(
            items.map((item) => ({
              orderId,
              productId: item.product.id,
              variantId: item.variant.id,
              name: item.product.name,
              sku: item.variant.sku,
              quantity: item.line.quantity,
              price: item.price,
              discount: lineSaving.get(item.line.id) ?? 0,
            })),
          );
          if (discount?.ok && code)
            await redeemCode(tx, {
              codeId: code.row.id,
              code: code.row.code,
              orderId,
              shopperKey: shopper!,
              useNumber: code.byShopper + 1,
              amount: discount.total,
            });
          // The cart is closed: gone from the engine and from every session that pointed at it. A declined payment
          // puts it back as it was (order-payment.ts), so what it held is kept with the pending payment.
          await tx.delete(carts).where(eq(carts.id, cart.id));
          const holders = await tx
            .update(sessions)
            .set({ cartId: null })
            .where(eq(sessions.cartId, cart.id))
            .returning({ id: sessions.id });
          await recordPaymentPending(tx, {
            orderId,
            provider: payment.id,
            method: input.paymentMethod,
            locale: input.locale ?? 'en-us',
            recovery: {
              isPro: pricing.isPro,
              cart: {
                id: cart.id,
                regionId: cart.regionId,
                currencyCode: cart.currencyCode,
                customerId: cart.customerId,
                discountCode: cart.discountCode,
                createdAt: cart.createdAt.toISOString(),
                items: lines.map((line) => ({
                  id: line.id,
                  productId: line.productId,
                  variantId: line.variantId,
                  quantity: line.quantity,
                  createdAt: line.createdAt.toISOString(),
                })),
              },
              sessionIds: holders.map((holder) => holder.id),
            },
          });

          // Last, the stock (lines are in variant id order): a line another checkout emptied since the read above
          // rolls everything back.
          const gone: number[] = [];
          for (const item of items)
            if (
              item.product.inventoryTracking !== 'none' &&
              !(await takeStock(tx, item.variant.id, item.line.quantity))
            )
              gone.push(item.variant.id);
          if (gone.length)
            throw new CheckoutError('sold-out', 409, 'Part of the cart has sold out', { variantIds: gone });
          for (const productId of productIds) {
            const sold = items
              .filter((item) => item.product.id === productId && item.product.inventoryTracking !== 'none')
              .reduce((sum, item) => sum + item.line.quantity, 0);
            if (sold > 0)
              await tx
                .update(products)
                .set({ inventoryLevel: sql`greatest(${products.inventoryLevel} - ${sold}, 0)` })
                .where(eq(products.id, productId));
          }
          return {
            orderId,
            replay: false,
            paymentPending: true as const,
            email: input.email.trim(),
            total,
            currencyCode: cart.currencyCode,
          };
        });
      } catch (error) {
        if (isUniqueViolation(error)) {
          const again = await existing(db, input.idempotencyKey);
          if (again) return again;
        }
        throw error;
      }
    },
  };
  return api;
}

export type Checkout = ReturnType<typeof createCheckout>;
