/**
 * Wishlist rules (issue 45, decision 0048): what a list may hold, the device's list of a guest read back from
 * storage the shopper could have edited, and the merge of that list into an account at sign-in. Pure: the
 * store (server/wishlist) and the browser's enhancer (app/lib/wishlist) both apply them.
 */

/** A list holds at most this many products: a list is a shopper's shortlist, not a copy of the catalogue. */
export const WISHLIST_LIMIT = 100;

/** The guest's list in localStorage under this key (never a cookie: decision 0048). */
export const DEVICE_WISHLIST_KEY = 'rl-wishlist';

export interface WishlistEntry {
  productId: number;
  /** The size (variant) chosen when it was saved, if one was. */
  variantId: number | null;
  /** When it was saved, in milliseconds since the epoch. */
  addedAt: number;
}

const positiveInt = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

/**
 * The device's list as stored (JSON the shopper, an extension or an older version may have changed): entries
 * that are not a product id are dropped, a product kept once (its first save), at most the limit, newest first.
 */
export function readDeviceList(raw: unknown, now: number): WishlistEntry[] {
  let parsed: unknown = raw;
  if (typeof raw === 'string') {
    try {
      parsed = JSON.parse(raw);
    } catch {
      return [];
    }
  }
  if (!Array.isArray(parsed)) return [];
  const byProduct = new Map<number, WishlistEntry>();
  for (const item of parsed) {
    if (!item || typeof item !== 'object') continue;
    const { productId, variantId, addedAt } = item as Record<string, unknown>;
    if (!positiveInt(productId)) continue;
    const entry: WishlistEntry = {
      productId,
      variantId: positiveInt(variantId) ? variantId : null,
      addedAt: typeof addedAt === 'number' && Number.isFinite(addedAt) && addedAt <= now ? addedAt : now,
    };
    const seen = byProduct.get(productId);
    if (!seen || entry.addedAt < seen.addedAt) byProduct.set(productId, entry);
  }
  return newestFirst([...byProduct.values()]).slice(0, WISHLIST_LIMIT);
}

function newestFirst(entries: WishlistEntry[]): WishlistEntry[] {
  return entries.sort((a, b) => b.addedAt - a.addedAt || a.productId - b.productId);
}

/** Saves or removes a product on the device's list; a save past the limit is refused (`full`). */
export function toggleDeviceList(
  list: readonly WishlistEntry[],
  productId: number,
  save: boolean,
  now: number,
  variantId: number | null = null,
): { list: WishlistEntry[]; full: boolean } {
  const rest = list.filter((entry) => entry.productId !== productId);
  if (!save) return { list: rest, full: false };
  const existing = list.find((entry) => entry.productId === productId);
  if (existing) return { list: [...list], full: false };
  if (list.length >= WISHLIST_LIMIT) return { list: [...list], full: true };
  return { list: [{ productId, variantId, addedAt: now }, ...rest], full: false };
}

/**
 * What a guest's list adds to an account's at sign-in: each product not on the account's list yet, once (the
 * earliest save of it), the newest first, as many as the limit leaves room for. A product already saved keeps
 * the account's entry (its size and time): the account's list is the one the shopper saw on other devices.
 */
export function mergeIntoAccount(
  account: readonly Pick<WishlistEntry, 'productId'>[],
  device: readonly WishlistEntry[],
  limit = WISHLIST_LIMIT,
): WishlistEntry[] {
  const onAccount = new Set(account.map((entry) => entry.productId));
  const room = Math.max(0, limit - onAccount.size);
  const fresh = new Map<number, WishlistEntry>();
  for (const entry of device) {
    if (onAccount.has(entry.productId)) continue;
    const seen = fresh.get(entry.productId);
    if (!seen || entry.addedAt < seen.addedAt) fresh.set(entry.productId, entry);
  }
  return newestFirst([...fresh.values()]).slice(0, room);
}

/**
 * The product ids of a guest's list page (`?ids=3,17,5`): positive integers, each once, in the order given, at
 * most the limit; anything else in the parameter is ignored.
 */
export function parseIdList(param: string | null): number[] {
  if (!param) return [];
  const ids: number[] = [];
  for (const part of param.split(',')) {
    if (!/^\d{1,9}$/.test(part.trim())) continue;
    const id = Number(part.trim());
    if (id > 0 && !ids.includes(id)) ids.push(id);
    if (ids.length === WISHLIST_LIMIT) break;
  }
  return ids;
}

/** A share token: 24 URL-safe characters from 18 random bytes (144 bits), so a link cannot be guessed. */
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{24}$/;
