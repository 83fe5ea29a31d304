import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  CachePolicy,
  ContentServiceError,
  createContentClient,
  createDeliveryClient,
  DEFAULT_BRAND_SETTINGS,
  DELIVERY_DEFAULTS,
  hostedContentBaseUrl,
} from '#server/content/index.ts';

/** A delivery service stand-in whose answers each test scripts. */
type Script = (request: IncomingMessage, body: string, response: ServerResponse) => void;

describe('content client transport (§9)', () => {
  let server: Server;
  let base: string;
  let script: Script;
  let requests: Array<{ method: string; url: string; headers: IncomingMessage['headers']; body: string }>;

  const answer = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };

  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        requests.push({
          method: request.method ?? '',
          url: request.url ?? '',
          headers: request.headers,
          body,
        });
        script(request, body, response);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/cms`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => {
    requests = [];
  });

  const client = (overrides: Partial<Parameters<typeof createDeliveryClient>[0]> = {}) =>
    createDeliveryClient({
      baseUrl: base,
      apiKey: 'k',
      deliveryToken: 't',
      environment: 'production',
      retryDelayMs: 20,
      ...overrides,
    });

  it('has the §9 defaults', () => {
    expect(DELIVERY_DEFAULTS).toMatchObject({
      timeoutMs: 30000,
      retryDelayMs: 300,
      retryLimit: 5,
      retryOn: [408, 429],
      version: 'v3',
      locale: 'en-us',
      region: 'us',
      cachePolicy: -1,
    });
    const settings = createDeliveryClient({
      baseUrl: base,
      apiKey: 'k',
      deliveryToken: 't',
      environment: 'e',
    }).options;
    expect(settings).toMatchObject({ timeoutMs: 30000, retryDelayMs: 300, retryLimit: 5, cachePolicy: -1 });
    expect(hostedContentBaseUrl()).toBe('https://cdn.contentstack.io');
    expect(hostedContentBaseUrl('eu')).toBe('https://eu-cdn.contentstack.com');
    expect(hostedContentBaseUrl('azure-na')).toBe('https://azure-na-cdn.contentstack.com');
  });

  it('sends the POST form: method marker, environment, query object and the key headers', async () => {
    script = (_req, _body, res) => answer(res, 200, { entries: [] });
    await client({ branch: 'main' }).request('/content_types/header/entries', {
      locale: 'fr',
      query: { uid: 'a' },
      include: ['main_nav'],
      only: ['title'],
    });
    const [sent] = requests;
    expect(sent?.method).toBe('POST');
    expect(sent?.url).toBe('/cms/v3/content_types/header/entries');
    expect(sent?.headers).toMatchObject({ api_key: 'k', access_token: 't', branch: 'main' });
    expect(JSON.parse(sent?.body ?? '')).toEqual({
      _method: 'GET',
      environment: 'production',
      locale: 'fr',
      query: { uid: 'a' },
      include: ['main_nav'],
      only: { BASE: ['title'] },
    });
  });

  it('sends the plain GET form with the query as a parameter', async () => {
    script = (_req, _body, res) => answer(res, 200, { entries: [] });
    await client({ form: 'get' }).request('/content_types/header/entries', {
      query: { uid: 'a' },
      include: ['main_nav'],
    });
    const url = new URL(requests[0]?.url ?? '', 'http://x');
    expect(requests[0]?.method).toBe('GET');
    expect(url.searchParams.get('environment')).toBe('production');
    expect(JSON.parse(url.searchParams.get('query') ?? '')).toEqual({ uid: 'a' });
    expect(url.searchParams.getAll('include[]')).toEqual(['main_nav']);
  });

  it('retries 429 twice then succeeds, 300 ms apart by default', async () => {
    let calls = 0;
    script = (_req, _body, res) => {
      calls++;
      if (calls <= 2) answer(res, 429, { error_message: 'Too many requests', error_code: 429 });
      else answer(res, 200, { entries: [{ uid: 'ok' }] });
    };
    const started = Date.now();
    const result = await client({ retryDelayMs: undefined }).request<{ entries: unknown[] }>(
      '/content_types/x/entries',
    );
    expect(result.entries).toEqual([{ uid: 'ok' }]);
    expect(calls).toBe(3);
    expect(Date.now() - started).toBeGreaterThanOrEqual(580);
  });

  it('retries 408 at most 5 times, then fails with the §8 error shape; other statuses are not retried', async () => {
    script = (_req, _body, res) =>
      answer(res, 408, { error_message: 'Request timeout', error_code: 408, errors: {} });
    const error = await client()
      .request('/content_types/x/entries')
      .catch((e) => e);
    expect(requests).toHaveLength(6);
    expect(error).toBeInstanceOf(ContentServiceError);
    expect(error).toMatchObject({
      error_message: 'Request timeout',
      error_code: 408,
      errors: {},
      status: 408,
    });
    requests = [];
    script = (_req, _body, res) =>
      answer(res, 404, {
        error_message: "The requested entry doesn't exist.",
        error_code: 141,
        errors: { uid: ['is not valid.'] },
      });
    const missing = await client()
      .request('/content_types/x/entries/nope')
      .catch((e) => e);
    expect(requests).toHaveLength(1);
    expect(missing).toMatchObject({
      error_message: "The requested entry doesn't exist.",
      error_code: 141,
      status: 404,
      statusText: 'Not Found',
    });
  });

  it('gives up after the timeout', async () => {
    script = () => {};
    const started = Date.now();
    const error = await client({ timeoutMs: 150 })
      .request('/content_types/x/entries')
      .catch((e) => e);
    expect(error).toMatchObject({ error_message: 'timeout of 150ms exceeded' });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  describe('cache policies', () => {
    let version: number;
    let failing: boolean;
    beforeEach(() => {
      version = 1;
      failing = false;
      script = (_req, _body, res) => {
        if (failing) answer(res, 500, { error_message: 'down', error_code: 500 });
        else answer(res, 200, { entries: [{ uid: 'a', v: version }] });
      };
    });
    const read = (c: ReturnType<typeof client>, policy?: (typeof CachePolicy)[keyof typeof CachePolicy]) =>
      c
        .request<{ entries: Array<{ v: number }> }>('/content_types/x/entries', {}, policy)
        .then((r) => r.entries[0]?.v);

    it('-1 ignore cache (default): always the network, nothing stored', async () => {
      const c = client();
      expect(await read(c)).toBe(1);
      version = 2;
      expect(await read(c)).toBe(2);
      expect(c.cacheSize).toBe(0);
      expect(requests).toHaveLength(2);
    });

    it('0 network only: always the network, answer stored', async () => {
      const c = client({ cachePolicy: CachePolicy.ONLY_NETWORK });
      expect(await read(c)).toBe(1);
      version = 2;
      expect(await read(c)).toBe(2);
      expect(c.cacheSize).toBe(1);
      failing = true;
      await expect(read(c)).rejects.toBeInstanceOf(ContentServiceError);
    });

    it('1 cache else network: the cached answer while fresh', async () => {
      const c = client({ cachePolicy: CachePolicy.CACHE_ELSE_NETWORK, cacheTtlMs: 100 });
      expect(await read(c)).toBe(1);
      version = 2;
      expect(await read(c)).toBe(1);
      expect(requests).toHaveLength(1);
      await new Promise((resolve) => setTimeout(resolve, 120));
      expect(await read(c)).toBe(2);
    });

    it('2 network else cache: the network, the cache when it fails', async () => {
      const c = client({ cachePolicy: CachePolicy.NETWORK_ELSE_CACHE });
      expect(await read(c)).toBe(1);
      version = 2;
      expect(await read(c)).toBe(2);
      failing = true;
      expect(await read(c)).toBe(2);
      c.clearCache();
      await expect(read(c)).rejects.toMatchObject({ status: 500 });
    });

    it('3 cache then network: the cached answer at once, refreshed behind it', async () => {
      const c = client({ cachePolicy: CachePolicy.CACHE_THEN_NETWORK });
      expect(await read(c)).toBe(1);
      version = 2;
      expect(await read(c)).toBe(1);
      await c.settled();
      expect(await read(c)).toBe(2);
      await c.settled();
      expect(requests).toHaveLength(3);
    });
  });

  it('§8: a failed query is logged and its default kept; an empty list where a list was asked', async () => {
    script = (_req, _body, res) =>
      answer(res, 500, { error_message: 'Internal error', error_code: 500, errors: {} });
    const logged: string[] = [];
    const content = createContentClient({
      baseUrl: base,
      apiKey: 'k',
      deliveryToken: 't',
      environment: 'production',
      logger: { warn: (_o, m) => logged.push(m ?? ''), error: (_o, m) => logged.push(m ?? '') },
    });
    expect(await content.brandSettings('en-us')).toEqual(DEFAULT_BRAND_SETTINGS);
    expect(await content.productCategories('en-us')).toEqual([]);
    expect(await content.header('en-us')).toBeNull();
    expect((await content.displayText('fr'))['add to cart']).toBe('Add to cart');
    expect((await content.regions()).map((r) => r.region_id)).toContain('eu_region_1');
    await expect(content.categoryGroups('en-us')).rejects.toBeInstanceOf(ContentServiceError);
    expect(logged).toContain('Content - Brand settings failed');
    expect(logged).toContain('Content - Category groups failed');
  });
});
