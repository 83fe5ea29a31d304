import dns from 'node:dns';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { join, resolve } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import type { Hono } from 'hono';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mediaApp, mediaFixture } from './media-fixtures.ts';

/** A PNG whose header claims width x height but whose data is a few bytes: a decompression bomb. */
function pngBomb(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function expectProblem(res: Response, statuses: number[]) {
  expect(statuses).toContain(res.status);
  const text = await res.text();
  expect(text).not.toContain('TOP-SECRET');
  expect(text).not.toContain('<svg');
  expect(JSON.parse(text)).toMatchObject({ status: res.status });
}

describe('media service: bad input is a 4xx, never a crash', () => {
  let app: Hono;
  beforeAll(async () => {
    app = mediaApp(await mediaFixture());
  });

  it.each([
    'w=-1',
    'w=99999',
    'w=0',
    'w=12.5',
    'maxW=-5',
    'maxH=100000',
    'qlt=0',
    'qlt=1000',
    'dpi=7',
    'fmt=bmp',
    'fmt=svg',
    'fmt=../../x',
    'bg=url(http://evil)',
    'sm=aspect&aspect=1:0',
    'sm=aspect&aspect=-1:2',
    'scaleFit=face',
    'protocol=file',
    'fmt.interlaced=yes',
    'w=100&w=200',
  ])('GET /i/ with %s is a 400 problem', async (query) => {
    const res = await app.request(`/media/i/ridgeline/tile?${query}`);
    await expectProblem(res, [400]);
  });

  it.each([
    '/media/i/ridgeline/..%2Fsecret',
    '/media/i/ridgeline/..%2F..%2Fsecret.txt',
    '/media/i/ridgeline/%2e%2e%2fsecret',
    '/media/i/ridgeline/%2Fetc%2Fpasswd',
    '/media/i/ridgeline/..%5Csecret',
    '/media/i/ridgeline/C:%5Cwindows%5Cwin.ini',
    '/media/i/ridgeline/.%2E%2Fsecret',
    '/media/i/ridgeline/%00secret',
    '/media/s/ridgeline/..%2Fsecret',
    '/media/v/ridgeline/..%2Fsecret/mp4_720p',
    '/media/v/ridgeline/..%2Fsecret.json',
    '/media/i/ridgeline/%E0%A4%A',
    '/media/i/ridgeline/secret%2Etxt%00.svg',
  ])('refuses the path trick %s with a 400', async (url) => {
    await expectProblem(await app.request(url), [400]);
  });

  it.each([
    '/media/i/ridgeline/../../secret',
    '/media/i/ridgeline/%2e%2e/%2e%2e/secret.txt',
    '/media/i/ridgeline/..\\..\\secret',
    '/media/i/ridgeline//etc/passwd',
  ])('%s (normalised by the URL parser) never reaches a file outside the originals', async (url) => {
    await expectProblem(await app.request(url), [400, 404]);
  });

  it('refuses a pixel bomb original (header says 30000x30000) with a 422 before decoding it', async () => {
    const fx = await mediaFixture();
    writeFileSync(join(fx.originalsDir, 'bomb.png'), pngBomb(30_000, 30_000));
    writeFileSync(
      join(fx.originalsDir, 'bomb-svg.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg" width="100000" height="100000"><rect width="100%" height="100%"/></svg>',
    );
    const bombApp = mediaApp(fx);
    for (const url of [
      '/media/i/ridgeline/bomb?w=100&fmt=webp',
      '/media/i/ridgeline/bomb',
      '/media/i/ridgeline/bomb-svg?w=100&fmt=png',
      '/media/i/ridgeline/bomb.json?metadata=true',
    ]) {
      const res = await bombApp.request(url);
      await expectProblem(res, [422]);
    }
    // The service is still healthy afterwards.
    expect((await bombApp.request('/media/i/ridgeline/tile?w=10&fmt=png')).status).toBe(200);
  });

  it('applies the configured pixel cap to real images too', async () => {
    const fx = await mediaFixture();
    const capped = mediaApp({ ...fx, maxInputPixels: 1_000_000 });
    await expectProblem(await capped.request('/media/i/ridgeline/photo?w=100&fmt=jpg'), [422]);
    expect((await capped.request('/media/i/ridgeline/logo?w=100&fmt=png')).status).toBe(200);
  });

  it('refuses a broken original with a 422', async () => {
    const fx = await mediaFixture();
    writeFileSync(join(fx.originalsDir, 'broken.jpg'), Buffer.from('not a jpeg at all'));
    await expectProblem(await mediaApp(fx).request('/media/i/ridgeline/broken?w=10'), [422]);
  });
});

describe('media service: never opens an outbound connection', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('treats URL-looking names and parameters as bad input and connects nowhere', async () => {
    const fx = await mediaFixture();
    // An SVG original that points at a listening server: rendering it must not fetch.
    let connections = 0;
    const server = net.createServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as net.AddressInfo).port;
    writeFileSync(
      join(fx.originalsDir, 'external.svg'),
      `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="200" height="200"><image href="http://127.0.0.1:${port}/a.png" xlink:href="http://127.0.0.1:${port}/b.png" width="200" height="200"/><rect width="10" height="10" fill="url(http://127.0.0.1:${port}/c#g)"/></svg>`,
    );
    const app = mediaApp(fx);

    const connect = vi.spyOn(net.Socket.prototype, 'connect');
    const lookup = vi.spyOn(dns, 'lookup');
    const httpRequest = vi.spyOn(http, 'request');
    const httpsRequest = vi.spyOn(https, 'request');
    const fetchSpy = vi.spyOn(globalThis, 'fetch');

    const urls = [
      `/media/i/ridgeline/${encodeURIComponent(`http://127.0.0.1:${port}/x.png`)}`,
      `/media/i/ridgeline/${encodeURIComponent('https://example.com/x.jpg')}?w=10`,
      '/media/i/ridgeline/http:%2F%2F169.254.169.254%2Flatest%2Fmeta-data',
      '/media/i/ridgeline/tile?w=10&src=http://127.0.0.1/x&url=https://example.com/y',
      `/media/s/ridgeline/${encodeURIComponent('//example.com/set')}`,
      '/media/i/ridgeline/external?w=100&fmt=png',
    ];
    const statuses = [];
    for (const url of urls) statuses.push((await app.request(url)).status);
    expect(statuses.slice(0, 3)).toEqual([400, 400, 400]);
    expect(statuses[3]).toBe(200);
    expect([400, 404]).toContain(statuses[4]);
    expect(statuses[5]).toBe(200);

    await new Promise((r) => setTimeout(r, 50));
    await new Promise<void>((r) => server.close(() => r()));
    expect(connections).toBe(0);
    expect(connect).not.toHaveBeenCalled();
    expect(lookup).not.toHaveBeenCalled();
    expect(httpRequest).not.toHaveBeenCalled();
    expect(httpsRequest).not.toHaveBeenCalled();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('has no network client in its source', () => {
    const dir = resolve(import.meta.dirname, '../../server/media');
    const sources = readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
    expect(sources.length).toBeGreaterThan(5);
    for (const file of sources) {
      const text = readFileSync(join(dir, file), 'utf8');
      expect(text, file).not.toMatch(/from ['"](node:)?(http|https|net|tls|dns|http2|dgram)['"]/);
      expect(text, file).not.toMatch(/\bfetch\s*\(/);
      expect(text, file).not.toMatch(/XMLHttpRequest|WebSocket/);
    }
  });
});
