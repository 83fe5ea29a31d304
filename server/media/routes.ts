import { createHash } from 'node:crypto';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { DEFAULT_MEDIA_ALIAS, DEFAULT_MEDIA_BASE_URL, mediaUrl, videoUrl } from '../../core/index.ts';
import { parseRequestedName, type RequestedName } from './asset-name.ts';
import { renderCacheKey } from './cache-key.ts';
import { DiskCache } from './disk-cache.ts';
import { MediaError, notFound } from './errors.ts';
import { CONTENT_TYPES, negotiateFormat, prefersImage } from './format.ts';
import { computeGeometry, fullSize, rasterLevel } from './geometry.ts';
import { type Original, OriginalStore } from './originals.ts';
import { type ImageParams, parseImageParams } from './params.ts';
import { SvgRasters } from './raster.ts';
import { renderImage } from './render.ts';
import { RenderQueue } from './render-queue.ts';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Metadata and set JSON name no file version, so they are cached briefly. */
const SHORT_LIVED = 'public, max-age=300';
export const VIDEO_PROFILES = ['mp4_720p'] as const;

export interface MediaRoutesOptions {
  /** Folder of the original files (seed/media/originals). */
  originalsDir: string;
  /** Points of interest, sets and videos (seed/media/manifest.json); optional. */
  manifestPath?: string;
  /** Uploaded originals and their manifests (server/media/upload.ts), served after `originalsDir`. */
  uploadsDir?: string;
  /** Folder of rendered files (`${DATA_DIR}/media-cache`). */
  cacheDir: string;
  /** Media alias served; any other is a 404. */
  alias?: string;
  /** Where the router is mounted, for the URLs listed in set and metadata JSON. */
  publicPath?: string;
  /** Largest w, maxW, maxH and output side (default 4000). */
  maxDimension?: number;
  /** Largest original in pixels (default 40 megapixels). */
  maxInputPixels?: number;
  /** Largest encoded output in bytes (default 20 MB). */
  maxOutputBytes?: number;
  /** Simultaneous sharp renders (default 2) and renders allowed to wait (default 256). */
  renderConcurrency?: number;
  maxQueuedRenders?: number;
  webpEffort?: number;
  avifEffort?: number;
  /** How long an original lookup is trusted (default 1000 ms). */
  lookupTtlMs?: number;
  /** Bytes of rendered images kept in memory in front of the disk cache (default 32 MB; 0 turns it off). */
  memoryCacheBytes?: number;
  /** Largest size of the disk cache; the oldest files go beyond it (default 2 GB). */
  maxCacheBytes?: number;
  /**
   * Keep rasters of SVG originals (default true; server/media/raster.ts) in `${cacheDir}/rasters`, bounded to a
   * quarter of maxCacheBytes; false draws every variant from the vector (the bench compares the two).
   */
  keepSvgRasters?: boolean;
  logger?: { error: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };
}

type Problem = { status: number; title: string; detail: string };

function problem(c: Context, error: MediaError): Response {
  c.header('Cache-Control', 'no-store');
  return c.json(error.toJSON() satisfies Problem, error.status);
}

function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * The built-in media service (SPEC §7 media grammar), mounted at /media:
 * `/i/{alias}/{name}` images, `/s/{alias}/{name}` image sets (JSON), `/v/{alias}/{name}/mp4_720p` video, and
 * `/{i|s|v}/{alias}/{id}.json?metadata=true` metadata. It reads only files in `originalsDir` and writes only
 * in `cacheDir`; it opens no network connection and fetches nothing named by a request.
 */
