import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { DiskCache } from './disk-cache.ts';
import { MediaError } from './errors.ts';
import { rasterSize, type Size } from './geometry.ts';

/** Bumped when rasterising changes in a way that must not reuse kept rasters. */
const RASTER_VERSION = 'svg-raster-2';

/** Whether every pixel of 4-channel raw pixels is fully opaque. */
export function isOpaque(rgba: Uint8Array): boolean {
  for (let i = 3; i < rgba.length; i += 4) if (rgba[i] !== 255) return false;
  return true;
}

/** The cache key of one kept raster: the SVG's content hash and the level, never its name or date. */
export function rasterKey(contentHash: string, level: number): string {
  return createHash('sha256')
    .update(`${RASTER_VERSION}\0${contentHash}\0${level}`)
    .digest('hex')
    .slice(0, 40);
}

export interface SvgRasterOptions {
  maxInputPixels: number;
  timeoutSeconds: number;
}

/**
 * SVG originals rasterised once per level (server/media/geometry.ts rasterLevel: the original's own size down to an
 * eighth in steps of √2) and kept as PNG in their own disk cache, so a variant is a resize of pixels
 * instead of drawing the vector again (docs/decisions/0020-svg-originals-rasterised-once.md). Keyed by the
 * SVG's content hash: a changed original gets new rasters and the old ones age out of the bounded cache. Concurrent requests for the same
 * raster share one rasterisation, which runs inside the caller's render slot (it never waits for a slot of its
 * own, so it cannot deadlock the render queue).
 */
export class SvgRasters {
  private readonly inFlight = new Map<string, Promise<Buffer>>();
  /** How many rasterisations ran (for tests and the bench). */
  rasterisations = 0;

  constructor(
    private readonly cache: DiskCache,
    private readonly options: SvgRasterOptions,
  ) {}

  /** The kept raster (PNG bytes) of `svg` at `level`, rasterised now if there is none. */
  async get(svg: Buffer, contentHash: string, original: Size, level: number): Promise<Buffer> {
    const key = rasterKey(contentHash, level);
    const pending = this.inFlight.get(key);
    if (pending) return pending;
    const promise = this.load(key, svg, original, level).finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, promise);
    return promise;
  }

  private async load(key: string, svg: Buffer, original: Size, level: number): Promise<Buffer> {
    const kept = await this.cache.get(key, 'png');
    if (kept) return kept;
    this.rasterisations++;
    const size = rasterSize(original, level);
    let png: Buffer;
    try {
      const { data, info } = await sharp(svg, {
        limitInputPixels: this.options.maxInputPixels,
        density: (72 * size.width) / original.width,
      })
        .raw()
        .timeout({ seconds: this.options.timeoutSeconds })
        .toBuffer({ resolveWithObject: true });
      const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
      let image = sharp(data, raw);
      // A drawing that covers its canvas keeps three channels: resizing RGBA costs about twice as much.
      if (info.channels === 4 && isOpaque(data)) image = image.removeAlpha();
      png = await image.png({ compressionLevel: 6 }).toBuffer();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (/pixel limit/i.test(message)) {
        throw new MediaError(422, 'Unprocessable Content', 'The image is above the pixel limit.');
      }
      throw new MediaError(422, 'Unprocessable Content', 'The original could not be rendered.');
    }
    await this.cache.put(key, 'png', png);
    return png;
  }
}
