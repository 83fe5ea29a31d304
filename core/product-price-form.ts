import { z } from 'zod';
import { parseAmount, parseUtcDateTime } from './product-price.ts';

/**
 * The back office's price form for one region (issue 20), on its own so the page's browser code, which needs only
 * the pure rules of product-price.ts, does not carry zod.
 */

const blank = (value: unknown) => value === undefined || value === null || String(value).trim() === '';

const amountField = z.string({ error: 'Enter an amount, like 129.95.' }).transform((text, context) => {
  const parsed = parseAmount(text);
  if (parsed.ok) return parsed.value;
  context.addIssue({ code: 'custom', message: parsed.message });
  return z.NEVER;
});

const momentField = z
  .string()
  .optional()
  .transform((text, context) => {
    if (blank(text)) return null;
    const date = parseUtcDateTime(text!);
    if (date) return date;
    context.addIssue({ code: 'custom', message: 'Enter a date and time, like 2026-12-01T09:00.' });
    return z.NEVER;
  });

/**
 * The back office's price form for one region, read as a PriceChange (blank sale: no sale; blank times: none).
 * The rules between fields (sale below retail, end after start) are checked by `priceChangeProblems`.
 */
export const priceFormSchema = z.object({
  retail: amountField,
  sale: z.preprocess((value) => (blank(value) ? null : value), amountField.nullable()),
  saleStartsAt: momentField,
  saleEndsAt: momentField,
});

export type PriceForm = z.infer<typeof priceFormSchema>;
