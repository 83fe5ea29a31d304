import { z } from 'zod';

/**
 * The rules of a cart line, declared once for every door: `/api` reads them from JSON (numbers only), the page
 * forms from form fields (text, coerced). The message is a display-text key on pages; `/api` keeps its sentence.
 */
export const MAX_LINE_QUANTITY = 99;
export const MAX_ID = 999_999_999;

const QUANTITY_RULE = `must be a whole number from 1 to ${MAX_LINE_QUANTITY}`;

/** A line's quantity and ids as numbers (JSON). */
export const jsonQuantity = z
  .number({ error: QUANTITY_RULE })
  .int({ error: QUANTITY_RULE })
  .min(1, { error: QUANTITY_RULE })
  .max(MAX_LINE_QUANTITY, { error: QUANTITY_RULE });
export const jsonId = z.number().int().positive().max(MAX_ID);

export const jsonLineItem = z.strictObject({
  product_id: jsonId,
  variant_id: jsonId.optional(),
  quantity: jsonQuantity,
});

/** The same rules for form fields (strings), with display-text keys as messages. */
export const formQuantity = z.coerce
  .number({ error: 'error quantity' })
  .int({ error: 'error quantity' })
  .min(1, { error: 'error quantity' })
  .max(MAX_LINE_QUANTITY, { error: 'error quantity' });
export const formId = z.coerce.number({ error: 'error check form' }).int().positive().max(MAX_ID);

export const formLineItem = z.object({
  product_id: formId,
  variant_id: z.preprocess((value) => (value === '' ? undefined : value), formId.optional()),
  quantity: z.preprocess((value) => value ?? '1', formQuantity),
});
