/** One page of a category listing as the browser shows it. */
export interface ShownPage<Tile> {
  page: number;
  tiles: Tile[];
  /** Search string of the next page, or null on the last one. */
  more: string | null;
  /** Search string of the page before ('' for the first page's own address), or null on the first one. */
  previous: string | null;
}

/**
 * The pages shown after a new page's data arrives for the same listing (same category, filters and sort): the
 * next or the previous page joins those shown, a page already shown is replaced by its fresh data (a
 * revalidation after adding to the cart), and any other page starts the list again on its own.
 */
export function withShownPage<Tile>(shown: ShownPage<Tile>[], next: ShownPage<Tile>): ShownPage<Tile>[] {
  const first = shown[0]?.page ?? next.page;
  const last = shown.at(-1)?.page ?? next.page;
  if (next.page < first - 1 || next.page > last + 1) return [next];
  return [...shown.filter((page) => page.page !== next.page), next].sort((a, b) => a.page - b.page);
}
