import contentstack, { QueryOperation, Region } from '@contentstack/delivery-sdk';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type SearchScope, type SearchState, searchRequests } from '#app/lib/search/search-view.ts';
import { ConfigError, loadConfig } from '#server/config.ts';
import {
  CONTENT_REGION_HOSTS,
  type ContentRegion,
  createContentClient,
  createContentServices,
  hostedContentBaseUrl,
} from '#server/content/index.ts';
import type { DatabaseHandle } from '#server/db/database.ts';
import { createSearchClient } from '#server/search/index.ts';
import { openMigrated, testDatabaseTargets } from '../support/test-databases.ts';

/**
 * Switching to the hosted services is a setting (CONTENT_BASE_URL=hosted, SEARCH_HOST_IDENTIFIER): this proves it
 * rather than assumes it. The storefront's own clients and the official ones (@contentstack/delivery-sdk for the
 * content service, @elastic/app-search-javascript for search) are pointed at the hosted hosts with one capturing
 * fetch, and must send the same requests (host, path, protocol headers, query) for the queries the storefront
 * makes. Nothing leaves the machine: the capture answers every request itself.
 */

// biome-ignore lint/suspicious/noExplicitAny: the search client ships no types
type Loose = any;

interface Captured {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body: unknown;
}

const API_KEY = 'blt0123456789abcdef';
const TOKEN = 'cs0123456789abcdef';
const ENVIRONMENT = 'production';
const SEARCH_KEY = 'search-7eud55t7ecdmqzcanjsc9cqu';
const HOST_IDENTIFIER = 'host-2376rb';

let captured: Captured[] = [];
let original: typeof fetch;

/** Answers every request with an empty but well-formed body of the protocol asked. */
const capture = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
  const request = new Request(input, init);
  const text = await request.text();
  captured.push({
    method: request.method,
    url: new URL(request.url),
    headers: Object.fromEntries([...request.headers].map(([name, value]) => [name.toLowerCase(), value])),
    body: text ? JSON.parse(text) : null,
  });
  const path = new URL(request.url).pathname;
  const meta = { request_id: 'r-1', page: { current: 1, total_pages: 0, total_results: 0, size: 0 } };
  // Each facet asked is answered (empty): the official client merges facet-only answers by their first facet.
  const searchAnswer = (search: { facets?: Record<string, unknown> }) => ({
    meta,
    results: [],
    facets: Object.fromEntries(
      Object.keys(search.facets ?? {}).map((name) => [name, [{ type: 'value', data: [] }]]),
    ),
  });
  const answer = path.includes('/api/as/v1/')
    ? path.includes('multi_search')
      ? (JSON.parse(text) as { queries: Array<{ facets?: Record<string, unknown> }> }).queries.map(
          searchAnswer,
        )
      : path.includes('query_suggestion')
        ? { meta, results: { documents: [] } }
        : searchAnswer(JSON.parse(text))
    : /\/entries\/[^/]+$/.test(path)
      ? { entry: { uid: path.split('/').at(-1) } }
      : { entries: [], count: 0 };
  return new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json' } });
};

beforeEach(() => {
  captured = [];
  original = globalThis.fetch;
  globalThis.fetch = capture as typeof fetch;
});
afterEach(() => {
  globalThis.fetch = original;
});

/** Takes what was captured since the last call. */
const take = () => {
  const taken = captured;
  captured = [];
  return taken;
};

// ——— content ———

/** The delivery protocol's headers (what the service reads); clients' own identification is left out. */
const DELIVERY_HEADERS = ['api_key', 'access_token', 'branch', 'preview_token'];

/**
 * One delivery request as the service reads it, whatever its form: the POST form with the `_method` marker (the
 * storefront's default, SPEC §7) and the GET form (the SDK's) carry the same parameters, in the body or the query
 * string. Bracket spellings of one array (`only[BASE][0]`, `include[][]`, `include[]`) are one array to the service.
 */
