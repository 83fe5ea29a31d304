import { describe, expect, it, vi } from 'vitest';
import { ApiClientError, createApiClient } from './api-client.ts';

interface Call {
  url: string;
  init: RequestInit;
}

function fakeFetch(...responses: (Response | Error | (() => Promise<Response>))[]) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    const next = responses.shift();
    if (!next) throw new Error('no more responses');
    if (next instanceof Error) throw next;
    return typeof next === 'function' ? next() : next;
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const silent = { error: vi.fn() };

describe('api client', () => {
  it('sends the region header on every call and the csrf-token header on mutations, with JSON bodies', async () => {
    const { fetch, calls } = fakeFetch(json({ data: [] }), json({ data: { id: 'c' } }, 201));
    const client = createApiClient({ region: () => 'ca', csrfToken: 'tok', fetch, logger: silent });
    await client.get('products', { query: { 'categories:in': [21, 22], page: 2 } });
    await client.post('cart/create', { line_items: [] });
    expect(calls[0]!.url).toBe('/api/products?categories:in=21,22&page=2');
    expect((calls[0]!.init.headers as Record<string, string>).region).toBe('ca');
    expect((calls[0]!.init.headers as Record<string, string>)['csrf-token']).toBeUndefined();
    const post = calls[1]!.init;
    expect(post.method).toBe('POST');
    expect((post.headers as Record<string, string>)['csrf-token']).toBe('tok');
    expect((post.headers as Record<string, string>)['content-type']).toBe('application/json');
    expect(post.body).toBe('{"line_items":[]}');
  });

  it.each([408, 409, 425, 429, 500, 502, 503, 504])('retries a GET once on %i', async (status) => {
    const { fetch, calls } = fakeFetch(json({}, status), json({ data: 1 }));
    const client = createApiClient({ region: 'us', fetch, logger: silent });
    expect(await client.get('store')).toEqual({ data: 1 });
    expect(calls).toHaveLength(2);
  });

  it('does not retry other statuses, nor calls with a body unless asked', async () => {
    const notFound = fakeFetch(json({ status: 404, title: 'Not Found' }, 404));
    const client = createApiClient({ region: 'us', fetch: notFound.fetch, logger: silent });
    const error = (await client.get('products/1').catch((caught: unknown) => caught)) as ApiClientError;
    expect(error).toBeInstanceOf(ApiClientError);
    expect(error.message).toBe('Request failed with status code 404');
    expect(error.body).toEqual({ status: 404, title: 'Not Found' });
    expect(notFound.calls).toHaveLength(1);
    const busy = fakeFetch(json({}, 503), json({}, 503), json({ ok: true }));
    const poster = createApiClient({ region: 'us', fetch: busy.fetch, logger: silent });
    await expect(poster.post('cart/create', {})).rejects.toThrow('Request failed with status code 503');
    expect(busy.calls).toHaveLength(1);
    expect(await poster.post('cart/create', {}, { retry: 1 })).toEqual({ ok: true });
    const twice = fakeFetch(json({}, 500), json({}, 500));
    const getter = createApiClient({ region: 'us', fetch: twice.fetch, logger: silent });
    await expect(getter.get('store')).rejects.toThrow('Request failed with status code 500');
    expect(twice.calls).toHaveLength(2);
  });

  it('names network failures, aborts and timeouts as §8 does', async () => {
    const down = fakeFetch(new TypeError('fetch failed'), new TypeError('fetch failed'));
    const client = createApiClient({ region: 'us', fetch: down.fetch, logger: silent });
    await expect(client.get('store')).rejects.toThrow('Network Error');
    expect(down.calls).toHaveLength(2);
    const hanging = (init?: RequestInit) =>
      new Promise<Response>((_, reject) =>
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
      );
    const slowFetch = ((_url: string, init?: RequestInit) => hanging(init)) as unknown as typeof fetch;
    const slow = createApiClient({ region: 'us', fetch: slowFetch, logger: silent });
    await expect(slow.get('store', { timeout: 20, retry: 0 })).rejects.toThrow('timeout of 20ms exceeded');
    const controller = new AbortController();
    const pending = slow.get('store', { signal: controller.signal, retry: 0 });
    controller.abort();
    await expect(pending).rejects.toThrow('Request aborted');
  });

  it('logs and returns a cart fetch failure instead of throwing', async () => {
    const logger = { error: vi.fn() };
    const { fetch } = fakeFetch(json({ status: 404, title: 'Not Found' }, 404));
    const client = createApiClient({ region: 'us', fetch, logger });
    const result = await client.getCart('0b6f7f3e-2f7e-4a53-9b7c-2d9a1c1e0f11');
    expect(result.data).toBeNull();
    expect(result.error?.message).toBe('Request failed with status code 404');
    expect(logger.error).toHaveBeenCalledOnce();
    const ok = fakeFetch(json({ data: { id: 'x', base_amount: 10 } }));
    const good = await createApiClient({ region: 'us', fetch: ok.fetch, logger }).getCart('x');
    expect(good).toEqual({ data: { id: 'x', base_amount: 10 }, error: null });
  });
});
