import { z } from 'zod';
import { parseAmount } from './product-price.ts';
import { DEFAULT_STORE_TIME_ZONE, parseStoreDateTime } from './store-time.ts';

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

/** A sale's start or end as typed, on the store's clock (STORE_TIME_ZONE, decision 0031). */
const momentField = (zone: string) =>
  z
    .string()
    .optional()
    .transform((text, context) => {
      if (blank(text)) return null;
      const date = parseStoreDateTime(text!, zone);
      if (date) return date;
      context.addIssue({ code: 'custom', message: 'Enter a date and time, like 2026-12-01T09:00.' });
      return z.NEVER;
    });

/**
 * The back office's price form for one region, read as a PriceChange (blank sale: no sale; blank times: none),
 * its times read in the store's zone. The rules between fields (sale below retail, end after start) are checked
 * by `priceChangeProblems`.
 */
export function priceFormSchemaIn(zone: string) {
  return z.object({
    retail: amountField,
    sale: z.preprocess((value) => (blank(value) ? null : value), amountField.nullable()),
    saleStartsAt: momentField(zone),
    saleEndsAt: momentField(zone),
  });
}

export const priceFormSchema = priceFormSchemaIn(DEFAULT_STORE_TIME_ZONE);

export type PriceForm = z.infer<typeof priceFormSchema>;
