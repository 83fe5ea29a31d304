import { data, redirect } from 'react-router';
import { z } from 'zod';
import { formQuantity as quantity } from '#core/line-item.ts';
import { CartPage } from '../components/cart/cart-page.tsx';
import { parseForm } from '../lib/account/forms.ts';
import { csrfOk, fromScript } from '../lib/account/session.server.ts';
import { cartRefusal, loadSessionCart } from '../lib/cart/cart.server.ts';
import { attempt } from '../lib/forms/refusal.server.ts';
import { type StorefrontContext, storefrontContext } from '../lib/router/storefront-context.server.ts';
import { rootText } from '../lib/seo/page-meta.ts';
import type { RouteHandle } from '../lib/shell/layout.ts';
import cartStyles from '../styles/cart.css?url';
import type { Route } from './+types/cart';

// The recently viewed row (decision 0049): fetched with this page's code, started when the browser is idle.
if (typeof document !== 'undefined') void import('../lib/recently-viewed/row.ts');

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: cartStyles }];
export const handle = { name: 'cart' } satisfies RouteHandle;

const cartSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('update'), itemId: z.uuid({ error: 'error stale cart' }), quantity }),
  z.object({ intent: z.literal('remove'), itemId: z.uuid({ error: 'error stale cart' }) }),
  z.object({
    intent: z.literal('apply-code'),
    code: z
      .string({ error: 'discount enter code' })
      .trim()
      .min(1, { error: 'discount enter code' })
      .max(64, { error: 'discount unknown code' }),
  }),
  z.object({ intent: z.literal('remove-code') }),
]);

const CART_NOTICES: Record<string, string> = {
  'stale-cart': 'error stale cart',
  'sold-out': 'error sold out',
};

/** `code`: the answer is about the discount-code form (its message shows there, not on a line). */
export type CartActionData = { ok: boolean; itemId?: string; error?: string; code?: boolean };

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = await storefrontContext(request, context);
  const { locale, session } = ctx;
  if (!locale.shoppingRegion)
    return { shopping: false as const, cart: null, csrf: null, segment: locale.segment };
  const cart = await loadSessionCart(ctx);
  // Checkout sends the shopper here when the cart changed under it (closed or emptied in another window) or part
  // of it sold out.
  const notice = CART_NOTICES[new URL(request.url).searchParams.get('notice') ?? ''] ?? null;
  return {
    shopping: true as const,
    notice,
    cart: cart?.view ?? null,
    csrf: session?.csrfToken ?? null,
    segment: locale.segment,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = await storefrontContext(request, context);
  const form = await request.formData();
  const back = `/${ctx.locale.segment}/cart`;
  const fail = (error: string, status: number, itemId?: string) =>
    data<CartActionData>({ ok: false, error, itemId }, { status });
  if (!csrfOk(ctx, form)) return fail('error session expired', 403);
  const parsed = parseForm(cartSchema, form);
  const codeForm = ['apply-code', 'remove-code'].includes(String(form.get('intent')));
  if (!parsed.ok) {
    const error = Object.values(parsed.errors)[0]!;
    if (codeForm) return data<CartActionData>({ ok: false, error, code: true }, { status: 400 });
    return fail(error, 400, String(form.get('itemId') ?? ''));
  }
  const input = parsed.data;
  if (input.intent === 'apply-code' || input.intent === 'remove-code')
    return codeAction(ctx, input, form, back);
  const cart = await loadSessionCart(ctx);
  const line = cart?.raw.line_items.physical_items.find((item) => item.id === input.itemId);
  if (!cart || !line) return fail('error stale cart', 409, input.itemId);
  const commerce = ctx.services.commerce;
  const done = await attempt(ctx, () =>
    input.intent === 'remove'
      ? commerce.carts.deleteItem(cart.raw.id, line.id)
      : commerce.carts.updateItem(cart.raw.id, line.id, {
          product_id: line.product_id,
          variant_id: line.variant_id,
          quantity: input.quantity,
        }),
  );
  if (!done.ok) {
    const refused = cartRefusal(done.code, 'line');
    return fail(refused.message, refused.status, input.itemId);
  }
  if (!fromScript(form)) throw redirect(back, 303);
  return data<CartActionData>({ ok: true, itemId: input.itemId });
}

/**
 * Enters or removes the cart's discount code. Each attempt is counted against the client's throttle (the sign-in's
 * limit), so codes cannot be guessed faster than passwords; a refusal says why in the shopper's language.
 */
async function codeAction(
  ctx: StorefrontContext,
  input: { intent: 'apply-code'; code: string } | { intent: 'remove-code' },
  form: FormData,
  back: string,
) {
  const cart = await loadSessionCart(ctx);
  if (!cart)
    return data<CartActionData>({ ok: false, error: 'error stale cart', code: true }, { status: 409 });
  const commerce = ctx.services.commerce;
  const done = await attempt(ctx, () =>
    input.intent === 'apply-code'
      ? commerce.carts.applyCode(cart.raw.id, input.code, () => commerce.discountCodeThrottle(ctx.caller.ip))
      : commerce.carts.removeCode(cart.raw.id),
  );
  if (!done.ok) {
    const refused = cartRefusal(done.code, 'code');
    return data<CartActionData>(
      { ok: false, error: refused.message, code: true },
      { status: refused.status },
    );
  }
  if (!fromScript(form)) throw redirect(back, 303);
  return data<CartActionData>({ ok: true, code: true });
}

export function meta({ matches }: Route.MetaArgs) {
  const t = rootText(matches);
  return [
    { title: `${t('your cart', 'Your cart')} | Ridgeline Snowshoe Co.` },
    {
      name: 'description',
      content: t('cart description', 'Your cart at Ridgeline: items, shipping estimate and checkout.'),
    },
    // A cart is personal: never in a search index (Lighthouse's is-crawlable audit flags this on purpose).
    { name: 'robots', content: 'noindex' },
  ];
}

export default function Cart({ loaderData, actionData }: Route.ComponentProps) {
  return <CartPage data={loaderData} actionData={actionData ?? null} />;
}