function deliveryRequest(request: Captured) {
  const params: Record<string, unknown> = {};
  const add = (key: string, value: unknown) => {
    const existing = params[key];
    params[key] = Array.isArray(existing) ? [...existing, value] : value;
  };
  if (request.method === 'POST') {
    const { _method, include, only, ...rest } = request.body as Record<string, unknown>;
    expect(_method).toBe('GET');
    Object.assign(params, rest);
    if (include) params['include[]'] = include;
    if (only) params['only[BASE][]'] = (only as { BASE: unknown }).BASE;
  } else {
    for (const [rawKey, value] of request.url.searchParams) {
      // `include[][]` (the SDK's encoding of a reference list) and `only[BASE][0]` read as `include[]`, `only[BASE][]`.
      const key = rawKey.replace(/\[\d*\]/g, '[]').replace(/(\[\])+$/, '[]');
      const parsed =
        key === 'query'
          ? JSON.parse(value)
          : value === 'true'
            ? true
            : /^\d+$/.test(value) && key !== 'locale'
              ? Number(value)
              : value;
      if (key.endsWith('[]')) {
        params[key] = [...((params[key] as unknown[] | undefined) ?? []), parsed];
      } else add(key, parsed);
    }
  }
  return {
    origin: request.url.origin,
    path: request.url.pathname,
    headers: Object.fromEntries(
      DELIVERY_HEADERS.filter((name) => request.headers[name] !== undefined).map((name) => [
        name,
        request.headers[name],
      ]),
    ),
    params,
  };
}

const sdkFor = (region: ContentRegion) =>
  contentstack.stack({
    apiKey: API_KEY,
    deliveryToken: TOKEN,
    environment: ENVIRONMENT,
    region,
    // Through fetch, so the same capture sees the SDK's requests (its default is Node's http module).
    adapter: 'fetch',
  } as Parameters<typeof contentstack.stack>[0]);

const clientFor = (region: ContentRegion, form: 'post' | 'get' = 'post') =>
  createContentClient({
    baseUrl: hostedContentBaseUrl(region),
    apiKey: API_KEY,
    deliveryToken: TOKEN,
    environment: ENVIRONMENT,
    form,
    cachePolicy: -1,
    retryLimit: 0,
  });

/** The storefront's query and the SDK's for it, each run once; both must send one request, the same. */
async function sameDelivery(
  region: ContentRegion,
  storefront: (client: ReturnType<typeof clientFor>) => Promise<unknown>,
  official: (stack: ReturnType<typeof sdkFor>) => Promise<unknown>,
) {
  await official(sdkFor(region));
  const sdk = take();
  expect(sdk).toHaveLength(1);
  const expected = deliveryRequest(sdk[0]!);
  for (const form of ['post', 'get'] as const) {
    await storefront(clientFor(region, form));
    const ours = take();
    expect(ours, `${form} form`).toHaveLength(1);
    expect(deliveryRequest(ours[0]!), `${form} form`).toEqual(expected);
  }
  return expected;
}

