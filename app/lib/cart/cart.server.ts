import type { RouterContextProvider } from 'react-router';
import type { CurrencyFormatSettings } from '#core/currency-format.ts';
import { type ErrorCode, statusOf, textKeyOf } from '#core/error-codes.ts';
import type { StorefrontCommerce } from '#server/commerce/index.ts';
import { optional } from '../router/optional.server.ts';
import { type StorefrontContext, storefrontContext } from '../router/storefront-context.server.ts';
import { type CartView, cartView } from './cart-view.ts';

export type CartData = Awaited<ReturnType<StorefrontCommerce['carts']['get']>>;

export async function currencyFormatOf(
  commerce: StorefrontCommerce,
  code: string,
): Promise<CurrencyFormatSettings> {
  return commerce.currencies.get(code);
}

/**
 * The session's cart for a page (which cart is usable is the §4 rule, server/sessions/session-cart.ts), with the
 * shipping estimate for this subtotal and customer group.
 */
export async function loadSessionCart(
  ctx: StorefrontContext,
): Promise<{ raw: CartData; view: CartView } | null> {
  const { services, session } = ctx;
  const commerce = services.commerce;
  const row = await services.sessionCart.usable(session);
  if (!row) return null;
  const customerId = session?.customer?.id ?? null;
  const raw = await commerce.carts.get(row.id);
  const pricing = await commerce.groups.pricing(raw.region, customerId);
  const [format, minimum] = await Promise.all([
    currencyFormatOf(commerce, raw.currency.code),
    optional(
      services,
      'Free-shipping minimum',
      // The same minimum the top bar promises (lib/shell/free-shipping.server.ts), for the storefront's country.
      commerce.shipping.freeShippingFrom(raw.region, ctx.locale.country, pricing.groupId),
      null,
    ),
  ]);
  return { raw, view: cartView(raw, format, minimum, ctx.locale.segment) };
}

/**
 * Why a cart form was refused, as the page shows it: the status and display-text key for the engine's code, for
 * an add, a change to a line or a discount code.
 */
export function cartRefusal(
  code: ErrorCode,
  about: 'add' | 'line' | 'code',
): { status: number; message: string } {
  // On an add or a line, 'sold-out' means this quantity is more than is left, not that an order lost a race.
  if (code === 'sold-out' && about !== 'code')
    return { status: statusOf(code), message: 'error not enough stock' };
  // Any other refusal of a line (gone, changed elsewhere) means the page shows a cart that is no longer so.
  if (about === 'line') return { status: 409, message: 'error stale cart' };
  return { status: statusOf(code), message: textKeyOf(code) };
}

export async function cartForRequest(request: Request, context: Readonly<RouterContextProvider>) {
  const ctx = await storefrontContext(request, context);
  return { ctx, cart: await loadSessionCart(ctx) };
}
