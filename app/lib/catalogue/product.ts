import type { CurrencyFormatSettings } from '#core/currency-format.ts';
import { withSelectedColor } from '#core/links.ts';
import { collectOptionValues } from '#core/option-values.ts';
import { isFlagSet } from '#core/tile-tags.ts';
import { contentPriceFor, type PriceView, priceView } from './price.ts';
import {
  COLOR_OPTION,
  type CommerceProduct,
  type CommerceVariant,
  type ContentProduct,
  colourNamesOf,
  colourOptions,
  productHref,
  SIZE_OPTION,
  type SwatchView,
} from './tile.ts';

/** Product page view (§2, §3, §4): variant choice, prices, tags, stock, specs. Pure. */

export interface SizeChoice {
  label: string;
  available: boolean;
}

export interface VariantChoice {
  id: number;
  colour: string;
  size: string | null;
  inStock: boolean;
  purchasable: boolean;
  price: PriceView | null;
}

export interface SpecRow {
  title: string;
  value: string;
}

export interface ProductPageView {
  id: number;
  uid: string;
  sku: string;
  title: string;
  tagline: string;
  descriptionHtml: string;
  href: string;
  colours: Array<SwatchView & { href: string }>;
  selectedColour: string | null;
  sizes: SizeChoice[];
  variants: VariantChoice[];
  price: PriceView | null;
  /**
   * Each size's price in the shown colour, in the order of `sizes`, when they differ (decision 0042): the page
   * shows the chosen size's; null when every size costs the same.
   */
  sizePrices: Array<PriceView | null> | null;
  contentPrice: string | null;
  tags: { sale: boolean; new: boolean; redesigned: boolean };
  inStock: boolean;
  specs: SpecRow[];
  sellable: boolean;
}

interface Options {
  locale: { language: string; country: string };
  shoppingRegion: boolean;
  isPro: boolean;
  currency: CurrencyFormatSettings & { code: string };
  /** Lower-cased colour slug from the URL (§2). */
  colour: string | null;
  hiddenAttributes: readonly string[];
  specTitles: ReadonlyArray<{ id: string; title: string }>;
  optionSorting: ReadonlyArray<{ attribute: string; order: readonly string[] }>;
  descriptionHtml: string;
}

const labelOf = (value: NonNullable<CommerceVariant['option_values']>[number] | undefined) =>
  value ? (value.label ?? value.values?.[0]?.label ?? null) : null;

/** Sizes in the editors' order (§3 attribute_option_sorting), unknown ones after in their own order. */
export function sortOptionLabels(
  labels: readonly string[],
  attribute: string,
  sorting: Options['optionSorting'],
) {
  const order =
    sorting.find((entry) => entry.attribute.toLowerCase() === attribute.toLowerCase())?.order ?? [];
  const rank = (label: string) => {
    const index = order.indexOf(label);
    return index === -1 ? order.length : index;
  };
  return [...labels].sort((a, b) => rank(a) - rank(b));
}

/**
 * Specs (§3): the content's updated specs (id, title, value) or product specs; titles from the managed spec
 * titles; attributes named in hide_product_attributes left out; ordered as the spec titles list them.
 */
export function specRows(
  content: ContentProduct | null,
  commerce: CommerceProduct | null,
  hidden: readonly string[],
  titles: Options['specTitles'],
): SpecRow[] {
  const hiddenSet = new Set(hidden.map((name) => name.toLowerCase()));
  const updated =
    (content?.updated_product_specs as Array<{ id: string; title?: string; value: string }>) ?? [];
  const plain = (content?.product_specs as Array<{ id: string; value: string }>) ?? [];
  const source =
    updated.length > 0
      ? updated
      : plain.length > 0
        ? plain
        : (commerce?.customFields ?? []).map((field) => ({
            id: field.name
              .toLowerCase()
              .replace(/[^a-z0-9]+/g, '-')
              .replace(/^-|-$/g, ''),
            title: field.name,
            value: field.value,
          }));
  const rank = (id: string) => {
    const index = titles.findIndex((entry) => entry.id === id);
    return index === -1 ? titles.length : index;
  };
  return source
    .filter((spec) => spec.value && !hiddenSet.has(spec.id.toLowerCase()))
    .filter((spec) => !hiddenSet.has(((spec as { title?: string }).title ?? '').toLowerCase()))
    .map((spec, index) => ({ spec, index }))
    .sort((a, b) => rank(a.spec.id) - rank(b.spec.id) || a.index - b.index)
    .map(({ spec }) => ({
      title:
        titles.find((entry) => entry.id === spec.id)?.title ?? (spec as { title?: string }).title ?? spec.id,
      value: spec.value,
    }));
}

