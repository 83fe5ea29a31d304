import sharp from 'sharp';
import { drawScene, SCENES } from './art/scenes.ts';

const [out, ...ids] = process.argv.slice(2);
const list = ids.length ? ids : Object.keys(SCENES);
const tiles: Buffer[] = [];
for (const id of list) {
  const svg = drawScene(id);
  const t = performance.now();
  tiles.push(await sharp(Buffer.from(svg)).resize(840).png().toBuffer());
  console.log(id, (performance.now() - t).toFixed(0), 'ms', svg.length);
}
await sharp({
  create: { width: 1680, height: Math.ceil(list.length / 2) * 350, channels: 3, background: '#fff' },
})
  .composite(tiles.map((input, i) => ({ input, left: (i % 2) * 840, top: Math.floor(i / 2) * 350 })))
  .png()
  .toFile(out!);
