import { data, type RouterContextProvider } from 'react-router';
import { statusOf, textKeyOf } from '#core/error-codes.ts';
import { formLineItem } from '#core/line-item.ts';
import { parseForm } from '../account/forms.ts';
import { attempt } from '../forms/refusal.server.ts';
import { storefrontContext } from '../router/storefront-context.server.ts';
import type { AddToCartResult } from './cart.ts';

/**
 * Add to cart from a form (product page, quick-add): routes the intent to the session-cart use case the mini
 * cart shares. Works without JavaScript; a page without a session gets one here. The form carries the session's
 * csrf token. A refusal (unknown product, sold out, too many) answers its code's status and message.
 */
export async function addToCartAction(
  request: Request,
  context: Readonly<RouterContextProvider>,
  form: FormData,
) {
  const ctx = await storefrontContext(request, context);
  const { services, locale } = ctx;
  const parsed = parseForm(formLineItem, form);
  const productId = parsed.ok ? parsed.data.product_id : null;
  const fail = (error: AddToCartResult['error'], status: number) =>
    data<AddToCartResult>({ ok: false, productId, error }, { status });
  if (!locale.shoppingRegion) return fail('not-sold', 400);
  if (!parsed.ok) return fail('invalid', 400);
  const { sessions, sessionCart } = services.commerce;
  const { session, setCookie } = await sessions.ensure(request, ctx.caller.https);
  // An existing session must send its own token (SPEC §6 anti-forgery); a new one has no cart to protect.
  if (!setCookie && !sessions.csrfMatches(session, form.get('csrf'))) return fail('forbidden', 403);
  const added = await attempt(ctx, () => sessionCart.addLine(session, locale.commerceRegion, parsed.data));
  const init = setCookie ? { headers: { 'Set-Cookie': setCookie } } : {};
  if (!added.ok)
    return data<AddToCartResult>(
      {
        ok: false,
        productId,
        error: 'unavailable',
        // 'sold-out' here means this quantity is more than is left, not that an order lost a race.
        message: added.code === 'sold-out' ? 'error not enough stock' : textKeyOf(added.code),
      },
      { ...init, status: statusOf(added.code) },
    );
  return data<AddToCartResult>(
    {
      ok: true,
      productId,
      cartId: added.value.cartId,
      ...(setCookie ? { csrfToken: session.csrfToken } : {}),
    },
    init,
  );
}
