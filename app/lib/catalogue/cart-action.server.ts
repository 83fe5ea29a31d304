import { data, type RouterContextProvider } from 'react-router';
import { CommerceError, commerceFor, requestIsHttps } from '#server/commerce/index.ts';
import { storefrontContext } from '../storefront-context.server.ts';

import type { AddToCartResult } from './cart.ts';

const positive = (value: FormDataEntryValue | null, max: number) => {
  const number = Number(value);
  return Number.isInteger(number) && number >= 1 && number <= max ? number : null;
};

/**
 * Add to cart from a form (product page, quick-add): the same commerce engine the /api cart calls use. Works
 * without JavaScript; a page without a session gets one here. The form carries the session's csrf token.
 */
export async function addToCartAction(
  request: Request,
  context: Readonly<RouterContextProvider>,
  form: FormData,
) {
  const { services, locale } = await storefrontContext(request, context);
  const productId = positive(form.get('product_id'), 999_999_999);
  const variantId = form.get('variant_id') ? positive(form.get('variant_id'), 999_999_999) : undefined;
  const quantity = positive(form.get('quantity') ?? '1', 99);
  const fail = (error: AddToCartResult['error'], status: number) =>
    data<AddToCartResult>({ ok: false, productId, error }, { status });
  if (!locale.shoppingRegion) return fail('not-sold', 400);
  if (productId === null || variantId === null || quantity === null) return fail('invalid', 400);
  const commerce = commerceFor(services);
  const { session, setCookie } = await commerce.sessions.ensure(
    request,
    requestIsHttps(request, services.config.TRUST_PROXY),
  );
  // An existing session must send its own token (SPEC §6 anti-forgery); a new one has no cart to protect.
  if (!setCookie && form.get('csrf') !== session.csrfToken) return fail('forbidden', 403);
  const line = { product_id: productId, quantity, ...(variantId ? { variant_id: variantId } : {}) };
  const customerId = session.customer?.id ?? null;
  try {
    const existing = session.cartId ? await commerce.carts.find(session.cartId) : null;
    const usable =
      existing && existing.regionId === locale.commerceRegion && (existing.customerId ?? null) === customerId;
    let cartId: string;
    if (usable) {
      await commerce.carts.addItems(existing.id, [line]);
      cartId = existing.id;
    } else {
      const cart = await commerce.carts.create(locale.commerceRegion, customerId, [line]);
      cartId = cart.id;
      await commerce.sessions.setCart(session.sessionId, cartId);
    }
    return data<AddToCartResult>(
      { ok: true, productId, cartId },
      setCookie ? { headers: { 'Set-Cookie': setCookie } } : undefined,
    );
  } catch (error) {
    if (error instanceof CommerceError) return fail('unavailable', error.status === 404 ? 404 : 409);
    throw error;
  }
}
