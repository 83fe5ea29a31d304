import { data } from 'react-router';
import type { Shopper } from './catalogue.server.ts';

const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,190}\.[^\s@]{2,}$/;

export interface BackInStockResult {
  intent: 'back-in-stock';
  ok: boolean;
  error?: 'email' | 'variant';
}

/** Back-in-stock signup (§3 email settings): one signup per address and variant, kept as a list of its own. */
export async function backInStockAction(shopper: Shopper, form: FormData) {
  const email = String(form.get('email') ?? '').trim();
  const productId = Number(form.get('product_id'));
  const variantId = Number(form.get('variant_id'));
  if (!EMAIL.test(email) || email.length > 254) {
    return data<BackInStockResult>({ intent: 'back-in-stock', ok: false, error: 'email' }, { status: 400 });
  }
  if (!Number.isInteger(productId) || productId < 1 || !Number.isInteger(variantId) || variantId < 1) {
    return data<BackInStockResult>({ intent: 'back-in-stock', ok: false, error: 'variant' }, { status: 400 });
  }
  await shopper.services.newsletter.subscribe({
    email,
    listIds: [`back-in-stock:${productId}:${variantId}`],
    locale: shopper.locale.segment,
    contentRegion: shopper.locale.contentRegion,
  });
  return data<BackInStockResult>({ intent: 'back-in-stock', ok: true });
}
