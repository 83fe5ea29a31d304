import type { RouterContextProvider } from 'react-router';
import type { CurrencyFormatSettings } from '#core/currency-format.ts';
import { hidesFreeShipping } from '#core/shipping-cost.ts';
import { type Commerce, commerceFor } from '#server/commerce/index.ts';
import { type StorefrontContext, storefrontContext } from '../storefront-context.server.ts';
import { type CartView, cartView } from './cart-view.ts';

export type CartData = Awaited<ReturnType<Commerce['carts']['get']>>;

/** The region's free-shipping minimum this shopper can reach, or null (none, or hidden for their group: §6). */
async function freeShippingMinimum(commerce: Commerce, regionId: string, groupId: number | null) {
  const [zone] = await commerce.shipping.zones(regionId);
  if (!zone) return null;
  const [methods, settings] = await Promise.all([
    commerce.shipping.methods(regionId, zone.id),
    commerce.shipping.settings(regionId),
  ]);
  if (hidesFreeShipping(groupId, settings)) return null;
  const free = methods.find((method) => method.enabled && method.type === 'freeshipping');
  const minimum = Number(free?.settings?.carrier_options?.minimum_sub_total ?? 0);
  return free ? minimum : null;
}

export async function currencyFormatOf(commerce: Commerce, code: string): Promise<CurrencyFormatSettings> {
  return commerce.currencies.get(code);
}

/**
 * The §4 cart lifecycle for a page: the session's cart id → the cart; a cart whose customer differs from the
 * session's is deleted, a missing one is cleared from the session; otherwise shipping zone, methods and
 * settings are read and the shipping estimate computed for this subtotal and customer group.
 */
export async function loadSessionCart(
  ctx: StorefrontContext,
): Promise<{ raw: CartData; view: CartView } | null> {
  const { services, session } = ctx;
  if (!session?.cartId) return null;
  const commerce = commerceFor(services);
  const row = await commerce.carts.find(session.cartId);
  if (!row) {
    await commerce.sessions.setCart(session.sessionId, null);
    return null;
  }
  const customerId = session.customer?.id ?? null;
  if ((row.customerId ?? null) !== customerId) {
    // §4: deleting a cart clears local state even when the platform call fails.
    await commerce.carts.delete(row.id).catch((error: unknown) => {
      services.logger.warn({ err: error, cartId: row.id }, 'cart delete failed');
    });
    await commerce.sessions.setCart(session.sessionId, null);
    return null;
  }
  const raw = await commerce.carts.get(row.id);
  const pricing = await commerce.groups.pricing(raw.region, customerId);
  const [format, minimum] = await Promise.all([
    currencyFormatOf(commerce, raw.currency.code),
    freeShippingMinimum(commerce, raw.region, pricing.groupId).catch(() => null),
  ]);
  return { raw, view: cartView(raw, format, minimum, ctx.locale.segment) };
}

export async function cartForRequest(request: Request, context: Readonly<RouterContextProvider>) {
  const ctx = await storefrontContext(request, context);
  return { ctx, cart: await loadSessionCart(ctx) };
}
