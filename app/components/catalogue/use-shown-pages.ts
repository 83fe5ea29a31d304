import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import type { CategoryPageData } from '../../lib/catalogue/category.server.ts';
import { listingSearch } from '../../lib/catalogue/listing.ts';
import { type ShownPage, withShownPage } from '../../lib/catalogue/shown-pages.ts';
import type { GridTile } from './product-grid.tsx';

const listingOf = (page: CategoryPageData) => `${page.uid}${listingSearch(page.query, { page: 1 })}`;
const ownPage = (page: CategoryPageData): ShownPage<GridTile> => ({
  page: page.query.page,
  tiles: page.tiles as GridTile[],
  more: page.moreSearch,
  previous: page.previousSearch,
});

/**
 * The pages each history entry showed (by location key), so that Back from a product to a listing shows the
 * pages the shopper had opened and the scroll lands where it was. Browser memory only: written in an effect,
 * which the server never runs. A few entries are enough for Back and Forward.
 */
const remembered = new Map<string, { listing: string; shown: ShownPage<GridTile>[] }>();
const REMEMBERED_ENTRIES = 20;

/**
 * The listing's pages the shopper has on screen. The server sends one page (any page costs it the same); 'show
 * more' brings the next one and it joins those shown. State set while rendering, not in an effect: the page that
 * hydrates is the server's, and a new page renders once.
 */
export function useShownPages(page: CategoryPageData): ShownPage<GridTile>[] {
  const { key } = useLocation();
  const listing = listingOf(page);
  // The pages shown once `page` arrives after `before` (pages of some listing), joined when the listing is the same.
  const joined = (before: { listing: string; shown: ShownPage<GridTile>[] } | undefined) =>
    before?.listing === listing ? withShownPage(before.shown, ownPage(page)) : [ownPage(page)];
  const [state, setState] = useState(() => ({ page, shown: joined(remembered.get(key)) }));
  let current = state;
  if (state.page !== page) {
    current = { page, shown: joined({ listing: listingOf(state.page), shown: state.shown }) };
    setState(current);
  }
  const { shown } = current;
  useEffect(() => {
    remembered.delete(key);
    remembered.set(key, { listing, shown });
    if (remembered.size > REMEMBERED_ENTRIES) remembered.delete(remembered.keys().next().value!);
  }, [key, listing, shown]);
  return shown;
}
