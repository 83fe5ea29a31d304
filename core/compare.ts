/**
 * Comparing products side by side (issue 45, decision 0049): which of the asked products are compared, and why the
 * others are not. Pure: the loader resolves the products, this says which of them fit on one page.
 */

/** Three columns still fit beside the labels on a 1440 px screen and swipe one by one on a phone. */
export const COMPARE_LIMIT = 3;

const SLUG = /^[a-z0-9][a-z0-9-]{0,120}$/;

/** The product slugs of a compare URL (`?p=a&p=b`), lower-cased, valid and without repeats, in the order asked. */
export function readCompareSlugs(values: readonly string[]): string[] {
  const slugs: string[] = [];
  for (const value of values) {
    const slug = value.trim().toLowerCase();
    if (SLUG.test(slug) && !slugs.includes(slug)) slugs.push(slug);
  }
  return slugs;
}

/** A product asked for, once looked up: null when no such product is sold here. */
export interface CompareCandidate<T> {
  slug: string;
  /** The product's category path ('snowshoes/mens'), null when it is in none. */
  category: string | null;
  product: T | null;
}

export type CompareRefusal =
  | { kind: 'unknown'; slug: string }
  | { kind: 'other-category'; slug: string }
  | { kind: 'too-many'; slug: string };

/** Products compare when they are the same kind of thing: the top of their category path (snowshoes, poles…). */
export const compareGroup = (category: string | null): string | null => category?.split('/')[0] || null;

/**
 * The products compared, in the order asked: the first product found sets the category, products of another
 * category and those past the limit are left out with their reason, never an error page.
 */
export function chooseCompared<T>(
  candidates: readonly CompareCandidate<T>[],
  limit = COMPARE_LIMIT,
): { chosen: Array<CompareCandidate<T> & { product: T }>; refused: CompareRefusal[]; group: string | null } {
  const chosen: Array<CompareCandidate<T> & { product: T }> = [];
  const refused: CompareRefusal[] = [];
  let group: string | null = null;
  for (const candidate of candidates) {
    const { product, slug } = candidate;
    if (product === null) {
      refused.push({ kind: 'unknown', slug });
      continue;
    }
    const own = compareGroup(candidate.category);
    if (chosen.length === 0) group = own;
    if (chosen.length > 0 && own !== group) refused.push({ kind: 'other-category', slug });
    else if (chosen.length >= limit) refused.push({ kind: 'too-many', slug });
    else chosen.push({ ...candidate, product });
  }
  return { chosen, refused, group };
}

export interface CompareRow {
  label: string;
  /** One value per compared product, in column order; null where that product has none. */
  values: Array<string | null>;
  /** The products do not all say the same here (a missing value differs from any value). */
  differs: boolean;
}

/**
 * The rows of a comparison: every label any product has, in the order they first appear, each with every
 * product's value. With one product nothing differs.
 */
export function compareRows(
  columns: ReadonlyArray<ReadonlyArray<{ label: string; value: string }>>,
): CompareRow[] {
  const labels: string[] = [];
  for (const column of columns)
    for (const entry of column) if (!labels.includes(entry.label)) labels.push(entry.label);
  return labels.map((label) => {
    const values = columns.map((column) => column.find((entry) => entry.label === label)?.value ?? null);
    return { label, values, differs: new Set(values).size > 1 };
  });
}

/** The compare URL's query without one product (the "Remove" link of a column). */
export function compareSearchWithout(slugs: readonly string[], removed: string): string {
  const params = new URLSearchParams();
  for (const slug of slugs) if (slug !== removed) params.append('p', slug);
  const search = params.toString();
  return search ? `?${search}` : '';
}
