import { describe, expect, it, vi } from 'vitest';
import { contentTag, contentTypeTag, createTagClock } from '#core/change-tags.ts';
import { CachePolicy, createDeliveryClient, type FetchLike } from './delivery-client.ts';

function countingFetch() {
  let calls = 0;
  const fetch: FetchLike = async () => {
    calls++;
    return new Response(JSON.stringify({ entries: [], call: calls }), {
      headers: { 'content-type': 'application/json' },
    });
  };
  return { fetch, calls: () => calls };
}

/** A client caching under the data version `version()` reads at the time of each request. */
function versionedClient(fetch: FetchLike, version: () => string) {
  return createDeliveryClient({
    baseUrl: 'http://content.test/cms',
    apiKey: 'k',
    deliveryToken: 't',
    environment: 'production',
    fetch,
    cachePolicy: CachePolicy.CACHE_ELSE_NETWORK,
    cacheVersion: async () => version(),
  });
}

describe('the delivery client cache under a data version', () => {
  it('answers from the cache while the version holds and asks again once it moves', async () => {
    const network = countingFetch();
    let version = 'content:1';
    const client = versionedClient(network.fetch, () => version);
    const first = await client.request<{ call: number }>('/content_types/header/entries');
    const again = await client.request<{ call: number }>('/content_types/header/entries');
    expect(again.call).toBe(first.call);
    version = 'content:2';
    const after = await client.request<{ call: number }>('/content_types/header/entries');
    expect(after.call).toBe(first.call + 1);
    expect(network.calls()).toBe(2);
  });

  it('never answers a caller with a request begun under an older version, nor lets it replace a newer answer', async () => {
    // Each network call waits for its own release, so the test decides which one finishes first.
    const releases: Array<() => void> = [];
    let calls = 0;
    const fetch: FetchLike = async () => {
      const call = ++calls;
      await new Promise<void>((resolve) => releases.push(resolve));
      return new Response(JSON.stringify({ entries: [], call }), {
        headers: { 'content-type': 'application/json' },
      });
    };
    let version = 'content:1';
    const client = versionedClient(fetch, () => version);
    const path = '/content_types/support_article/entries';
    const before = client.request<{ call: number }>(path);
    const sameVersion = client.request<{ call: number }>(path);
    await vi.waitFor(() => expect(releases).toHaveLength(1));
    version = 'content:2'; // an editor publishes while the first request is under way
    const after = client.request<{ call: number }>(path);
    await vi.waitFor(() => expect(releases).toHaveLength(2));
    releases[1]?.();
    expect((await after).call).toBe(2);
    releases[0]?.();
    expect((await before).call).toBe(1);
    expect((await sameVersion).call).toBe(1);
    // The older answer came back last; the version-2 answer is still the one kept.
    expect((await client.request<{ call: number }>(path)).call).toBe(2);
    expect(calls).toBe(2);
  });

  it('keeps answers until evicted without a version or time-to-live, as before', async () => {
    const network = countingFetch();
    const client = createDeliveryClient({
      baseUrl: 'http://content.test/cms',
      apiKey: 'k',
      deliveryToken: 't',
      environment: 'production',
      fetch: network.fetch,
      cachePolicy: CachePolicy.CACHE_ELSE_NETWORK,
    });
    await client.request('/content_types/header/entries');
    await client.request('/content_types/header/entries');
    expect(network.calls()).toBe(1);
  });
});

describe('the delivery client cache under tags (decision 0050)', () => {
  /** Answers each call with its number, and an entry of the uid the path asks for (or a list of two). */
  function entryFetch() {
    let calls = 0;
    const fetch: FetchLike = async (url) => {
      calls++;
      const uid = /\/entries\/([^/?]+)/.exec(String(url))?.[1];
      const body = uid
        ? { entry: { uid, title: `call ${calls}` }, call: calls }
        : { entries: [{ uid: 'post-a' }, { uid: 'post-b' }], call: calls };
      return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    };
    return { fetch, calls: () => calls };
  }

  function taggedClient(fetch: FetchLike, clock: ReturnType<typeof createTagClock>) {
    return createDeliveryClient({
      baseUrl: 'http://content.test/cms',
      apiKey: 'k',
      deliveryToken: 't',
      environment: 'production',
      fetch,
      cachePolicy: CachePolicy.CACHE_ELSE_NETWORK,
      cacheVersion: async () => 'tags',
      changes: clock,
    });
  }

  const HEADER = '/content_types/header/entries/site-header';
  const POSTS = '/content_types/blog_post/entries';

  it('asks again only for the answers a publish names: the entry, or the list of its type', async () => {
    const network = entryFetch();
    const clock = createTagClock();
    const client = taggedClient(network.fetch, clock);
    const header = await client.request<{ call: number }>(HEADER);
    const posts = await client.request<{ call: number }>(POSTS);
    expect(network.calls()).toBe(2);

    clock.move([contentTag('post-b'), contentTypeTag('blog_post')]);
    expect((await client.request<{ call: number }>(HEADER)).call).toBe(header.call);
    const relisted = await client.request<{ call: number }>(POSTS);
    expect(relisted.call).toBe(3);

    clock.move([contentTag('site-header')]);
    expect((await client.request<{ call: number }>(HEADER)).call).toBe(4);
    expect((await client.request<{ call: number }>(POSTS)).call).toBe(relisted.call);
    expect(posts.call).toBe(2);
    expect(network.calls()).toBe(4);
  });

  it('asks everything again when everything moved (an asset, a webhook or a sync poll naming no entry)', async () => {
    const network = entryFetch();
    const clock = createTagClock();
    const client = taggedClient(network.fetch, clock);
    await client.request(HEADER);
    await client.request(POSTS);
    clock.moveAll();
    await client.request(HEADER);
    await client.request(POSTS);
    expect(network.calls()).toBe(4);
  });

  it('never keeps an answer whose request began before its entry moved, nor shares that request', async () => {
    const releases: Array<() => void> = [];
    let calls = 0;
    const fetch: FetchLike = async () => {
      const call = ++calls;
      await new Promise<void>((resolve) => releases.push(resolve));
      return new Response(JSON.stringify({ entry: { uid: 'site-header' }, call }), {
        headers: { 'content-type': 'application/json' },
      });
    };
    const clock = createTagClock();
    const client = taggedClient(fetch, clock);
    const before = client.request<{ call: number }>(HEADER);
    await vi.waitFor(() => expect(releases).toHaveLength(1));
    clock.move([contentTag('site-header')]); // published while the first request is under way
    const after = client.request<{ call: number }>(HEADER);
    await vi.waitFor(() => expect(releases).toHaveLength(2));
    releases[0]?.();
    expect((await before).call).toBe(1);
    releases[1]?.();
    expect((await after).call).toBe(2);
    expect((await client.request<{ call: number }>(HEADER)).call).toBe(2);
    expect(calls).toBe(2);
  });
});
