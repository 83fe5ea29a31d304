/**
 * Product grid rules (SPEC §2 product grid, §4): which products are admitted, how many loading placeholders
 * show, and the slider layout.
 */

export interface GridCandidate {
  title?: string | null;
  url?: string | null;
  /** The commerce product record for the current commerce region. */
  commerce?: unknown;
}

/** §2: only products with a title, a url and a commerce product record are shown. */
export function isGridProduct(product: GridCandidate | null | undefined): boolean {
  return Boolean(product?.title?.trim() && product.url?.trim() && product.commerce);
}

export function gridProducts<T extends GridCandidate>(products: readonly (T | null | undefined)[]): T[] {
  return products.filter((product): product is T => isGridProduct(product));
}

export const GRID_PLACEHOLDERS = { grid: 6, slider: 4 } as const;

/** §2 'Loading' placeholders: 6, or 4 in slider mode, unless the grid asks for a count of its own. */
export function placeholderCount(options: { slider?: boolean; count?: number | null } = {}): number {
  if (typeof options.count === 'number' && Number.isInteger(options.count) && options.count >= 0) {
    return options.count;
  }
  return options.slider ? GRID_PLACEHOLDERS.slider : GRID_PLACEHOLDERS.grid;
}

/** §2 slider: 1 card under 600px, 2 from 600px, 4 from 900px, 10px spacing, no loop. */
export const GRID_SLIDER = {
  spaceBetween: 10,
  loop: false,
  slidesPerView: [
    { minWidth: 900, cards: 4 },
    { minWidth: 600, cards: 2 },
    { minWidth: 0, cards: 1 },
  ],
} as const;

export function cardsPerSlide(width: number): number {
  return GRID_SLIDER.slidesPerView.find((step) => width >= step.minWidth)?.cards ?? 1;
}

/**
 * Which products of a grid's new list a view_item_list reports: the ones added to a list already reported ('show
 * more' adds after it, 'show previous' before it), or the whole list when it is another one (new filters).
 */
export function newlyShown<T>(reported: readonly T[], shown: readonly T[]): T[] {
  const same = (offset: number) => reported.every((item, index) => shown[offset + index] === item);
  if (reported.length === 0 || reported.length > shown.length) return [...shown];
  if (same(0)) return shown.slice(reported.length);
  if (same(shown.length - reported.length)) return shown.slice(0, shown.length - reported.length);
  return [...shown];
}
