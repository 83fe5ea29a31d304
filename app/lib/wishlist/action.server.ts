import { data, redirect } from 'react-router';
import { z } from 'zod';
import { localizedPath } from '#core/locale-prefix.ts';
import { csrfOk, fromScript } from '../account/session.server.ts';
import { localeFreeReturnPath } from '../forms/return-path.ts';
import type { StorefrontContext } from '../router/storefront-context.server.ts';

const productField = z.coerce.number().int().positive();
const variantField = z.coerce.number().int().positive().nullable().catch(null);

/**
 * A heart's post (issue 45): save or remove for the signed-in customer of the session (never an id from the
 * form or URL but the product's), or the device's list after sign-in (`merge`). The enhanced page (`js=1`)
 * reads JSON; a plain form is sent back where it came from. A guest's plain post (no JavaScript, so no device
 * list) is sent to sign in, and comes back to the page after.
 */
export async function wishlistAction(ctx: StorefrontContext, form: FormData) {
  const script = fromScript(form);
  const returnTo = localeFreeReturnPath(form.get('return'));
  const back = localizedPath(ctx.locale, returnTo);
  const customer = ctx.session?.customer;
  if (!customer) {
    if (script) return data({ error: 'signed-out' }, { status: 401 });
    throw redirect(
      `/${ctx.locale.segment}/account/login?returnTo=${encodeURIComponent(localizedPath(ctx.locale, returnTo))}`,
      303,
    );
  }
  if (!csrfOk(ctx, form)) {
    if (script) return data({ error: 'session expired' }, { status: 403 });
    throw redirect(back, 303);
  }
  const wishlists = ctx.services.wishlists;
  const intent = form.get('intent');
  if (intent === 'merge') {
    let items: unknown;
    try {
      items = JSON.parse(String(form.get('items') ?? '[]'));
    } catch {
      return data({ error: 'invalid' }, { status: 400 });
    }
    const parsed = await wishlists.merge(customer.id, items).catch((error: unknown) => {
      if (error instanceof z.ZodError) return null;
      throw error;
    });
    if (parsed === null) return data({ error: 'invalid' }, { status: 400 });
    return data({ added: parsed });
  }
  const product = productField.safeParse(form.get('product'));
  if (!product.success || (intent !== 'add' && intent !== 'remove'))
    return script ? data({ error: 'invalid' }, { status: 400 }) : redirect(back, 303);
  let saved: boolean;
  let full = false;
  if (intent === 'add') {
    const result = await wishlists.add(customer.id, product.data, variantField.parse(form.get('variant')));
    saved = result.saved;
    full = !result.saved && result.reason === 'full';
  } else {
    await wishlists.remove(customer.id, product.data);
    saved = false;
  }
  if (script) return data({ saved, full });
  throw redirect(back, 303);
}
