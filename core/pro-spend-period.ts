/**
 * The period whose orders count against a pro or employee spend limit (SPEC §3 proCurrentSpend, §6 "pro spend
 * is tracked against a spend limit with an expiration date"; the storefront shows it as spend "this year").
 *
 * The pro term is counted in years back from its expiration date, and the period is the one of those years
 * that contains `now`: a term expiring 2027-12-31 makes the periods …, (2025-12-31, 2026-12-31],
 * (2026-12-31, 2027-12-31]. An order placed now is therefore always inside the period it is checked against,
 * which "the year before the expiration date" alone was not when the expiry lies more than a year ahead.
 * Without an expiration date the calendar year (UTC) is the period. Bounds: after `start`, up to `end`.
 */
export interface SpendPeriod {
  start: Date;
  end: Date;
}

function yearsFrom(anchor: Date, years: number): Date {
  const moved = new Date(anchor.getTime());
  moved.setUTCFullYear(anchor.getUTCFullYear() + years);
  return moved;
}

export function proSpendPeriod(expires: Date | null, now: Date): SpendPeriod {
  const anchor = expires ?? new Date(Date.UTC(now.getUTCFullYear() + 1, 0, 1));
  // Counted from the anchor each time (not step by step), so a 29 February expiry does not drift.
  let years = now.getUTCFullYear() - anchor.getUTCFullYear();
  if (yearsFrom(anchor, years) < now) years += 1;
  if (yearsFrom(anchor, years - 1) >= now) years -= 1;
  return { start: yearsFrom(anchor, years - 1), end: yearsFrom(anchor, years) };
}
