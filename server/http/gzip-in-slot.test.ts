import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { gzippedPage } from './gzip-in-slot.ts';

const html = '<!DOCTYPE html><html><body>'.concat('<p>Snowshoes</p>'.repeat(200), '</body></html>');
const page = (headers: Record<string, string> = {}, status = 200) =>
  new Response(html, { status, headers: { 'content-type': 'text/html; charset=utf-8', ...headers } });
const request = (acceptEncoding: string | null, method = 'GET') =>
  new Request('http://localhost/en-us/c/snowshoes', {
    method,
    headers: acceptEncoding === null ? {} : { 'accept-encoding': acceptEncoding },
  });

describe('gzippedPage', () => {
  it('gzips an HTML page for a client that accepts gzip, keeping status and headers', async () => {
    const response = gzippedPage(
      page({ etag: '"v1"', vary: 'Cookie', 'cache-control': 'private, no-store' }, 404),
      request('gzip, deflate, br'),
    );
    expect(response.status).toBe(404);
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(response.headers.get('vary')).toBe('Cookie, Accept-Encoding');
    expect(response.headers.get('etag')).toBe('W/"v1"');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const body = Buffer.from(await response.arrayBuffer());
    expect(body.byteLength).toBeLessThan(html.length / 4);
    expect(gunzipSync(body).toString()).toBe(html);
  });

  it('leaves alone what the client cannot take or what is not a page to gzip', async () => {
    for (const [response, req] of [
      [page(), request(null)],
      [page(), request('gzip;q=0, br')],
      [page(), request('gzip', 'HEAD')],
      [page({ 'content-encoding': 'gzip' }), request('gzip')],
      [new Response('{"a":1}', { headers: { 'content-type': 'application/json' } }), request('gzip')],
      [new Response(null, { status: 304 }), request('gzip')],
    ] as const) {
      expect(gzippedPage(response, req)).toBe(response);
    }
  });
});
