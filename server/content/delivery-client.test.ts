import { describe, expect, it, vi } from 'vitest';
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