export function productPageView(
  content: ContentProduct | null,
  commerce: CommerceProduct,
  options: Options,
): ProductPageView {
  const href = productHref(options.locale, content, commerce.slug);
  const names = colourNamesOf(content);
  const commerceColours = colourOptions(commerce);
  // Variants name their colour by its commerce label; the page shows (and matches on) the language's name.
  const colourName = (label: string) => {
    const colour = commerceColours.find((entry) => entry.label === label);
    return colour ? (names[colour.slug] ?? label) : label;
  };
  const colours = commerceColours.map((colour) => ({
    slug: colour.slug,
    label: names[colour.slug] ?? colour.label,
    hex: colour.hex,
    imageId: colour.imageId,
    href: withSelectedColor(href, colour.slug),
  }));
  const selected = colours.find((colour) => colour.slug === options.colour) ?? colours[0] ?? null;
  const variants: VariantChoice[] = (commerce.variants ?? []).map((variant) => {
    const colour = variant.option_values?.find((value) => COLOR_OPTION.test(value.option_display_name ?? ''));
    const size = variant.option_values?.find((value) => SIZE_OPTION.test(value.option_display_name ?? ''));
    return {
      id: variant.id,
      colour: colourName(labelOf(colour) ?? ''),
      size: labelOf(size),
      inStock: variant.isInStock !== false,
      purchasable: variant.isPurchasable !== false,
      price: options.shoppingRegion ? priceView(variant, options.currency, { isPro: options.isPro }) : null,
    };
  });
  const sizeOption = commerce.product_options?.find((option) =>
    SIZE_OPTION.test(option.displayName ?? option.display_name ?? option.name ?? ''),
  );
  const sizeLabels =
    sizeOption?.values.map((value) => value.label) ??
    collectOptionValues(commerce.variants ?? [])
      .find((option) => SIZE_OPTION.test(option.displayName))
      ?.values.map((value) => value.label);
  const sizes = sortOptionLabels(sizeLabels ?? [], 'Size', options.optionSorting).map((label) => ({
    label,
    available: variants.some(
      (variant) =>
        variant.size === label && (!selected || variant.colour === selected.label) && variant.inStock,
    ),
  }));
  // Variants may cost different prices (decision 0042): the page shows the shown colour's, "from" its lowest
  // when its sizes differ, and each size's for the size chosen.
  const shown = variants.filter((variant) => !selected || variant.colour === selected.label);
  const sizePrices = sizes.map((size) => shown.find((variant) => variant.size === size.label)?.price ?? null);
  const own = shown.flatMap((variant) => (variant.price ? [variant.price] : []));
  const varies = new Set(own.map((entry) => `${entry.current} ${entry.compareAt}`)).size > 1;
  const lowest = own.reduce<PriceView | null>(
    (low, entry) => (!low || entry.amount < low.amount ? entry : low),
    null,
  );
  const price = !options.shoppingRegion
    ? null
    : commerce.price_varies && lowest
      ? { ...lowest, ...(varies ? { from: true as const } : {}) }
      : priceView(commerce, options.currency, { isPro: options.isPro });
  const sale = Boolean(price?.compareAt);
  const isNew = !sale && (commerce.isNew === true || isFlagSet(content?.is_new as never));
  const redesigned =
    !sale && !isNew && (commerce.isRedesigned === true || isFlagSet(content?.is_redesigned as never));
  return {
    id: commerce.id,
    uid: content?.uid ?? commerce.slug,
    sku: commerce.sku ?? '',
    title: content?.display_title || content?.title || commerce.name,
    tagline: content?.tagline ?? '',
    descriptionHtml: options.descriptionHtml,
    href,
    colours,
    selectedColour: selected?.slug ?? null,
    sizes,
    variants,
    price,
    sizePrices: varies && sizes.length > 0 ? sizePrices : null,
    contentPrice: options.shoppingRegion ? null : contentPriceFor(content?.prices, options.locale.country),
    tags: { sale, new: isNew, redesigned },
    inStock: commerce.isInStock !== false,
    specs: specRows(content, commerce, options.hiddenAttributes, options.specTitles),
    sellable: options.shoppingRegion && commerce.availability !== 'disabled',
  };
}

/** The variant for a colour and size; with one size (or none) the colour decides. */
export function variantFor(
  variants: readonly VariantChoice[],
  colourLabel: string | null,
  size: string | null,
): VariantChoice | null {
  return (
    variants.find(
      (variant) =>
        (!colourLabel || variant.colour === colourLabel) && (size === null || variant.size === size),
    ) ?? null
  );
}

/** schema.org Product with one Offer per the shown price (§2 Product/Offer JSON-LD). */
export function productJsonLd(
  view: ProductPageView,
  facts: { origin: string; image: string | null; brand: string; description: string },
) {
  const offerPrice = view.price?.amount;
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: view.title,
    sku: view.sku || undefined,
    image: facts.image ? [facts.image] : undefined,
    description: facts.description,
    brand: { '@type': 'Brand', name: facts.brand },
    url: `${facts.origin}${view.href}`,
    ...(typeof offerPrice === 'number' && view.price
      ? {
          offers: {
            '@type': 'Offer',
            url: `${facts.origin}${view.href}`,
            priceCurrency: view.price.currency,
            price: offerPrice.toFixed(2),
            availability: view.inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
            itemCondition: 'https://schema.org/NewCondition',
          },
        }
      : {}),
  };
}
