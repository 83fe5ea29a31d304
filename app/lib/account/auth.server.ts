import { localizedPath } from '#core/locale-prefix.ts';
import { type CustomerJson, commerceFor, requestIsHttps } from '#server/commerce/index.ts';
import { localeFreeReturnPath } from '../return-path.ts';
import type { StorefrontContext } from '../storefront-context.server.ts';

/**
 * Signs a customer in for a page request (§4): a session cart with no customer, or the customer's own, is
 * attached to the customer; the session id is replaced (no fixation). Returns the Set-Cookie value.
 */
export async function signInCustomer(ctx: StorefrontContext, request: Request, customer: CustomerJson) {
  const commerce = commerceFor(ctx.services);
  const session = ctx.session;
  let cartId = session?.cartId ?? null;
  if (cartId) {
    const cart = await commerce.carts.find(cartId);
    if (cart && cart.customerId === null) await commerce.carts.assignCustomer(cartId, customer.id);
    else if (!cart || cart.customerId !== customer.id) cartId = null;
  }
  const signedIn = await commerce.sessions.signIn(
    session,
    customer,
    cartId,
    requestIsHttps(request, ctx.services.config.TRUST_PROXY),
  );
  return signedIn.setCookie;
}

/** Where to go after signing in: a local path from `returnTo`, in the current locale; else the account. */
export function afterSignIn(ctx: StorefrontContext, returnTo: string | null | undefined): string {
  if (!returnTo) return `/${ctx.locale.segment}/account`;
  const path = localeFreeReturnPath(returnTo);
  return path === '/' ? `/${ctx.locale.segment}/account` : localizedPath(ctx.locale, path);
}