describe('the content client and the official delivery SDK against the hosted hosts', () => {
  it.each(Object.keys(CONTENT_REGION_HOSTS) as ContentRegion[])(
    'name the same delivery host for region %s',
    async (region) => {
      const sent = await sameDelivery(
        region,
        (client) => client.entry('product', 'summit-ascent', { locale: 'de-de' }),
        (stack) =>
          stack.contentType('product').entry('summit-ascent').locale('de-de').includeFallback().fetch(),
      );
      expect(sent.origin).toBe(`https://${CONTENT_REGION_HOSTS[region]}`);
    },
  );

  it('the SDK knows every region the setting offers, and the setting every region the SDK knows', () => {
    expect(Object.keys(CONTENT_REGION_HOSTS).sort()).toEqual(Object.values(Region).sort());
  });

  it('refuses a region the service does not have, naming the ones it has', () => {
    expect(() => loadConfig({ CONTENT_REGION: 'ap-south' })).toThrow(
      new ConfigError(
        'CONTENT_REGION',
        'must be one of us, eu, au, azure-na, azure-eu, gcp-na, gcp-eu',
        'ap-south',
      ),
    );
  });

  it('read one entry by uid in a locale with fallback', async () => {
    const sent = await sameDelivery(
      'us',
      (client) => client.entry('product', 'summit-ascent', { locale: 'fr-ca' }),
      (stack) =>
        stack.contentType('product').entry('summit-ascent').locale('fr-ca').includeFallback().fetch(),
    );
    expect(sent).toEqual({
      origin: 'https://cdn.contentstack.io',
      path: '/v3/content_types/product/entries/summit-ascent',
      headers: { api_key: API_KEY, access_token: TOKEN },
      params: { environment: ENVIRONMENT, locale: 'fr-ca', include_fallback: true },
    });
  });

  it('read the header with its references, first result only (§7 header query)', async () => {
    await sameDelivery(
      'eu',
      (client) => client.header('fr'),
      (stack) =>
        stack
          .contentType('header')
          .entry()
          .locale('fr')
          .includeFallback()
          .includeReference('main_nav', 'top_alert', 'main_nav.link.banner')
          .query()
          .limit(1)
          .find(),
    );
  });

  it('read products by a uid list with the §7 field list, 100 a page with the count', async () => {
    const sent = await sameDelivery(
      'au',
      (client) => client.productsByUid(['summit-ascent', 'trail-runner'], 'ja'),
      (stack) =>
        stack
          .contentType('product')
          .entry()
          .locale('ja')
          .includeFallback()
          .only(['description', 'image', 'price_range', 'prices', 'seo_meta', 'tagline', 'title', 'url'])
          .query()
          .skip(0)
          .limit(100)
          .includeCount()
          .where('uid', QueryOperation.INCLUDES, ['summit-ascent', 'trail-runner'])
          .find(),
    );
    expect(sent.params.query).toEqual({ uid: { $in: ['summit-ascent', 'trail-runner'] } });
  });

  it('read pages by an OR of uids (§7 page entries)', async () => {
    await sameDelivery(
      'gcp-eu',
      (client) => client.pages(['about', 'warranty'], 'en-us'),
      (stack) => {
        const page = () => stack.contentType('page').entry().query();
        return stack
          .contentType('page')
          .entry()
          .locale('en-us')
          .includeFallback()
          .includeReference('landing_page.modules.banner')
          .only(['generic_page', 'landing_page', 'seo_meta', 'title', 'url'])
          .query()
          .skip(0)
          .limit(100)
          .includeCount()
          .or(page().equalTo('uid', 'about'), page().equalTo('uid', 'warranty'))
          .find();
      },
    );
  });

  it('read products of commerce categories, without the current one, by attributes (§7 $and, $in, $ne)', async () => {
    await sameDelivery(
      'azure-eu',
      (client) =>
        client.productsByCategory({
          bcCategoryIds: ['23', '24'],
          bcRegion: 'us',
          excludeUid: 'summit-ascent',
          attributes: [{ attribute: 'terrain', values: ['powder', 'rolling'] }],
          locale: 'de',
        }),
      (stack) => {
        const product = () => stack.contentType('product').entry().query();
        return stack
          .contentType('product')
          .entry()
          .locale('de')
          .includeFallback()
          .query()
          .skip(0)
          .limit(100)
          .includeCount()
          .and(
            product().where('bc_categories.us', QueryOperation.INCLUDES, [23, 24]),
            product().where('uid', QueryOperation.NOT_EQUALS, 'summit-ascent'),
            product().where('product_attributes.terrain', QueryOperation.INCLUDES, ['powder', 'rolling']),
          )
          .find();
      },
    );
  });

  it('read blog posts newest first with their references', async () => {
    await sameDelivery(
      'gcp-na',
      (client) => client.blogPosts('sv'),
      (stack) =>
        stack
          .contentType('blog')
          .entry()
          .locale('sv')
          .includeFallback()
          .includeReference('category', 'author')
          .query()
          .orderByDescending('date')
          .skip(0)
          .limit(100)
          .includeCount()
          .find(),
    );
  });

  it('send the branch header as the SDK does', async () => {
    const stack = contentstack.stack({
      apiKey: API_KEY,
      deliveryToken: TOKEN,
      environment: ENVIRONMENT,
      branch: 'winter-launch',
      adapter: 'fetch',
    } as Parameters<typeof contentstack.stack>[0]);
    await stack
      .contentType('brand_settings')
      .entry()
      .locale('en-us')
      .includeFallback()
      .query()
      .limit(1)
      .find();
    const [sdk] = take();
    await createContentClient({
      baseUrl: hostedContentBaseUrl('us'),
      apiKey: API_KEY,
      deliveryToken: TOKEN,
      environment: ENVIRONMENT,
      branch: 'winter-launch',
      cachePolicy: -1,
    }).brandSettings('en-us');
    const [ours] = take();
    expect(deliveryRequest(ours!)).toEqual(deliveryRequest(sdk!));
    expect(deliveryRequest(ours!).headers.branch).toBe('winter-launch');
  });
});

