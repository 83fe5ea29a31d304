import { createElement, Fragment } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { mediaUrl, tileImage } from '#core/media-url.ts';
import { CompareBox } from '../../components/compare/compare-box.tsx';
import { WishlistHeart } from '../../components/wishlist/heart.tsx';
import type { WishlistItemView } from '../../components/wishlist/wishlist-items.tsx';
import { contentByUid, productsById, type Shopper } from '../catalogue/catalogue.server.ts';
import { admitTiles } from '../catalogue/tile.ts';

/**
 * The product page's heart as HTML (like the reviews, decision 0043): the page ships no component for it, and
 * the enhancer loaded after hydration owns its state. A signed-in shopper's heart says whether the product is on
 * their list and carries the session's token; a guest's is the same for every guest (a cached page may hold it)
 * and the enhancer reads the device's list.
 */
export async function productHeart(shopper: Shopper, productId: number, returnTo: string): Promise<string> {
  const { text } = await shopper.services.content.displayText(shopper.contentLocale);
  const t = (key: string) => text[key] ?? key;
  const saved =
    shopper.customerId === null
      ? false
      : (await shopper.services.wishlists.productIds(shopper.customerId)).includes(productId);
  return renderToStaticMarkup(
    createElement(WishlistHeart, {
      segment: shopper.locale.segment,
      productId,
      saved,
      csrf: shopper.customerId === null ? null : shopper.csrfToken,
      returnTo,
      labels: { save: t('wishlist save'), saved: t('wishlist saved') },
      variant: 'page',
    }),
  );
}

/** Draws a tile's heart for this shopper: one look-up of the customer's list for the whole page. */
async function tileHearts(shopper: Shopper, returnTo: string) {
  const { text } = await shopper.services.content.displayText(shopper.contentLocale);
  const t = (key: string) => text[key] ?? key;
  const saved = new Set(
    shopper.customerId === null ? [] : await shopper.services.wishlists.productIds(shopper.customerId),
  );
  const labels = { save: t('wishlist save'), saved: t('wishlist saved') };
  return {
    t,
    heart: (productId: number, productName: string) =>
      createElement(WishlistHeart, {
        segment: shopper.locale.segment,
        productId,
        productName,
        saved: saved.has(productId),
        csrf: shopper.customerId === null ? null : shopper.csrfToken,
        returnTo,
        labels,
        variant: 'tile',
      }),
  };
}

/**
 * A category's tiles with their heart and "Compare" box as HTML (decision 0048's server slot, decision 0049's
 * boxes): the listing's code draws the string and nothing else, so the tiles cost the page a few bytes of
 * JavaScript, and the enhancer (loaded when idle) may toggle the hearts in place. The boxes belong to the page's
 * compare form by their `form` attribute.
 */
export async function withTileActions<T extends { id: number; uid: string; title: string }>(
  shopper: Shopper,
  tiles: readonly T[],
  returnTo: string,
): Promise<Array<T & { actions: string }>> {
  const { t, heart } = await tileHearts(shopper, returnTo);
  const compare = t('compare');
  return tiles.map((tile) => ({
    ...tile,
    actions: renderToStaticMarkup(
      createElement(
        Fragment,
        null,
        heart(tile.id, tile.title),
        createElement(CompareBox, { slug: tile.uid, title: tile.title, label: compare }),
      ),
    ),
  }));
}

/**
 * The search page's product results with their heart as HTML, as on a category's tiles (no "Compare" box: a
 * search mixes categories, which a comparison refuses). A result names its product by the address's slug; one
 * not sold in the shopper's region (or a locale without shopping) gets no heart, nor do articles and pages.
 */
export async function withSearchHearts<T extends { id: string; type: string; title: string }>(
  shopper: Shopper,
  results: readonly T[],
  returnTo: string,
): Promise<Array<T & { heart: string | null }>> {
  const slugOf = (result: T) =>
    result.type === 'product' && result.id.startsWith('product-') ? result.id.slice('product-'.length) : null;
  const catalogue = shopper.services.commerce.catalogue;
  const ids = await Promise.all(
    results.map(async (result) => {
      const slug = shopper.locale.shoppingRegion ? slugOf(result) : null;
      const product = slug ? await catalogue.getProductBySlug(shopper.pricing, slug) : null;
      return product && product.availability !== 'disabled' ? product.id : null;
    }),
  );
  if (ids.every((id) => id === null)) return results.map((result) => ({ ...result, heart: null }));
  const { heart } = await tileHearts(shopper, returnTo);
  return results.map((result, index) => {
    const id = ids[index];
    return { ...result, heart: id == null ? null : renderToStaticMarkup(heart(id, result.title)) };
  });
}

/**
 * The products on a list, in the list's order, each with the region's price and stock (the catalogue's own tile
 * rules): products no longer sold here drop out rather than show without a price.
 */
export async function wishlistItems(shopper: Shopper, ids: readonly number[]): Promise<WishlistItemView[]> {
  const products = await productsById(shopper, ids);
  const content = await contentByUid(
    shopper,
    products.map((product) => product.slug),
  );
  const tiles = admitTiles(
    products.map((product) => ({ content: content.get(product.slug) ?? null, commerce: product })),
    shopper.tile,
  );
  return tiles.map((tile) => ({
    id: tile.id,
    title: tile.title,
    href: tile.href,
    image: tile.imageId ? mediaUrl(tileImage(tile.imageId), { width: 480, height: 640 }) : null,
    price: tile.price
      ? { current: tile.price.current, compareAt: tile.price.compareAt, from: tile.price.from === true }
      : tile.contentPrice
        ? { current: tile.contentPrice, compareAt: null, from: false }
        : null,
    inStock: tile.inStock,
  }));
}
