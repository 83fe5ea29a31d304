import { describe, expect, it } from 'vitest';
import { snowshoe, USD } from './catalogue-fixtures.test-helpers.ts';
import { productJsonLd, productPageView, sortOptionLabels, specRows, variantFor } from './product.ts';

const options = {
  locale: { language: 'en', country: 'us' },
  shoppingRegion: true,
  isPro: false,
  currency: USD,
  colour: null as string | null,
  hiddenAttributes: ['warranty'],
  specTitles: [
    { id: 'terrain', title: 'Terrain' },
    { id: 'frame', title: 'Frame material' },
  ],
  optionSorting: [{ attribute: 'Size', order: ['22 in', '25 in', '30 in'] }],
  descriptionHtml: '<p>Climb.</p>',
};
const content = {
  uid: 'ridgeline-summit-ascent-mens',
  title: "Summit Ascent Men's Snowshoe",
  url: '/ridgeline-summit-ascent-mens',
  updated_product_specs: [
    { id: 'frame', title: 'Frame', value: 'Steel' },
    { id: 'warranty', title: 'Warranty', value: '5 years' },
    { id: 'terrain', title: 'Terrain', value: 'Mountainous' },
  ],
};

describe('productPageView', () => {
  it('reads "from" the lowest of the shown colour when its sizes differ, with each size\'s price (decision 0042)', () => {
    const product = snowshoe();
    product.price_varies = true;
    for (const variant of product.variants ?? [])
      if (variant.option_values?.some((value) => value.label === '30 in'))
        variant.calculatedPrice = variant.retailPrice = { value: 359.95 };
    const view = productPageView(content, product, options);
    expect(view.price).toMatchObject({ current: '$329.95', amount: 329.95, from: true });
    expect(view.sizes.map((size) => size.label)).toEqual(['25 in', '30 in']);
    expect(view.sizePrices?.map((price) => price?.current)).toEqual(['$329.95', '$359.95']);
    // Every size at one price: no "from", no list of sizes' prices.
    const plain = productPageView(content, snowshoe(), options);
    expect(plain.price?.from).toBeUndefined();
    expect(plain.sizePrices).toBeNull();
  });
  it('selects the colour named in the URL, else the first one', () => {
    expect(productPageView(content, snowshoe(), options).selectedColour).toBe('black');
    expect(productPageView(content, snowshoe(), { ...options, colour: 'spruce' }).selectedColour).toBe(
      'spruce',
    );
    expect(productPageView(content, snowshoe(), { ...options, colour: 'nope' }).selectedColour).toBe('black');
  });
  it('names colours in the entry’s language and matches variants by that name (issue 41)', () => {
    const german = {
      ...content,
      colours: [
        { slug: 'black', label: 'Schwarz' },
        { slug: 'summit-red', label: 'Gipfelrot' },
        { slug: 'spruce', label: '' },
      ],
    };
    const view = productPageView(german, snowshoe(), { ...options, colour: 'summit-red' });
    expect(view.colours.map((colour) => colour.label)).toEqual(['Schwarz', 'Gipfelrot', 'Spruce Green']);
    expect(new Set(view.variants.map((variant) => variant.colour))).toEqual(
      new Set(['Schwarz', 'Gipfelrot', 'Spruce Green']),
    );
    expect(variantFor(view.variants, 'Gipfelrot', '30 in')?.inStock).toBe(false);
    expect(view.sizes.find((size) => size.label === '25 in')?.available).toBe(true);
  });
  it('orders sizes by the managed sorting and marks sizes out of stock in the chosen colour', () => {
    const view = productPageView(content, snowshoe(), { ...options, colour: 'summit-red' });
    expect(view.sizes).toEqual([
      { label: '25 in', available: true },
      { label: '30 in', available: false },
    ]);
  });
  it('hides attributes, renames and orders specs by the managed titles', () => {
    expect(productPageView(content, snowshoe(), options).specs).toEqual([
      { title: 'Terrain', value: 'Mountainous' },
      { title: 'Frame material', value: 'Steel' },
    ]);
  });
  it('falls back to the commerce custom fields for specs', () => {
    expect(specRows(null, snowshoe({ customFields: [{ name: 'Binding', value: 'Dial' }] }), [], [])).toEqual([
      { title: 'Binding', value: 'Dial' },
    ]);
  });
  it('does not sell outside shopping regions and shows the content price instead', () => {
    const view = productPageView({ ...content, prices: { jp: '¥50,200' } }, snowshoe(), {
      ...options,
      shoppingRegion: false,
      locale: { language: 'ja', country: 'jp' },
    });
    expect(view.sellable).toBe(false);
    expect(view.price).toBeNull();
    expect(view.contentPrice).toBe('¥50,200');
  });
  it('tags sale over new, and never for pro customers', () => {
    const sale = snowshoe({ calculatedPrice: { value: 200 }, retailPrice: { value: 329.95 } });
    expect(productPageView(content, sale, options).tags).toEqual({
      sale: true,
      new: false,
      redesigned: false,
    });
    expect(productPageView(content, sale, { ...options, isPro: true }).tags).toEqual({
      sale: false,
      new: true,
      redesigned: false,
    });
  });
});

describe('variants and structured data', () => {
  it('finds the variant of a colour and size', () => {
    const view = productPageView(content, snowshoe(), options);
    expect(variantFor(view.variants, 'Summit Red', '30 in')).toMatchObject({ inStock: false });
    expect(variantFor(view.variants, 'Black', '25 in')?.inStock).toBe(true);
    expect(variantFor(view.variants, 'Mauve', '25 in')).toBeNull();
  });
  it('sorts unknown option labels after the known ones', () => {
    expect(
      sortOptionLabels(['XL', '30 in', 'S'], 'size', [{ attribute: 'Size', order: ['S', '30 in'] }]),
    ).toEqual(['S', '30 in', 'XL']);
  });
  it('describes a Product with an Offer in the shown currency', () => {
    const view = productPageView(content, snowshoe(), options);
    const ld = productJsonLd(view, {
      origin: 'https://x.test',
      image: 'https://x.test/i.jpg',
      brand: 'Ridgeline',
      description: 'd',
    });
    expect(ld).toMatchObject({
      '@type': 'Product',
      name: "Summit Ascent Men's Snowshoe",
      offers: {
        '@type': 'Offer',
        priceCurrency: 'USD',
        price: '329.95',
        availability: 'https://schema.org/InStock',
      },
    });
    const notSold = productPageView(content, snowshoe(), { ...options, shoppingRegion: false });
    expect('offers' in productJsonLd(notSold, { origin: '', image: '', brand: '', description: '' })).toBe(
      false,
    );
  });
});
