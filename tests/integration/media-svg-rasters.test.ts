import { copyFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Hono } from 'hono';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_ORIGINALS_DIR } from '#server/media/index.ts';
import { decode, mediaApp, mediaFixture } from './media-fixtures.ts';

/** Issue 22: SVG originals are rasterised once per level and variants are resized from the kept raster. */

const rasterFiles = (cacheDir: string) => {
  try {
    return readdirSync(join(cacheDir, 'rasters'), { recursive: true, encoding: 'utf8' }).filter((f) =>
      f.endsWith('.png'),
    );
  } catch {
    return [];
  }
};

const drawing = (fill: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><rect width="800" height="600" fill="${fill}"/></svg>`;

async function centre(response: Response): Promise<number[]> {
  const { data, info } = await sharp(Buffer.from(await response.arrayBuffer()))
    .raw()
    .toBuffer({ resolveWithObject: true });
  const at = (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * info.channels;
  return [...data.subarray(at, at + 3)];
}

describe('media service: kept rasters of SVG originals', () => {
  let fx: Awaited<ReturnType<typeof mediaFixture>>;
  let app: Hono;

  beforeAll(async () => {
    fx = await mediaFixture();
    copyFileSync(
      join(MEDIA_ORIGINALS_DIR, 'ridgeline-summit-ascent-mens-summit-red.svg'),
      join(fx.originalsDir, 'drawn.svg'),
    );
    app = mediaApp(fx);
  });

  it('renders widths that share a level from one kept raster, at the asked sizes', async () => {
    for (const [w, size] of [
      [480, [480, 640]],
      [500, [500, 667]],
      [420, [420, 560]],
    ] as const) {
      const res = await app.request(`/media/i/ridgeline/tile?w=${w}&fmt=webp&qlt=80`);
      expect(res.status).toBe(200);
      const meta = await decode(res);
      expect([meta.width, meta.height]).toEqual(size);
    }
    // 420 to 500 px wide all come from the 566 px raster (the 1/(2√2) level): one file.
    expect(rasterFiles(fx.cacheDir)).toHaveLength(1);
    // Other formats, crops and a second router on the same folder reuse it too.
    const fresh = mediaApp(fx);
    const cropped = await fresh.request('/media/i/ridgeline/tile?w=480&sm=aspect&aspect=1:1&fmt=jpg');
    expect(await decode(cropped)).toMatchObject({ width: 480, height: 480 });
    expect(rasterFiles(fx.cacheDir)).toHaveLength(1);
  });

  it('draws enlargements from the vector itself, keeping no raster for them', async () => {
    const before = rasterFiles(fx.cacheDir).length;
    const res = await app.request('/media/i/ridgeline/tile?w=2000&fmt=webp');
    expect(await decode(res)).toMatchObject({ width: 2000, height: 2666 });
    expect(rasterFiles(fx.cacheDir)).toHaveLength(before);
  });

  it('replaces the raster when the original changes', async () => {
    writeFileSync(join(fx.originalsDir, 'swap.svg'), drawing('#ff0000'));
    const before = rasterFiles(fx.cacheDir).length;
    expect(await centre(await app.request('/media/i/ridgeline/swap?w=300&fmt=png'))).toEqual([255, 0, 0]);
    writeFileSync(join(fx.originalsDir, 'swap.svg'), drawing('#0000ff')); // the same size, new content
    expect(await centre(await app.request('/media/i/ridgeline/swap?w=300&fmt=png'))).toEqual([0, 0, 255]);
    expect(rasterFiles(fx.cacheDir)).toHaveLength(before + 2);
  });

  it('looks like the vector drawn at the output size (a real product drawing, 480 and 680 px)', async () => {
    const vector = mediaApp({ ...fx, keepSvgRasters: false });
    for (const w of [480, 680]) {
      const url = `/media/i/ridgeline/drawn?w=${w}&fmt=png`;
      const [fromRaster, fromVector] = await Promise.all(
        [app, vector].map(async (a) => {
          const res = await a.request(url);
          expect(res.status).toBe(200);
          return sharp(Buffer.from(await res.arrayBuffer()))
            .removeAlpha()
            .raw()
            .toBuffer({ resolveWithObject: true });
        }),
      );
      expect(fromRaster!.info.width).toBe(w);
      expect([fromRaster!.info.width, fromRaster!.info.height]).toEqual([
        fromVector!.info.width,
        fromVector!.info.height,
      ]);
      let total = 0;
      for (let i = 0; i < fromRaster!.data.length; i++)
        total += Math.abs(fromRaster!.data[i]! - fromVector!.data[i]!);
      // Mean difference per channel under 1.5 of 255: edges antialiased a hair differently, nothing more.
      expect(total / fromRaster!.data.length).toBeLessThan(1.5);
    }
  });
});
