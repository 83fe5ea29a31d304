import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Client, LEAK, openSecurityApp, type SecurityApp } from './harness.ts';

/**
 * Issue 10 security: response headers on everything the HTTP app serves besides pages (pages: see
 * tests/e2e/security.e2e.ts), and no stack trace or internal message in any error answer.
 */
describe('security headers and error answers', () => {
  let s: SecurityApp;
  beforeAll(async () => {
    s = await openSecurityApp();
  });
  afterAll(async () => {
    await s?.close();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it.each([
    '/api/session',
    '/api/products',
    '/api/no-such-endpoint',
    '/healthz',
    '/sitemap.xml',
    '/cms/v3/content_types',
    '/media/i/ridgeline/no-such-image',
  ])(
    '%s carries the CSP with frame-ancestors, nosniff, Referrer-Policy and X-Frame-Options',
    async (path) => {
      const response = await new Client(s.app).call('GET', path);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'self'");
      expect(csp).toContain("script-src-attr 'none'");
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
    },
  );

  it('never lets a browser or proxy store API answers', async () => {
    const client = new Client(s.app);
    for (const path of ['/api/session', '/api/products', '/api/order-status/1?email=a@example.com']) {
      expect((await client.call('GET', path)).headers.get('cache-control')).toBe('no-store');
    }
  });

  it('answers a failure inside an API call with a bare 500, no stack and no internal message', async () => {
    vi.spyOn(s.commerce.catalogue, 'listProducts').mockRejectedValue(
      new Error('relation "products" does not exist at /work/main/server/commerce/catalogue.ts:1'),
    );
    const { status, body, text } = await new Client(s.app).json('GET', '/api/products');
    expect(status).toBe(500);
    expect(body).toEqual({ status: 500, title: 'Internal Server Error' });
    expect(text).not.toMatch(LEAK);
  });

  it('answers a failure inside a GraphQL resolver without its message', async () => {
    vi.spyOn(s.commerce.groups, 'pricing').mockRejectedValue(new Error('SECRET detail at /work/main/x.ts:1'));
    const query = encodeURIComponent('query Q { relatedProducts(ids: [1], bcRegion: "us") { uid } }');
    const { status, text } = await new Client(s.app).json('GET', `/graphql?query=${query}`);
    expect(status).toBeLessThan(500);
    expect(text).not.toContain('SECRET');
    expect(text).not.toMatch(LEAK);
  });

  it('answers a failure outside the API router (health, sitemaps) without internals', async () => {
    vi.spyOn(s.database, 'ping').mockRejectedValue(new Error('ECONNREFUSED 10.1.2.3:5432 secret'));
    const health = await new Client(s.app).json('GET', '/healthz');
    expect(health.status).toBe(503);
    expect(health.text).not.toMatch(/ECONNREFUSED|10\.1\.2\.3|secret/);
    vi.spyOn(s.services.sessions, 'fromRequest').mockRejectedValue(new TypeError('boom in sessions.ts'));
    const session = await new Client(s.app).json('GET', '/api/customers/validate-session');
    expect(session.text).not.toMatch(LEAK);
    expect(session.text).not.toContain('boom');
  });

  it.each([
    ['malformed JSON', '{"email": '],
    ['a JSON array', '[1,2,3]'],
    ['deeply nested JSON', `${'['.repeat(5000)}${']'.repeat(5000)}`],
    ['a huge body', JSON.stringify({ email: 'a'.repeat(200_000) })],
  ])('answers %s with a 4xx problem, never a stack', async (_name, raw) => {
    const client = await new Client(s.app).start();
    const response = await s.app.request('/api/customers/login', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        region: 'us',
        'csrf-token': client.csrfToken!,
        cookie: `rl_session=${client.cookies.get('rl_session')}`,
      },
      body: raw,
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(await response.text()).not.toMatch(LEAK);
  });

  it('answers malformed percent-encoding and odd methods without a stack', async () => {
    for (const [method, path] of [
      ['GET', '/api/products/%E0%A4%A'],
      ['GET', '/api/products?id:in=%zz'],
      ['PATCH', '/api/session'],
      ['GET', '/cms/v3/content_types/%00'],
    ] as const) {
      const response = await new Client(s.app).call(method, path);
      expect(response.status, `${method} ${path}`).toBeLessThan(500);
      expect(await response.text()).not.toMatch(LEAK);
    }
  });
});
