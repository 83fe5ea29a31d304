import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { formatCurrency } from '#core/currency-format.ts';
import { BOT_CHECK_FAILED } from '#server/bot-protection/bot-protection.ts';
import {
  type CheckoutAddress,
  type CheckoutErrorCode,
  commerceFor,
  isCheckoutError,
} from '#server/commerce/index.ts';
import { DISPLAY_TEXT_DEFAULTS } from '#server/content/display-text-defaults.ts';
import { mailerFor } from '#server/mail/mailer.ts';
import { orderConfirmationMessage } from '#server/mail/messages.ts';
import { type ActionErrors, type FieldErrors, parseForm } from '../account/forms.ts';
import { addressSchema, emailField } from '../account/schemas.ts';
import { csrfOk } from '../account/session.server.ts';
import { botProtectionFor } from '../bot-protection.server.ts';
import { loadSessionCart } from '../cart/cart.server.ts';
import type { StorefrontContext } from '../storefront-context.server.ts';

/** The checkout page's data and the place-order action (route module stays thin). */

export async function checkoutData(ctx: StorefrontContext) {
  const cart = await loadSessionCart(ctx);
  if (!cart || cart.view.lines.length === 0) return null;
  const commerce = commerceFor(ctx.services);
  const customer = ctx.session?.customer ?? null;
  const pricing = await commerce.groups.pricing(cart.raw.region, customer?.id ?? null);
  const format = await commerce.currencies.get(cart.raw.currency.code);
  const money = (value: number) => formatCurrency(value, format);
  const [options, addresses, pro] = await Promise.all([
    commerce.checkout.shippingOptions(cart.raw.region, cart.raw.cart_amount, pricing.groupId),
    customer ? commerce.customers.addresses(customer.id) : Promise.resolve([]),
    customer && pricing.isPro ? commerce.groups.proStatus(customer.id) : Promise.resolve(null),
  ]);
  const payments = commerce.checkout.payment.methods({
    regionId: cart.raw.region,
    isPro: pricing.isPro,
    total: cart.raw.cart_amount,
    currencyCode: cart.raw.currency.code,
  });
  return {
    cart: cart.view,
    subtotalAmount: cart.raw.cart_amount,
    csrf: ctx.session!.csrfToken,
    idempotencyKey: randomUUID(),
    email: customer?.email ?? '',
    signedIn: Boolean(customer),
    addresses: addresses.map((address) => ({
      id: address.id,
      label: `${address.first_name} ${address.last_name}, ${address.address1}, ${address.city} ${address.state_or_province} ${address.postal_code}, ${address.country}`,
      isDefault: address.is_default,
    })),
    shippingOptions: options.map((option) => ({
      id: option.id,
      name: option.name,
      cost: option.free ? null : money(option.cost),
      total: money(cart.raw.cart_amount + option.cost),
    })),
    payments: payments.map((method) => ({
      id: method.id,
      labelKey: method.labelKey,
      instructionsKey: method.instructionsKey,
    })),
    pro: pro
      ? {
          spend: money(pro.order_total),
          limit: money(pro.spend_limit),
          remaining: money(Math.max(0, pro.spend_limit - pro.order_total)),
          overLimit: pro.order_total + cart.raw.cart_amount > pro.spend_limit,
        }
      : null,
    country: ctx.locale.country,
  };
}

const checkoutSchema = z.object({
  email: emailField,
  address_choice: z.string().min(1, { error: 'error address' }),
  shipping_method: z.coerce
    .number({ error: 'error shipping method' })
    .int()
    .positive({ error: 'error shipping method' }),
  payment_method: z.string().min(1, { error: 'error payment method' }).max(40),
  billing_same: z.string().optional(),
  idempotency_key: z.uuid({ error: 'error stale cart' }),
  expected_subtotal: z.coerce.number({ error: 'error price changed' }).nonnegative().max(10_000_000),
  token: z.string().max(4000).optional(),
});

const prefixed = (form: FormData, prefix: string) => {
  const values: Record<string, string> = {};
  for (const [key, value] of form.entries())
    if (key.startsWith(prefix) && typeof value === 'string') values[key.slice(prefix.length)] = value;
  return values;
};

const withPrefix = (errors: FieldErrors, prefix: string): FieldErrors =>
  Object.fromEntries(Object.entries(errors).map(([key, value]) => [`${prefix}${key}`, value]));

/** Checkout refusals → display-text keys. */
export const CHECKOUT_MESSAGES: Record<CheckoutErrorCode, string> = {
  'empty-cart': 'error stale cart',
  'stale-cart': 'error stale cart',
  'sold-out': 'error sold out',
  'price-changed': 'error price changed',
  'spend-limit': 'error spend limit',
  'payment-method': 'error payment method',
  'shipping-method': 'error shipping method',
  address: 'error address',
};

export type PlaceOrderResult = { ok: true; orderId: number } | ({ ok: false; status: number } & ActionErrors);

