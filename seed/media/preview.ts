/**
 * Renders originals to small PNGs for a look by eye: `tsx seed/media/preview.ts <out-dir> <id>...` where an id
 * is an original's name in seed/media/originals (e.g. ridgeline-cub-kids-sunrise, banner-powder-day).
 * With `--sheet`, also writes one contact sheet of them all.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import sharp from 'sharp';

const ORIGINALS = resolve(import.meta.dirname, 'originals');

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const sheet = args.includes('--sheet');
  const [out, ...ids] = args.filter((a) => a !== '--sheet');
  if (!out || ids.length === 0) {
    process.stderr.write('usage: tsx seed/media/preview.ts <out-dir> [--sheet] <id>...\n');
    process.exit(1);
  }
  mkdirSync(out, { recursive: true });
  const tiles: Buffer[] = [];
  for (const id of ids) {
    const svg = readFileSync(join(ORIGINALS, `${id}.svg`));
    const started = performance.now();
    const png = await sharp(svg).resize({ width: 600, height: 600, fit: 'inside' }).png().toBuffer();
    process.stdout.write(`${id}: ${(performance.now() - started).toFixed(0)} ms, ${svg.length} bytes\n`);
    await sharp(png).toFile(join(out, `${id}.png`));
    tiles.push(
      await sharp(png)
        .resize({ width: 300, height: 300, fit: 'contain', background: '#fff' })
        .png()
        .toBuffer(),
    );
  }
  if (sheet) {
    const columns = Math.min(4, tiles.length);
    const rows = Math.ceil(tiles.length / columns);
    await sharp({ create: { width: columns * 300, height: rows * 300, channels: 3, background: '#ffffff' } })
      .composite(
        tiles.map((input, i) => ({ input, left: (i % columns) * 300, top: Math.floor(i / columns) * 300 })),
      )
      .png()
      .toFile(join(out, 'sheet.png'));
  }
}

await main();
