import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import sharp, { type Metadata } from 'sharp';
import { isSafeAssetName, ORIGINAL_EXTENSIONS } from './asset-name.ts';
import { ByteLru } from './byte-lru.ts';
import type { OriginalStamp } from './cache-key.ts';
import { MediaError } from './errors.ts';
import type { PointOfInterest } from './geometry.ts';
import { type MediaManifest, readManifest, readManifestFolder } from './manifest.ts';

export interface Original extends OriginalStamp {
  id: string;
  path: string;
  ext: string;
  vector: boolean;
}

export interface OriginalInfo {
  width: number;
  height: number;
  hasAlpha: boolean;
  format: string;
}

export interface OriginalStoreOptions {
  dir: string;
  manifestPath?: string | undefined;
  /** Uploaded originals (server/media/upload.ts), looked up after `dir`, with their manifests in `manifests/`. */
  uploadsDir?: string | undefined;
  /** Originals with more pixels than this are refused (a decompression bomb must not be decoded). */
  maxInputPixels: number;
  /** How long a file lookup (found or not) is trusted before the disk is asked again. */
  lookupTtlMs?: number;
  memoryBytes?: number;
}

/**
 * Originals are files named `{id}.{svg|png|jpg|jpeg|webp}` (and `{id}.mp4` for video) in one folder. Ids are
 * checked names (asset-name.ts) and the joined path is checked to stay inside the folder. Lookups, file bytes
 * and header metadata are memoised against the file's mtime and size, so replacing a file takes effect within
 * `lookupTtlMs`.
 */
export class OriginalStore {
  readonly dir: string;
  private readonly dirs: string[];
  private readonly lookups = new Map<string, { at: number; found: Original | null }>();
  private readonly bytes: ByteLru<Buffer>;
  private readonly infos = new Map<string, OriginalInfo>();
  private readonly hashes = new Map<string, string>();
  private manifestCache: { at: number; value: MediaManifest } | null = null;

  constructor(private readonly options: OriginalStoreOptions) {
    this.dir = resolve(options.dir);
    this.dirs = options.uploadsDir ? [this.dir, resolve(options.uploadsDir)] : [this.dir];
    this.bytes = new ByteLru(options.memoryBytes ?? 64 * 1024 * 1024);
  }

  private get ttl(): number {
    return this.options.lookupTtlMs ?? 1000;
  }

  private pathFor(dir: string, id: string, ext: string): string {
    if (!isSafeAssetName(id)) throw new MediaError(400, 'Bad Request', 'Unsafe asset name.');
    const path = resolve(join(dir, `${id}${ext}`));
    if (!path.startsWith(dir + sep)) throw new MediaError(400, 'Bad Request', 'Unsafe asset name.');
    return path;
  }

  /** The original image for an id, or null. */
  findImage(id: string): Promise<Original | null> {
    return this.find(id, ORIGINAL_EXTENSIONS);
  }

  /** The video file for an id, or null. */
  findVideo(id: string): Promise<Original | null> {
    return this.find(id, ['.mp4']);
  }

  private async find(id: string, extensions: readonly string[]): Promise<Original | null> {
    const cacheKey = `${extensions.join()}|${id}`;
    const now = Date.now();
    const cached = this.lookups.get(cacheKey);
    if (cached && now - cached.at < this.ttl) return cached.found;
    let found: Original | null = null;
    for (const [dir, ext] of this.dirs.flatMap((dir) => extensions.map((ext) => [dir, ext] as const))) {
      if (found) break;
      const path = this.pathFor(dir, id, ext);
      try {
        const info = await stat(path);
        if (!info.isFile()) continue;
        found = {
          id,
          path,
          ext,
          file: `${id}${ext}`,
          mtimeMs: info.mtimeMs,
          size: info.size,
          vector: ext === '.svg',
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
    if (this.lookups.size > 10_000) this.lookups.clear();
    this.lookups.set(cacheKey, { at: now, found });
    return found;
  }

  private stampKey(original: Original): string {
    return `${original.file}|${original.mtimeMs}|${original.size}`;
  }

  async read(original: Original): Promise<Buffer> {
    const key = this.stampKey(original);
    const hit = this.bytes.get(key);
    if (hit) return hit;
    const body = await readFile(original.path);
    this.bytes.set(key, body);
    return body;
  }

  /** SHA-256 of the file's bytes (hex), memoised like the bytes: what names an SVG's kept rasters. */
  async hash(original: Original): Promise<string> {
    const key = this.stampKey(original);
    let hash = this.hashes.get(key);
    if (!hash) {
      hash = createHash('sha256')
        .update(await this.read(original))
        .digest('hex');
      if (this.hashes.size > 10_000) this.hashes.clear();
      this.hashes.set(key, hash);
    }
    return hash;
  }

  /** Width, height and alpha from the file header; refuses originals above the pixel cap. */
  async info(original: Original): Promise<OriginalInfo> {
    const key = this.stampKey(original);
    let info = this.infos.get(key);
    if (!info) {
      let meta: Metadata;
      try {
        meta = await sharp(await this.read(original), { limitInputPixels: false }).metadata();
      } catch {
        throw new MediaError(422, 'Unprocessable Content', `The original of ${original.id} cannot be read.`);
      }
      if (!meta.width || !meta.height) {
        throw new MediaError(422, 'Unprocessable Content', `The original of ${original.id} has no size.`);
      }
      info = {
        width: meta.width,
        height: meta.height,
        hasAlpha: meta.hasAlpha ?? false,
        format: meta.format ?? original.ext.slice(1),
      };
      if (this.infos.size > 10_000) this.infos.clear();
      this.infos.set(key, info);
    }
    if (info.width * info.height > this.options.maxInputPixels) {
      throw new MediaError(
        422,
        'Unprocessable Content',
        `The original of ${original.id} is ${info.width}x${info.height}, above the limit of ${this.options.maxInputPixels} pixels.`,
      );
    }
    return info;
  }

  /** The manifest (points of interest, sets, videos); re-read when the file changes. */
  async manifest(): Promise<MediaManifest> {
    const now = Date.now();
    if (this.manifestCache && now - this.manifestCache.at < this.ttl) return this.manifestCache.value;
    const value = this.options.manifestPath ? await readManifest(this.options.manifestPath) : emptyManifest();
    if (this.options.uploadsDir) {
      // Uploaded ids never take a drawn asset's or set's name: the seed's entries win a clash.
      const uploads = await readManifestFolder(join(resolve(this.options.uploadsDir), 'manifests'));
      value.assets = { ...uploads.assets, ...value.assets };
      value.sets = { ...uploads.sets, ...value.sets };
    }
    this.manifestCache = { at: now, value };
    return value;
  }

  async pointOfInterest(id: string): Promise<PointOfInterest | undefined> {
    return (await this.manifest()).assets[id]?.poi;
  }
}

export function emptyManifest(): MediaManifest {
  return { assets: {}, sets: {}, videos: {} };
}
