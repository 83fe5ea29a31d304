/**
 * Media service benchmark (issue 7): `npm run bench:media` (tsx bench/media.ts).
 * Renders a 1600 px wide original to a 480 px WebP uncached (target ≤ 50 ms) and serves it cached (target
 * ≤ 2 ms), in process through app.request and over HTTP on loopback with autocannon. Originals are a
 * 1600x2133 JPEG (a photo-like raster) and the drawn SVG it was made from.
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import sharp from 'sharp';
import { createMediaRoutes } from '../server/media/index.ts';

/** autocannon ships no types; the part used here. */
interface AutocannonResult {
  latency: { p50: number; p97_5: number };
  requests: { average: number };
  non2xx: number;
}
const autocannon = createRequire(import.meta.url)('autocannon') as (options: {
  url: string;
  connections: number;
  duration: number;
}) => Promise<AutocannonResult>;

const UNCACHED_TARGET_MS = 50;
const CACHED_TARGET_MS = 2;
const SOURCE = resolve(
  import.meta.dirname,
  '../seed/media/originals/ridgeline-summit-ascent-mens-summit-red.svg',
);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function line(label: string, samples: number[], target: number): string {
  const sorted = [...samples].sort((a, b) => a - b);
  const p50 = percentile(sorted, 50);
  const p95 = percentile(sorted, 95);
  const verdict = p95 <= target ? 'meets' : p50 <= target ? 'p50 meets, p95 misses' : 'MISSES';
  return `${label.padEnd(52)} p50 ${p50.toFixed(2).padStart(7)} ms   p95 ${p95.toFixed(2).padStart(7)} ms   target ≤ ${target} ms: ${verdict} (n=${samples.length})`;
}

async function timed(app: Hono, url: string, headers: Record<string, string> = {}): Promise<number> {
  const started = performance.now();
  const res = await app.request(url, { headers });
  await res.arrayBuffer();
  const ms = performance.now() - started;
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return ms;
}

async function main(): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), 'ridgeline-bench-media-'));
  const originalsDir = join(root, 'originals');
  mkdirSync(originalsDir);
  copyFileSync(SOURCE, join(originalsDir, 'drawn.svg'));
  await sharp(SOURCE).jpeg({ quality: 90 }).toFile(join(originalsDir, 'photo.jpg'));
  const meta = await sharp(join(originalsDir, 'photo.jpg')).metadata();
  process.stdout.write(
    `original: ${meta.width}x${meta.height} JPEG and SVG; output 480 px WebP; ${new Date().toISOString()}; ${cpus().length} cores, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}\n\n`,
  );

  const app = new Hono();
  app.route('/media', createMediaRoutes({ originalsDir, cacheDir: join(root, 'cache') }));
  const diskOnly = new Hono();
  diskOnly.route(
    '/media',
    createMediaRoutes({ originalsDir, cacheDir: join(root, 'cache'), memoryCacheBytes: 0 }),
  );

  const rounds = 40;
  // Warm up sharp and the original's bytes and header.
  for (let i = 0; i < 3; i++) await timed(app, `/media/i/ridgeline/photo?w=480&fmt=webp&qlt=${10 + i}`);
  await timed(app, '/media/i/ridgeline/drawn?w=480&fmt=webp&qlt=10');

  const uncachedJpeg: number[] = [];
  const uncachedSvg: number[] = [];
  for (let i = 0; i < rounds; i++) {
    // A new quality each time: a new cache key, the same work.
    uncachedJpeg.push(await timed(app, `/media/i/ridgeline/photo?w=480&fmt=webp&qlt=${50 + i}`));
    uncachedSvg.push(await timed(app, `/media/i/ridgeline/drawn?w=480&fmt=webp&qlt=${50 + i}`));
  }
  const uncachedAvif: number[] = [];
  for (let i = 0; i < 10; i++)
    uncachedAvif.push(await timed(app, `/media/i/ridgeline/photo?w=480&fmt=avif&qlt=${50 + i}`));

  const cachedUrl = '/media/i/ridgeline/photo?w=480&fmt=webp&qlt=75';
  await timed(app, cachedUrl);
  const cachedMemory: number[] = [];
  for (let i = 0; i < 1000; i++) cachedMemory.push(await timed(app, cachedUrl));
  const cachedDisk: number[] = [];
  for (let i = 0; i < 300; i++) cachedDisk.push(await timed(diskOnly, cachedUrl));
  const notModified: number[] = [];
  const etag = (await app.request(cachedUrl)).headers.get('etag')!;
  for (let i = 0; i < 1000; i++) {
    const started = performance.now();
    const res = await app.request(cachedUrl, { headers: { 'If-None-Match': etag } });
    notModified.push(performance.now() - started);
    if (res.status !== 304) throw new Error(`expected 304, got ${res.status}`);
  }

  process.stdout.write('in process (app.request)\n');
  process.stdout.write(`${line('uncached 1600 px JPEG → 480 px WebP', uncachedJpeg, UNCACHED_TARGET_MS)}\n`);
  process.stdout.write(`${line('uncached 1600 px SVG → 480 px WebP', uncachedSvg, UNCACHED_TARGET_MS)}\n`);
  process.stdout.write(`${line('uncached 1600 px JPEG → 480 px AVIF (no target)', uncachedAvif, 1000)}\n`);
  process.stdout.write(
    `${line('cached 480 px WebP (memory LRU in front of disk)', cachedMemory, CACHED_TARGET_MS)}\n`,
  );
  process.stdout.write(
    `${line('cached 480 px WebP (disk only, memory LRU off)', cachedDisk, CACHED_TARGET_MS)}\n`,
  );
  process.stdout.write(`${line('cached 304 on If-None-Match', notModified, CACHED_TARGET_MS)}\n`);

  // Over HTTP on loopback.
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((r) => server.once('listening', () => r()));
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  const httpUncached: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const started = performance.now();
    const res = await fetch(`${base}/media/i/ridgeline/photo?w=480&fmt=webp&qlt=${i + 1}`);
    await res.arrayBuffer();
    httpUncached.push(performance.now() - started);
  }
  process.stdout.write('\nover HTTP on loopback\n');
  process.stdout.write(
    `${line('uncached 1600 px JPEG → 480 px WebP (fetch, serial)', httpUncached, UNCACHED_TARGET_MS)}\n`,
  );
  for (const connections of [1, 10]) {
    const result = await autocannon({ url: `${base}${cachedUrl}`, connections, duration: 4 });
    const l = result.latency;
    const ok =
      l.p97_5 <= CACHED_TARGET_MS
        ? 'meets'
        : l.p50 <= CACHED_TARGET_MS
          ? 'p50 meets, p97.5 misses'
          : 'MISSES';
    process.stdout.write(
      `${`cached 480 px WebP, autocannon ${connections} connection(s)`.padEnd(52)} p50 ${l.p50.toFixed(2).padStart(7)} ms   p97.5 ${l.p97_5.toFixed(2).padStart(5)} ms   target ≤ ${CACHED_TARGET_MS} ms: ${ok}; ${Math.round(result.requests.average)} req/s, ${result.non2xx} non-2xx\n`,
    );
  }
  await new Promise<void>((r) => server.close(() => r()));
  rmSync(root, { recursive: true, force: true });
  process.stdout.write('\n(autocannon reports p97.5, not p95; its latencies are whole milliseconds.)\n');
}

await main();
