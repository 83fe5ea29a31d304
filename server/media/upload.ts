import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import sharp, { type Metadata } from 'sharp';
import {
  DEFAULT_UPLOAD_LIMITS,
  dimensionsRefusal,
  fileRefusal,
  sniffImageType,
  type UploadLimits,
  type UploadType,
} from '../../core/image-upload.ts';
import { isSafeAssetName, ORIGINAL_EXTENSIONS } from './asset-name.ts';
import { badRequest } from './errors.ts';
import { type MediaManifest, manifestSchema, readManifestFolder } from './manifest.ts';

/**
 * Uploaded originals (issue 20): the back office's product images, kept apart from the drawn demo media in their
 * own folder (`${DATA_DIR}/media-uploads` unless MEDIA_UPLOADS_DIR says otherwise) with their own manifests
 * (alt text and image sets, one file per product in `manifests/`), which the media service reads next to
 * seed/media.
 *
 * An upload is checked from its bytes (core/image-upload.ts: not empty, at most 20 MB, a JPEG, PNG, WebP or AVIF
 * signature), then its header's size (at most 40 megapixels, so a decompression bomb is refused before any
 * pixel is decoded), then decoded by sharp under the same pixel cap and encoded again: the stored file is new
 * pixels in a new file, with no metadata (EXIF, GPS, comments) and nothing of the uploaded bytes. Files are
 * written under a temporary name and renamed into place, so the media service never reads half a file; a
 * product's manifest is written whole the same way, from the product's rows, so no process rewrites another
 * product's entries.
 */

export interface PreparedImage {
  data: Buffer;
  /** The stored format: JPEG stays JPEG, PNG stays PNG, WebP and AVIF become WebP. */
  format: 'jpeg' | 'png' | 'webp';
  width: number;
  height: number;
}

export interface StoredImage {
  id: string;
  format: PreparedImage['format'];
  width: number;
  height: number;
  bytes: number;
}

/** One image of a product's manifest: its id and the text shoppers who cannot see it get. */
export interface PublishedImage {
  id: string;
  alt: string;
}

export interface MediaUploadsOptions {
  dir: string;
  /** The drawn originals (seed/media/originals), asked only whether an image is there. */
  originalsDir?: string;
  limits?: UploadLimits;
}

const EXTENSIONS: Record<PreparedImage['format'], string> = { jpeg: '.jpg', png: '.png', webp: '.webp' };
/** sharp's name of each accepted type (AVIF is read by libheif). */
const SHARP_FORMATS: Record<UploadType, string> = { jpeg: 'jpeg', png: 'png', webp: 'webp', avif: 'heif' };

export function createMediaUploads(options: MediaUploadsOptions) {
  const dir = resolve(options.dir);
  const limits = options.limits ?? DEFAULT_UPLOAD_LIMITS;
  const manifestsDir = join(dir, 'manifests');

  const pathOf = (id: string, format: PreparedImage['format']) => {
    if (!isSafeAssetName(id)) throw badRequest('Unsafe asset name.');
    return join(dir, `${id}${EXTENSIONS[format]}`);
  };

  /** Writes a whole file under a temporary name, then renames it into place. */
  async function writeWhole(path: string, data: Buffer | string) {
    await mkdir(dirname(path), { recursive: true });
    const temporary = join(dirname(path), `.tmp-${randomBytes(8).toString('hex')}`);
    try {
      await writeFile(temporary, data, { flag: 'wx' });
      await rename(temporary, path);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  return {
    dir,
    manifestsDir,
    limits,

    /** Checks and re-encodes an upload; refusals are MediaError 400 with a message a person can act on. */
    async prepare(input: Uint8Array): Promise<PreparedImage> {
      const refusal = fileRefusal(input, limits);
      if (refusal) throw badRequest(refusal);
      const type = sniffImageType(input)!;
      const bytes = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
      let meta: Metadata;
      try {
        // Reads the header only; the pixel cap is checked below, before anything is decoded.
        meta = await sharp(bytes, { limitInputPixels: false }).metadata();
      } catch {
        throw badRequest('The image cannot be read: the file is damaged or incomplete.');
      }
      if (meta.format !== SHARP_FORMATS[type] || (type === 'avif' && meta.compression !== 'av1'))
        throw badRequest(
          'The file is not a JPEG, PNG, WebP or AVIF image (its contents were checked, not its name).',
        );
      const tooLarge = dimensionsRefusal(meta.width, meta.height, limits);
      if (tooLarge) throw badRequest(tooLarge);
      const format = type === 'jpeg' ? 'jpeg' : type === 'png' ? 'png' : 'webp';
      let image = sharp(bytes, { limitInputPixels: limits.maxPixels, autoOrient: true, failOn: 'error' });
      image =
        format === 'jpeg'
          ? image.jpeg({ quality: 92, mozjpeg: false })
          : format === 'png'
            ? image.png({ compressionLevel: 9 })
            : image.webp({ quality: 92 });
      try {
        const { data, info } = await image.timeout({ seconds: 30 }).toBuffer({ resolveWithObject: true });
        return { data, format, width: info.width, height: info.height };
      } catch {
        throw badRequest('The image cannot be read: the file is damaged or incomplete.');
      }
    },

    /** Stores a prepared image under a new id (whole or not at all). */
    async store(image: PreparedImage): Promise<StoredImage> {
      const id = `upload-${randomBytes(9).toString('hex')}`;
      await writeWhole(pathOf(id, image.format), image.data);
      return {
        id,
        format: image.format,
        width: image.width,
        height: image.height,
        bytes: image.data.byteLength,
      };
    },

    /** Deletes a stored image's file; a file already gone is no error. */
    async discard(id: string, format: PreparedImage['format']): Promise<void> {
      await rm(pathOf(id, format), { force: true });
    },

    /** Whether an uploaded image's file is there. */
    async has(id: string, format: PreparedImage['format']): Promise<boolean> {
      try {
        return (await stat(pathOf(id, format))).isFile();
      } catch {
        return false;
      }
    },

    /** Whether a drawn original (seed/media/originals) of this id is there. */
    async hasOriginal(id: string): Promise<boolean> {
      if (!options.originalsDir || !isSafeAssetName(id)) return false;
      for (const ext of ORIGINAL_EXTENSIONS) {
        try {
          if ((await stat(join(resolve(options.originalsDir), `${id}${ext}`))).isFile()) return true;
        } catch {
          // not this extension
        }
      }
      return false;
    },

    /**
     * Writes a product's manifest whole: each image's alt text, and per image a set of that image followed by
     * the product's other images in order. A product with no images has no manifest.
     */
    async publishProduct(productId: number, images: readonly PublishedImage[]): Promise<void> {
      const path = join(manifestsDir, `product-${productId}.json`);
      if (images.length === 0) {
        await rm(path, { force: true });
        return;
      }
      const ids = images.map((image) => image.id);
      const manifest: MediaManifest = {
        assets: Object.fromEntries(images.map((image) => [image.id, { alt: image.alt }])),
        sets: Object.fromEntries(
          ids.map((id) => [
            id,
            {
              items: [id, ...ids.filter((other) => other !== id)].map((item) => ({
                type: 'img' as const,
                id: item,
              })),
            },
          ]),
        ),
        videos: {},
      };
      await writeWhole(path, `${JSON.stringify(manifestSchema.parse(manifest), null, 2)}\n`);
    },

    /** Every uploaded product's manifest, merged (as the media service reads them). */
    readManifest: () => readManifestFolder(manifestsDir),
  };
}

export type MediaUploads = ReturnType<typeof createMediaUploads>;
