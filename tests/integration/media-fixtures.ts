import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import sharp from 'sharp';
import { createMediaRoutes, type MediaRoutesOptions } from '#server/media/index.ts';

/** A throwaway originals folder (one SVG, one JPEG, one transparent PNG, a two-tone banner) and cache. */
export async function mediaFixture() {
  const root = mkdtempSync(join(tmpdir(), 'ridgeline-media-'));
  const originalsDir = join(root, 'originals');
  const cacheDir = join(root, 'cache');
  mkdirSync(originalsDir);
  writeFileSync(
    join(originalsDir, 'tile.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="2133" viewBox="0 0 1600 2133"><rect width="1600" height="2133" fill="#eeeae4"/><circle cx="800" cy="1066" r="500" fill="#c8362d"/></svg>',
  );
  // Left half red, right half blue: crops around a point of interest can be told apart by colour.
  writeFileSync(
    join(originalsDir, 'banner.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg" width="2400" height="1000"><rect width="1200" height="1000" fill="#ff0000"/><rect x="1200" width="1200" height="1000" fill="#0000ff"/></svg>',
  );
  await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#2f5d46' } })
    .jpeg()
    .toFile(join(originalsDir, 'photo.jpg'));
  await sharp({
    create: { width: 400, height: 400, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
  })
    .png()
    .toFile(join(originalsDir, 'logo.png'));
  // The secret sits next to the originals folder, where path tricks would reach.
  writeFileSync(join(root, 'secret.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
  writeFileSync(join(root, 'secret.txt'), 'TOP-SECRET');
  const manifestPath = join(root, 'manifest.json');
  writeFileSync(
    manifestPath,
    JSON.stringify({
      assets: {
        banner: { poi: { x: 0.05, y: 0.3, w: 0.1, h: 0.4 }, alt: 'Red and blue' },
        tile: { alt: 'A red dot' },
      },
      sets: {
        'tile-set': {
          items: [
            { type: 'img', id: 'tile' },
            { type: 'img', id: 'photo' },
            { type: 'video', id: 'clip' },
          ],
        },
      },
      videos: { clip: { poster: 'photo' } },
    }),
  );
  return { root, originalsDir, cacheDir, manifestPath };
}

export function mediaApp(options: MediaRoutesOptions): Hono {
  const app = new Hono();
  app.route('/media', createMediaRoutes({ lookupTtlMs: 0, ...options }));
  return app;
}

export async function decode(response: Response) {
  return sharp(Buffer.from(await response.arrayBuffer())).metadata();
}
