/**
 * The storefront's transport to a content delivery service (SPEC §7, §8, §9): the built-in service or the
 * hosted one, chosen by base URL. POST form with the method marker by default (or plain GET), api_key and
 * access_token (and branch) headers, 30 s timeout, retries on 408 and 429 (300 ms apart, at most 5), and the five
 * cache policies of §9 over an in-process cache.
 */
import { tagsOfContentAnswer } from '#core/change-tags.ts';
import type { ChangeClock } from '../cache/data-version.ts';
import { dependsOn } from '../cache/dependencies.ts';

export const CachePolicy = {
  IGNORE_CACHE: -1,
  ONLY_NETWORK: 0,
  CACHE_ELSE_NETWORK: 1,
  NETWORK_ELSE_CACHE: 2,
  CACHE_THEN_NETWORK: 3,
} as const;
export type CachePolicyValue = (typeof CachePolicy)[keyof typeof CachePolicy];

/**
 * §9 hosted-service regions and their delivery hosts, as the service publishes them ("Content Delivery" of each
 * region at https://www.contentstack.com/docs/developers/contentstack-regions/api-endpoints, and the official
 * delivery SDK's Region list): AWS North America, Europe and Australia, Azure North America and Europe, GCP North
 * America and Europe. tests/integration/hosted-protocols.test.ts checks each against the SDK's own host.
 */
export const CONTENT_REGION_HOSTS = {
  us: 'cdn.contentstack.io',
  eu: 'eu-cdn.contentstack.com',
  au: 'au-cdn.contentstack.com',
  'azure-na': 'azure-na-cdn.contentstack.com',
  'azure-eu': 'azure-eu-cdn.contentstack.com',
  'gcp-na': 'gcp-na-cdn.contentstack.com',
  'gcp-eu': 'gcp-eu-cdn.contentstack.com',
} as const;
/** The regions CONTENT_REGION accepts. */
export const CONTENT_REGIONS = Object.keys(CONTENT_REGION_HOSTS) as [ContentRegion, ...ContentRegion[]];
export type ContentRegion = keyof typeof CONTENT_REGION_HOSTS;

export const DELIVERY_DEFAULTS = {
  timeoutMs: 30_000,
  retryDelayMs: 300,
  retryLimit: 5,
  retryOn: [408, 429] as readonly number[],
  version: 'v3',
  locale: 'en-us',
  region: 'us' as ContentRegion,
  cachePolicy: CachePolicy.IGNORE_CACHE as CachePolicyValue,
  cacheMaxEntries: 2000,
} as const;

/** The hosted service's base URL for a region (§9 region-dependent host). */
export function hostedContentBaseUrl(region: ContentRegion = DELIVERY_DEFAULTS.region): string {
  return `https://${CONTENT_REGION_HOSTS[region]}`;
}

