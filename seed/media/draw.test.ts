import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  BANNER_IMAGE_IDS,
  DEMO_VIDEO_ID,
  productDetailImageId,
  productImageId,
} from '../../server/media/asset-ids.ts';
import { manifestSchema } from '../../server/media/manifest.ts';
import { CATALOGUE_PRODUCTS } from '../catalogue/index.ts';
import { drawProductImage } from './art/products.ts';
import { drawScene } from './art/scenes.ts';

const HERE = import.meta.dirname;
const manifest = manifestSchema.parse(JSON.parse(readFileSync(resolve(HERE, 'manifest.json'), 'utf8')));

describe('drawn demo media', () => {
  it('draws the same bytes every time', () => {
    const product = CATALOGUE_PRODUCTS[0]!;
    const colour = product.colours[0]!;
    expect(drawProductImage(product, colour.hex, 'main', 'A').svg).toBe(
      drawProductImage(product, colour.hex, 'main', 'A').svg,
    );
    expect(drawScene('banner-powder-day')).toBe(drawScene('banner-powder-day'));
  });

  it('draws valid 3:4 product tiles and wide banners that sharp renders', async () => {
    const kinds = new Map(CATALOGUE_PRODUCTS.map((p) => [p.imageKind, p]));
    for (const product of kinds.values()) {
      const { svg } = drawProductImage(product, product.colours[0]!.hex, 'detail', `${product.name} & <co>`);
      expect(svg).toContain('<title>');
      expect(svg).toContain('&amp; &lt;co&gt;');
      const meta = await sharp(Buffer.from(svg), { density: 9 }).png().toBuffer({ resolveWithObject: true });
      expect([meta.info.width, meta.info.height], product.slug).toEqual([200, 267]);
    }
    const banner = await sharp(Buffer.from(drawScene('lifestyle-night-trail'))).metadata();
    expect([banner.width, banner.height]).toEqual([2400, 1000]);
  });

  it('has an original and a set for every product colour of the catalogue (else run `npm run media:draw`)', () => {
    const missing: string[] = [];
    for (const product of CATALOGUE_PRODUCTS) {
      for (const colour of product.colours) {
        const id = productImageId(product.slug, colour.slug);
        if (!existsSync(join(HERE, 'originals', `${id}.svg`))) missing.push(id);
        if (
          !manifest.sets[id]?.items.some(
            (item) => item.id === productDetailImageId(product.slug, colour.slug, 'side'),
          )
        )
          missing.push(`set ${id}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('lists only originals that exist, with points of interest inside the image', () => {
    for (const id of BANNER_IMAGE_IDS)
      expect(existsSync(join(HERE, 'originals', `${id}.svg`)), id).toBe(true);
    for (const set of Object.values(manifest.sets)) {
      for (const item of set.items) {
        const exists =
          item.type === 'img'
            ? existsSync(join(HERE, 'originals', `${item.id}.svg`))
            : item.id in manifest.videos;
        expect(exists, item.id).toBe(true);
      }
    }
    for (const [id, asset] of Object.entries(manifest.assets)) {
      if (!asset.poi) continue;
      expect(asset.poi.x + asset.poi.w, id).toBeLessThanOrEqual(1.0001);
      expect(asset.poi.y + asset.poi.h, id).toBeLessThanOrEqual(1.0001);
    }
  });

  it('ships the demo video as an MP4 (ftyp box) when it has been recorded', () => {
    const path = join(HERE, 'originals', `${DEMO_VIDEO_ID}.mp4`);
    expect(manifest.videos[DEMO_VIDEO_ID]?.poster).toBe('lifestyle-race-start');
    if (!existsSync(path)) return;
    expect(readFileSync(path).subarray(4, 8).toString('ascii')).toBe('ftyp');
  });
});
