import { BASE_DPI, type ImageParams } from './params.ts';

export interface Size {
  width: number;
  height: number;
}

/** Point of interest as fractions of the original (x, y of its top-left corner, w, h of its size). */
export interface PointOfInterest {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface Geometry {
  /** Region of the original to keep, in original pixels. */
  crop: { left: number; top: number; width: number; height: number };
  /** Output size in pixels. */
  width: number;
  height: number;
}

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);

/**
 * Where to crop and how big to render.
 * - `sm=aspect&aspect=W:H` keeps the largest W:H region, centred on the point of interest with `scaleFit=poi`
 *   (else on the middle), moved inside the image.
 * - `w` is the width at 72 dpi; `dpi` scales it (dpi 144 gives twice the pixels); the height follows the crop.
 * - `maxW`/`maxH` shrink the result to fit; raster originals are never enlarged (vector ones may be); no side
 *   ever exceeds `maxDimension`.
 */
export function computeGeometry(
  original: Size,
  params: Pick<ImageParams, 'w' | 'maxW' | 'maxH' | 'dpi' | 'aspect' | 'poi'>,
  options: { maxDimension: number; vector: boolean; poi?: PointOfInterest | undefined },
): Geometry {
  const { width: W, height: H } = original;
  let crop = { left: 0, top: 0, width: W, height: H };
  if (params.aspect) {
    const ratio = params.aspect.w / params.aspect.h;
    const cw = W / H > ratio ? Math.max(1, Math.round(H * ratio)) : W;
    const ch = W / H > ratio ? H : Math.max(1, Math.round(W / ratio));
    const poi = params.poi && options.poi ? options.poi : { x: 0.5, y: 0.5, w: 0, h: 0 };
    const cx = (poi.x + poi.w / 2) * W;
    const cy = (poi.y + poi.h / 2) * H;
    crop = {
      left: Math.round(clamp(cx - cw / 2, 0, W - cw)),
      top: Math.round(clamp(cy - ch / 2, 0, H - ch)),
      width: cw,
      height: ch,
    };
  }
  const scale = params.w !== undefined && params.dpi !== undefined ? params.dpi / BASE_DPI : 1;
  let width = (params.w ?? crop.width) * scale;
  let height = (width * crop.height) / crop.width;
  let factor = 1;
  if (params.maxW !== undefined) factor = Math.min(factor, params.maxW / width);
  if (params.maxH !== undefined) factor = Math.min(factor, params.maxH / height);
  if (!options.vector) factor = Math.min(factor, crop.width / width);
  factor = Math.min(factor, options.maxDimension / width, options.maxDimension / height);
  width = Math.max(1, Math.round(width * factor));
  height = Math.max(1, Math.round(height * factor));
  return { crop, width, height };
}

/** The size the whole original is scaled to before the crop is cut out (never smaller than the output). */
export function fullSize(original: Size, geometry: Geometry): Size {
  const scale = geometry.width / geometry.crop.width;
  return {
    width: Math.max(geometry.width, Math.round(original.width * scale)),
    height: Math.max(geometry.height, Math.round(original.height * scale)),
  };
}

/**
 * Kept rasters of a vector original step down by √2 (half an octave): its own size, 1/√2, 1/2, … down to an
 * eighth (level 6). Steps of a half would leave a variant resizing from up to twice its width (a 480 px tile
 * from the 800 px raster); at √2 it decodes and resamples half as many pixels, for twice the rasters on disk.
 */
export const MAX_RASTER_LEVEL = 6;

/** What a level divides the original's sides by: 2^(level/2), exact at even levels. */
function levelDivisor(level: number): number {
  return 2 ** (level >> 1) * (level % 2 === 1 ? Math.SQRT2 : 1);
}

/** The size of a vector original's kept raster at a level. */
export function rasterSize(original: Size, level: number): Size {
  const divisor = levelDivisor(level);
  return {
    width: Math.max(1, Math.round(original.width / divisor)),
    height: Math.max(1, Math.round(original.height / divisor)),
  };
}

/**
 * Which kept raster a vector original is scaled down from to reach `needed` (its full scaled size): the
 * smallest level still at least that large, so resizing only ever shrinks, by less than √2. Null when the
 * vector must be enlarged past its own size: that is drawn from the vector itself, so it stays sharp.
 */
export function rasterLevel(original: Size, needed: Size): number | null {
  if (needed.width > original.width || needed.height > original.height) return null;
  let level = 0;
  while (
    level < MAX_RASTER_LEVEL &&
    Math.floor(original.width / levelDivisor(level + 1)) >= needed.width &&
    Math.floor(original.height / levelDivisor(level + 1)) >= needed.height
  )
    level++;
  return level;
}
