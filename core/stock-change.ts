/**
 * The rules of a stock change (issue 20), shared by the stock command, the back office and the CSV import: what a
 * reason means, which level a change leaves, and the low-stock threshold a variant may have. Pure: the engine
 * (server/commerce/stock.ts) applies them under the variant's row lock.
 */

/** The most units one variant may hold: more is a typing slip, not a delivery. */
export const MAX_STOCK_LEVEL = 1_000_000;
/** The largest low-stock threshold a variant may have. */
export const MAX_LOW_STOCK_THRESHOLD = 10_000;

/**
 * What a change records as its reason. A count sets the level; a delivery or a return adds units; damage takes
 * them away; 'import' sets the level from the CSV import.
 */
export const STOCK_CHANGE_REASONS = ['count', 'delivery', 'return', 'damage', 'import'] as const;
export type StockChangeReason = (typeof STOCK_CHANGE_REASONS)[number];

/** The reasons a person chooses in the back office ('import' is the CSV import's own). */
export const STAFF_STOCK_REASONS = ['count', 'delivery', 'return', 'damage'] as const;
export type StaffStockReason = (typeof STAFF_STOCK_REASONS)[number];

export const STOCK_REASON_LABELS: Record<StockChangeReason, string> = {
  count: 'Stock count',
  delivery: 'Delivery',
  return: 'Return',
  damage: 'Damage',
  import: 'CSV import',
};

/** A change of one variant's level: set it to a counted number, or move it by a signed number of units. */
export type StockInstruction = { set: number } | { adjust: number };

export type StockVerdict = { ok: true; after: number } | { ok: false; message: string };

const isStockReason = (reason: string): reason is StockChangeReason =>
  (STOCK_CHANGE_REASONS as readonly string[]).includes(reason);

const units = (count: number) => `${count} unit${count === 1 ? '' : 's'}`;

/**
 * The level a change leaves, or why it is refused: whole numbers only, a count or an import sets the level, a
 * delivery or a return adds units, damage removes them, and the result stays within 0..MAX_STOCK_LEVEL.
 */
export function stockLevelAfter(
  current: number,
  instruction: StockInstruction,
  reason: string,
): StockVerdict {
  if (!isStockReason(reason))
    return {
      ok: false,
      message: `Unknown reason '${reason}': use one of ${STAFF_STOCK_REASONS.join(', ')}.`,
    };
  if ('set' in instruction) {
    const level = instruction.set;
    if (reason !== 'count' && reason !== 'import')
      return { ok: false, message: `A ${reason} changes the level by a number of units; a count sets it.` };
    if (!Number.isInteger(level) || level < 0 || level > MAX_STOCK_LEVEL)
      return {
        ok: false,
        message: `Stock must be a whole number from 0 to ${MAX_STOCK_LEVEL}, not ${level}.`,
      };
    return { ok: true, after: level };
  }
  const by = instruction.adjust;
  if (reason === 'count' || reason === 'import')
    return {
      ok: false,
      message: `A ${STOCK_REASON_LABELS[reason].toLowerCase()} sets the level; it does not add.`,
    };
  if (!Number.isInteger(by) || by === 0 || Math.abs(by) > MAX_STOCK_LEVEL)
    return { ok: false, message: `An adjustment is a whole number of units other than 0, not ${by}.` };
  if (reason === 'damage' && by > 0)
    return { ok: false, message: 'Damage takes units away: enter it as a negative number (-N).' };
  if (reason !== 'damage' && by < 0)
    return { ok: false, message: `A ${reason} adds units: enter it as a positive number (+N).` };
  const after = current + by;
  if (after < 0)
    return {
      ok: false,
      message: `Only ${units(current)} in stock: taking away ${units(-by)} would leave ${after}.`,
    };
  if (after > MAX_STOCK_LEVEL)
    return { ok: false, message: `That would make ${after} units, more than ${MAX_STOCK_LEVEL}.` };
  return { ok: true, after };
}

/** A variant's own low-stock threshold: a whole number 0..MAX_LOW_STOCK_THRESHOLD, or null for the default. */
export function thresholdRefusal(threshold: number | null): string | null {
  if (threshold === null) return null;
  if (!Number.isInteger(threshold) || threshold < 0 || threshold > MAX_LOW_STOCK_THRESHOLD)
    return `A low-stock threshold is a whole number from 0 to ${MAX_LOW_STOCK_THRESHOLD}, not ${threshold}.`;
  return null;
}

/** Whether a change brings a sold-out variant back: the moment its back-in-stock subscribers are mailed. */
export const isBackInStock = (before: number, after: number) => before <= 0 && after > 0;
