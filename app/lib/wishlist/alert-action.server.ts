import { data, redirect } from 'react-router';
import { z } from 'zod';
import { csrfOk } from '../account/session.server.ts';
import type { StorefrontContext } from '../router/storefront-context.server.ts';

const alertForm = z.object({
  product: z.coerce.number().int().positive(),
  on: z.literal('on').optional(),
  size: z.union([z.literal('any'), z.coerce.number().int().positive()]).default('any'),
});

export interface AlertActionResult {
  intent: 'alert';
  product: number;
  ok: boolean;
}

/**
 * The wishlist's mail setting for one product (issue 45, decision 0054): on with a size (or any) or off, for the
 * signed-in customer of the session, in the page's locale and commerce region (the price it watches). The form
 * works without JavaScript: a plain post is answered by the page again.
 */
export async function wishlistAlertAction(ctx: StorefrontContext, form: FormData) {
  const segment = ctx.locale.segment;
  const customer = ctx.session?.customer;
  if (!customer)
    throw redirect(
      `/${segment}/account/login?returnTo=${encodeURIComponent(`/${segment}/account/wishlist`)}`,
      303,
    );
  const parsed = alertForm.safeParse({
    product: form.get('product'),
    on: form.get('on') ?? undefined,
    size: form.get('size') ?? undefined,
  });
  if (!parsed.success || !csrfOk(ctx, form))
    return data<AlertActionResult>(
      { intent: 'alert', product: parsed.success ? parsed.data.product : 0, ok: false },
      { status: 400 },
    );
  const { product, on, size } = parsed.data;
  const ok = await ctx.services.wishlistAlerts.choose(customer.id, product, {
    on: on === 'on',
    variantId: size === 'any' ? null : size,
    locale: segment,
    regionId: ctx.locale.commerceRegion,
  });
  return data<AlertActionResult>({ intent: 'alert', product, ok }, { status: ok ? 200 : 400 });
}
