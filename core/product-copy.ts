/**
 * The names a product's copy takes (issue 41, "duplicate a product"): a name that says it is a copy, and an address
 * and SKUs that cannot collide with the original's or an earlier copy's. The n-th candidate is tried until one is
 * free (server/commerce/product-create.ts asks the database); the rule itself is pure.
 */

/** The longest name and address the back office accepts for a product (product-create.ts). */
export const MAX_NAME_LENGTH = 120;
export const MAX_SLUG_LENGTH = 80;

const NAME_SUFFIX = ' (copy)';
/** A copy of a copy is named from the original's words, not "X (copy) (copy)". */
const COPIED_NAME = / \(copy\)$/;
const COPIED_SLUG = /-copy(?:-\d+)?$/;
const COPIED_SKU = /-COPY(?:-\d+)?$/;

/** "Alpine Trek (copy)", cut so the whole stays within the name limit. */
export function copyName(name: string): string {
  const base = name.trim().replace(COPIED_NAME, '');
  return `${base.slice(0, MAX_NAME_LENGTH - NAME_SUFFIX.length).trimEnd()}${NAME_SUFFIX}`;
}

/** The n-th candidate address: `alpine-trek-copy`, then `alpine-trek-copy-2`, … within the address limit. */
export function copySlug(slug: string, n: number): string {
  const suffix = n <= 1 ? '-copy' : `-copy-${n}`;
  const base = slug.replace(COPIED_SLUG, '');
  return `${base.slice(0, MAX_SLUG_LENGTH - suffix.length).replace(/-+$/, '')}${suffix}`;
}

/**
 * The n-th candidate SKU of a product or variant: `RS-TREK-COPY`, then `RS-TREK-COPY-2`. One n serves the product
 * and all its variants, so a copy's SKUs read as a set; SKUs are never cut (two variants' SKUs cut to the same
 * length could meet).
 */
export function copySku(sku: string, n: number): string {
  return `${sku.replace(COPIED_SKU, '')}${n <= 1 ? '-COPY' : `-COPY-${n}`}`;
}
