import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpApp } from '#server/http/app.ts';
import { openSecurityApp, type SecurityApp } from './harness.ts';

/**
 * Issue 19: every /admin answer is `private, no-store` and `X-Robots-Tag: noindex`, including the ones the
 * middleware in front of the routes gives by itself (cross-site 403, body limit 413, load shedding 503).
 */
describe('back-office answers are never stored or indexed, refusals included', () => {
  let s: SecurityApp;
  beforeAll(async () => {
    s = await openSecurityApp({ BODY_LIMIT_BYTES: '1024' });
  });
  afterAll(async () => {
    await s?.close();
  });

  function expectPrivate(response: Response) {
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.headers.get('x-robots-tag')).toMatch(/noindex/);
  }

  it('answers a cross-site form post to /admin with 403, private and noindex', async () => {
    const response = await s.app.request('http://store.test/admin/orders/1', {
      method: 'POST',
      headers: {
        origin: 'https://evil.example',
        'sec-fetch-site': 'cross-site',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'intent=cancel',
    });
    expect(response.status).toBe(403);
    expectPrivate(response);
    expect(await response.text()).not.toMatch(/order|staff/i);
  });

  it('answers an oversized body to /admin with 413, private and noindex', async () => {
    const response = await s.app.request('http://store.test/admin/customers/1', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `note=${'a'.repeat(64 * 1024)}`,
    });
    expect(response.status).toBe(413);
    expectPrivate(response);
  });

  it('answers /admin with 503, private and noindex when the database pool is full', async () => {
    const saturated = createHttpApp({
      services: s.services,
      database: { ...s.handle, poolStats: () => ({ max: 1, total: 1, idle: 0, waiting: 1, maxWaiting: 1 }) },
    });
    const response = await saturated.request('http://store.test/admin/orders');
    expect(response.status).toBe(503);
    expectPrivate(response);
  });
});
