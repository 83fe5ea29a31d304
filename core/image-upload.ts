/**
 * Product image uploads (issue 20): what the back office accepts into the media service's originals, decided
 * from the bytes and never from a file name or a declared content type, and the order of a product's images.
 */

/** Largest upload in bytes (20 MB): the body limit of the upload route and the check of the file itself. */
export const IMAGE_UPLOAD_MAX_BYTES = 20 * 1024 * 1024;
/** Largest image in pixels (40 megapixels, the media service's own cap): nothing larger is decoded. */
export const IMAGE_UPLOAD_MAX_PIXELS = 40_000_000;

export const UPLOAD_TYPES = ['jpeg', 'png', 'webp', 'avif'] as const;
export type UploadType = (typeof UPLOAD_TYPES)[number];

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((byte, index) => bytes[at + index] === byte);

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/** AVIF brands an ISO-BMFF `ftyp` box names as its major brand. */
const AVIF_BRANDS = ['avif', 'avis'];

/**
 * The image type the bytes begin with: a JPEG SOI marker, the PNG signature, a RIFF…WEBP header, or an ISO-BMFF
 * `ftyp` box of an AVIF brand. Anything else (an executable, a script, SVG, GIF, HEIC, TIFF) is null.
 */
export function sniffImageType(bytes: Uint8Array): UploadType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  if (startsWith(bytes, ascii('ftyp'), 4)) {
    const brand = String.fromCharCode(...bytes.subarray(8, 12));
    if (AVIF_BRANDS.includes(brand)) return 'avif';
  }
  return null;
}

export interface UploadLimits {
  maxBytes: number;
  maxPixels: number;
}

export const DEFAULT_UPLOAD_LIMITS: UploadLimits = {
  maxBytes: IMAGE_UPLOAD_MAX_BYTES,
  maxPixels: IMAGE_UPLOAD_MAX_PIXELS,
};

/** A size rounded up, so a file just over the limit never reads as the limit itself. */
const megabytes = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024)} KB` : `${Math.ceil((bytes / 1024 / 1024) * 10) / 10} MB`;
const megapixels = (pixels: number) => `${Math.round(pixels / 100_000) / 10} megapixels`;

/** Why a file cannot be an upload before anything decodes it (empty, too large, not an accepted type), or null. */
export function fileRefusal(bytes: Uint8Array, limits: UploadLimits = DEFAULT_UPLOAD_LIMITS): string | null {
  if (bytes.byteLength === 0) return 'The file is empty. Choose a JPEG, PNG, WebP or AVIF image.';
  if (bytes.byteLength > limits.maxBytes)
    return `The file is ${megabytes(bytes.byteLength)}; images up to ${megabytes(limits.maxBytes)} are accepted.`;
  if (!sniffImageType(bytes))
    return 'The file is not a JPEG, PNG, WebP or AVIF image (its contents were checked, not its name).';
  return null;
}

/** Why an image of this size cannot be an upload (no size in its header, above the pixel limit), or null. */
export function dimensionsRefusal(
  width: number | undefined,
  height: number | undefined,
  limits: UploadLimits = DEFAULT_UPLOAD_LIMITS,
): string | null {
  if (!width || !height) return 'The image has no width or height in its header.';
  if (width * height > limits.maxPixels)
    return `The image is ${width}×${height} (${megapixels(width * height)}); images up to ${megapixels(limits.maxPixels)} are accepted.`;
  return null;
}

/** The ids with `id` moved one place up or down, or null when it is not there or cannot move that way. */
export function moveImage(ids: readonly string[], id: string, direction: 'up' | 'down'): string[] | null {
  const from = ids.indexOf(id);
  if (from < 0) return null;
  const to = direction === 'up' ? from - 1 : from + 1;
  if (to < 0 || to >= ids.length) return null;
  const moved = [...ids];
  moved[from] = ids[to]!;
  moved[to] = id;
  return moved;
}
