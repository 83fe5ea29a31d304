import sharp from 'sharp';
import { MediaError } from './errors.ts';
import { fullSize, type Geometry, type Size } from './geometry.ts';
import type { ImageParams, OutputFormat } from './params.ts';

export interface RenderOptions {
  /** Pixel cap handed to libvips: nothing larger is ever decoded or rasterised. */
  maxInputPixels: number;
  /** Largest encoded output in bytes; anything larger is refused rather than cached. */
  maxOutputBytes: number;
  webpEffort: number;
  avifEffort: number;
  /** A render taking longer is stopped (and answered 422), so one odd original cannot hold a worker. */
  timeoutSeconds: number;
}

/**
 * One rendering with sharp: rasterise (an SVG straight at the needed density) or decode (JPEG/WebP shrink on
 * load; a kept raster of an SVG, server/media/raster.ts, is decoded like any raster), scale so the crop has the
 * output size, cut the crop out, fill transparency with the background,
 * encode. The original's bytes never leave the process and nothing is fetched: sharp gets a Buffer, so an
 * SVG cannot pull in files or URLs.
 */
export async function renderImage(
  input: Buffer,
  original: Size & { vector: boolean; hasAlpha: boolean },
  geometry: Geometry,
  params: Pick<ImageParams, 'bg' | 'qlt' | 'interlaced'>,
  format: OutputFormat,
  options: RenderOptions,
): Promise<Buffer> {
  const { crop, width, height } = geometry;
  const scale = width / crop.width;
  const { width: fullWidth, height: fullHeight } = fullSize(original, geometry);
  const base = { limitInputPixels: options.maxInputPixels, autoOrient: true } as const;
  let image = original.vector
    ? sharp(input, { ...base, density: Math.min(100_000, Math.max(1, 72 * scale)) })
    : sharp(input, base);
  image = image.resize(fullWidth, fullHeight, { fit: 'fill' });
  if (fullWidth !== width || fullHeight !== height) {
    image = image.extract({
      left: Math.min(Math.round(crop.left * scale), fullWidth - width),
      top: Math.min(Math.round(crop.top * scale), fullHeight - height),
      width,
      height,
    });
  }
  const keepsAlpha = format === 'png' || format === 'webp' || format === 'avif' || format === 'gif';
  if (params.bg) image = image.flatten({ background: params.bg });
  else if (original.hasAlpha && !keepsAlpha) image = image.flatten({ background: '#ffffff' });

  switch (format) {
    case 'webp':
      image = image.webp({ quality: params.qlt, effort: options.webpEffort });
      break;
    case 'avif':
      image = image.avif({ quality: Math.max(1, Math.round(params.qlt * 0.8)), effort: options.avifEffort });
      break;
    case 'jpeg':
      image = image.jpeg({ quality: params.qlt, progressive: params.interlaced, mozjpeg: false });
      break;
    case 'png':
      image = image.png({ progressive: params.interlaced, compressionLevel: 6 });
      break;
    case 'gif':
      image = image.gif({ progressive: params.interlaced });
      break;
  }
  let output: Buffer;
  try {
    output = await image.timeout({ seconds: options.timeoutSeconds }).toBuffer();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/pixel limit/i.test(message)) {
      throw new MediaError(422, 'Unprocessable Content', 'The image is above the pixel limit.');
    }
    throw new MediaError(422, 'Unprocessable Content', 'The original could not be rendered.');
  }
  if (output.byteLength > options.maxOutputBytes) {
    throw new MediaError(422, 'Unprocessable Content', 'The rendered image is above the size limit.');
  }
  return output;
}
