import dns from 'node:dns';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ROOT } from '../support/server.ts';
import { Client, LEAK, openSecurityApp, type SecurityApp } from './harness.ts';

/**
 * Issue 10 security, media service. The service's own hostile-input suite is
 * tests/integration/media-security.test.ts (pixel bombs, the pixel cap, odd sizes, path tricks, no outbound
 * connection, no network client in its source); this file checks that suite is still there and that the
 * service as mounted in the real HTTP app behaves the same.
 */
describe('media service in the real app', () => {
  let s: SecurityApp;
  beforeAll(async () => {
    s = await openSecurityApp({ MEDIA_MAX_DIMENSION: '2000' });
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await s?.close();
  });

  it('keeps the dedicated hostile-input suite (pixel cap, path tricks, no outbound connection)', () => {
    const suite = readFileSync(join(ROOT, 'tests/integration/media-security.test.ts'), 'utf8');
    for (const title of [
      'refuses a pixel bomb original',
      'applies the configured pixel cap to real images too',
      'never opens an outbound connection',
      'has no network client in its source',
    ])
      expect(suite).toContain(title);
  });

  it('serves a real image, and answers odd sizes, path tricks and remote names with a 4xx problem, connecting nowhere', async () => {
    const connect = vi.spyOn(net.Socket.prototype, 'connect');
    const httpGet = vi.spyOn(http, 'request');
    const httpsGet = vi.spyOn(https, 'request');
    const lookup = vi.spyOn(dns, 'lookup');
    const client = new Client(s.app);
    const ok = await client.call('GET', '/media/i/ridgeline/ridgeline-summit-trail-mens-summit-red?w=320');
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toMatch(/^image\//);
    for (const path of [
      '/media/i/ridgeline/ridgeline-summit-trail-mens-summit-red?w=2001',
      '/media/i/ridgeline/ridgeline-summit-trail-mens-summit-red?w=99999&h=99999',
      '/media/i/ridgeline/ridgeline-summit-trail-mens-summit-red?w=-1',
      '/media/i/ridgeline/ridgeline-summit-trail-mens-summit-red?w=1e9',
      '/media/i/ridgeline/ridgeline-summit-trail-mens-summit-red?w=0x10',
      '/media/i/ridgeline/..%2F..%2F..%2Fetc%2Fpasswd',
      '/media/i/ridgeline/%2e%2e%2f%2e%2e%2fpackage.json',
      '/media/i/ridgeline/..%5C..%5Cpackage.json',
      '/media/i/ridgeline/http%3A%2F%2F169.254.169.254%2Flatest',
      '/media/i/ridgeline/%2F%2Fevil.example%2Fx.png',
      '/media/i/ridgeline/file%3A%2F%2F%2Fetc%2Fpasswd',
    ]) {
      const response = await client.call('GET', path);
      expect(response.status, path).toBeGreaterThanOrEqual(400);
      expect(response.status, path).toBeLessThan(500);
      const text = await response.text();
      expect(text, path).not.toMatch(LEAK);
      expect(text, path).not.toContain('root:');
    }
    // A remote-looking parameter the grammar does not know is ignored: the local original is served.
    const ignored = await client.call(
      'GET',
      '/media/i/ridgeline/ridgeline-summit-trail-mens-summit-red?w=320&src=http://evil.example/x.png',
    );
    expect(ignored.status).toBeLessThan(500);
    expect(connect).not.toHaveBeenCalled();
    expect(httpGet).not.toHaveBeenCalled();
    expect(httpsGet).not.toHaveBeenCalled();
    expect(lookup).not.toHaveBeenCalled();
  });
});