export async function placeOrderFromForm(
  ctx: StorefrontContext,
  form: FormData,
  origin: string,
): Promise<PlaceOrderResult> {
  const values = Object.fromEntries(
    [...form.entries()].filter(([key]) => !['csrf', 'token'].includes(key)).map(([k, v]) => [k, String(v)]),
  );
  const fail = (status: number, errors: FieldErrors, formError?: string): PlaceOrderResult => ({
    ok: false,
    status,
    errors,
    formError,
    values,
  });
  if (!csrfOk(ctx.session, form)) return fail(403, {}, 'error session expired');
  const parsed = parseForm(checkoutSchema, form);
  const errors: FieldErrors = parsed.ok ? {} : { ...parsed.errors };
  const choice = String(form.get('address_choice') ?? 'new');
  let shipping: CheckoutAddress | { addressId: number } | null = null;
  if (choice === 'new') {
    const address = parseForm(addressSchema, prefixed(form, 'ship_'));
    if (address.ok) shipping = address.data;
    else Object.assign(errors, withPrefix(address.errors, 'ship_'));
  } else if (/^[1-9]\d{0,8}$/.test(choice)) shipping = { addressId: Number(choice) };
  else errors.address_choice = 'error address';
  let billing: CheckoutAddress | null = null;
  if (!form.get('billing_same')) {
    const address = parseForm(addressSchema, prefixed(form, 'bill_'));
    if (address.ok) billing = address.data;
    else Object.assign(errors, withPrefix(address.errors, 'bill_'));
  }
  if (!parsed.ok || Object.keys(errors).length || !shipping) return fail(400, errors, 'error check form');
  const input = parsed.data;
  const check = await botProtectionFor(ctx.services).verify(input.token, 'checkout');
  if (!check.ok) return fail(403, {}, BOT_CHECK_FAILED);
  const session = ctx.session!;
  const commerce = commerceFor(ctx.services);
  if (!session.cartId) {
    // A repeated submission after the order closed the cart: the key's order is the answer.
    const replay = await commerce.checkout.findByIdempotencyKey(input.idempotency_key);
    if (replay) return { ok: true, orderId: replay.orderId };
    return fail(409, {}, 'error stale cart');
  }
  try {
    const placed = await commerce.checkout.placeOrder({
      cartId: session.cartId,
      customerId: session.customer?.id ?? null,
      sessionId: session.sessionId,
      email: input.email,
      shippingAddress: shipping,
      billingAddress: billing,
      shippingMethodId: input.shipping_method,
      paymentMethod: input.payment_method,
      idempotencyKey: input.idempotency_key,
      expectedSubtotal: input.expected_subtotal,
    });
    if (!placed.replay) await sendConfirmation(ctx, placed.orderId, origin);
    return { ok: true, orderId: placed.orderId };
  } catch (error) {
    if (isCheckoutError(error)) {
      const field: FieldErrors =
        error.code === 'address'
          ? { address_choice: 'error address' }
          : error.code === 'shipping-method'
            ? { shipping_method: 'error shipping method' }
            : error.code === 'payment-method'
              ? { payment_method: 'error payment method' }
              : {};
      return fail(error.status === 404 ? 400 : error.status, field, CHECKOUT_MESSAGES[error.code]);
    }
    throw error;
  }
}

/** The order e-mail, after the commit; a mail failure is logged and never undoes the order. */
async function sendConfirmation(ctx: StorefrontContext, orderId: number, origin: string) {
  try {
    const commerce = commerceFor(ctx.services);
    const order = await commerce.orders.get(orderId);
    const row = await commerce.orders.find(orderId);
    const format = await commerce.currencies.get(order.currency_code);
    const method = commerce.checkout.payment
      .methods({
        regionId: order.region,
        isPro: true,
        total: order.total_inc_tax,
        currencyCode: order.currency_code,
      })
      .find((entry) => entry.id === row?.paymentMethod);
    const texts = DISPLAY_TEXT_DEFAULTS as Record<string, string>;
    await mailerFor(ctx.services).send(
      orderConfirmationMessage({
        id: order.id,
        email: row?.email ?? '',
        firstName: order.shipping_address.first_name,
        status: order.status,
        currency: format,
        items: order.products.map((item) => ({
          name: item.name,
          sku: item.sku,
          quantity: item.quantity,
          price: item.price_inc_tax,
        })),
        subtotal: order.subtotal_inc_tax,
        shippingCost: order.shipping_cost_inc_tax,
        total: order.total_inc_tax,
        shippingMethod: row?.shippingMethod ?? '',
        paymentInstructions: method
          ? (texts[method.instructionsKey] ?? '').replace('{order}', String(order.id))
          : '',
        orderUrl: `${origin}/${ctx.locale.segment}/order-status?order=${order.id}`,
      }),
    );
  } catch (error) {
    ctx.services.logger.error({ err: error, orderId }, 'order e-mail failed');
  }
}
