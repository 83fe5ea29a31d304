/**
 * Draws the demo store's media originals: `npm run media:draw` (tsx seed/media/draw.ts).
 * Writes deterministic SVGs into seed/media/originals/ (a product image and its detail views for every product
 * colour of seed/catalogue, and the lifestyle and banner artworks) and seed/media/manifest.json (points of
 * interest, alt text, image sets, the demo video and its poster). Running it twice gives the same bytes.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  BANNER_IMAGE_IDS,
  DEMO_VIDEO_ID,
  PRODUCT_DETAIL_VIEWS,
  productDetailImageId,
  productImageId,
} from '../../server/media/asset-ids.ts';
import { type MediaManifest, manifestSchema } from '../../server/media/manifest.ts';
import { CATALOGUE_PRODUCTS } from '../catalogue/index.ts';
import { drawProductImage } from './art/products.ts';
import { drawScene, SCENES } from './art/scenes.ts';

const HERE = import.meta.dirname;
const ORIGINALS = resolve(HERE, 'originals');
const MANIFEST = resolve(HERE, 'manifest.json');

const VIEW_ALT: Record<(typeof PRODUCT_DETAIL_VIEWS)[number], string> = {
  side: 'side view',
  detail: 'binding and detail close-up',
};

const WORDMARK_ID = 'ridgeline-wordmark';

function drawWordmark(): string {
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="400" viewBox="0 0 1200 400" role="img">',
    '<title>Ridgeline Snowshoe Co.</title><rect width="1200" height="400" fill="#ffffff"/>',
    '<g transform="translate(80 80) scale(12)"><path d="M1 19 L10 5 L15 12 L21 2 L31 19 Z" fill="#1f4d3f"/>',
    '<path d="M10 5 L12.6 9 L10 8 L8 10 Z M21 2 L24.5 8 L21 6.5 L18.5 7 Z" fill="#ffffff"/></g>',
    '<text x="470" y="245" font-family="DejaVu Sans, Helvetica, Arial, sans-serif" font-size="118" font-weight="700"',
    ' fill="#1f4d3f">Ridgeline</text></svg>\n',
  ].join('');
}

function main(): void {
  mkdirSync(ORIGINALS, { recursive: true });
  const written = new Set<string>();
  const manifest: MediaManifest = { assets: {}, sets: {}, videos: {} };
  const write = (id: string, svg: string) => {
    writeFileSync(join(ORIGINALS, `${id}.svg`), svg);
    written.add(`${id}.svg`);
  };

  for (const product of CATALOGUE_PRODUCTS) {
    for (const colour of product.colours) {
      const id = productImageId(product.slug, colour.slug);
      const alt = `${product.name} in ${colour.label}`;
      const main = drawProductImage(product, colour.hex, 'main', alt);
      write(id, main.svg);
      manifest.assets[id] = { poi: main.poi, alt };
      const items: MediaManifest['sets'][string]['items'] = [{ type: 'img', id }];
      for (const view of PRODUCT_DETAIL_VIEWS) {
        const viewId = productDetailImageId(product.slug, colour.slug, view);
        const viewAlt = `${alt}, ${VIEW_ALT[view]}`;
        const art = drawProductImage(product, colour.hex, view, viewAlt);
        write(viewId, art.svg);
        manifest.assets[viewId] = {
          poi: art.poi,
          alt: viewAlt,
        };
        items.push({ type: 'img', id: viewId });
      }
      manifest.sets[id] = { items };
    }
  }

  for (const id of BANNER_IMAGE_IDS) {
    const scene = SCENES[id];
    if (!scene) throw new Error(`No scene drawn for ${id}`);
    write(id, drawScene(id));
    manifest.assets[id] = { poi: scene.poi, alt: scene.alt };
  }
  // The brand logo brand_settings names (asset 'Ridgeline wordmark' of the asset library): the storefront's
  // inline mark (app/components/wordmark.tsx) as a file, for places that need an image of it.
  write(WORDMARK_ID, drawWordmark());
  manifest.assets[WORDMARK_ID] = { alt: 'Ridgeline Snowshoe Co.' };
  manifest.videos[DEMO_VIDEO_ID] = {
    poster: 'lifestyle-race-start',
    alt: 'Runners leaving the start line of a winter snowshoe race',
  };
  manifest.sets['lifestyle-race'] = {
    items: [
      { type: 'video', id: DEMO_VIDEO_ID },
      { type: 'img', id: 'lifestyle-race-start' },
    ],
  };

  writeFileSync(MANIFEST, `${JSON.stringify(manifestSchema.parse(manifest), null, 2)}\n`);
  process.stdout.write(
    `media:draw wrote ${written.size} originals and ${Object.keys(manifest.sets).length} sets\n`,
  );
}

main();