/** §8: a content service failure as the client reports it. */
export class ContentServiceError extends Error {
  readonly error_message: string;
  readonly error_code: number;
  readonly errors: Record<string, unknown>;
  readonly status: number;
  readonly statusText: string;
  constructor(init: {
    error_message: string;
    error_code?: number;
    errors?: Record<string, unknown>;
    status: number;
    statusText?: string;
  }) {
    super(init.error_message);
    this.name = 'ContentServiceError';
    this.error_message = init.error_message;
    this.error_code = init.error_code ?? init.status;
    this.errors = init.errors ?? {};
    this.status = init.status;
    this.statusText = init.statusText ?? '';
  }
}

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface DeliveryClientOptions {
  /** Service root without the version, e.g. `http://127.0.0.1:3000/cms` or `https://cdn.contentstack.io`. */
  baseUrl: string;
  apiKey: string;
  deliveryToken: string;
  environment: string;
  branch?: string;
  /** POST form with the method marker (default, as SPEC §7) or the plain GET form. */
  form?: 'post' | 'get';
  fetch?: FetchLike;
  timeoutMs?: number;
  retryLimit?: number;
  retryDelayMs?: number;
  retryOn?: readonly number[];
  cachePolicy?: CachePolicyValue;
  /** How long a cached answer counts as fresh for CACHE_ELSE_NETWORK; 0 or unset keeps it until evicted. */
  cacheTtlMs?: number;
  cacheMaxEntries?: number;
  /**
   * The source's data version, when the client can know it (the built-in service reads the product's own
   * database): a cached answer stored under another version is not used, so an edit shows at once.
   */
  cacheVersion?: () => Promise<string>;
  /**
   * The tags moved since (decision 0050): with it, a cached answer is kept until an entry it holds or asked for is
   * published (`content:<uid>`), or an entry of the type it listed (`content-type:<type>`), or everything moved (an
   * asset, a hosted service's webhook or sync poll) — read `cacheVersion` first, which moves them.
   */
  changes?: ChangeClock;
  /** Called when a CACHE_THEN_NETWORK background refresh fails. */
  onBackgroundError?: (error: unknown) => void;
  /** Preview: sent as `preview_token`, so the built-in service answers drafts; nothing is cached then. */
  previewToken?: string;
}

export interface RequestParams {
  locale?: string;
  include_fallback?: boolean;
  query?: Record<string, unknown>;
  include?: readonly string[];
  only?: readonly string[];
  skip?: number;
  limit?: number;
  include_count?: boolean;
  asc?: string;
  desc?: string;
  [key: string]: unknown;
}

interface CacheSlot {
  value: unknown;
  storedAt: number;
  version: string | undefined;
  /** Which network request made it: a slow older one must not replace a newer one's answer. */
  started: number;
  /** The change clock when that request began, and the tags its answer names (with `changes`). */
  since: number;
  tags: readonly string[];
}

interface Flight {
  value: Promise<unknown>;
  since: number;
}

