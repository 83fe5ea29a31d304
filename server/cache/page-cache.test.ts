import { describe, expect, it } from 'vitest';
import { ANONYMOUS_CACHE_CONTROL, createPageCache } from './page-cache.ts';

function harness() {
  let clock = 0;
  let version = 'catalogue:1';
  let renders = 0;
  const cache = createPageCache({
    freshMs: 1000,
    staleMs: 5000,
    maxEntries: 2,
    now: () => clock,
    dataVersion: async () => version,
    render: async (request) => {
      renders++;
      const url = new URL(request.url);
      if (url.pathname.endsWith('/cookie')) {
        return new Response('x', { headers: { 'content-type': 'text/html', 'set-cookie': 'a=1' } });
      }
      const status = url.pathname.endsWith('/missing') ? 404 : 200;
      return new Response(`<html>${url.pathname} #${renders}</html>`, {
        status,
        headers: { 'content-type': 'text/html; charset=utf-8' },
      });
    },
  });
  return {
    cache,
    get: (path: string, cookie?: string) =>
      cache.handle(new Request(`http://shop.test${path}`, { headers: cookie ? { cookie } : {} })),
    tick: (ms: number) => {
      clock += ms;
    },
    setVersion: (next: string) => {
      version = next;
    },
    renders: () => renders,
  };
}

describe('anonymous page cache', () => {
  it('renders once and serves the copy while fresh, with CDN-friendly headers', async () => {
    const h = harness();
    const first = await h.get('/en-us/c/snowshoes');
    expect(first.headers.get('x-page-cache')).toBe('MISS');
    const second = await h.get('/en-us/c/snowshoes');
    expect(second.headers.get('x-page-cache')).toBe('HIT');
    expect(second.headers.get('cache-control')).toBe(ANONYMOUS_CACHE_CONTROL);
    expect(await second.text()).toBe('<html>/en-us/c/snowshoes #1</html>');
    expect(h.renders()).toBe(1);
  });

  it('serves a stale copy while one background render refreshes it', async () => {
    const h = harness();
    await h.get('/en-us');
    h.tick(2000);
    const stale = await h.get('/en-us');
    expect(stale.headers.get('x-page-cache')).toBe('STALE');
    expect(await stale.text()).toBe('<html>/en-us #1</html>');
    await h.get('/en-us');
    await new Promise((resolve) => setTimeout(resolve, 0));
    const fresh = await h.get('/en-us');
    expect(await fresh.text()).toBe('<html>/en-us #2</html>');
    expect(h.renders()).toBe(2);
  });

  it('renders again once the copy is too old to serve', async () => {
    const h = harness();
    await h.get('/en-us');
    h.tick(10_000);
    expect((await h.get('/en-us')).headers.get('x-page-cache')).toBe('MISS');
  });

  it('drops every copy when the catalogue, prices, stock or content change', async () => {
    const h = harness();
    await h.get('/en-us/p/trail');
    h.setVersion('catalogue:2');
    const after = await h.get('/en-us/p/trail');
    expect(after.headers.get('x-page-cache')).toBe('MISS');
    expect(await after.text()).toBe('<html>/en-us/p/trail #2</html>');
  });

  it('keeps separate copies per URL and per consent choice', async () => {
    const h = harness();
    await h.get('/de-de', 'consent=analytics%3Dgranted%2Cmarketing%3Dgranted');
    expect((await h.get('/de-de')).headers.get('x-page-cache')).toBe('MISS');
    expect((await h.get('/de-de?page=2')).headers.get('x-page-cache')).toBe('MISS');
  });

  it('never caches for a visitor with a session, nor private pages, marking them no-store', async () => {
    const h = harness();
    for (const [path, cookie] of [
      ['/en-us', 'rl_session=abc'],
      ['/en-us/account/orders', undefined],
      ['/en-us/checkout', undefined],
      ['/en-us/cart', undefined],
    ] as const) {
      const first = await h.get(path, cookie);
      const second = await h.get(path, cookie);
      expect(second.headers.get('x-page-cache')).toBeNull();
      expect(first.headers.get('cache-control')).toBe('private, no-store');
    }
    expect(h.cache.size()).toBe(0);
  });

  it('does not keep errors or responses that set cookies', async () => {
    const h = harness();
    await h.get('/en-us/missing');
    await h.get('/en-us/cookie');
    expect(h.cache.size()).toBe(0);
  });

  it('holds at most maxEntries pages, dropping the oldest', async () => {
    const h = harness();
    await h.get('/a');
    await h.get('/b');
    await h.get('/c');
    expect(h.cache.size()).toBe(2);
    expect((await h.get('/a')).headers.get('x-page-cache')).toBe('MISS');
  });
});
