import { dropShare, formatMoneyIn, MAX_PRICE_DROP_SHARE, type MoneyVerdict } from './money-guard.ts';
import type { RangeInput } from './shipping-ranges.ts';

/**
 * The money guard for shipping (issue 40, core/money-guard.ts): what a change to a method's price bands or a
 * region's free-shipping minimum does to what shoppers pay for shipping, before it is saved. Shipping may be free
 * (a band of 0 is a free band, a minimum of 0 ships everything free), so nothing is refused outright; but a band
 * that was paid and becomes free, or drops by more than MAX_PRICE_DROP_SHARE, and a minimum lowered by more than
 * the share (or to 0), go through only when the person confirms the effect, named in the region's currency.
 * Raising costs or the minimum, or changing anything else, is fine. Pure: the use cases ask here before they write.
 */

export interface ShippingGuardOptions {
  /** The region's name as shoppers know it ("United States"). */
  region: string;
  /** ISO code of the region's currency. */
  currency: string;
  maxDropShare?: number;
}

/** One stretch of subtotals (cents, both ends included; `to` null when open-ended) and its cost before and after. */
interface Stretch {
  from: number;
  to: number | null;
  before: number;
  after: number;
}

const cents = (value: number) => Math.round(value * 100);

/** The cost a band set asks for a subtotal (in cents), or undefined when no band covers it. */
function costAt(bands: readonly RangeInput[], subtotal: number): number | undefined {
  return bands.find(
    (band) =>
      cents(band.lower_limit) <= subtotal &&
      (band.upper_limit === null || subtotal <= cents(band.upper_limit)),
  )?.shipping_cost;
}

/**
 * Every subtotal with the cost before and after, as stretches: cut wherever a band of either set starts, then
 * neighbours with the same pair of costs joined, so an unchanged band is one stretch with its own limits.
 */
function stretches(before: readonly RangeInput[], after: readonly RangeInput[]): Stretch[] {
  const starts = [...new Set([...before, ...after].map((band) => cents(band.lower_limit)))].sort(
    (a, b) => a - b,
  );
  const found: Stretch[] = [];
  starts.forEach((from, index) => {
    const next = starts[index + 1];
    const to = next === undefined ? null : next - 1;
    const was = costAt(before, from);
    const is = costAt(after, from);
    // A stretch one of the sets leaves uncovered (stored bands from before validation) has nothing to compare.
    if (was === undefined || is === undefined) return;
    const last = found.at(-1);
    if (last && last.to === from - 1 && last.before === was && last.after === is) last.to = to;
    else found.push({ from, to, before: was, after: is });
  });
  return found;
}

const limits = (stretch: Stretch, currency: string) =>
  stretch.to === null
    ? `${formatMoneyIn(stretch.from / 100, currency)} and up`
    : `${formatMoneyIn(stretch.from / 100, currency)}–${formatMoneyIn(stretch.to / 100, currency)}`;

/**
 * What new bands of the method `method` do to its shipping costs: 'ok', or 'confirm' with one sentence per stretch
 * of subtotals that would ship free or for more than MAX_PRICE_DROP_SHARE less. Never 'refuse': a free band is
 * legitimate.
 */
export function guardShippingBands(
  method: string,
  before: readonly RangeInput[],
  after: readonly RangeInput[],
  options: ShippingGuardOptions,
): MoneyVerdict {
  const share = options.maxDropShare ?? MAX_PRICE_DROP_SHARE;
  const moved = stretches(before, after).filter((stretch) => stretch.after !== stretch.before);
  const sentences: string[] = [];
  let lowest: Stretch | null = null;
  let largestDropShare = 0;
  let free = 0;
  let bigDrops = 0;
  for (const stretch of moved) {
    if (!lowest || stretch.after < lowest.after) lowest = stretch;
    const drop = dropShare(stretch.before, stretch.after);
    largestDropShare = Math.max(largestDropShare, drop);
    const becomesFree = stretch.before > 0 && stretch.after <= 0;
    if (becomesFree) free++;
    else if (drop > share) bigDrops++;
    else continue;
    sentences.push(
      `${method} (${options.region}): carts of ${limits(stretch, options.currency)} would ship for ${formatMoneyIn(stretch.after, options.currency)} instead of ${formatMoneyIn(stretch.before, options.currency)}.`,
    );
  }
  const effect = {
    products: moved.length,
    lowest: lowest && { name: `${method}: ${limits(lowest, options.currency)}`, after: lowest.after },
    largestDropShare,
    free,
    bigDrops,
  };
  return sentences.length
    ? { verdict: 'confirm', effect, message: sentences.join(' ') }
    : { verdict: 'ok', effect };
}

/**
 * What a new free-shipping minimum does: 'ok', or 'confirm' when it lowers the minimum by more than
 * MAX_PRICE_DROP_SHARE or to 0 (everything would ship free). `before` is null when the region had none.
 */
export function guardFreeShippingMinimum(
  before: number | null,
  after: number,
  options: ShippingGuardOptions,
): MoneyVerdict {
  const share = options.maxDropShare ?? MAX_PRICE_DROP_SHARE;
  const was = before ?? after;
  const drop = dropShare(was, after);
  const effect = {
    products: was === after ? 0 : 1,
    lowest: was === after ? null : { name: `Free shipping in ${options.region}`, after },
    largestDropShare: drop,
    free: was > 0 && after <= 0 ? 1 : 0,
    bigDrops: drop > share && after > 0 ? 1 : 0,
  };
  if (effect.free === 0 && effect.bigDrops === 0) return { verdict: 'ok', effect };
  return {
    verdict: 'confirm',
    effect,
    message: `Free shipping in ${options.region} would start at ${formatMoneyIn(after, options.currency)} instead of ${formatMoneyIn(was, options.currency)}.`,
  };
}