/** `/content_types/<type>/entries` and `/content_types/<type>/entries/<uid>`. */
const ENTRIES_PATH = /^\/content_types\/([^/]+)\/entries(?:\/([^/]+))?$/;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createDeliveryClient(options: DeliveryClientOptions) {
  const settings = {
    timeoutMs: options.timeoutMs ?? DELIVERY_DEFAULTS.timeoutMs,
    retryLimit: options.retryLimit ?? DELIVERY_DEFAULTS.retryLimit,
    retryDelayMs: options.retryDelayMs ?? DELIVERY_DEFAULTS.retryDelayMs,
    retryOn: options.retryOn ?? DELIVERY_DEFAULTS.retryOn,
    cachePolicy: options.cachePolicy ?? DELIVERY_DEFAULTS.cachePolicy,
    cacheTtlMs: options.cacheTtlMs ?? 0,
    cacheMaxEntries: options.cacheMaxEntries ?? DELIVERY_DEFAULTS.cacheMaxEntries,
    form: options.form ?? 'post',
  };
  const doFetch: FetchLike = options.fetch ?? ((input, init) => fetch(input, init));
  const root = `${options.baseUrl.replace(/\/+$/, '')}/${DELIVERY_DEFAULTS.version}`;
  const cache = new Map<string, CacheSlot>();
  const refreshing = new Map<string, Flight>();
  const { changes } = options;
  let requestsStarted = 0;

  const headers = (): Record<string, string> => ({
    api_key: options.apiKey,
    access_token: options.deliveryToken,
    ...(options.branch ? { branch: options.branch } : {}),
    ...(options.previewToken ? { preview_token: options.previewToken } : {}),
    accept: 'application/json',
  });

  function buildRequest(path: string, params: RequestParams): { url: string; init: RequestInit } {
    const clean = Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined));
    if (settings.form === 'post') {
      const { only, ...rest } = clean;
      const body = {
        _method: 'GET',
        environment: options.environment,
        ...rest,
        ...(only ? { only: { BASE: only } } : {}),
      };
      return {
        url: `${root}${path}`,
        init: {
          method: 'POST',
          headers: { ...headers(), 'content-type': 'application/json' },
          body: JSON.stringify(body),
        },
      };
    }
    const search = new URLSearchParams({ environment: options.environment });
    for (const [key, value] of Object.entries(clean)) {
      if (key === 'query') search.set('query', JSON.stringify(value));
      else if (key === 'include') for (const path of value as string[]) search.append('include[]', path);
      else if (key === 'only') for (const field of value as string[]) search.append('only[BASE][]', field);
      else search.set(key, String(value));
    }
    return { url: `${root}${path}?${search}`, init: { method: 'GET', headers: headers() } };
  }

  async function once(url: string, init: RequestInit): Promise<Response> {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The race also ends an in-process fetch that ignores the abort signal.
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        controller.abort();
        reject(new Error('timeout'));
      }, settings.timeoutMs);
    });
    try {
      return await Promise.race([doFetch(url, { ...init, signal: controller.signal }), timeout]);
    } catch (error) {
      if (controller.signal.aborted) {
        throw new ContentServiceError({
          error_message: `timeout of ${settings.timeoutMs}ms exceeded`,
          error_code: 408,
          status: 0,
          statusText: 'timeout',
        });
      }
      throw new ContentServiceError({
        error_message: 'Network Error',
        error_code: 0,
        status: 0,
        statusText: error instanceof Error ? error.message : String(error),
      });
    } finally {
      clearTimeout(timer);
    }
  }

  async function network(path: string, params: RequestParams): Promise<unknown> {
    const { url, init } = buildRequest(path, params);
    for (let attempt = 0; ; attempt++) {
      const response = await once(url, init);
      if (settings.retryOn.includes(response.status) && attempt < settings.retryLimit) {
        await response.body?.cancel();
        await sleep(settings.retryDelayMs);
        continue;
      }
      const text = await response.text();
      let body: unknown;
      try {
        body = text ? JSON.parse(text) : {};
      } catch {
        body = { error_message: text.slice(0, 200) };
      }
      if (!response.ok) {
        const failure = (body ?? {}) as {
          error_message?: string;
          error_code?: number;
          errors?: Record<string, unknown>;
        };
        throw new ContentServiceError({
          error_message: failure.error_message ?? `Request failed with status code ${response.status}`,
          error_code: failure.error_code ?? response.status,
          errors: failure.errors ?? {},
          status: response.status,
          statusText: response.statusText,
        });
      }
      return body;
    }
  }

  function remember(
    key: string,
    value: unknown,
    version: string | undefined,
    started: number,
    since: number,
    tags: readonly string[],
  ) {
    const kept = cache.get(key);
    if (kept && kept.started > started) return;
    cache.delete(key);
    cache.set(key, { value, storedAt: Date.now(), version, started, since, tags });
    while (cache.size > settings.cacheMaxEntries) {
      const oldest = cache.keys().next().value;
      if (oldest === undefined) break;
      cache.delete(oldest);
    }
  }

  function cached(key: string, requireFresh: boolean, version: string | undefined): CacheSlot | undefined {
    const slot = cache.get(key);
    if (!slot) return undefined;
    if (requireFresh && slot.version !== version) return undefined;
    if (requireFresh && changes && !changes.fresh(slot.tags, slot.since)) return undefined;
    if (requireFresh && settings.cacheTtlMs > 0 && Date.now() - slot.storedAt > settings.cacheTtlMs)
      return undefined;
    return slot;
  }

  function refresh(
    key: string,
    path: string,
    params: RequestParams,
    version: string | undefined,
  ): Promise<unknown> {
    // A request under way is shared only with callers of its data version: one that started before a write
    // answers with the data from before it, and a page rendered with that after the write would be kept under
    // the new version, old text and all, until it expires.
    // With tags, only while nothing moved since it began (its tags are not known before its answer).
    const flight = `${version ?? ''} ${key}`;
    const running = refreshing.get(flight);
    if (running && (!changes || changes.now() === running.since)) return running.value;
    const order = ++requestsStarted;
    const since = changes?.now() ?? 0;
    const entry: Flight = { value: Promise.resolve(), since };
    entry.value = network(path, params)
      .then((value) => {
        remember(key, value, version, order, since, changes ? tagsOf(path, params, value) : []);
        return value;
      })
      .finally(() => {
        if (refreshing.get(flight) === entry) refreshing.delete(flight);
      });
    refreshing.set(flight, entry);
    return entry.value;
  }

  /** What an answer names (core/change-tags.ts): what a publication must move for it to be asked again. */
  function tagsOf(path: string, params: RequestParams, value: unknown): string[] {
    const entries = ENTRIES_PATH.exec(path);
    if (!entries) return [...tagsOfContentAnswer(null, undefined, value)];
    const contentType = decodeURIComponent(entries[1] as string);
    const uid = entries[2];
    return [
      ...tagsOfContentAnswer(contentType, uid ? { uid: decodeURIComponent(uid) } : params.query, value),
    ];
  }

  /**
   * One delivery request under a cache policy:
   * -1 ignore cache: network, nothing read or written; 0 network only: network, answer stored;
   * 1 cache else network: a fresh cached answer, else network; 2 network else cache: network, the cached answer
   * when the network fails; 3 cache then network: the cached answer at once while a refresh runs behind it
   * (network when nothing is cached).
   */
  async function request<T = unknown>(
    path: string,
    params: RequestParams = {},
    asked: CachePolicyValue = settings.cachePolicy,
  ): Promise<T> {
    const policy = options.previewToken ? CachePolicy.IGNORE_CACHE : asked;
    const key = `${path} ${JSON.stringify(params)}`;
    // Read before the network call: an answer is stored under a version no newer than the data it holds.
    const version =
      policy !== CachePolicy.IGNORE_CACHE && options.cacheVersion ? await options.cacheVersion() : undefined;
    switch (policy) {
      case CachePolicy.ONLY_NETWORK:
        return (await refresh(key, path, params, version)) as T;
      case CachePolicy.CACHE_ELSE_NETWORK: {
        const slot = cached(key, true, version);
        if (slot) return slot.value as T;
        return (await refresh(key, path, params, version)) as T;
      }
      case CachePolicy.NETWORK_ELSE_CACHE:
        try {
          return (await refresh(key, path, params, version)) as T;
        } catch (error) {
          const slot = cached(key, false, version);
          if (slot) return slot.value as T;
          throw error;
        }
      case CachePolicy.CACHE_THEN_NETWORK: {
        const slot = cached(key, false, version);
        if (slot) {
          refresh(key, path, params, version).catch((error) => options.onBackgroundError?.(error));
          return slot.value as T;
        }
        return (await refresh(key, path, params, version)) as T;
      }
      default:
        return (await network(path, params)) as T;
    }
  }

  /**
   * The answer, named to whatever collects around it (a page being rendered, decision 0050): the entries it
   * holds, the uids it asked for, and for a query of a type by anything else, the type. A publication moves those.
   */
  async function requestNaming<T = unknown>(
    path: string,
    params: RequestParams = {},
    asked?: CachePolicyValue,
  ): Promise<T> {
    const value = await request<T>(path, params, asked);
    dependsOn(tagsOf(path, params, value));
    return value;
  }

  return {
    request: requestNaming,
    /** Waits for background refreshes (tests, shutdown). */
    async settled(): Promise<void> {
      await Promise.allSettled([...refreshing.values()].map((flight) => flight.value));
    },
    clearCache(): void {
      cache.clear();
    },
    get cacheSize(): number {
      return cache.size;
    },
    options: { ...options, ...settings },
  };
}

export type DeliveryClient = ReturnType<typeof createDeliveryClient>;
