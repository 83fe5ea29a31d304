import { describe, expect, it } from 'vitest';
import { context, EUR, snowshoe } from './catalogue-fixtures.test-helpers.ts';
import { contentPriceFor, priceView } from './price.ts';
import {
  admitTiles,
  colourOptions,
  mediaIdOf,
  quickAddVariants,
  showFilteredColour,
  swatchHref,
  type TileView,
  tileView,
} from './tile.ts';

describe('priceView', () => {
  it('formats the calculated price in the region currency and strikes the retail price on sale', () => {
    const view = priceView({ calculatedPrice: { value: 1234.5 }, retailPrice: { value: 1500 } }, EUR, {
      isPro: false,
    });
    expect(view).toEqual({ current: '1.234,50 €', compareAt: '1.500,00 €', amount: 1234.5, currency: 'EUR' });
  });
  it('never shows a sale comparison to pro customers (§6)', () => {
    const view = priceView({ calculatedPrice: { value: 90 }, retailPrice: { value: 150 } }, EUR, {
      isPro: true,
    });
    expect(view?.compareAt).toBeNull();
    expect(view?.current).toBe('90,00 €');
  });
  it('reads the content price of a country, or null', () => {
    expect(contentPriceFor({ jp: '¥50,200' }, 'JP')).toBe('¥50,200');
    expect(contentPriceFor({ jp: '' }, 'jp')).toBeNull();
    expect(contentPriceFor(null, 'jp')).toBeNull();
  });
});

describe('tileView', () => {
  it('links to the product with the shown colour and lists swatches with their images', () => {
    const tile = tileView(
      { uid: 'ridgeline-summit-ascent-mens', title: 'Summit Ascent', url: '/ridgeline-summit-ascent-mens' },
      snowshoe(),
      context(),
    );
    expect(tile.href).toBe('/en-us/p/ridgeline-summit-ascent-mens');
    expect(tile.swatches.map((swatch) => swatchHref(tile, swatch))).toContain(
      '/en-us/p/ridgeline-summit-ascent-mens?color=summit-red',
    );
    expect(tile.swatches[2]?.imageId).toBe('ridgeline-summit-ascent-mens-spruce');
    expect(tile.tag).toBe('new');
    expect(tile.price?.current).toBe('$329.95');
  });
  it('tags a sale for shoppers and drops it for pro customers', () => {
    const sale = snowshoe({ calculatedPrice: { value: 199 }, retailPrice: { value: 249 } });
    expect(tileView(null, sale, context()).tag).toBe('sale');
    const pro = tileView(null, sale, context({ isPro: true }));
    expect(pro.tag).toBe('new');
    expect(pro.price?.compareAt).toBeNull();
  });
  it('shows the content price per country and no commerce price outside shopping regions', () => {
    const tile = tileView(
      { uid: 'x', title: 'X', url: '/x', prices: { gb: '£239.95' } },
      snowshoe(),
      context({ shoppingRegion: false, locale: { language: 'en', country: 'gb' } }),
    );
    expect(tile.price).toBeNull();
    expect(tile.contentPrice).toBe('£239.95');
  });
  it('counts +N overflow beyond 6 swatches on desktop and 4 on phones', () => {
    const many = snowshoe({
      variants: [],
      product_options: [
        {
          id: 1,
          displayName: 'Color',
          values: Array.from({ length: 8 }, (_, n) => ({
            entityId: n + 1,
            label: `Colour ${n}`,
            slug: `c${n}`,
          })),
        },
      ],
    });
    const tile = tileView(null, many, context());
    expect(tile.overflow).toEqual({ desktop: '+2', mobile: '+4' });
  });
  it('hides the strip with a single colour', () => {
    const one = snowshoe({
      variants: [],
      product_options: [
        { id: 1, displayName: 'Color', values: [{ entityId: 1, label: 'Black', slug: 'black' }] },
      ],
    });
    expect(tileView(null, one, context()).swatches).toEqual([]);
  });
  it('builds analytics items with the sale discount', () => {
    const tile = tileView(
      null,
      snowshoe({ calculatedPrice: { value: 199 }, retailPrice: { value: 249 } }),
      context(),
    );
    expect(tile.analytics).toMatchObject({
      item_id: 'ridgeline-summit-ascent-mens',
      price: 199,
      discount: 50,
      bc_parent_item_id: '7',
    });
  });
});

describe('grid admission and helpers', () => {
  it('admits only products with a commerce record', () => {
    const tiles = admitTiles(
      [
        { content: { uid: 'a', title: 'A', url: '/a' }, commerce: snowshoe() },
        { content: { uid: 'b', title: 'B', url: '/b' }, commerce: null },
      ],
      context(),
    );
    expect(tiles.map((tile) => tile.uid)).toEqual(['a']);
  });
  it('shows each colour in the image its value names when variants are absent, never a guessed id', () => {
    const named = snowshoe({ slug: 'alpine-trek-snowshoe', variants: undefined, thumbnail: null });
    const option = named.product_options![0]!;
    option.values = option.values.map((value, index) => ({
      ...value,
      image: index === 1 ? 'upload-5e1a' : null,
    }));
    const tile = tileView(null, named, context());
    // Black and Spruce name no image and the product has no thumbnail: no id at all rather than a 404.
    expect(tile.swatches.map((swatch) => swatch.imageId)).toEqual([null, 'upload-5e1a', null]);
    expect(tile.imageId).toBeNull();
    const thumbnailed = { ...named, thumbnail: '/media/i/ridgeline/upload-77' };
    expect(colourOptions(thumbnailed).map((colour) => colour.imageId)).toEqual([
      'upload-77',
      'upload-5e1a',
      'upload-77',
    ]);
    expect(mediaIdOf('/media/i/ridgeline/a-b?w=3')).toBe('a-b');
  });
  it('lists quick-add variants with stock', () => {
    const variants = quickAddVariants(snowshoe());
    expect(variants).toHaveLength(6);
    expect(
      variants.find((variant) => variant.colour === 'Summit Red' && variant.size === '30 in')?.inStock,
    ).toBe(false);
  });
});

describe('a colour-filtered listing (issue 18 #7)', () => {
  const swatch = (slug: string) => ({
    slug,
    label: slug,
    hex: '#000',
    imageId: `cub-${slug}`,
  });
  const tile = {
    uid: 'cub',
    href: '/p/cub',
    swatches: [swatch('sunrise'), swatch('citron')],
  } as unknown as TileView;

  it('shows and links each tile in the first filtered colour it has', () => {
    const [shown] = showFilteredColour([tile], ['citron']);
    expect(shown?.shownSwatch).toBe(1);
    expect(shown && swatchHref(shown, shown.swatches[shown.shownSwatch ?? 0]!)).toBe('/p/cub?color=citron');
  });

  it('leaves tiles alone without a colour filter or a matching swatch', () => {
    expect(showFilteredColour([tile], [])[0]).toBe(tile);
    expect(showFilteredColour([tile], ['black'])[0]?.shownSwatch).toBeUndefined();
  });
});
