/**
 * How the demo media is named (pure, no Node imports, safe for browser code): the storefront and the seed
 * content put these ids in image descriptors (`image.amplience_id`) and build URLs with core's mediaUrl.
 */

/** The main product image and the image set of one product colour: `{productSlug}-{colourSlug}`. */
export function productImageId(productSlug: string, colourSlug: string): string {
  return `${productSlug}-${colourSlug}`;
}

/** Detail views drawn for every product colour, listed after the main image in its set. */
export const PRODUCT_DETAIL_VIEWS = ['side', 'detail'] as const;
export type ProductDetailView = (typeof PRODUCT_DETAIL_VIEWS)[number];

export function productDetailImageId(
  productSlug: string,
  colourSlug: string,
  view: ProductDetailView,
): string {
  return `${productImageId(productSlug, colourSlug)}-${view}`;
}

/** Lifestyle and banner artworks (about 2400x1000). */
export const BANNER_IMAGE_IDS = [
  'banner-powder-day',
  'banner-dawn-summit',
  'banner-backcountry',
  'banner-kids',
  'lifestyle-forest-trail',
  'lifestyle-family-outing',
  'lifestyle-race-start',
  'lifestyle-night-trail',
  'lifestyle-workshop',
  'lifestyle-dealer-shop',
] as const;
export type BannerImageId = (typeof BANNER_IMAGE_IDS)[number];

/** The demo video: poster-only (no MP4 is shipped), served under /v/ with its poster as main thumbnail. */
export const DEMO_VIDEO_ID = 'video-race-start';
