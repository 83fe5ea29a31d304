import { SEARCH_TAG } from '#core/change-tags.ts';
import {
  createVersionedCache,
  pageCacheVersions,
  readCacheWatcher,
  scopeVersion,
} from '#server/cache/data-version.ts';
import { dependsOn } from '#server/cache/dependencies.ts';
import { createPageCache } from '#server/cache/page-cache.ts';
import { createCommerce } from '#server/commerce/index.ts';
import type { ContentClient } from '#server/content/index.ts';
import type { DatabaseHandle } from '#server/db/database.ts';
import type { SearchClient } from '#server/search/index.ts';

export interface StoreProcessOptions {
  /** The content client pages read: every page then shows the header first, as the storefront's layout does. */
  content?: ContentClient;
  /** The search client /search asks; without it the search page names what the client would, and shows nothing. */
  search?: SearchClient;
}

export interface StoreProcess {
  commerce: ReturnType<typeof createCommerce>;
  /** A page through the page cache: its `X-Page-Cache` state and its body. */
  get(path: string): Promise<{ state: string | null; body: string }>;
}

/**
 * One server process's caches over a database, as server/services.ts and server/http/app.ts wire them: the
 * catalogue (its row cache), a read cache of listings like the storefront's, and the page cache in front of a
 * render. Its pages:
 * - `/p/<slug>`: the product's price, then each variant's id and in-stock state (`123.45 17:true 18:false`);
 * - `/c/<category id>`: each listed product's id and price (`4=99.5 7=120`), through the listings' read cache;
 * - `/blog`: the posts' titles (`the blog` without content); `/blog/<uid>`: that post's title, found in the list
 *   as the storefront's blog route finds it;
 * - `/search?q=<words>`: each English product result's id and US price (`product-a=99.5`);
 * - anything else: `the blog`, a page that shows no product.
 */
export function storeProcess(handle: DatabaseHandle, options: StoreProcessOptions = {}): StoreProcess {
  const { content, search } = options;
  const commerce = createCommerce(handle.db);
  const watcher = readCacheWatcher(handle.db);
  const listings = createVersionedCache<string>({
    version: async () => scopeVersion(await watcher.current(), ['catalogue']),
    changes: watcher.changes,
  });
  const render = async (request: Request) => {
    const url = new URL(request.url);
    const path = url.pathname;
    const pricing = await commerce.groups.pricing('us', null);
    let body = 'the blog';
    if (path.startsWith('/p/')) {
      const product = await commerce.catalogue.getProductBySlug(pricing, path.slice(3));
      const shown = product as unknown as { variants: { id: number; isInStock: boolean }[] } | null;
      const stock = (shown?.variants ?? []).map((v) => `${v.id}:${v.isInStock}`).join(' ');
      body = `${product?.calculated_price} ${stock}`;
    } else if (path.startsWith('/c/')) {
      const category = Number(path.slice(3));
      body = await listings.get(`category ${category}`, async () => {
        const page = await commerce.catalogue.listProducts(pricing, { categoryIds: [category], limit: 500 });
        return page.data.map((product) => `${product.id}=${product.calculated_price}`).join(' ');
      });
    } else if (path === '/blog' && content) {
      body = (await content.blogPosts('en-us')).map((post) => post.title).join(' / ');
    } else if (path.startsWith('/blog/') && content) {
      const uid = path.slice('/blog/'.length);
      body = String((await content.blogPosts('en-us')).find((post) => post.uid === uid)?.title);
    } else if (path === '/search') {
      if (search) {
        const answer = await search.search(url.searchParams.get('q') ?? '', {
          filters: { all: [{ locale: 'en-us' }, { type: 'product' }] },
          page: { size: 20, current: 1 },
        });
        body = answer.results
          .map(
            (result) =>
              `${result.id.raw.replace(/^product-/, '')}=${(result.price_us as { raw: unknown })?.raw}`,
          )
          .join(' ');
      } else {
        // What the search client names for each answer (server/search/client.ts).
        dependsOn([SEARCH_TAG]);
        body = 'results';
      }
    }
    const header = content ? `${(await content.header('en-us'))?.title} | ` : '';
    return new Response(`${header}${body}`, { headers: { 'content-type': 'text/html' } });
  };
  const pages = createPageCache({ render, ...pageCacheVersions(handle.db) });
  return {
    commerce,
    async get(path: string) {
      const response = await pages.handle(new Request(`http://shop.test${path}`));
      return { state: response.headers.get('X-Page-Cache'), body: await response.text() };
    },
  };
}

/** Asks until `done` holds or `ms` passed (PostgreSQL's read caches poll: a change shows within ~100 ms). */
export async function eventually<T>(
  ask: () => Promise<T>,
  done: (value: T) => boolean,
  ms = 2000,
): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await ask();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
