import { describe, expect, it, vi } from 'vitest';
import { createTagClock, productTag, stockTag } from '#core/change-tags.ts';
import { dependsOn } from './dependencies.ts';
import { ANONYMOUS_CACHE_CONTROL, createPageCache, validatedBy } from './page-cache.ts';

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

  it('names each kept page with an entity tag and answers 304 to a browser or CDN that has it', async () => {
    const h = harness();
    const first = await h.get('/en-us/c/snowshoes');
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^W\/"[0-9a-f]{32}"$/);
    const ask = (tag: string, encoding = 'gzip') =>
      h.cache.handle(
        new Request('http://shop.test/en-us/c/snowshoes', {
          headers: { 'if-none-match': tag, 'accept-encoding': encoding },
        }),
      );
    for (const tag of [etag, etag.slice(2), `"other", ${etag}`, '*']) {
      const again = await ask(tag);
      expect(again.status, tag).toBe(304);
      expect(await again.text()).toBe('');
      expect(again.headers.get('etag')).toBe(etag);
      expect(again.headers.get('cache-control')).toBe(ANONYMOUS_CACHE_CONTROL);
      expect(again.headers.get('vary')).toContain('Cookie');
      expect(again.headers.get('content-encoding')).toBeNull();
    }
    // Another tag, or a page that changed since: the page itself.
    const changed = await ask('W/"0000"', 'identity');
    expect(changed.status).toBe(200);
    expect(await changed.text()).toBe('<html>/en-us/c/snowshoes #1</html>');
    h.setVersion('catalogue:2');
    const rerendered = await ask(etag);
    expect(rerendered.status).toBe(200);
    expect(rerendered.headers.get('etag')).not.toBe(etag);
    expect(h.renders()).toBe(2);
  });

  it('answers HEAD from the kept page, and a HEAD that misses keeps the whole page for the next GET', async () => {
    const h = harness();
    const head = (path: string) =>
      h.cache.handle(
        new Request(`http://shop.test${path}`, { method: 'HEAD', headers: { 'accept-encoding': 'gzip' } }),
      );
    const first = await head('/en-us/c/snowshoes');
    expect(first.status).toBe(200);
    expect(first.headers.get('x-page-cache')).toBe('MISS');
    expect(await first.text()).toBe('');
    const get = await h.get('/en-us/c/snowshoes');
    expect(get.headers.get('x-page-cache')).toBe('HIT');
    expect(await get.text()).toBe('<html>/en-us/c/snowshoes #1</html>');
    const again = await head('/en-us/c/snowshoes');
    expect(again.headers.get('x-page-cache')).toBe('HIT');
    expect(again.headers.get('etag')).toBe(get.headers.get('etag'));
    expect(again.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(again.headers.get('cache-control')).toBe(ANONYMOUS_CACHE_CONTROL);
    // Stale: the background render is of the page, not of a body-less HEAD.
    h.tick(2000);
    expect((await head('/en-us/c/snowshoes')).headers.get('x-page-cache')).toBe('STALE');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await (await h.get('/en-us/c/snowshoes')).text()).toBe('<html>/en-us/c/snowshoes #2</html>');
    expect(h.renders()).toBe(2);
  });

  it('compares entity tags weakly, in lists, and never matches without a header', () => {
    expect(validatedBy(null, 'W/"a"')).toBe(false);
    expect(validatedBy('"a"', 'W/"a"')).toBe(true);
    expect(validatedBy(' W/"b" , W/"a" ', 'W/"a"')).toBe(true);
    expect(validatedBy('"ab"', 'W/"a"')).toBe(false);
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

describe('anonymous page cache under pressure', () => {
  const html = (body: string) =>
    new Response(body, { headers: { 'content-type': 'text/html; charset=utf-8' } });

  it('renders a page once for visitors who miss it at the same time', async () => {
    let renders = 0;
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const cache = createPageCache({
      dataVersion: async () => 'v1',
      render: async () => {
        renders++;
        await gate;
        return html(`<html>render #${renders}</html>`);
      },
    });
    const requests = Array.from({ length: 5 }, () => cache.handle(new Request('http://shop.test/en-us')));
    release();
    const responses = await Promise.all(requests);
    expect(renders).toBe(1);
    expect(await Promise.all(responses.map((response) => response.text()))).toEqual(
      Array(5).fill('<html>render #1</html>'),
    );
    expect(responses.map((response) => response.headers.get('x-page-cache')).sort()).toEqual([
      'MISS',
      'SHARED',
      'SHARED',
      'SHARED',
      'SHARED',
    ]);
  });

  it('shares a render only with visitors of its data version: after a write, a page is rendered anew', async () => {
    let version = 'content:1';
    let renders = 0;
    const releases: Array<() => void> = [];
    const cache = createPageCache({
      dataVersion: async () => version,
      render: async () => {
        const render = ++renders;
        const seen = version;
        await new Promise<void>((resolve) => releases.push(resolve));
        return html(`<html>render #${render} of ${seen}</html>`);
      },
    });
    const visit = () => cache.handle(new Request('http://shop.test/en-us/support/warranty'));
    const before = visit();
    await vi.waitFor(() => expect(releases).toHaveLength(1));
    version = 'content:2'; // an editor publishes while the page renders
    const after = visit();
    await vi.waitFor(() => expect(releases).toHaveLength(2));
    for (const release of releases) release();
    expect(await (await before).text()).toBe('<html>render #1 of content:1</html>');
    expect(await (await after).text()).toBe('<html>render #2 of content:2</html>');
  });

  it('lets waiting visitors render for themselves when the shared render may not be kept', async () => {
    let renders = 0;
    const cache = createPageCache({
      dataVersion: async () => 'v1',
      render: async () => {
        renders++;
        return new Response('gone', { status: 404, headers: { 'content-type': 'text/html' } });
      },
    });
    const responses = await Promise.all([
      cache.handle(new Request('http://shop.test/en-us/p/nope')),
      cache.handle(new Request('http://shop.test/en-us/p/nope')),
    ]);
    expect(responses.map((response) => response.status)).toEqual([404, 404]);
    expect(renders).toBe(2);
    expect(cache.size()).toBe(0);
  });

  it('serves the kept copy while the data version cannot be read, and renders when there is none', async () => {
    let clock = 0;
    let databaseUp = true;
    let renders = 0;
    const errors: unknown[] = [];
    const cache = createPageCache({
      freshMs: 1000,
      staleMs: 5000,
      now: () => clock,
      dataVersion: async () => {
        if (!databaseUp) throw new Error('connection refused');
        return 'v1';
      },
      render: async () => html(`<html>render #${++renders}</html>`),
      onError: (error) => errors.push(error),
    });
    await cache.handle(new Request('http://shop.test/en-us'));
    databaseUp = false;
    clock += 2000;
    const kept = await cache.handle(new Request('http://shop.test/en-us'));
    expect(kept.headers.get('x-page-cache')).toBe('STALE');
    expect(await kept.text()).toBe('<html>render #1</html>');
    const uncached = await cache.handle(new Request('http://shop.test/en-us/c/snowshoes'));
    expect(uncached.headers.get('x-page-cache')).toBeNull();
    expect(renders).toBe(2);
    expect(errors).toHaveLength(2);
  });

  it('never keeps a page rendered while the database was in trouble', async () => {
    let degraded = true;
    let renders = 0;
    const cache = createPageCache({
      dataVersion: async () => 'v1',
      render: async () => html(`<html>render #${++renders}</html>`),
      degraded: () => degraded,
    });
    const first = await cache.handle(new Request('http://shop.test/en-us'));
    expect(first.status).toBe(200);
    expect(cache.size()).toBe(0);
    degraded = false;
    await cache.handle(new Request('http://shop.test/en-us'));
    const third = await cache.handle(new Request('http://shop.test/en-us'));
    expect(third.headers.get('x-page-cache')).toBe('HIT');
    expect(renders).toBe(2);
  });
});

describe('anonymous page cache encoding', () => {
  it('sends kept pages gzipped, compressed once, to browsers that accept it', async () => {
    const { gunzipSync } = await import('node:zlib');
    const page = `<html>${'snowshoes '.repeat(500)}</html>`;
    const cache = createPageCache({
      dataVersion: async () => 'v1',
      render: async () => new Response(page, { headers: { 'content-type': 'text/html; charset=utf-8' } }),
    });
    const get = (encoding?: string) =>
      cache.handle(
        new Request('http://shop.test/en-us', { headers: encoding ? { 'accept-encoding': encoding } : {} }),
      );
    const zipped = await get('gzip, deflate, br');
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(zipped.headers.get('vary')).toBe('Accept-Encoding, Cookie');
    const bytes = Buffer.from(await zipped.arrayBuffer());
    expect(bytes.length).toBeLessThan(page.length / 10);
    expect(gunzipSync(bytes).toString()).toBe(page);
    const refused = await get('gzip;q=0, identity');
    expect(refused.headers.get('content-encoding')).toBeNull();
    expect(await refused.text()).toBe(page);
    const plain = await get();
    expect(await plain.text()).toBe(page);
  });
});

describe('page cache and product changes', () => {
  it('renders again only the pages that named a product whose tag moved, including one moved during its render', async () => {
    const clock = createTagClock();
    let renders = 0;
    let during: (() => void) | null = null;
    const cache = createPageCache({
      dataVersion: async () => 'catalogue:1',
      changes: clock,
      render: async (request) => {
        renders++;
        const path = new URL(request.url).pathname;
        // The page names what it shows, as the catalogue does for every product it hands out.
        await Promise.resolve();
        dependsOn([path === '/a' ? productTag(1) : productTag(2)]);
        during?.();
        return new Response(`${path} #${renders}`, { headers: { 'content-type': 'text/html' } });
      },
    });
    const get = (path: string) => cache.handle(new Request(`http://shop.test${path}`));
    await get('/a');
    await get('/b');
    expect((await get('/a')).headers.get('X-Page-Cache')).toBe('HIT');
    clock.move([productTag(1), stockTag(2)]);
    expect((await get('/a')).headers.get('X-Page-Cache')).toBe('MISS');
    // A stock level that stays above zero moves no page's tag.
    expect((await get('/b')).headers.get('X-Page-Cache')).toBe('HIT');
    during = () => clock.move([productTag(2)]);
    clock.move([productTag(2)]);
    expect((await get('/b')).headers.get('X-Page-Cache')).toBe('MISS');
    during = null;
    // Its product moved while it rendered: the page kept then is not served.
    expect((await get('/b')).headers.get('X-Page-Cache')).toBe('MISS');
    expect((await get('/b')).headers.get('X-Page-Cache')).toBe('HIT');
  });
});
