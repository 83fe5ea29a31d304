/**
 * Related products (SPEC §4 related list, §5, §9): the current product is never included, nothing is listed
 * twice, and a manually chosen product shows only when it can be sold here.
 */

export const RELATED_PRODUCTS = {
  limit: 8,
  uidLimit: 4,
  gridLimit: 4,
  title: 'Related Products',
  addOnListId: 'add_on_products',
} as const;

export interface ProductRef {
  uid?: string | null;
  id?: string | number | null;
}

/** Products are compared by content uid when they have one, else by commerce id. */
function keyOf(product: ProductRef): string | null {
  if (product.uid) return `uid:${product.uid}`;
  if (product.id !== null && product.id !== undefined && product.id !== '') return `id:${product.id}`;
  return null;
}

function isCurrent(product: ProductRef, current: ProductRef | null | undefined): boolean {
  if (!current) return false;
  const sameUid = Boolean(product.uid) && product.uid === current.uid;
  const sameId = product.id !== null && product.id !== undefined && String(product.id) === String(current.id);
  return sameUid || sameId;
}

/** Keeps the order given, drops the current product, duplicates and unidentifiable entries, then limits. */
export function relatedProducts<T extends ProductRef>(
  products: readonly T[],
  current: ProductRef | null | undefined,
  limit: number = RELATED_PRODUCTS.limit,
): T[] {
  const seen = new Set<string>();
  const result: T[] = [];
  for (const product of products) {
    const key = keyOf(product);
    if (key === null || seen.has(key) || isCurrent(product, current)) continue;
    seen.add(key);
    result.push(product);
    if (result.length >= limit) break;
  }
  return result;
}

/**
 * §9 automated related products are chosen randomly across categories: the candidates of every category are
 * pooled, cleaned like any related list, shuffled and cut to the limit. `random` is injectable for tests.
 */
export function pickAutomatedRelated<T extends ProductRef>(
  byCategory: readonly (readonly T[])[],
  current: ProductRef | null | undefined,
  limit: number = RELATED_PRODUCTS.limit,
  random: () => number = Math.random,
): T[] {
  const pool = relatedProducts(byCategory.flat(), current, Number.POSITIVE_INFINITY);
  for (let i = pool.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [pool[i], pool[j]] = [pool[j] as T, pool[i] as T];
  }
  return pool.slice(0, limit);
}

export interface ManualProduct {
  title?: string | null;
  url?: string | null;
  regions?: readonly string[] | null;
  bc_products?: Readonly<Record<string, unknown>> | null;
}

/**
 * §5: a manual related product is shown only with a title, a url, the current content region in its regions
 * and a commerce record for the current commerce region.
 */
export function isManualProductVisible(
  product: ManualProduct | null | undefined,
  contentRegion: string,
  commerceRegion: string,
): boolean {
  if (!product?.title?.trim() || !product.url?.trim()) return false;
  if (!product.regions?.includes(contentRegion)) return false;
  return Boolean(product.bc_products?.[commerceRegion]);
}
