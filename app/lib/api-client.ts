/**
 * The storefront's one client for the product's /api (SPEC §7): the `region` header on every call, the
 * `csrf-token` header on mutations, JSON bodies, the §9 retry policy and the §8 error messages.
 *
 * Retries: statuses 408, 409, 425, 429, 500, 502, 503, 504 (and network failures); calls with a body
 * (POST, PUT, PATCH, DELETE) are not retried unless `retry` says so, other calls once. No default timeout.
 */

export const RETRY_STATUSES: readonly number[] = [408, 409, 425, 429, 500, 502, 503, 504];
const BODYFUL = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export type ApiErrorCode = 'ERR_BAD_RESPONSE' | 'ERR_NETWORK' | 'ERR_CANCELED' | 'ECONNABORTED';

/** The §8 HTTP client errors; `body` holds the API's `{ status, title, detail }` when it sent one. */
export class ApiClientError extends Error {
  constructor(
    message: string,
    readonly code: ApiErrorCode,
    readonly status?: number,
    readonly body?: { status?: number; title?: string; detail?: string } | unknown,
  ) {
    super(message);
    this.name = 'ApiClientError';
  }
}

export interface ApiClientOptions {
  /** The commerce region (us, ca, eu_region_1) or a function reading the current one. */
  region: string | (() => string);
  /** The session's anti-forgery token (from the root loader or GET /api/session). */
  csrfToken?: string | (() => string | undefined);
  /** Defaults to '' (same origin). */
  baseUrl?: string;
  fetch?: typeof fetch;
  logger?: { error(...args: unknown[]): void };
}

export interface RequestOptions {
  query?: Record<string, string | number | boolean | readonly (string | number)[] | undefined>;
  body?: unknown;
  /** How many times to retry a retryable failure; default 0 for calls with a body, else 1. */
  retry?: number;
  /** Milliseconds; no timeout unless given. */
  timeout?: number;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

function current<T>(value: T | (() => T)): T {
  return typeof value === 'function' ? (value as () => T)() : value;
}

function buildUrl(base: string, path: string, query: RequestOptions['query']): string {
  const url = `${base}/api/${path.replace(/^\/+/, '').replace(/^api\//, '')}`;
  if (!query) return url;
  const parts: string[] = [];
  for (const [key, raw] of Object.entries(query)) {
    if (raw === undefined) continue;
    const value = Array.isArray(raw) ? raw.join(',') : String(raw);
    // Keys such as `categories:in` keep their colon, as the API reads them.
    parts.push(
      `${encodeURIComponent(key).replace(/%3A/gi, ':')}=${encodeURIComponent(value).replace(/%2C/gi, ',')}`,
    );
  }
  return parts.length ? `${url}?${parts.join('&')}` : url;
}

export function createApiClient(options: ApiClientOptions) {
  const fetcher = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const base = options.baseUrl ?? '';
  const logger = options.logger ?? console;

  async function once(method: string, url: string, init: RequestOptions): Promise<Response> {
    const headers: Record<string, string> = {
      accept: 'application/json',
      region: current(options.region),
      ...init.headers,
    };
    if (BODYFUL.has(method)) {
      const token = options.csrfToken === undefined ? undefined : current(options.csrfToken);
      if (token) headers['csrf-token'] = token;
    }
    let body: string | undefined;
    if (init.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.body);
    }
    const controller = new AbortController();
    const onAbort = () => controller.abort(init.signal?.reason);
    init.signal?.addEventListener('abort', onAbort);
    let timedOut = false;
    const timer =
      init.timeout === undefined
        ? undefined
        : setTimeout(() => {
            timedOut = true;
            controller.abort();
          }, init.timeout);
    try {
      return await fetcher(url, {
        method,
        headers,
        body,
        signal: controller.signal,
        credentials: 'same-origin',
      });
    } catch (error) {
      if (timedOut) throw new ApiClientError(`timeout of ${init.timeout}ms exceeded`, 'ECONNABORTED');
      if (init.signal?.aborted) throw new ApiClientError('Request aborted', 'ERR_CANCELED');
      throw new ApiClientError('Network Error', 'ERR_NETWORK', undefined, error);
    } finally {
      if (timer) clearTimeout(timer);
      init.signal?.removeEventListener('abort', onAbort);
    }
  }

  async function request<T = unknown>(method: string, path: string, init: RequestOptions = {}): Promise<T> {
    const verb = method.toUpperCase();
    const url = buildUrl(base, path, init.query);
    let retries = init.retry ?? (BODYFUL.has(verb) ? 0 : 1);
    for (;;) {
      let response: Response;
      try {
        response = await once(verb, url, init);
      } catch (error) {
        if (error instanceof ApiClientError && error.code === 'ERR_NETWORK' && retries > 0) {
          retries--;
          continue;
        }
        throw error;
      }
      if (response.ok) {
        if (response.status === 204) return undefined as T;
        const text = await response.text();
        return (text ? JSON.parse(text) : undefined) as T;
      }
      if (RETRY_STATUSES.includes(response.status) && retries > 0) {
        retries--;
        continue;
      }
      let body: unknown;
      try {
        body = await response.json();
      } catch {
        body = undefined;
      }
      throw new ApiClientError(
        `Request failed with status code ${response.status}`,
        'ERR_BAD_RESPONSE',
        response.status,
        body,
      );
    }
  }

  return {
    request,
    get: <T = unknown>(path: string, init?: RequestOptions) => request<T>('GET', path, init),
    post: <T = unknown>(path: string, body?: unknown, init?: RequestOptions) =>
      request<T>('POST', path, { ...init, body }),
    put: <T = unknown>(path: string, body?: unknown, init?: RequestOptions) =>
      request<T>('PUT', path, { ...init, body }),
    delete: <T = unknown>(path: string, init?: RequestOptions) => request<T>('DELETE', path, init),

    /** §7/§8: a cart fetch failure is logged and returned, never thrown. */
    async getCart<T = unknown>(cartId: string): Promise<{ data: T | null; error: ApiClientError | null }> {
      try {
        const result = await request<{ data: T }>('GET', `cart/${encodeURIComponent(cartId)}`);
        return { data: result.data, error: null };
      } catch (error) {
        const failure =
          error instanceof ApiClientError
            ? error
            : new ApiClientError('Network Error', 'ERR_NETWORK', undefined, error);
        logger.error('cart fetch failed', failure);
        return { data: null, error: failure };
      }
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
