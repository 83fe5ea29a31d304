import { readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Hono } from 'hono';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { decode, mediaApp, mediaFixture } from './media-fixtures.ts';

const CHROME = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';

function cachedFiles(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) =>
      /\.(webp|avif|jpeg|png|gif)$/.test(f),
    );
  } catch {
    return [];
  }
}

describe('media service: images', () => {
  let fx: Awaited<ReturnType<typeof mediaFixture>>;
  let app: Hono;

  beforeAll(async () => {
    fx = await mediaFixture();
    app = mediaApp(fx);
  });

  it.each([
    ['webp', 'image/webp', 'webp'],
    ['avif', 'image/avif', 'heif'],
    ['jpg', 'image/jpeg', 'jpeg'],
    ['png', 'image/png', 'png'],
    ['gif', 'image/gif', 'gif'],
  ])('renders an SVG original to fmt=%s at the asked width', async (fmt, type, decoded) => {
    const res = await app.request(`/media/i/ridgeline/tile?w=240&fmt=${fmt}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(type);
    const meta = await decode(res);
    expect(meta.format).toBe(decoded);
    expect([meta.width, meta.height]).toEqual([240, 320]);
  });

  it('negotiates fmt=auto from Accept and says so with Vary', async () => {
    const avif = await app.request('/media/i/ridgeline/tile?w=100&fmt=auto', { headers: { Accept: CHROME } });
    expect(avif.headers.get('content-type')).toBe('image/avif');
    expect(avif.headers.get('vary')).toBe('Accept');
    const webp = await app.request('/media/i/ridgeline/tile?w=100', {
      headers: { Accept: 'image/webp,*/*' },
    });
    expect(webp.headers.get('content-type')).toBe('image/webp');
    const jpeg = await app.request('/media/i/ridgeline/tile?w=100&fmt=auto', { headers: { Accept: '*/*' } });
    expect(jpeg.headers.get('content-type')).toBe('image/jpeg');
    expect(avif.headers.get('etag')).not.toBe(webp.headers.get('etag'));
    const fixed = await app.request('/media/i/ridgeline/tile?w=100&fmt=png', { headers: { Accept: CHROME } });
    expect(fixed.headers.get('vary')).toBeNull();
  });

  it('serves with a long-lived immutable cache header and an ETag, and answers 304 to If-None-Match', async () => {
    const first = await app.request('/media/i/ridgeline/photo?w=480&fmt=webp');
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[0-9a-f]{40}"$/);
    const again = await app.request('/media/i/ridgeline/photo?w=480&fmt=webp', {
      headers: { 'If-None-Match': etag! },
    });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const other = await app.request('/media/i/ridgeline/photo?w=480&fmt=webp', {
      headers: { 'If-None-Match': '"nope"' },
    });
    expect(other.status).toBe(200);
  });

  it('answers HEAD like GET without a body', async () => {
    const res = await app.request('/media/i/ridgeline/tile?w=40&fmt=png', { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('etag')).toMatch(/^"[0-9a-f]{40}"$/);
    expect((await res.arrayBuffer()).byteLength).toBe(0);
  });

  it('reads and decodes a JPEG original, never enlarging it', async () => {
    const res = await app.request('/media/i/ridgeline/photo?w=3000&fmt=jpg');
    const meta = await decode(res);
    expect([meta.width, meta.height]).toEqual([1600, 1200]);
  });

  it('takes the format from a name extension when no fmt is given', async () => {
    const res = await app.request('/media/i/ridgeline/photo.png?w=64');
    expect(res.headers.get('content-type')).toBe('image/png');
  });

  it('scales by dpi and fits the 15px placeholder inside maxW and maxH', async () => {
    const twoX = await decode(await app.request('/media/i/ridgeline/tile?w=210&dpi=144&fmt=webp'));
    expect(twoX.width).toBe(420);
    const placeholder = await decode(
      await app.request('/media/i/ridgeline/tile?w=15&maxW=15&maxH=15&fmt=jpg'),
    );
    expect([placeholder.width, placeholder.height]).toEqual([11, 15]);
  });

  it('crops sm=aspect around the point of interest with scaleFit=poi', async () => {
    const pixel = async (url: string) => {
      const res = await app.request(url);
      const { data, info } = await sharp(Buffer.from(await res.arrayBuffer()))
        .raw()
        .toBuffer({ resolveWithObject: true });
      expect([info.width, info.height]).toEqual([100, 100]);
      return [...data.subarray(0, 3)];
    };
    // The point of interest is on the red left; the middle of the banner is where red meets blue.
    const poi = await pixel('/media/i/ridgeline/banner?w=100&sm=aspect&aspect=1:1&scaleFit=poi&fmt=png');
    expect(poi[0]).toBeGreaterThan(200);
    expect(poi[2]).toBeLessThan(50);
    const middle = await pixel('/media/i/ridgeline/banner?w=100&sm=aspect&aspect=1:1&fmt=png');
    expect(middle[0]).toBeGreaterThan(200); // the middle square's left edge is still red...
    const right = await app.request('/media/i/ridgeline/banner?w=100&sm=aspect&aspect=1:1&fmt=png');
    const raw = await sharp(Buffer.from(await right.arrayBuffer()))
      .raw()
      .toBuffer();
    expect(raw[(50 * 100 + 99) * 3 + 2]).toBeGreaterThan(200); // ...and its right edge blue
  });

  it('fills transparency with bg', async () => {
    const res = await app.request('/media/i/ridgeline/logo?w=20&fmt=jpg&bg=rgb(0,0,255)');
    const raw = await sharp(Buffer.from(await res.arrayBuffer()))
      .raw()
      .toBuffer();
    expect(raw[2]).toBeGreaterThan(200);
    expect(raw[0]).toBeLessThan(40);
  });

  it('caches on disk: a second router on the same folder serves the stored bytes without rendering', async () => {
    const url = '/media/i/ridgeline/tile?w=123&fmt=webp';
    const first = await app.request(url);
    const files = cachedFiles(fx.cacheDir).filter((f) => f.includes(first.headers.get('etag')!.slice(1, -1)));
    expect(files).toHaveLength(1);
    const stored = join(fx.cacheDir, files[0]!);
    const marker = await sharp({ create: { width: 7, height: 7, channels: 3, background: '#000' } })
      .webp()
      .toBuffer();
    writeFileSync(stored, marker);
    const fresh = mediaApp(fx);
    const second = await fresh.request(url);
    expect((await decode(second)).width).toBe(7);
  });

  it('renders identical concurrent requests once', async () => {
    const url = '/media/i/ridgeline/photo?w=333&fmt=avif';
    const before = cachedFiles(fx.cacheDir).length;
    const responses = await Promise.all(Array.from({ length: 8 }, () => app.request(url)));
    expect(new Set(responses.map((r) => r.status))).toEqual(new Set([200]));
    expect(new Set(responses.map((r) => r.headers.get('etag'))).size).toBe(1);
    expect(cachedFiles(fx.cacheDir).length).toBe(before + 1);
  });

  it('gives a changed original a new ETag', async () => {
    const url = '/media/i/ridgeline/tile?w=50&fmt=webp';
    const before = (await app.request(url)).headers.get('etag');
    const file = join(fx.originalsDir, 'tile.svg');
    const later = new Date(statSync(file).mtimeMs + 5000);
    utimesSync(file, later, later);
    const after = (await app.request(url)).headers.get('etag');
    expect(after).not.toBe(before);
  });

  it('answers unknown aliases, images and paths with a JSON 404, and other methods with 405', async () => {
    for (const url of [
      '/media/i/other-brand/tile',
      '/media/i/ridgeline/missing',
      '/media/x/ridgeline/tile',
    ]) {
      const res = await app.request(url);
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ status: 404, title: 'Not Found' });
    }
    const post = await app.request('/media/i/ridgeline/tile', { method: 'POST' });
    expect(post.status).toBe(405);
  });
});

describe('media service: metadata, sets and video', () => {
  let fx: Awaited<ReturnType<typeof mediaFixture>>;
  let app: Hono;

  beforeAll(async () => {
    fx = await mediaFixture();
    app = mediaApp(fx);
  });

  it('gives image metadata with size, format and point of interest', async () => {
    const res = await app.request('/media/i/ridgeline/banner.json?metadata=true&protocol=https');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      name: 'banner',
      type: 'img',
      src: '/media/i/ridgeline/banner',
      width: 2400,
      height: 1000,
      format: 'SVG',
      alt: 'Red and blue',
      metadata: { pointOfInterest: { x: 0.05, y: 0.3, w: 0.1, h: 0.4 } },
    });
  });

  it('serves a set as §3 JSON: img items with src, video items with media and a main thumbnail', async () => {
    const res = await app.request('/media/s/ridgeline/tile-set?protocol=https');
    expect(res.headers.get('content-type')).toContain('application/json');
    const set = await res.json();
    expect(set.items.map((i: { type: string }) => i.type)).toEqual(['img', 'img', 'video']);
    expect(set.items[0]).toMatchObject({ src: '/media/i/ridgeline/tile', width: 1600, height: 2133 });
    expect(set.items[2]).toMatchObject({
      type: 'video',
      media: [{ profile: 'mp4_720p', src: '/media/v/ridgeline/clip/mp4_720p', available: false }],
      meta: { mainThumb: { src: '/media/i/ridgeline/photo' } },
    });
    const json = await app.request('/media/s/ridgeline/tile-set.json?metadata=true');
    expect((await json.json()).items).toHaveLength(3);
  });

  it('serves a lone image as a one-item set, and an <img> pointing at a set gets its first image', async () => {
    const single = await (await app.request('/media/s/ridgeline/photo')).json();
    expect(single.items).toEqual([expect.objectContaining({ type: 'img', src: '/media/i/ridgeline/photo' })]);
    const img = await app.request('/media/s/ridgeline/tile-set?w=60&fmt=webp', {
      headers: { Accept: CHROME },
    });
    expect(img.headers.get('content-type')).toBe('image/webp');
    expect((await decode(img)).width).toBe(60);
    expect((await app.request('/media/s/ridgeline/nothing')).status).toBe(404);
  });

  it('answers a poster-only video with metadata and a clear JSON 404 for the MP4', async () => {
    const meta = await app.request('/media/v/ridgeline/clip.json?metadata=true&protocol=https');
    expect(await meta.json()).toMatchObject({
      type: 'video',
      meta: { mainThumb: { src: '/media/i/ridgeline/photo' } },
    });
    const mp4 = await app.request('/media/v/ridgeline/clip/mp4_720p');
    expect(mp4.status).toBe(404);
    expect((await mp4.json()).detail).toMatch(/poster but no video file/);
    expect((await app.request('/media/v/ridgeline/clip/mp4_4k')).status).toBe(404);
  });

  it('serves an MP4 file when one exists, with byte ranges', async () => {
    writeFileSync(join(fx.originalsDir, 'clip.mp4'), Buffer.from('0123456789abcdef'));
    const whole = await app.request('/media/v/ridgeline/clip/mp4_720p');
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    expect(await whole.text()).toBe('0123456789abcdef');
    const part = await app.request('/media/v/ridgeline/clip/mp4_720p', { headers: { Range: 'bytes=2-5' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 2-5/16');
    expect(await part.text()).toBe('2345');
    const beyond = await app.request('/media/v/ridgeline/clip/mp4_720p', { headers: { Range: 'bytes=99-' } });
    expect(beyond.status).toBe(416);
  });
});
