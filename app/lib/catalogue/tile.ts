import { type AnalyticsItem, toAnalyticsItem } from '#core/analytics-item.ts';
import type { CurrencyFormatSettings } from '#core/currency-format.ts';
import { internalHref, withSelectedColor } from '#core/links.ts';
import { isGridProduct } from '#core/product-grid.ts';
import { colourImageId, mediaIdOfPath } from '#core/product-image.ts';
import { SWATCH_LIMIT, swatchStrip } from '#core/swatch-strip.ts';
import { tileTag } from '#core/tile-tags.ts';
import { contentPriceFor, type PriceView, priceView } from './price.ts';

/** The commerce product fields the storefront reads (a subset of the engine's ProductJson). */
export interface CommerceProduct {
  id: number;
  name: string;
  slug: string;
  sku?: string;
  thumbnail?: string | null;
  categories?: number[];
  calculatedPrice?: { value?: number | null } | null;
  retailPrice?: { value?: number | null } | null;
  salePrice?: { value?: number | null } | null;
  /** Its variants cost different prices; the prices above are the lowest (decision 0042). */
  price_varies?: boolean;
  isInStock?: boolean;
  isPurchasable?: boolean;
  availability?: string;
  isNew?: boolean;
  isRedesigned?: boolean;
  product_options?: Array<{
    id: number;
    displayName?: string;
    display_name?: string;
    name?: string;
    values: Array<{
      entityId?: number;
      id?: number;
      label: string;
      hexColors?: string[];
      slug?: string;
      image?: string | null;
    }>;
  }>;
  variants?: CommerceVariant[];
  customFields?: Array<{ name: string; value: string }>;
  inventoryLevel?: number;
  description?: string;
}

export interface CommerceVariant {
  id: number;
  sku?: string;
  inventoryLevel?: number;
  isInStock?: boolean;
  isPurchasable?: boolean;
  thumbnail?: string | null;
  calculatedPrice?: { value?: number | null } | null;
  retailPrice?: { value?: number | null } | null;
  option_values?: Array<{
    id?: number;
    option_id?: number;
    option_display_name?: string;
    label?: string;
    value_id?: number;
    values?: Array<{ id: number; label: string }>;
  }>;
}

/** Content product fields the tile reads (§3 product (content)). */
export interface ContentProduct {
  uid: string;
  title?: string;
  display_title?: string;
  tagline?: string;
  url?: string;
  is_new?: unknown;
  is_redesigned?: unknown;
  prices?: Record<string, string>;
  image?: { amplience_id?: string } | null;
  regions?: string[];
  bc_products?: Record<string, { id?: number } | undefined>;
  [key: string]: unknown;
}

export interface TileContext {
  /** {language}-{country} */
  locale: { language: string; country: string };
  shoppingRegion: boolean;
  isPro: boolean;
  currency: CurrencyFormatSettings & { code: string };
  isAddOn?: boolean;
}

export interface SwatchView {
  slug: string;
  label: string;
  hex: string;
  /** Media id of the product in this colour (core/product-image.ts), null when the product has no image. */
  imageId: string | null;
}

/**
 * The link of a tile in one colour (§2 selected colour). Worked out where it is shown rather than sent: the page's
 * loader data reaches the browser twice (HTML and stream), and a link per swatch was a quarter of a tile's data.
 */
export function swatchHref(tile: Pick<TileView, 'href'>, swatch: Pick<SwatchView, 'slug'>): string {
  return withSelectedColor(tile.href, swatch.slug);
}

export interface TileView {
  id: number;
  uid: string;
  title: string;
  href: string;
  imageId: string | null;
  price: PriceView | null;
  /** §3 the content's price for the visitor's country, shown outside shopping regions. */
  contentPrice: string | null;
  tag: 'sale' | 'new' | 'redesigned' | null;
  swatches: SwatchView[];
  /** The swatch shown first (its image, its link): the filtered colour on a colour-filtered listing; else 0. */
  shownSwatch?: number;
  /** '+N' labels for desktop (6 shown) and mobile (4 shown), null when nothing overflows. */
  overflow: { desktop: string | null; mobile: string | null };
  inStock: boolean;
  analytics: AnalyticsItem;
}

export const COLOR_OPTION = /^colou?r$/i;
export const SIZE_OPTION = /^size$/i;

const optionName = (option: { displayName?: string; display_name?: string; name?: string }) =>
  option.displayName ?? option.display_name ?? option.name ?? '';

const slugOf = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** Media id from a '/media/i/{alias}/{id}' path, or null. */
export const mediaIdOf = mediaIdOfPath;

/** The colour values of a commerce product, each with the image it shows (core/product-image.ts). */
export function colourOptions(product: CommerceProduct): Array<SwatchView & { id: number }> {
  const option = product.product_options?.find((candidate) => COLOR_OPTION.test(optionName(candidate)));
  if (!option) return [];
  return option.values.map((value) => ({
    id: value.entityId ?? value.id ?? 0,
    slug: value.slug || slugOf(value.label),
    label: value.label,
    hex: value.hexColors?.[0] ?? '#cccccc',
    imageId: colourImageId(product, value),
  }));
}

