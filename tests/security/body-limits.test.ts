import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, openSecurityApp, type SecurityApp } from './harness.ts';

/**
 * Issue 17 #5: every route refuses an oversized body with 413 while it streams, before the bytes are held.
 * 200 MB are offered to each door, declared (Content-Length) and chunked (no length); the server must answer
 * 413 early and this process (which runs the server) must not grow by anything near the body's size.
 */

const OFFERED = 200 * 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, 0x61);

/** Streams up to OFFERED bytes until the answer comes, then stops; resolves with the status and bytes sent. */
function offer(
  url: string,
  chunked: boolean,
  headers: Record<string, string>,
): Promise<{ status: number; sent: number; peakGrowthMb: number }> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const finish = (status: number) => {
      clearInterval(sampler);
      peak = Math.max(peak, process.memoryUsage().rss);
      resolve({ status, sent, peakGrowthMb: (peak - before) / 1024 / 1024 });
    };
    const req = http.request(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(chunked ? { 'transfer-encoding': 'chunked' } : { 'content-length': String(OFFERED) }),
        ...headers,
      },
    });
    req.on('response', (res) => {
      answered = true;
      res.resume();
      res.on('end', () => {
        req.destroy();
        finish(res.statusCode ?? 0);
      });
    });
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    const pump = () => {
      while (!answered && sent < OFFERED) {
        sent += CHUNK.length;
        if (!req.write(CHUNK)) return void req.once('drain', pump);
      }
      if (!answered) req.end();
    };
    pump();
  });
}

describe('request bodies are limited while they stream, on every route', () => {
  let s: SecurityApp;
  let server: { url: string; close(): Promise<void> };
  beforeAll(async () => {
    s = await openSecurityApp();
    server = await listen(s.app);
  });
  afterAll(async () => {
    await server?.close();
    await s?.close();
  });

  const cms = { api_key: 'ridgeline-demo', access_token: 'ridgeline-demo-delivery' };
  const doors: [string, Record<string, string>][] = [
    ['/graphql', {}],
    ['/cms/v3/content_types/blog/entries?environment=production&locale=en-us', cms],
    ['/search/api/as/v1/engines/ridgeline/search.json', { authorization: 'Bearer search-ridgeline-demo' }],
    ['/api/customers/login', { region: 'us' }],
    ['/en-us/account/login', { 'content-type': 'application/x-www-form-urlencoded' }],
  ];

  for (const chunked of [false, true])
    it.each(doors)(
      `%s: 413 for 200 MB ${chunked ? 'chunked' : 'with Content-Length'}`,
      async (path, headers) => {
        const result = await offer(`${server.url}${path}`, chunked, headers);
        expect(result.status).toBe(413);
        // Refused early: far less than the body was sent, and memory did not follow the body.
        expect(result.sent).toBeLessThan(OFFERED / 2);
        expect(result.peakGrowthMb).toBeLessThan(100);
      },
    );

  it('a body within the limit still reaches its handler', async () => {
    const response = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    expect(response.status).toBe(200);
  });
});
