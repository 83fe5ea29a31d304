import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { PREVIEW_COOKIE } from '#core/content-preview.ts';
import { parseCookies } from '#core/cookies.ts';
import { mergeVary } from '#core/vary.ts';
import { SESSION_COOKIE_NAMES } from '../sessions/sessions.ts';
import type { ChangeClock } from './data-version.ts';
import { collecting } from './dependencies.ts';

/**
 * Full-page cache for anonymous visitors (issue 10): HTML and route data cached per URL (which carries the
 * locale, and with it the content and commerce regions of a visitor without a session) and per consent
 * choice (the banner is part of the page). Fresh entries are served as they are; stale ones are served while
 * one background render refreshes them; a change of data version (catalogue, content) empties it, and a
 * product's price or in-stock state drops the pages that show that product (their tags, decision 0036). Never
 * used for a visitor with a session, nor for account, cart or checkout pages.
 */
export interface PageCacheOptions {
  render(request: Request): Promise<Response>;
  /** Renders a page that is sent as it comes and never kept (a visitor with a session…); `render` by default. */
  renderToSend?(request: Request): Promise<Response>;
  dataVersion(): Promise<string>;
  /**
   * Changes finer than the data version (a product's price or stock, decision 0036): a page is kept with the tags
   * its render named and served while none of them moved since the render began.
   */
  changes?: ChangeClock;
  maxEntries?: number;
  freshMs?: number;
  staleMs?: number;
  now?: () => number;
  onError?(error: unknown): void;
  /**
   * True when the render just finished met trouble it may have papered over (a database that was away, so
   * content or catalogue came back empty): such a page is sent but never kept.
   */
  degraded?(): boolean;
}

interface Entry {
  status: number;
  headers: [string, string][];
  body: Uint8Array;
  storedAt: number;
  version: string;
  /** The change clock when its render began, and what the render named (the products it shows). */
  since: number;
  tags: string[];
  /**
   * A weak validator of the body (weak: the gzipped and the plain copy share it). A browser or a CDN that kept
   * the page asks again with it (`max-age=0`) and gets a 304 instead of the page while it has not changed.
   */
  etag: string;
  /** The body gzipped, made on the first hit that accepts gzip: a hit then costs no compression at all. */
  gzip?: Uint8Array;
}

// A shared wishlist follows its owner's changes at once: never kept (decision 0048).
const PRIVATE_PATHS =
  /^\/[^/]+\/(account|cart|checkout|consent|newsletter|order-status|pro\/(create|signup)|wishlist\/[^/]+)(\/|$)|^\/admin(\/|\.data$|$)/;
const CACHEABLE_TYPES = /^(text\/html|text\/x-script)/;
// gzip listed and not refused with q=0.
export const ACCEPTS_GZIP = /(?:^|,)\s*(?:gzip|\*)\s*(?:;\s*q=(?:0?\.0*[1-9]\d*|1(?:\.0*)?)\s*)?(?:,|$)/i;
export const ANONYMOUS_CACHE_CONTROL = 'public, max-age=0, s-maxage=30, stale-while-revalidate=600';

/** The GET a kept page is rendered from (a copy: the request itself is answered too). */
const asGet = (request: Request) =>
  request.method === 'GET' ? request.clone() : new Request(request.url, { headers: request.headers });

/** Whether If-None-Match names this entity tag (weak comparison, RFC 9110 §13.1.2), or is `*`. */
export function validatedBy(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => opaque(tag) === opaque(etag));
}