/**
 * The colour names of the content entry in the page's language, by colour slug (issue 41: colour value names per
 * locale live with the product's other text, decision 0039); the commerce label where the entry names none.
 */
export function colourNamesOf(content: ContentProduct | null): Record<string, string> {
  const names: Record<string, string> = {};
  const colours = content?.colours;
  if (Array.isArray(colours))
    for (const colour of colours as Array<{ slug?: unknown; label?: unknown }>)
      if (typeof colour?.slug === 'string' && typeof colour.label === 'string' && colour.label)
        names[colour.slug] = colour.label;
  return names;
}

export function productHref(locale: TileContext['locale'], content: ContentProduct | null, slug: string) {
  return internalHref(locale, content?.url || `/${slug}`, 'product');
}

/**
 * One product tile (§2, §4): the content entry gives title, link and content flags, the commerce record the
 * price, stock and colours. A product without a content entry falls back to its commerce name and slug.
 */
export function tileView(
  content: ContentProduct | null,
  commerce: CommerceProduct,
  context: TileContext,
): TileView {
  const title = content?.display_title || content?.title || commerce.name;
  const href = productHref(context.locale, content, commerce.slug);
  const colours = colourOptions(commerce);
  const names = colourNamesOf(content);
  const swatches = colours.map((colour) => ({
    slug: colour.slug,
    label: names[colour.slug] ?? colour.label,
    hex: colour.hex,
    imageId: colour.imageId,
  }));
  const desktop = swatchStrip(swatches, 'desktop');
  const mobile = swatchStrip(swatches, 'mobile');
  const tag = tileTag({
    shoppingRegion: context.shoppingRegion,
    isPro: context.isPro,
    isAddOn: context.isAddOn ?? false,
    commerce,
    content: content as { is_new?: never; is_redesigned?: never } | null,
  });
  const price = context.shoppingRegion
    ? priceView(commerce, context.currency, { isPro: context.isPro, showSale: !context.isAddOn })
    : null;
  const retail = commerce.retailPrice?.value ?? null;
  const calculated = commerce.calculatedPrice?.value ?? null;
  return {
    id: commerce.id,
    uid: content?.uid ?? commerce.slug,
    title,
    href,
    imageId: swatches[0]?.imageId ?? mediaIdOf(commerce.thumbnail) ?? content?.image?.amplience_id ?? null,
    price,
    contentPrice: context.shoppingRegion ? null : contentPriceFor(content?.prices, context.locale.country),
    tag,
    swatches: desktop.show ? swatches : [],
    overflow: { desktop: desktop.overflowLabel, mobile: mobile.overflowLabel },
    inStock: commerce.isInStock !== false,
    analytics: toAnalyticsItem({
      name: title,
      id: content?.uid ?? commerce.slug,
      bcItemId: commerce.variants?.[0]?.id ?? commerce.id,
      bcParentItemId: commerce.id,
      originalPrice: retail,
      salePrice: calculated !== null && retail !== null && calculated < retail ? calculated : null,
    }),
  };
}

/** §2 grid admission: a title, a url and a commerce record; the content's own fields win when present. */
export function admitTiles(
  pairs: ReadonlyArray<{ content: ContentProduct | null; commerce: CommerceProduct | null | undefined }>,
  context: TileContext,
): TileView[] {
  return pairs
    .filter(
      (pair): pair is { content: ContentProduct | null; commerce: CommerceProduct } =>
        Boolean(pair.commerce) &&
        isGridProduct({
          title: pair.content?.title ?? pair.commerce?.name,
          url: pair.content?.url ?? pair.commerce?.slug,
          commerce: pair.commerce,
        }),
    )
    .map((pair) => tileView(pair.content, pair.commerce, context));
}

/**
 * A colour-filtered listing shows each tile in the first filtered colour it has, and links to it (issue 18 #7:
 * the Citron filter showed a Cub tile linking to ?color=sunrise).
 */
export function showFilteredColour<T extends TileView>(tiles: T[], colours: readonly string[]): T[] {
  if (colours.length === 0) return tiles;
  return tiles.map((tile) => {
    const index = tile.swatches.findIndex((swatch) => colours.includes(swatch.slug));
    return index > 0 ? { ...tile, shownSwatch: index } : tile;
  });
}

export { SWATCH_LIMIT };

export interface QuickAddVariant {
  id: number;
  colour: string;
  size: string | null;
  inStock: boolean;
}

/** The variants a quick-add panel offers: colour label, size label and stock per variant. */
export function quickAddVariants(product: CommerceProduct): QuickAddVariant[] {
  return (product.variants ?? []).map((variant) => {
    const colour = variant.option_values?.find((value) => COLOR_OPTION.test(value.option_display_name ?? ''));
    const size = variant.option_values?.find((value) => SIZE_OPTION.test(value.option_display_name ?? ''));
    return {
      id: variant.id,
      colour: colour?.label ?? colour?.values?.[0]?.label ?? '',
      size: size ? (size.label ?? size.values?.[0]?.label ?? null) : null,
      inStock: variant.isPurchasable !== false && variant.isInStock !== false,
    };
  });
}
