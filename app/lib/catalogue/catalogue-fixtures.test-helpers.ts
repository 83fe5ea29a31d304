import type { CommerceProduct, TileContext } from './tile.ts';

export const USD = {
  code: 'USD',
  token: '$',
  decimal_token: '.',
  thousands_token: ',',
  decimal_places: 2,
  token_location: 'left' as const,
};
export const EUR = {
  ...USD,
  code: 'EUR',
  token: '€',
  decimal_token: ',',
  thousands_token: '.',
  token_location: 'right' as const,
};

export const context = (overrides: Partial<TileContext> = {}): TileContext => ({
  locale: { language: 'en', country: 'us' },
  shoppingRegion: true,
  isPro: false,
  currency: USD,
  ...overrides,
});

/** A snowshoe with three colours and two sizes; the second colour's 30 in is out of stock. */
export function snowshoe(overrides: Partial<CommerceProduct> = {}): CommerceProduct {
  const colours = [
    { entityId: 1, label: 'Black', hexColors: ['#111111'], slug: 'black' },
    { entityId: 2, label: 'Summit Red', hexColors: ['#c8362d'], slug: 'summit-red' },
    { entityId: 3, label: 'Spruce Green', hexColors: ['#2f5d46'], slug: 'spruce' },
  ];
  const sizes = [
    { entityId: 51, label: '30 in', slug: '30-in' },
    { entityId: 52, label: '25 in', slug: '25-in' },
  ];
  let id = 1000;
  return {
    id: 7,
    name: "Summit Ascent Men's Snowshoe",
    slug: 'ridgeline-summit-ascent-mens',
    sku: 'RL-1002',
    thumbnail: '/media/i/ridgeline/ridgeline-summit-ascent-mens-black',
    categories: [2, 1],
    calculatedPrice: { value: 329.95 },
    retailPrice: { value: 329.95 },
    isInStock: true,
    isNew: true,
    product_options: [
      { id: 71, displayName: 'Color', values: colours },
      { id: 72, displayName: 'Size', values: sizes },
    ],
    variants: colours.flatMap((colour) =>
      sizes.map((size) => ({
        id: ++id,
        isInStock: !(colour.slug === 'summit-red' && size.label === '30 in'),
        isPurchasable: !(colour.slug === 'summit-red' && size.label === '30 in'),
        thumbnail: `/media/i/ridgeline/ridgeline-summit-ascent-mens-${colour.slug}`,
        calculatedPrice: { value: 329.95 },
        retailPrice: { value: 329.95 },
        option_values: [
          { id: 71, option_display_name: 'Color', label: colour.label, value_id: colour.entityId },
          { id: 72, option_display_name: 'Size', label: size.label, value_id: size.entityId },
        ],
      })),
    ),
    ...overrides,
  };
}