export function createPageCache(options: PageCacheOptions) {
  const maxEntries = options.maxEntries ?? 1000;
  const freshMs = options.freshMs ?? 30_000;
  const staleMs = options.staleMs ?? 600_000;
  const now = options.now ?? Date.now;
  const renderToSend = options.renderToSend ?? options.render;
  const entries = new Map<string, Entry>();
  const refreshing = new Set<string>();
  // One render per key at a time: visitors who miss the same page together wait for the first one's render
  // instead of each rendering it (a cold cache under load would otherwise render every page N times).
  const inflight = new Map<string, Promise<Entry | null>>();
  const stats = { hits: 0, stale: 0, misses: 0, bypass: 0, shared: 0 };
  const changes = options.changes;
  const changeNow = () => changes?.now() ?? 0;
  const fresh = (entry: Entry) => !changes || changes.fresh(entry.tags, entry.since);

  /** The render, with the tags it names gathered into a new set (complete once its body has been read). */
  const renderNaming = (request: Request) => {
    const tags = new Set<string>();
    return { tags, response: collecting(tags, () => options.render(request)) };
  };

  const keyOf = (request: Request): string | null => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return null;
    const url = new URL(request.url);
    if (PRIVATE_PATHS.test(url.pathname)) return null;
    const cookies = parseCookies(request.headers.get('cookie'));
    if (SESSION_COOKIE_NAMES.some((name) => cookies.has(name))) return null;
    // A content preview (even one whose cookie expired) is never served from, nor kept in, the shared cache.
    if (cookies.has(PREVIEW_COOKIE)) return null;
    return `${url.pathname}${url.search}|consent=${cookies.get('consent') ?? ''}`;
  };

  /** The entry made from `response`, kept in the cache; null when the response may not be cached. */
  const store = async (
    key: string,
    response: Response,
    version: string,
    since: number,
    named: Set<string>,
  ): Promise<Entry | null> => {
    const cacheable =
      response.status === 200 &&
      CACHEABLE_TYPES.test(response.headers.get('content-type') ?? '') &&
      !response.headers.has('set-cookie') &&
      !options.degraded?.();
    if (!cacheable) return null;
    const body = new Uint8Array(await response.arrayBuffer());
    const headers: [string, string][] = [...response.headers].filter(([name]) => name !== 'content-length');
    const etag = `W/"${createHash('sha1').update(body).digest('hex').slice(0, 32)}"`;
    const entry: Entry = {
      status: response.status,
      headers,
      body,
      storedAt: now(),
      version,
      since,
      tags: [...named],
      etag,
    };
    entries.delete(key);
    entries.set(key, entry);
    // Map keeps insertion order: the first key is the least recently stored.
    while (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
    return entry;
  };

  const renderAndStore = async (key: string, request: Request, version: string): Promise<Response> => {
    // Shared only within one data version and change: a render that began before a write shows what was before.
    const since = changeNow();
    const flight = `${version} ${since} ${key}`;
    const waiting = inflight.get(flight);
    if (waiting) {
      // Never rejects: a failed render settles it with null (the leader's caller gets the error).
      const shared = await waiting;
      if (shared) {
        stats.shared++;
        return respond(shared, 'SHARED', request);
      }
      return options.render(request);
    }
    let settle: (entry: Entry | null) => void = () => {};
    inflight.set(
      flight,
      new Promise<Entry | null>((resolve) => {
        settle = resolve;
      }),
    );
    try {
      const render = renderNaming(request);
      const response = await render.response;
      const entry = await store(key, response, version, since, render.tags);
      settle(entry);
      return entry ? respond(entry, 'MISS', request) : response;
    } catch (error) {
      settle(null);
      throw error;
    } finally {
      inflight.delete(flight);
    }
  };

  const respond = (entry: Entry, state: string, request: Request) => {
    const headers = new Headers(entry.headers);
    headers.set('Cache-Control', ANONYMOUS_CACHE_CONTROL);
    headers.set('X-Page-Cache', state);
    // The copy depends on the encoding asked for and on the consent cookie (part of the key); locale routing
    // adds what the locale depends on.
    headers.set('Vary', mergeVary(headers.get('Vary'), ['Accept-Encoding', 'Cookie']));
    headers.set('ETag', entry.etag);
    if (validatedBy(request.headers.get('if-none-match'), entry.etag)) {
      headers.delete('Content-Type');
      return new Response(null, { status: 304, headers });
    }
    if (!ACCEPTS_GZIP.test(request.headers.get('accept-encoding') ?? ''))
      return new Response(entry.body.slice(), { status: entry.status, headers });
    entry.gzip ??= gzipSync(entry.body, { level: 6 });
    headers.set('Content-Encoding', 'gzip');
    headers.set('Content-Length', String(entry.gzip.byteLength));
    return new Response(entry.gzip.slice(), { status: entry.status, headers });
  };

  const refresh = (key: string, request: Request, version: string) => {
    if (refreshing.has(key)) return;
    refreshing.add(key);
    const since = changeNow();
    const render = renderNaming(asGet(request));
    void render.response
      .then((response) => store(key, response, version, since, render.tags))
      .then(() => {})
      .catch((error) => options.onError?.(error))
      .finally(() => refreshing.delete(key));
  };

  return {
    stats,
    size: () => entries.size,
    clear: () => entries.clear(),
    async handle(request: Request): Promise<Response> {
      const response = await answer(request);
      // A HEAD gets what a GET would, headers only; a body still being rendered (a page not kept) is cancelled.
      if (request.method !== 'HEAD' || !response.body) return response;
      void response.body.cancel();
      return new Response(null, response);
    },
  };

  async function answer(request: Request): Promise<Response> {
    const key = keyOf(request);
    if (!key) {
      stats.bypass++;
      const response = await renderToSend(request);
      if (!response.headers.has('cache-control')) {
        const copy = new Response(response.body, response);
        copy.headers.set('Cache-Control', 'private, no-store');
        return copy;
      }
      return response;
    }
    const entry = entries.get(key);
    let version: string;
    try {
      version = await options.dataVersion();
    } catch (error) {
      // The database is away: a page kept within its stale window beats an error page; without one, the
      // render answers as it can (a 503 with Retry-After from the load-shedding layer).
      options.onError?.(error);
      if (entry && now() - entry.storedAt < freshMs + staleMs) {
        stats.stale++;
        return respond(entry, 'STALE', request);
      }
      return renderToSend(request);
    }
    if (entry && entry.version === version && fresh(entry)) {
      const age = now() - entry.storedAt;
      if (age < freshMs) {
        stats.hits++;
        return respond(entry, 'HIT', request);
      }
      if (age < freshMs + staleMs) {
        stats.stale++;
        refresh(key, request, version);
        return respond(entry, 'STALE', request);
      }
    }
    stats.misses++;
    // A HEAD renders and keeps the page as a GET would (a body-less render is no page to keep), so HEADs cost
    // what cached GETs cost, not a render each; `handle` drops the body.
    return renderAndStore(key, request.method === 'GET' ? request : asGet(request), version);
  }
}

export type PageCache = ReturnType<typeof createPageCache>;
