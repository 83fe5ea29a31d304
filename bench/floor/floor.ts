/**
 * The floor page (issue 43): a bare React Router framework-mode app (bench/floor/app: one route, one image, a
 * paragraph and a button), built with the same React, React Router and Vite as the store and served by
 * react-router-serve. The Lighthouse part runs it in the same loop as the store's pages, so a store figure is
 * read next to what the framework alone costs on the same machine at the same moment. It is a build of its own
 * (bench/floor/build/, ignored by git): the store ships no byte of it.
 *
 *   npx tsx bench/floor/floor.ts          builds it and serves it on a free port until Ctrl-C
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import sharp from 'sharp';
import { freePort, ROOT, type Running, start, waitFor } from '../lib/processes.ts';
import { progress } from '../lib/report.ts';

const FLOOR = join(ROOT, 'bench/floor');
/** A product image as the store shows it on a phone: the summit ascent's main view, 800 px wide, WebP. */
const IMAGE_SOURCE = join(ROOT, 'seed/media/originals/ridgeline-summit-ascent-mens-black.svg');

export function buildFloor(): void {
  progress('floor page: npx react-router build (bench/floor)');
  const built = spawnSync('npx', ['react-router', 'build'], {
    cwd: FLOOR,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (built.status !== 0) throw new Error(`floor page build failed (${built.status})`);
}

async function writeImage(): Promise<void> {
  await sharp(IMAGE_SOURCE)
    .resize({ width: 800, height: 600, fit: 'cover' })
    .webp({ quality: 80 })
    .toFile(join(FLOOR, 'build/client/floor.webp'));
}

export interface FloorServer {
  url: string;
  running: Running;
  stop(): Promise<void>;
}

/** Builds the floor page and serves it with react-router-serve (production mode) on a free port. */
export async function startFloor(): Promise<FloorServer> {
  buildFloor();
  await writeImage();
  const port = await freePort();
  const running = start(
    process.execPath,
    [join(ROOT, 'node_modules/@react-router/serve/bin.cjs'), './build/server/index.js'],
    {
      cwd: FLOOR,
      env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port) },
    },
  );
  const url = `http://127.0.0.1:${port}`;
  await waitFor(
    running,
    async () => {
      try {
        return (await fetch(`${url}/`)).ok;
      } catch {
        return false;
      }
    },
    120_000,
  );
  return { url, running, stop: async () => void (await running.stop()) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const floor = await startFloor();
  process.stdout.write(`floor page at ${floor.url}/\n`);
  process.on('SIGINT', () => void floor.stop().then(() => process.exit(0)));
}
