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

/**
 * The demo video under /v/: a 4 s 1280x720 H.264 MP4 recorded by seed/media/record-video.ts, with the race-start
 * artwork as poster (main thumbnail). Without its MP4 file it is poster-only and mp4_720p answers 404.
 */
export const DEMO_VIDEO_ID = 'video-race-start';
