import { describe, expect, it } from 'vitest';
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

describe('the delivery client cache under a data version', () => {
  it('answers from the cache while the version holds and asks again once it moves', async () => {
    const network = countingFetch();
    let version = 'content:1';
    const client = createDeliveryClient({
      baseUrl: 'http://content.test/cms',
      apiKey: 'k',
      deliveryToken: 't',
      environment: 'production',
      fetch: network.fetch,
      cachePolicy: CachePolicy.CACHE_ELSE_NETWORK,
      cacheVersion: async () => version,
    });
    const first = await client.request<{ call: number }>('/content_types/header/entries');
    const again = await client.request<{ call: number }>('/content_types/header/entries');
    expect(again.call).toBe(first.call);
    version = 'content:2';
    const after = await client.request<{ call: number }>('/content_types/header/entries');
    expect(after.call).toBe(first.call + 1);
    expect(network.calls()).toBe(2);
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
