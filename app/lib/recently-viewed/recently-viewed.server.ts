import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { readCompareSlugs } from '#core/compare.ts';
import { RECENTLY_VIEWED_LIMIT } from '#core/recently-viewed.ts';
import { RecentlyViewedMarkup } from '../../components/compare/recently-viewed-markup.tsx';
import catalogueCss from '../../styles/catalogue.css?url';
import recentlyViewedCss from '../../styles/recently-viewed.css?url';
import { contentByUid, resolveContentProducts, type Shopper } from '../catalogue/catalogue.server.ts';
import { translator } from '../catalogue/fit-finder.server.ts';
import { admitTiles, type ContentProduct, type TileView } from '../catalogue/tile.ts';

/**
 * Tiles for the products a device says it viewed (issue 45, decision 0049), in the order it lists them and with
 * this region's prices now: the device keeps slugs only. A product no longer sold here is left out silently.
 */
export async function loadRecentlyViewed(shopper: Shopper, url: URL): Promise<TileView[]> {
  const slugs = readCompareSlugs(url.searchParams.getAll('p')).slice(0, RECENTLY_VIEWED_LIMIT);
  const contents = await contentByUid(shopper, slugs);
  const region = shopper.locale.contentRegion;
  const entries = slugs
    .map((slug) => contents.get(slug))
    .filter(
      (entry): entry is ContentProduct =>
        entry !== undefined && (!Array.isArray(entry.regions) || entry.regions.includes(region)),
    );
  return admitTiles(await resolveContentProducts(shopper, entries), shopper.tile);
}

/** The row's HTML in the page's language; empty when none of the products is sold here. */
export async function recentlyViewedHtml(shopper: Shopper, url: URL): Promise<string> {
  const [tiles, t] = await Promise.all([loadRecentlyViewed(shopper, url), translator(shopper)]);
  if (tiles.length === 0) return '';
  return renderToStaticMarkup(
    createElement(RecentlyViewedMarkup, { tiles, t, stylesheets: [catalogueCss, recentlyViewedCss] }),
  );
}
