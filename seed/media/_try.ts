import { writeFileSync } from 'node:fs';
import sharp from 'sharp';
import { CATALOGUE_PRODUCTS } from '../catalogue/index.ts';
import { drawProductImage } from './art/products.ts';

const [out, ...specs] = process.argv.slice(2);
const tiles: Buffer[] = [];
for (const s of specs) {
  const [slug, colourSlug, view] = s.split(':');
  const p = CATALOGUE_PRODUCTS.find((x) => x.slug === slug)!;
  const c = p.colours.find((x) => x.slug === colourSlug) ?? p.colours[0]!;
  const { svg } = drawProductImage(p, c.hex, (view ?? 'main') as 'main');
  const t = performance.now();
  const png = await sharp(Buffer.from(svg)).resize(450).png().toBuffer();
  console.log(s, 'ms', (performance.now() - t).toFixed(0), 'bytes', svg.length);
  tiles.push(png);
}
const cols = Math.min(4, tiles.length);
const rows = Math.ceil(tiles.length / cols);
await sharp({ create: { width: cols * 450, height: rows * 600, channels: 3, background: '#fff' } })
  .composite(tiles.map((input, i) => ({ input, left: (i % cols) * 450, top: Math.floor(i / cols) * 600 })))
  .png()
  .toFile(out!);
