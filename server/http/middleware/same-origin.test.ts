import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { sameOriginPosts } from './same-origin.ts';

function storeApp() {
  const app = new Hono();
  app.use(sameOriginPosts({ origin: 'https://shop.example.com', trustProxy: false }));
  app.all('*', (c) => c.text('page'));
  return app;
}

const crossSite = (accept?: string) => ({
  method: 'POST',
  headers: {
    host: 'shop.example.com',
    origin: 'https://evil.example',
    'content-type': 'application/x-www-form-urlencoded',
    ...(accept ? { accept } : {}),
  },
  body: 'intent=erase',
});

describe('sameOriginPosts', () => {
  it('lets a post from the store’s own pages through', async () => {
    const answer = await storeApp().request('https://shop.example.com/admin/customers/1', {
      ...crossSite(),
      headers: { host: 'shop.example.com', origin: 'https://shop.example.com' },
    });
    expect(answer.status).toBe(200);
  });

  it('answers a browser’s cross-site form with a page that says what happened', async () => {
    const answer = await storeApp().request(
      'https://shop.example.com/admin/customers/1',
      crossSite('text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8'),
    );
    expect(answer.status).toBe(403);
    expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
    const page = await answer.text();
    expect(page).toContain('<h1>This form was not accepted</h1>');
    expect(page).toContain('sent from another website, so nothing was changed');
  });

  it('keeps the problem document for a client that does not ask for HTML', async () => {
    for (const accept of [undefined, 'application/json', '*/*']) {
      const answer = await storeApp().request('https://shop.example.com/api/cart', crossSite(accept));
      expect(answer.status).toBe(403);
      expect(await answer.json()).toMatchObject({ status: 403, title: 'Forbidden' });
    }
  });
});
