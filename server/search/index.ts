/**
 * The search part of the platform: the built-in search service (index in PostgreSQL + the hosted-search
 * protocol of SPEC §7, mounted at SEARCH_BASE_PATH) and the storefront's search connector. With no
 * SEARCH_ENDPOINT_BASE or SEARCH_HOST_IDENTIFIER the connector talks to the built-in service in-process through
 * the same protocol; otherwise it calls the hosted service. Reach it only through this module.
 */
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { Commerce } from '../commerce/index.ts';
import type { Config } from '../config.ts';
import type { ContentClient } from '../content/index.ts';
import type { Database } from '../db/database.ts';
import { createSearchClient, type FetchLike, type SearchClient } from './client.ts';
import { buildDocuments } from './documents.ts';
import { createEngine, type Engine } from './engine.ts';
import { createSearchProtocol } from './protocol.ts';

export {
  type ClickSource,
  createSearchClient,
  type SearchClient,
  type SearchResult,
  SearchServiceError,
} from './client.ts';
export { buildDocuments, type IndexDocument } from './documents.ts';
export { createEngine, type Engine, parseSearchRequest, SearchRequestError } from './engine.ts';
export { createSearchProtocol } from './protocol.ts';
export { LOCALE_CONFIG, SEARCH_LOCALES } from './text.ts';

const IN_PROCESS_ORIGIN = 'http://ridgeline.internal';

type SearchConfig = Pick<
  Config,
  | 'SEARCH_BASE_PATH'
  | 'SEARCH_ENDPOINT_BASE'
  | 'SEARCH_HOST_IDENTIFIER'
  | 'SEARCH_ENGINE'
  | 'SEARCH_KEY'
  | 'SEARCH_CACHE_TTL_MS'
  | 'SEARCH_SYNC_INTERVAL_MS'
  | 'CONTENT_API_KEY'
  | 'CONTENT_ENVIRONMENT'
>;

export interface SearchLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface SearchServices {
  /** The storefront's connector (loaders call this). */
  client: SearchClient;
  /** The built-in service's protocol app, to mount at `basePath`. */
  service: Hono;
  basePath: string;
  engine: Engine;
  /** Whether the connector talks to the built-in service. */
  builtIn: boolean;
  /** Brings the index in line with content and commerce; resolves with what changed. */
  sync(): Promise<{ written: number; removed: number; skipped: boolean }>;
  /** Resolves once the first sync has run (loaders wait on it). */
  ready(): Promise<void>;
  /** Starts the first sync and the periodic one (SEARCH_SYNC_INTERVAL_MS). */
  start(): void;
  stop(): void;
  /** Filters every storefront query carries (§7: stack and environment). */
  scope: { stack: string; environment: string };
}

export function createSearchServices(input: {
  config: SearchConfig;
  db: Database;
  content: ContentClient;
  commerce: Commerce | null;
  logger?: SearchLogger;
}): SearchServices {
  const { config, db, logger } = input;
  const engine = createEngine(db);
  const scope = { stack: config.CONTENT_API_KEY, environment: config.CONTENT_ENVIRONMENT };
  const basePath = config.SEARCH_BASE_PATH;
  const service = createSearchProtocol({
    engine,
    engines: [config.SEARCH_ENGINE],
    searchKey: config.SEARCH_KEY,
    onError: (error) => logger?.error({ err: error }, 'search service error'),
  });
  const builtIn = !config.SEARCH_ENDPOINT_BASE && !config.SEARCH_HOST_IDENTIFIER;
  const mounted = new Hono().route(basePath, service);
  let first: Promise<void> | null = null;
  const inProcess: FetchLike = async (url, init) => {
    await ready();
    return mounted.fetch(new Request(url, init));
  };
  const client = createSearchClient({
    engineName: config.SEARCH_ENGINE,
    endpointBase: builtIn ? `${IN_PROCESS_ORIGIN}${basePath}` : config.SEARCH_ENDPOINT_BASE,
    hostIdentifier: config.SEARCH_HOST_IDENTIFIER,
    searchKey: config.SEARCH_KEY,
    cacheTtlMs: config.SEARCH_CACHE_TTL_MS,
    ...(builtIn ? { fetch: inProcess } : {}),
  });

  let lastFingerprint: string | null = null;
  let running: Promise<{ written: number; removed: number; skipped: boolean }> | null = null;
  let timer: ReturnType<typeof setInterval> | null = null;

  /** A cheap signature of the source data: when it has not moved, the documents are not rebuilt. */
  async function fingerprint(): Promise<string | null> {
    try {
      const result = (await db.execute(sql`select
          (select count(*) || ':' || coalesce(sum(hashtext(p.name || p.description || p.is_visible::text || p.availability || p.options::text)), 0) from products p) as products,
          (select count(*) || ':' || coalesce(sum(hashtext(pp.product_id || pp.region_id || pp.retail_price::text || coalesce(pp.sale_price::text, ''))), 0) from product_prices pp) as prices,
          (select count(*) || ':' || coalesce(max(updated_at)::text, '') from content_entries) as content`)) as unknown as {
        rows: Array<Record<string, string>>;
      };
      const row = result.rows[0];
      return row ? `${row.products}|${row.prices}|${row.content}` : null;
    } catch {
      return null;
    }
  }

  async function runSync() {
    const started = Date.now();
    const print = await fingerprint();
    const count = await engine.documentCount(config.SEARCH_ENGINE);
    if (print && print === lastFingerprint && count > 0) return { written: 0, removed: 0, skipped: true };
    const docs = await buildDocuments({ content: input.content, commerce: input.commerce });
    const result = await engine.writeDocuments(config.SEARCH_ENGINE, docs, scope);
    lastFingerprint = print;
    if (result.written > 0 || result.removed > 0) {
      client.clearCache();
      logger?.info({ ...result, documents: docs.length, ms: Date.now() - started }, 'search index synced');
    }
    return { ...result, skipped: false };
  }

  function sync() {
    running ??= runSync().finally(() => {
      running = null;
    });
    return running;
  }

  function ready(): Promise<void> {
    first ??= sync().then(
      () => undefined,
      (error) => {
        logger?.error({ err: error }, 'search index sync failed');
      },
    );
    return first;
  }

  return {
    client,
    service,
    basePath,
    engine,
    builtIn,
    scope,
    sync,
    ready,
    start() {
      void ready();
      if (config.SEARCH_SYNC_INTERVAL_MS > 0 && !timer) {
        timer = setInterval(() => {
          sync().catch((error) => logger?.warn({ err: error }, 'search index sync failed'));
        }, config.SEARCH_SYNC_INTERVAL_MS);
        timer.unref?.();
      }
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}

const built = new WeakMap<object, SearchServices>();

/** The search part for a services object, built once per object. */
export function searchFor(
  services: {
    config: SearchConfig;
    db: Database;
    logger?: SearchLogger;
    search?: SearchServices;
    content?: { client: ContentClient };
    commerce?: Commerce;
  },
  parts?: { content: ContentClient; commerce: Commerce | null },
): SearchServices {
  if (services.search) return services.search;
  let search = built.get(services);
  if (!search) {
    const content = parts?.content ?? services.content?.client;
    if (!content) throw new Error('search needs the content client');
    search = createSearchServices({
      config: services.config,
      db: services.db,
      content,
      commerce: parts?.commerce ?? services.commerce ?? null,
      logger: services.logger,
    });
    built.set(services, search);
  }
  return search;
}
