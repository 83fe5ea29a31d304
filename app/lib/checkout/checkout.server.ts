import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { formatCurrency } from '#core/currency-format.ts';
import { type ErrorCode, statusOf, textKeyOf } from '#core/error-codes.ts';
import type { CheckoutAddress } from '#server/commerce/index.ts';
import { type ActionErrors, type FieldErrors, parseForm } from '../account/forms.ts';
import { addressSchema, emailField } from '../account/schemas.ts';
import { csrfOk } from '../account/session.server.ts';
import { loadSessionCart } from '../cart/cart.server.ts';
import { attempt } from '../forms/refusal.server.ts';
import type { StorefrontContext } from '../router/storefront-context.server.ts';

/** The checkout page's data and the place-order action (route module stays thin). */

export async function checkoutData(ctx: StorefrontContext) {
  const cart = await loadSessionCart(ctx);
  if (!cart || cart.view.lines.length === 0) return null;
  const commerce = ctx.services.commerce;
  const customer = ctx.session?.customer ?? null;
  const pricing = await commerce.groups.pricing(cart.raw.region, customer?.id ?? null);
  const format = await commerce.currencies.get(cart.raw.currency.code);
  const money = (value: number) => formatCurrency(value, format);
  // Shipping is quoted on the subtotal before a discount code, as checkout charges it (decision 0038).
  const freeShippingCode = cart.view.discount?.freeShipping === true;
  const [options, addresses, pro] = await Promise.all([
    commerce.checkout.shippingOptions(cart.raw.region, cart.raw.base_amount, pricing.groupId),
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
    subtotalAmount: cart.raw.base_amount,
    csrf: ctx.session!.csrfToken,
    idempotencyKey: randomUUID(),
    email: customer?.email ?? '',
    signedIn: Boolean(customer),
    addresses: addresses.map((address) => ({
      id: address.id,
      label: `${address.first_name} ${address.last_name}, ${address.address1}, ${address.city} ${address.state_or_province} ${address.postal_code}, ${address.country}`,
      isDefault: address.is_default,
    })),
    shippingOptions: options.map((option) => {
      const cost = option.free || freeShippingCode ? 0 : option.cost;
      return {
        id: option.id,
        name: option.name,
        cost: cost === 0 ? null : money(cost),
        total: money(Math.round((cart.raw.cart_amount + cost) * 100) / 100),
      };
    }),
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

export type PlaceOrderResult = { ok: true; orderId: number } | ({ ok: false; status: number } & ActionErrors);

export async function placeOrderFromForm(ctx: StorefrontContext, form: FormData): Promise<PlaceOrderResult> {
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
  if (!csrfOk(ctx, form)) return fail(403, {}, 'error session expired');
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
  const check = await ctx.services.botProtection.verify(input.token, 'checkout');
  if (!check.ok) return fail(403, {}, 'error bot check');
  const session = ctx.session!;
  const commerce = ctx.services.commerce;
  if (!session.cartId) {
    // A repeated submission after the order closed the cart: the key's order is the answer.
    const replay = await commerce.checkout.findByIdempotencyKey(input.idempotency_key);
    if (replay) return { ok: true, orderId: replay.orderId };
    return fail(409, {}, 'error stale cart');
  }
  const placed = await attempt(ctx, () =>
    commerce.checkout.placeOrder({
      cartId: session.cartId!,
      customerId: session.customer?.id ?? null,
      sessionId: session.sessionId,
      email: input.email,
      shippingAddress: shipping,
      billingAddress: billing,
      shippingMethodId: input.shipping_method,
      paymentMethod: input.payment_method,
      idempotencyKey: input.idempotency_key,
      expectedSubtotal: input.expected_subtotal,
      locale: ctx.locale.segment,
    }),
  );
  if (placed.ok) return { ok: true, orderId: placed.value.orderId };
  const field = CHECKOUT_FIELDS[placed.code];
  return fail(
    statusOf(placed.code),
    field ? { [field]: textKeyOf(placed.code) } : {},
    textKeyOf(placed.code),
  );
}

/** Refusals that are about one field of the form. */
const CHECKOUT_FIELDS: Partial<Record<ErrorCode, string>> = {
  address: 'address_choice',
  'shipping-method': 'shipping_method',
  'payment-method': 'payment_method',
};
