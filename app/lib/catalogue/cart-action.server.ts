import { data, type RouterContextProvider } from 'react-router';
import { formLineItem } from '#core/line-item.ts';
import { parseForm } from '../account/forms.ts';
import { csrfOk } from '../account/session.server.ts';
import { cartRefusal } from '../cart/cart.server.ts';
import { attempt } from '../forms/refusal.server.ts';
import { storefrontContext } from '../router/storefront-context.server.ts';
import type { AddToCartResult } from './cart.ts';

/**
 * Add to cart from a form (product page, quick-add, compare): the session cart's add, which the mini cart and
 * `POST /api/cart/create` share. Works without JavaScript; a page without a session gets one here, from the
 * session this request already read. The form carries the session's csrf token. A refusal (unknown product, sold
 * out, too many) answers its code's status and message.
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
  // An existing session must send its own token (SPEC §6 anti-forgery); a new one has no cart to protect.
  if (ctx.session && !csrfOk(ctx, form)) return fail('forbidden', 403);
  const { session, setCookie } = services.sessions.ensureFrom(ctx.session, request, ctx.caller.https);
  const added = await attempt(ctx, () =>
    services.sessionCart.add(session, locale.commerceRegion, [parsed.data]),
  );
  const init = setCookie ? { headers: { 'Set-Cookie': setCookie } } : {};
  if (!added.ok) {
    const refused = cartRefusal(added.code, 'add');
    return data<AddToCartResult>(
      { ok: false, productId, error: 'unavailable', message: refused.message },
      { ...init, status: refused.status },
    );
  }
  return data<AddToCartResult>(
    {
      ok: true,
      productId,
      cartId: added.value.cart.id,
      ...(setCookie ? { csrfToken: session.csrfToken } : {}),
    },
    init,
  );
}
