import { data } from 'react-router';
import { type PriceField, priceChangeProblems, variantPriceField } from '#core/product-price.ts';
import { priceFormSchemaIn } from '#core/product-price-form.ts';
import type { Actor } from '#server/audit/audit.ts';
import type { VariantPriceChange } from '#server/commerce/price-admin.ts';
import type { Services } from '#server/services.ts';
import { attemptStaff, refuse, type StaffFormAnswer } from './form.server.ts';

const PRICE_FIELDS: readonly PriceField[] = ['retail', 'sale', 'saleStartsAt', 'saleEndsAt'];

/** A save of variant prices that waits for the person to confirm its effect (needs-confirmation). */
export interface VariantConfirmAnswer extends StaffFormAnswer {
  confirmVariants: string;
}

/**
 * The back office's variant prices form (decision 0042): every variant's fields in every region the product is
 * sold in, named `v<variant>-<region>-<field>`, saved together. A variant's row left blank in a region costs the
 * product's price there (an own price that was set is removed); a refusal names each field; a drop of more than
 * half for a customer group answers 409 with the effect to confirm.
 */
export async function saveVariantPrices(
  services: Services,
  actor: Actor,
  productId: number,
  form: Record<string, unknown>,
) {
  const admin = services.commerce.priceAdmin;
  const current = await attemptStaff(services, () =>
    Promise.all([admin.prices(productId), admin.variantPrices(productId)]),
  );
  if (!current.ok) return current.answer;
  const [prices, variantRows] = current.value;
  const regions = prices.regions.filter((region) => region.retail !== null);
  const changes: VariantPriceChange[] = [];
  const problems: Record<string, string> = {};
  for (const variant of variantRows)
    for (const region of regions) {
      const values = Object.fromEntries(
        PRICE_FIELDS.map((field) => [field, form[variantPriceField(variant.id, region.regionId, field)]]),
      );
      // A pair the form did not carry is not part of this save.
      if (Object.values(values).every((value) => value === undefined)) continue;
      const blank = Object.values(values).every((value) => typeof value !== 'string' || value.trim() === '');
      if (blank) {
        changes.push({ variantId: variant.id, regionId: region.regionId, price: null });
        continue;
      }
      const fields = priceFormSchemaIn(services.config.STORE_TIME_ZONE).safeParse(values);
      const found: Partial<Record<PriceField, string>> = {};
      if (!fields.success)
        for (const issue of fields.error.issues) found[issue.path[0] as PriceField] ??= issue.message;
      else Object.assign(found, priceChangeProblems(fields.data, new Date()));
      for (const [field, message] of Object.entries(found))
        problems[variantPriceField(variant.id, region.regionId, field as PriceField)] = message;
      if (fields.success && Object.keys(found).length === 0)
        changes.push({ variantId: variant.id, regionId: region.regionId, price: fields.data });
    }
  if (Object.keys(problems).length > 0) return refuse(400, 'Check the highlighted variant prices.', problems);
  const done = await attemptStaff(services, async () => {
    try {
      return await admin.setVariantPrices(actor, productId, changes, { confirmed: form.confirmed === '1' });
    } catch (error) {
      if (services.errorCode(error) !== 'needs-confirmation') throw error;
      return { effect: (error as Error).message };
    }
  });
  if (!done.ok) return done.answer;
  if ('effect' in done.value)
    return data<VariantConfirmAnswer>(
      { ok: false, message: '', fieldErrors: {}, confirmVariants: done.value.effect },
      { status: 409 },
    );
  const count = done.value.length;
  return {
    ok: true as const,
    message:
      count === 0
        ? 'Nothing to save: the variant prices are as they were.'
        : `Variant prices saved (${count} ${count === 1 ? 'change' : 'changes'}).`,
  };
}