describe('the hosted content setting', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openMigrated(testDatabaseTargets[0]!);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it.each([
    ['au', 'https://au-cdn.contentstack.com'],
    ['gcp-eu', 'https://gcp-eu-cdn.contentstack.com'],
  ])('CONTENT_BASE_URL=hosted with CONTENT_REGION=%s reads from %s', async (region, host) => {
    const config = loadConfig({ CONTENT_BASE_URL: 'hosted', CONTENT_REGION: region });
    const content = createContentServices({ config, db: handle.db });
    await content.client.brandSettings('en-au');
    const [sent] = take();
    expect(sent?.url.origin).toBe(host);
    expect(sent?.url.pathname).toBe('/v3/content_types/brand_settings/entries');
  });
});

// ——— search ———

let appSearch: Loose = null;
try {
  // A variable specifier: the package ships no types.
  const name = '@elastic/app-search-javascript';
  appSearch = await import(/* @vite-ignore */ name);
} catch {
  appSearch = null;
}

/** The search protocol's headers; the official client's identification headers (X-Swiftype-Client…) are left out. */
const searchRequest = (request: Captured) => ({
  method: request.method,
  url: request.url.href,
  authorization: request.headers.authorization,
  contentType: request.headers['content-type'],
  body: request.body,
});

const scope: SearchScope = {
  stack: API_KEY,
  environment: ENVIRONMENT,
  locale: 'en-us',
  contentRegion: 'us',
  commerceRegion: 'us',
};

