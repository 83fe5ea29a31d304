import { data } from 'react-router';
import { z } from 'zod';
import { formId } from '#core/line-item.ts';
import { parseForm } from '../account/forms.ts';
import { emailField } from '../account/schemas.ts';
import type { Shopper } from './catalogue.server.ts';

const backInStockSchema = z.object({
  email: emailField,
  product_id: formId,
  variant_id: formId,
});

export interface BackInStockResult {
  intent: 'back-in-stock';
  ok: boolean;
  error?: 'email' | 'variant';
}

/** Back-in-stock signup (§3 email settings): one signup per address and variant, kept as a list of its own. */
export async function backInStockAction(shopper: Shopper, form: FormData) {
  const parsed = parseForm(backInStockSchema, form);
  if (!parsed.ok) {
    const error = parsed.errors.email ? 'email' : 'variant';
    return data<BackInStockResult>({ intent: 'back-in-stock', ok: false, error }, { status: 400 });
  }
  const { email, product_id: productId, variant_id: variantId } = parsed.data;
  await shopper.services.newsletter.subscribe({
    email,
    listIds: [`back-in-stock:${productId}:${variantId}`],
    locale: shopper.locale.segment,
    contentRegion: shopper.locale.contentRegion,
  });
  return data<BackInStockResult>({ intent: 'back-in-stock', ok: true });
}
