/**
 * The money rules of a product's price in one commerce region (issue 20, back office prices): a retail price, an
 * optional sale price below it, and an optional schedule for the sale (start and end, in UTC). The back office's
 * form and the price use case both ask these functions, so a refusal reads the same wherever it comes from.
 */

/** The largest price the store takes (the column holds 12 digits, 2 of them decimals; nothing sells near it). */
export const MAX_PRICE = 9_999_999.99;

export interface PriceChange {
  retail: number;
  /** Null: no sale. */
  sale: number | null;
  /** Null: the sale applies from now on. */
  saleStartsAt: Date | null;
  /** Null: the sale runs until it is removed. */
  saleEndsAt: Date | null;
}

export type PriceField = keyof PriceChange;

/**
 * How the back office names one region's price field where several regions are edited at once (`ca-retail`), so
 * a refusal from the form or from the engine shows by the right input.
 */
export const regionPriceField = (regionId: string, field: PriceField) => `${regionId}-${field}`;

/** How the back office names a variant's own price field in one region (`v12-ca-retail`, decision 0042). */
export const variantPriceField = (variantId: number, regionId: string, field: PriceField) =>
  `v${variantId}-${regionId}-${field}`;

/** Why an amount cannot be a price, or null when it can: above 0, at most 2 decimals, at most MAX_PRICE. */
export function amountProblem(value: number): string | null {
  if (!Number.isFinite(value)) return 'Enter an amount, like 129.95.';
  if (value <= 0) return 'A price must be above 0.';
  if (value > MAX_PRICE) return `A price can be at most ${MAX_PRICE}.`;
  if (Math.abs(value * 100 - Math.round(value * 100)) > 1e-6) return 'A price has at most 2 decimals.';
  return null;
}

/**
 * Reads an amount as a person types it: digits with a point or a comma and at most 2 decimals ("189,95" is how
 * half the store's staff write 189.95). A thousands separator, a currency sign or a minus sign is refused with a
 * message that says what to type instead: "1,189.95" and "1.189,95" name different amounts in different
 * countries, and guessing wrong is a price off by a factor of a thousand.
 */
export function parseAmount(text: string): { ok: true; value: number } | { ok: false; message: string } {
  const typed = text.trim();
  if (typed === '') return { ok: false, message: 'Enter an amount, like 129.95.' };
  if (/^-/.test(typed)) return { ok: false, message: 'A price must be above 0.' };
  if (/^\d{1,3}([.,])\d{3}(\1\d{3})*[.,]\d{1,2}$/.test(typed))
    return {
      ok: false,
      message: `Leave out the thousands separator: write ${typed.replace(/[.,](?=\d{3})/g, '').replace(',', '.')}.`,
    };
  const trimmed = /^\d+,\d{1,2}$/.test(typed) ? typed.replace(',', '.') : typed;
  if (/^\d+[.,]\d{3,}$/.test(trimmed))
    return { ok: false, message: 'A price has at most 2 decimals (leave out any thousands separator).' };
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed))
    return { ok: false, message: 'Enter digits and a point only, like 129.95.' };
  const value = Number(trimmed);
  const problem = amountProblem(value);
  return problem ? { ok: false, message: problem } : { ok: true, value };
}

/**
 * Every problem of a price change, by field (empty when none): the amounts, a sale below retail, a schedule
 * only with a sale price, an end after the start and not already past at `now`.
 */
export function priceChangeProblems(change: PriceChange, now: Date): Partial<Record<PriceField, string>> {
  const problems: Partial<Record<PriceField, string>> = {};
  const retail = amountProblem(change.retail);
  if (retail) problems.retail = retail;
  if (change.sale !== null) {
    const sale = amountProblem(change.sale);
    if (sale) problems.sale = sale;
    else if (!retail && change.sale >= change.retail)
      problems.sale = 'The sale price must be below the retail price.';
  } else if (change.saleStartsAt || change.saleEndsAt) {
    problems.sale = 'A sale start or end needs a sale price.';
  }
  if (change.saleStartsAt && change.saleEndsAt && change.saleEndsAt <= change.saleStartsAt)
    problems.saleEndsAt = 'The sale must end after it starts.';
  else if (change.saleEndsAt && change.saleEndsAt <= now)
    problems.saleEndsAt = 'This end time has already passed.';
  return problems;
}

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * A date and time from an `<input type="datetime-local">` read as UTC ("2026-11-26T09:30" or with seconds), or
 * null when it is not a real moment (a 30 February, an hour 24).
 */
export function parseUtcDateTime(text: string): Date | null {
  const match = DATE_TIME.exec(text.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  const same =
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    date.getUTCHours() === hour &&
    date.getUTCMinutes() === minute;
  return same ? date : null;
}

/** The value of a datetime-local input for a moment, in UTC to the second ("" for none). */
export function utcDateTimeValue(iso: string | null): string {
  return iso ? new Date(iso).toISOString().slice(0, 19) : '';
}
