/**
 * Product tile images as one <img> with width candidates and a `sizes` attribute (issue 22). The <picture> of
 * §9 (three breakpoint sources, each 1x/2x at dpi 96/144) sent six URLs per tile and, because dpi 96 is 4/3 of
 * the asked width, a 453 px image into a 230 px desktop tile. Here the browser picks from four widths by the
 * tile's real CSS width (from `sizes`) and the screen's density, so an image is never much larger than shown.
 */
import { type ImageDescriptor, mediaUrl } from './media-url.ts';

/**
 * Pixel widths a tile image is offered at. They cover the tile's CSS width (171–405 px, see TILE_SIZES) at 1x to
 * 3x closely: 240 a desktop tile at 1x, 360 a tablet or 2x phone, 480 a 2.6x phone (Lighthouse's mobile device:
 * 181 px × 2.625), 720 a 2x tablet or 3x phone. Any width is valid for the media service (1 to its maximum side).
 */
export const TILE_IMAGE_WIDTHS = [240, 360, 480, 720] as const;
/** The tile's crop, width:height (§9 tile sizes are all 3:4). */
export const TILE_ASPECT = { width: 3, height: 4 } as const;
/** On a slow connection (§4: dpi 72 for 1x and 2x, the asked size) the browser gets no more than this width. */
export const SLOW_CONNECTION_MAX_WIDTH = 360;

/**
 * The product gallery's widths (§4 image set, 3:4): 480 and 640 phones at 1x–1.5x, 800 Lighthouse's 412 px phone
 * at 1.75x (721 px) or a 2x phone, 1080 and 1440 a 3x phone or a 2x desktop gallery (710 px). The §9 picture
 * asked 600 px at dpi 96/144, i.e. 800 or 1200 px wide, on every phone.
 */
export const GALLERY_IMAGE_WIDTHS = [480, 640, 800, 1080, 1440] as const;
/** The gallery's CSS width: the page's width less its smallest gutters on a phone, 7/12 of 84rem from 900 px. */
export const GALLERY_SIZES = '(min-width: 900px) 710px, calc(100vw - 2rem)';
/** On a slow connection (§4) the gallery image is no wider than a phone's 1.5x. */
export const GALLERY_SLOW_CONNECTION_MAX_WIDTH = 640;

export type TileLayout = 'grid' | 'grid-beside-filters' | 'slider';

/**
 * The `sizes` attribute per grid layout: the tile's CSS width at each breakpoint of catalogue.css and
 * category.css (.container max 84rem with a clamp(1rem, 4vw, 2.5rem) gutter; grid 2/3/4 columns at 0/900/1200
 * px; the category's filter column of 15rem + 2rem gap from 1024 px; the slider's 82 % / 2 / 4 cards at
 * 0/600/900 px). Each value is the largest width in its range, so the browser never picks an image smaller
 * than shown.
 */
export const TILE_SIZES: Record<TileLayout, string> = {
  grid: '(min-width: 1200px) 298px, (min-width: 900px) 357px, calc(50vw - 24px)',
  'grid-beside-filters':
    '(min-width: 1200px) 230px, (min-width: 1024px) 266px, (min-width: 900px) 298px, calc(50vw - 24px)',
  slider: '(min-width: 1344px) 309px, (min-width: 900px) calc(25vw - 26px), (min-width: 600px) 50vw, 82vw',
};

export interface ResponsiveImage {
  src: string;
  srcSet: string;
  /** Intrinsic size of the fallback: keeps the box's aspect ratio before the image arrives (no layout shift). */
  width: number;
  height: number;
}

/**
 * `src` and a width-descriptor `srcSet` for an image cropped to `aspect`, at `widths` no larger than `maxWidth`
 * (the smallest width is always kept). No dpi parameter: each URL asks for exactly the pixels it declares. The
 * fallback `src` is the second width (a 1x tablet or 2x desktop tile), null without an asset id.
 */
export function responsiveImage(
  descriptor: ImageDescriptor,
  options: {
    widths?: readonly number[];
    aspect?: { width: number; height: number };
    maxWidth?: number;
  } = {},
): ResponsiveImage | null {
  const { widths = TILE_IMAGE_WIDTHS, aspect = TILE_ASPECT, maxWidth = Number.POSITIVE_INFINITY } = options;
  const offered = widths.filter((width, index) => index === 0 || width <= maxWidth);
  const at = (width: number) =>
    mediaUrl(
      { ...descriptor, dpi: null },
      { width, height: Math.round((width * aspect.height) / aspect.width) },
    );
  const candidates = offered.map((width) => ({ width, url: at(width) }));
  if (candidates.some((candidate) => candidate.url === null)) return null;
  const fallback = candidates[Math.min(1, candidates.length - 1)];
  if (!fallback?.url) return null;
  return {
    src: fallback.url,
    srcSet: candidates.map((candidate) => `${candidate.url} ${candidate.width}w`).join(', '),
    width: fallback.width,
    height: Math.round((fallback.width * aspect.height) / aspect.width),
  };
}

/** A product gallery image's candidates (3:4) for the visitor's connection: a slow one gets no more than 640 px. */
export function galleryImage(descriptor: ImageDescriptor, fastConnection: boolean): ResponsiveImage | null {
  return responsiveImage(descriptor, {
    widths: GALLERY_IMAGE_WIDTHS,
    ...(fastConnection ? {} : { maxWidth: GALLERY_SLOW_CONNECTION_MAX_WIDTH }),
  });
}
