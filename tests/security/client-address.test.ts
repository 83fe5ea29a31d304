import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, listen, openSecurityApp, type SecurityApp } from './harness.ts';

/**
 * Issue 17 #2: the client address is the right-most X-Forwarded-For entry not added by a trusted proxy
 * (TRUST_PROXY), for the blocklist, the internal-IP check, every limit and the session cookie's scheme.
 */

/** One request from a chosen loopback address (Linux answers on all of 127/8), as a peer would send it. */
function request(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string; from?: string },
): Promise<{ status: number; body: string; setCookie: string[] }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: options.method ?? 'GET',
        headers: options.headers,
        localAddress: options.from ?? '127.0.0.1',
      },
      (res) => {
        let body = '';
        res.on('data', (chunk) => {
          body += chunk;
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body, setCookie: res.headers['set-cookie'] ?? [] }),
        );
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

describe('TRUST_PROXY=true (one proxy): only the entry that proxy added counts', () => {
  let s: SecurityApp;
  let server: { url: string; close(): Promise<void> };
  beforeAll(async () => {
    s = await openSecurityApp({
      TRUST_PROXY: 'true',
      BLOCKED_IPS: '203.0.113.7',
      INTERNAL_IPS: '127.0.0.1,10.9.9.9',
      LOGIN_LIMIT_PER_IP: '3',
      LOGIN_LIMIT_PER_EMAIL: '100',
    });
    server = await listen(s.app);
  });
  afterAll(async () => {
    await server?.close();
    await s?.close();
  });

  it('blocks a blocked client whatever it puts to the left', async () => {
    const response = await request(`${server.url}/api/session`, {
      headers: { 'x-forwarded-for': '10.0.0.1, 203.0.113.7' },
    });
    expect(response.status).toBe(403);
  });

  it('a forged internal address on the left does not make a client internal', async () => {
    const response = await request(`${server.url}/api/products?keyword=x`, {
      headers: { 'x-forwarded-for': '10.9.9.9, 198.51.100.4', 'user-agent': 'select(1)', region: 'us' },
    });
    expect(response.status).toBe(403);
    const internal = await request(`${server.url}/api/products?keyword=x`, {
      headers: { 'x-forwarded-for': '198.51.100.4, 10.9.9.9', 'user-agent': 'select(1)', region: 'us' },
    });
    expect(internal.status).toBe(200);
  });

  it('rotating the left-most entry does not reset the sign-in limit', async () => {
    const browser = await new Client(s.app, { base: server.url }).start();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await browser.call('POST', '/api/customers/login', {
        body: { email: `nobody${i}@example.com`, pw: 'whatever-1' },
        headers: { 'x-forwarded-for': `198.51.100.${i + 1}, 203.0.113.50` },
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
  });
});

describe('TRUST_PROXY=2 (CDN then load balancer)', () => {
  let s: SecurityApp;
  let server: { url: string; close(): Promise<void> };
  beforeAll(async () => {
    s = await openSecurityApp({ TRUST_PROXY: '2', BLOCKED_IPS: '203.0.113.7', INTERNAL_IPS: '10.9.9.9' });
    server = await listen(s.app);
  });
  afterAll(async () => {
    await server?.close();
    await s?.close();
  });

  it('the client is the second entry from the right', async () => {
    const blocked = await request(`${server.url}/api/session`, {
      headers: { 'x-forwarded-for': '10.9.9.9, 203.0.113.7, 192.0.2.1' },
    });
    expect(blocked.status).toBe(403);
    const passes = await request(`${server.url}/api/session`, {
      headers: { 'x-forwarded-for': '203.0.113.7, 198.51.100.9, 192.0.2.1' },
    });
    expect(passes.status).toBe(200);
  });
});

describe('TRUST_PROXY=<addresses>: only the named peers may forward', () => {
  let s: SecurityApp;
  let server: { url: string; close(): Promise<void> };
  beforeAll(async () => {
    s = await openSecurityApp({
      TRUST_PROXY: '127.0.0.1, 10.0.0.0/8',
      BLOCKED_IPS: '203.0.113.7,127.0.0.3',
      INTERNAL_IPS: '10.9.9.9',
    });
    server = await listen(s.app);
  });
  afterAll(async () => {
    await server?.close();
    await s?.close();
  });

  it('walks through trusted proxies to the first address outside them', async () => {
    const blocked = await request(`${server.url}/api/session`, {
      headers: { 'x-forwarded-for': '198.51.100.1, 203.0.113.7, 10.1.2.3' },
    });
    expect(blocked.status).toBe(403);
  });

  it('ignores X-Forwarded-For and X-Forwarded-Proto from a peer outside the list', async () => {
    const spoof = await request(`${server.url}/api/session`, {
      from: '127.0.0.2',
      headers: { 'x-forwarded-for': '203.0.113.7', 'x-forwarded-proto': 'https' },
    });
    expect(spoof.status).toBe(200);
    // Plain http from an untrusted peer: the cookie is the http one, whatever X-Forwarded-Proto claims.
    expect(spoof.setCookie.join('\n')).toMatch(/^rl_session=/m);
    const peerBlocked = await request(`${server.url}/api/session`, {
      from: '127.0.0.3',
      headers: { 'x-forwarded-for': '10.9.9.9' },
    });
    expect(peerBlocked.status).toBe(403);
  });

  it('believes X-Forwarded-Proto from a trusted proxy', async () => {
    const response = await request(`${server.url}/api/session`, {
      headers: { 'x-forwarded-for': '198.51.100.1', 'x-forwarded-proto': 'https' },
    });
    expect(response.setCookie.join('\n')).toMatch(/^__Host-rl_session=.*Secure/m);
  });
});

describe('TRUST_PROXY is checked at start', () => {
  it.each(['yes', '10.0.0.0/40', '1.2.3', '99'])('refuses %s', async (value) => {
    const { loadConfig } = await import('#server/config.ts');
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
  });
});