export function createMediaRoutes(options: MediaRoutesOptions): Hono {
  const alias = options.alias ?? DEFAULT_MEDIA_ALIAS;
  const publicPath = options.publicPath ?? DEFAULT_MEDIA_BASE_URL;
  const maxDimension = options.maxDimension ?? 4000;
  const maxInputPixels = options.maxInputPixels ?? 40_000_000;
  const store = new OriginalStore({
    dir: options.originalsDir,
    manifestPath: options.manifestPath,
    uploadsDir: options.uploadsDir,
    maxInputPixels,
    lookupTtlMs: options.lookupTtlMs ?? 1000,
  });
  const cache = new DiskCache(
    options.cacheDir,
    options.memoryCacheBytes ?? 32 * 1024 * 1024,
    options.maxCacheBytes ?? 2 * 1024 * 1024 * 1024,
  );
  const keepSvgRasters = options.keepSvgRasters ?? true;
  // Rasters are few and large (a 1600x2133 one is ~0.9 MB), so they get their own memory and disk budget
  // rather than pushing rendered variants out of the variants' cache.
  const rasters = new SvgRasters(
    new DiskCache(
      join(options.cacheDir, 'rasters'),
      16 * 1024 * 1024,
      (options.maxCacheBytes ?? 2 * 1024 * 1024 * 1024) / 4,
    ),
    { maxInputPixels, timeoutSeconds: 15 },
  );
  const queue = new RenderQueue(options.renderConcurrency ?? 2, options.maxQueuedRenders ?? 256);
  const renderOptions = {
    maxInputPixels,
    maxOutputBytes: options.maxOutputBytes ?? 20 * 1024 * 1024,
    webpEffort: options.webpEffort ?? 2,
    avifEffort: options.avifEffort ?? 2,
    timeoutSeconds: 15,
  };

  const descriptor = (id: string) => ({ id, alias, baseUrl: publicPath });
  /** The bare URL of an image (no parameters), built with core's media URL grammar. */
  const imageSrc = (id: string) => mediaUrl(descriptor(id))!.split('?')[0]!;

  const checkAlias = (c: Context) => {
    if (c.req.param('alias') !== alias)
      throw notFound(`No media alias ${c.req.param('alias')?.slice(0, 60)}.`);
  };

  async function requireImage(id: string): Promise<Original> {
    const original = await store.findImage(id);
    if (!original) throw notFound(`No image named ${id}.`);
    return original;
  }

  async function serveImage(c: Context, id: string, name: RequestedName, params: ImageParams) {
    const original = await requireImage(id);
    const info = await store.info(original);
    const requested = params.fmt ?? name.impliedFormat ?? 'auto';
    const accept = c.req.header('Accept');
    const format = negotiateFormat(requested, accept, info.hasAlpha && !original.vector && !params.bg);
    const poi = params.poi ? await store.pointOfInterest(id) : undefined;
    // Settings that change the pixels are part of the key too, so a changed setting never serves old files.
    // Variants of an SVG drawn from a kept raster differ a little from ones drawn from the vector: their own key
    // part, so raster originals keep their keys (and shoppers their cached copies).
    const svgPath = original.vector && keepSvgRasters ? '|svg-raster' : '';
    const settings = `${maxDimension}|${renderOptions.webpEffort}|${renderOptions.avifEffort}${svgPath}`;
    const key = renderCacheKey(original, params, format, `${settings}|${poi ? JSON.stringify(poi) : ''}`);
    const etag = `"${key}"`;
    c.header('ETag', etag);
    c.header('Cache-Control', IMMUTABLE);
    if (requested === 'auto') c.header('Vary', 'Accept');
    if (etagMatches(c.req.header('If-None-Match'), etag)) return c.body(null, 304);

    let body = await cache.get(key, format);
    if (!body) {
      body = await queue.run(key, async () => {
        const geometry = computeGeometry(info, params, { maxDimension, vector: original.vector, poi });
        const input = await store.read(original);
        const level = original.vector && keepSvgRasters ? rasterLevel(info, fullSize(info, geometry)) : null;
        const source =
          level === null ? input : await rasters.get(input, await store.hash(original), info, level);
        const rendered = await renderImage(
          source,
          { ...info, vector: original.vector && level === null },
          geometry,
          params,
          format,
          renderOptions,
        );
        await cache.put(key, format, rendered);
        return rendered;
      });
    }
    c.header('Content-Type', CONTENT_TYPES[format]);
    c.header('Content-Length', String(body.byteLength));
    return c.body(new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength), 200);
  }

  function json(c: Context, value: unknown) {
    const text = JSON.stringify(value);
    const etag = `"${createHash('sha256').update(text).digest('hex').slice(0, 32)}"`;
    c.header('ETag', etag);
    c.header('Cache-Control', SHORT_LIVED);
    if (etagMatches(c.req.header('If-None-Match'), etag)) return c.body(null, 304);
    c.header('Content-Type', 'application/json; charset=utf-8');
    return c.body(text, 200);
  }

  async function imageMetadata(id: string) {
    const original = await requireImage(id);
    const info = await store.info(original);
    const asset = (await store.manifest()).assets[id];
    return {
      name: id,
      alias,
      type: 'img' as const,
      src: imageSrc(id),
      width: info.width,
      height: info.height,
      format: info.format.toUpperCase(),
      alpha: info.hasAlpha,
      ...(asset?.alt && { alt: asset.alt }),
      metadata: { pointOfInterest: asset?.poi ?? { x: 0.5, y: 0.5, w: 0, h: 0 } },
    };
  }

  async function videoMetadata(id: string) {
    const manifest = await store.manifest();
    const definition = manifest.videos[id];
    const file = await store.findVideo(id);
    if (!definition && !file) throw notFound(`No video named ${id}.`);
    const poster = definition?.poster ?? id;
    return {
      name: id,
      alias,
      type: 'video' as const,
      src: videoUrl(descriptor(id))!.replace(/\/mp4_720p$/, ''),
      ...(definition?.alt && { alt: definition.alt }),
      media: VIDEO_PROFILES.map((profile) => ({
        profile,
        src: videoUrl(descriptor(id), profile)!,
        available: file !== null,
      })),
      meta: { mainThumb: { src: imageSrc(poster) } },
    };
  }

  async function imageSet(id: string) {
    const manifest = await store.manifest();
    const defined = manifest.sets[id];
    let items: Array<{ type: 'img' | 'video'; id: string }>;
    if (defined) items = defined.items;
    else if (await store.findImage(id)) items = [{ type: 'img', id }];
    else if (manifest.videos[id]) items = [{ type: 'video', id }];
    else throw notFound(`No image set named ${id}.`);
    const listed = [];
    for (const item of items) {
      if (item.type === 'video') {
        listed.push(await videoMetadata(item.id));
        continue;
      }
      const original = await store.findImage(item.id);
      if (!original) continue; // a set may list an image not drawn yet; it is left out, not a 500
      const info = await store.info(original);
      const alt = manifest.assets[item.id]?.alt;
      listed.push({
        type: 'img' as const,
        name: item.id,
        src: imageSrc(item.id),
        width: info.width,
        height: info.height,
        ...(alt && { alt }),
      });
    }
    if (listed.length === 0) throw notFound(`The image set ${id} has no images.`);
    return { name: id, alias, items: listed };
  }

  async function serveVideo(c: Context, original: Original) {
    const etag = `"${createHash('sha256').update(`${original.file}|${original.mtimeMs}|${original.size}`).digest('hex').slice(0, 32)}"`;
    c.header('ETag', etag);
    c.header('Cache-Control', IMMUTABLE);
    c.header('Accept-Ranges', 'bytes');
    if (etagMatches(c.req.header('If-None-Match'), etag)) return c.body(null, 304);
    let start = 0;
    let end = original.size - 1;
    let status: 200 | 206 = 200;
    const range = /^bytes=(\d*)-(\d*)$/.exec(c.req.header('Range') ?? '');
    if (range && (range[1] || range[2])) {
      if (range[1]) {
        start = Number(range[1]);
        if (range[2]) end = Math.min(end, Number(range[2]));
      } else {
        start = Math.max(0, original.size - Number(range[2]));
      }
      if (start > end || start >= original.size) {
        c.header('Content-Range', `bytes */${original.size}`);
        return c.body(null, 416);
      }
      status = 206;
      c.header('Content-Range', `bytes ${start}-${end}/${original.size}`);
    }
    const length = end - start + 1;
    const body = Buffer.alloc(length);
    const handle = await open(original.path, 'r');
    try {
      await handle.read(body, 0, length, start);
    } finally {
      await handle.close();
    }
    c.header('Content-Type', 'video/mp4');
    c.header('Content-Length', String(length));
    return c.body(new Uint8Array(body), status);
  }

  const router = new Hono();

  const handle =
    (fn: (c: Context) => Promise<Response> | Response) =>
    async (c: Context): Promise<Response> => {
      try {
        return await fn(c);
      } catch (error) {
        if (error instanceof MediaError) {
          if (error.status >= 422)
            options.logger?.warn({ path: c.req.path, detail: error.detail }, 'media refused');
          return problem(c, error);
        }
        options.logger?.error({ err: error, path: c.req.path }, 'media error');
        return problem(c, new MediaError(422, 'Unprocessable Content', 'The image could not be produced.'));
      }
    };

  const query = (c: Context) => new URL(c.req.url).searchParams;

  router.get(
    '/i/:alias/:name',
    handle(async (c) => {
      checkAlias(c);
      const name = parseRequestedName(c.req.param('name') ?? '');
      const params = parseImageParams(query(c), maxDimension);
      if (name.json) return json(c, await imageMetadata(name.id));
      return serveImage(c, name.id, name, params);
    }),
  );

  router.get(
    '/s/:alias/:name',
    handle(async (c) => {
      checkAlias(c);
      const name = parseRequestedName(c.req.param('name') ?? '');
      const params = parseImageParams(query(c), maxDimension);
      c.header('Vary', 'Accept');
      if (!name.json && prefersImage(c.req.header('Accept'))) {
        // An <img> pointing at a set shows the set's first image.
        const set = await imageSet(name.id);
        const first = set.items.find((item) => item.type === 'img') ?? null;
        if (!first) throw notFound(`The image set ${name.id} has no images.`);
        return serveImage(c, first.name, name, params);
      }
      return json(c, await imageSet(name.id));
    }),
  );

  router.get(
    '/v/:alias/:name',
    handle(async (c) => {
      checkAlias(c);
      const name = parseRequestedName(c.req.param('name') ?? '');
      parseImageParams(query(c), maxDimension);
      if (!name.json)
        throw notFound(`Ask for a profile, such as ${publicPath}/v/${alias}/${name.id}/mp4_720p.`);
      return json(c, await videoMetadata(name.id));
    }),
  );

  router.get(
    '/v/:alias/:name/:profile',
    handle(async (c) => {
      checkAlias(c);
      const name = parseRequestedName(c.req.param('name') ?? '');
      const profile = c.req.param('profile') ?? '';
      if (!(VIDEO_PROFILES as readonly string[]).includes(profile)) {
        throw notFound(`No video profile ${profile.slice(0, 40)}; profiles: ${VIDEO_PROFILES.join(', ')}.`);
      }
      parseImageParams(query(c), maxDimension);
      const file = await store.findVideo(name.id);
      if (!file) {
        const known = (await store.manifest()).videos[name.id];
        throw notFound(
          known
            ? `The video ${name.id} has a poster but no video file; see ${publicPath}/v/${alias}/${name.id}.json?metadata=true.`
            : `No video named ${name.id}.`,
        );
      }
      return serveVideo(c, file);
    }),
  );

  router.all(
    '*',
    handle((c) => {
      if (c.req.method !== 'GET' && c.req.method !== 'HEAD') {
        c.header('Allow', 'GET, HEAD');
        return c.json(
          { status: 405, title: 'Method Not Allowed', detail: 'The media service is read-only.' },
          405,
        );
      }
      throw notFound(`No media at ${c.req.path.slice(0, 200)}.`);
    }),
  );

  return router;
}
