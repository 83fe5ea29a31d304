import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { pagePosts } from './page-posts.ts';

/** A page handler that reads the form as page actions do, and counts what reached it. */
function pageApp() {
  const reached: string[] = [];
  const app = new Hono();
  app.use(pagePosts());
  app.all('*', async (c) => {
    reached.push(c.req.method);
    if (c.req.method === 'POST') await c.req.raw.formData();
    return c.text('page');
  });
  return { app, reached };
}

describe('pagePosts', () => {
  it('lets GET, HEAD and form posts through (urlencoded and multipart, with parameters)', async () => {
    const { app, reached } = pageApp();
    expect((await app.request('/en-us/cart')).status).toBe(200);
    expect((await app.request('/en-us/cart', { method: 'HEAD' })).status).toBe(200);
    const urlencoded = await app.request('/en-us/cart', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8' },
      body: 'intent=update',
    });
    expect(urlencoded.status).toBe(200);
    const form = new FormData();
    form.set('intent', 'update');
    expect((await app.request('/en-us/cart', { method: 'POST', body: form })).status).toBe(200);
    expect(reached).toEqual(['GET', 'HEAD', 'POST', 'POST']);
  });

  it('answers a post that is not a form with 415 and a reason, before the page', async () => {
    const { app, reached } = pageApp();
    const cases: Record<string, string>[] = [
      { 'content-type': 'application/json' },
      { 'content-type': 'text/csv' },
      {},
    ];
    for (const headers of cases) {
      const response = await app.request('/en-us/cart', {
        method: 'POST',
        headers,
        body: '{"intent":"update"}',
      });
      expect(response.status, JSON.stringify(headers)).toBe(415);
      expect((await response.json()).detail).toContain('application/x-www-form-urlencoded');
    }
    expect(reached).toEqual([]);
  });

  it('answers a multipart body that cannot be read with 400, and reads a good one once more in the page', async () => {
    const { app, reached } = pageApp();
    const broken = await app.request('/en-us/admin/products/import', {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      body: 'garbage',
    });
    expect(broken.status).toBe(400);
    expect((await broken.json()).detail).toContain('could not be read');
    expect(reached).toEqual([]);
    const form = new FormData();
    form.set('file', new Blob(['sku,price\nRS-1,10\n'], { type: 'text/csv' }), 'prices.csv');
    expect((await app.request('/en-us/admin/products/import', { method: 'POST', body: form })).status).toBe(
      200,
    );
    expect(reached).toEqual(['POST']);
  });

  it('answers PUT, PATCH and DELETE with 405 and what is allowed', async () => {
    const { app, reached } = pageApp();
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      const response = await app.request('/en-us/cart', {
        method,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'intent=remove',
      });
      expect(response.status, method).toBe(405);
      expect(response.headers.get('allow')).toBe('GET, HEAD, POST');
    }
    expect(reached).toEqual([]);
  });
});
