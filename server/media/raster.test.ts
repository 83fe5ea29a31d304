import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DiskCache } from './disk-cache.ts';
import { isOpaque, rasterKey, SvgRasters } from './raster.ts';

const SIZE = { width: 400, height: 300 };
const drawing = (fill: string, opaque = true) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300">${opaque ? '<rect width="400" height="300" fill="#fff"/>' : ''}<circle cx="200" cy="150" r="100" fill="${fill}"/></svg>`,
  );
const options = { maxInputPixels: 40_000_000, timeoutSeconds: 15 };
const pngs = (dir: string) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.png'));

describe('kept rasters of SVG originals', () => {
  it('rasterises a level once, at its size, and reuses it from memory or disk', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'media-rasters-'));
    const rasters = new SvgRasters(new DiskCache(dir), options);
    const svg = drawing('#c8362d');
    const first = await rasters.get(svg, 'hash-a', SIZE, 1); // level 1: 1/√2 of 400 x 300
    expect(await sharp(first).metadata()).toMatchObject({ width: 283, height: 212, format: 'png' });
    expect(await rasters.get(svg, 'hash-a', SIZE, 1)).toBe(first);
    expect(rasters.rasterisations).toBe(1);
    // A new process on the same folder reads the kept file instead of rasterising.
    const later = new SvgRasters(new DiskCache(dir, 0), options);
    expect((await later.get(svg, 'hash-a', SIZE, 1)).equals(first)).toBe(true);
    expect(later.rasterisations).toBe(0);
    expect(pngs(dir)).toHaveLength(1);
  });

  it('rasterises once when requests for the same raster arrive together', async () => {
    const rasters = new SvgRasters(new DiskCache(mkdtempSync(join(tmpdir(), 'media-rasters-'))), options);
    const svg = drawing('#1f4d3f');
    const all = await Promise.all(Array.from({ length: 6 }, () => rasters.get(svg, 'hash-b', SIZE, 0)));
    expect(new Set(all).size).toBe(1);
    expect(rasters.rasterisations).toBe(1);
  });

  it('keys rasters by content hash and level: a changed drawing gets a raster of its own', async () => {
    expect(rasterKey('a', 0)).not.toBe(rasterKey('a', 1));
    expect(rasterKey('a', 0)).not.toBe(rasterKey('b', 0));
    const rasters = new SvgRasters(new DiskCache(mkdtempSync(join(tmpdir(), 'media-rasters-'))), options);
    const red = await sharp(await rasters.get(drawing('#ff0000'), 'red', SIZE, 0))
      .raw()
      .toBuffer();
    const blue = await sharp(await rasters.get(drawing('#0000ff'), 'blue', SIZE, 0))
      .raw()
      .toBuffer();
    const centre = (150 * 400 + 200) * 3;
    expect([...red.subarray(centre, centre + 3)]).toEqual([255, 0, 0]);
    expect([...blue.subarray(centre, centre + 3)]).toEqual([0, 0, 255]);
  });

  it('keeps three channels for an opaque drawing and the alpha channel for a transparent one', async () => {
    const rasters = new SvgRasters(new DiskCache(mkdtempSync(join(tmpdir(), 'media-rasters-'))), options);
    const opaque = await sharp(await rasters.get(drawing('#000'), 'o', SIZE, 2)).metadata();
    expect([opaque.channels, opaque.hasAlpha]).toEqual([3, false]);
    const clear = await sharp(await rasters.get(drawing('#000', false), 't', SIZE, 2)).metadata();
    expect([clear.channels, clear.hasAlpha]).toEqual([4, true]);
    expect(isOpaque(new Uint8Array([1, 2, 3, 255, 4, 5, 6, 255]))).toBe(true);
    expect(isOpaque(new Uint8Array([1, 2, 3, 255, 4, 5, 6, 254]))).toBe(false);
  });

  it('refuses a drawing above the pixel cap with a 422', async () => {
    const rasters = new SvgRasters(new DiskCache(mkdtempSync(join(tmpdir(), 'media-rasters-'))), {
      ...options,
      maxInputPixels: 1000,
    });
    await expect(rasters.get(drawing('#000'), 'big', SIZE, 0)).rejects.toMatchObject({ status: 422 });
  });
});