describe.skipIf(!appSearch)(
  'the search client and the official app-search client against the hosted host',
  () => {
    const official = () =>
      (appSearch.default ?? appSearch).createClient({
        searchKey: SEARCH_KEY,
        hostIdentifier: HOST_IDENTIFIER,
        engineName: 'ridgeline',
        cacheResponses: false,
      });
    const ours = () =>
      createSearchClient({
        engineName: 'ridgeline',
        hostIdentifier: HOST_IDENTIFIER,
        searchKey: SEARCH_KEY,
        cacheTtlMs: 0,
      });

    it('search the results page with filters, facets, sort and paging; facet-only searches as the client’s disjunctive ones', async () => {
      const state: SearchState = {
        q: 'snowshoe',
        type: ['product'],
        category: ["Women's Snowshoes"],
        colour: ['Blue'],
        price: '100-200',
        sort: 'price_asc',
        page: 2,
      };
      const { main, facetOnly } = searchRequests(state, scope);
      const { query, ...options } = main;
      await official().search(query, {
        ...structuredClone(options),
        disjunctiveFacets: ['type', 'category', 'colours', 'price_us'],
      });
      const theirs = take().map(searchRequest);
      await ours().multiSearch([main, ...facetOnly.map((item) => item.request)]);
      const [multi] = take().map(searchRequest);
      expect(theirs).toHaveLength(5);
      expect(multi).toMatchObject({
        method: 'POST',
        url: `https://${HOST_IDENTIFIER}.api.swiftype.com/api/as/v1/engines/ridgeline/multi_search.json`,
        authorization: `Bearer ${SEARCH_KEY}`,
        contentType: 'application/json',
      });
      // The storefront batches what the official client sends one by one: the same searches, in the same order.
      expect((multi!.body as { queries: unknown[] }).queries).toEqual(theirs.map((request) => request.body));
      for (const request of theirs) {
        expect(request).toMatchObject({
          method: 'POST',
          url: `https://${HOST_IDENTIFIER}.api.swiftype.com/api/as/v1/engines/ridgeline/search.json`,
          authorization: `Bearer ${SEARCH_KEY}`,
          contentType: 'application/json',
        });
      }
      // And the same batch through the official client's multi search is the same request.
      await official().multiSearch(
        [main, ...facetOnly.map((item) => item.request)].map(({ query: q, ...rest }) => ({
          query: q,
          options: rest,
        })),
      );
      const [officialMulti] = take().map(searchRequest);
      expect(officialMulti).toEqual(multi);
    });

    it('search support articles and autocomplete products as the official client does', async () => {
      const support = {
        filters: { all: [{ stack: API_KEY }, { type: 'support' }], any: [{ regions: ['us'] }] },
        page: { size: 10, current: 1 },
        result_fields: { title: { raw: {} }, description: { snippet: { size: 140, fallback: true } } },
        analytics: { tags: ['support'] },
      };
      await official().search('bindings', structuredClone(support));
      await ours().search('bindings', support);
      const [theirs, mine] = take().map(searchRequest);
      expect(mine).toEqual(theirs);
    });

    it('ask query suggestions at the documented path with the documented parameters only', async () => {
      const options = { size: 5, types: { documents: { fields: ['title'] } } };
      await official().querySuggestion('snow', options);
      await ours().querySuggestion('snow', { ...options, filters: { locale: 'en-us' } });
      const [theirs, mine] = take().map(searchRequest);
      expect(mine).toEqual(theirs);
      expect(mine!.url).toBe(
        `https://${HOST_IDENTIFIER}.api.swiftype.com/api/as/v1/engines/ridgeline/query_suggestion`,
      );
      expect(mine!.body).toEqual({ query: 'snow', size: 5, types: { documents: { fields: ['title'] } } });
    });

    it('record a click with the tag of where it happened', async () => {
      await official().click({
        query: 'gaiter',
        documentId: 'product-summit-ascent',
        requestId: 'r-9',
        tags: ['search-page', 'results'],
      });
      await ours().click(
        { query: 'gaiter', documentId: 'product-summit-ascent', requestId: 'r-9', tags: ['search-page'] },
        'results',
      );
      const [theirs, mine] = take().map(searchRequest);
      expect(mine).toEqual(theirs);
    });

    it('name an endpoint base (a self-managed or cloud deployment) as the official client does', async () => {
      const endpointBase = 'https://ridgeline.ent.europe-west1.gcp.cloud.es.io';
      await (appSearch.default ?? appSearch)
        .createClient({ searchKey: SEARCH_KEY, endpointBase, engineName: 'ridgeline', cacheResponses: false })
        .search('crampons', { page: { size: 4, current: 1 } });
      await createSearchClient({
        engineName: 'ridgeline',
        endpointBase,
        searchKey: SEARCH_KEY,
        cacheTtlMs: 0,
      }).search('crampons', { page: { size: 4, current: 1 } });
      const [theirs, mine] = take().map(searchRequest);
      expect(mine).toEqual(theirs);
      expect(mine!.url).toBe(`${endpointBase}/api/as/v1/engines/ridgeline/search.json`);
    });
  },
);
