/**
 * The search part of the platform: the built-in search service (index in PostgreSQL + the hosted-search
 * protocol of SPEC §7, mounted at SEARCH_BASE_PATH) and the storefront's search connector. With no
 * SEARCH_ENDPOINT_BASE or SEARCH_HOST_IDENTIFIER the connector talks to the built-in service in-process through
 * the same protocol; otherwise it calls the hosted service. Reach it only through this module.
 */
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { bumpDataVersion } from '../cache/data-version.ts';
import type { Commerce } from '../commerce/index.ts';
import type { Config } from '../config.ts';
import type { ContentClient } from '../content/index.ts';
import { createBackoff } from '../db/backoff.ts';
import type { Database } from '../db/database.ts';
import { createSearchClient, type FetchLike, type SearchClient } from './client.ts';
import { buildDocuments, type CatalogueFacts, INDEX_FORMAT, readCatalogue } from './documents.ts';
import { createEngine, type Engine, type EngineOptions } from './engine.ts';
import { createSearchProtocol } from './protocol.ts';
import { indexSource, recordIndexSource } from './writer.ts';

export {
  type ClickSource,
  createSearchClient,
  type SearchClient,
  type SearchResult,
  SearchServiceError,
} from './client.ts';
export { buildDocuments, type IndexDocument } from './documents.ts';
export { createEngine, type Engine, type EngineOptions } from './engine.ts';
export { createSearchProtocol } from './protocol.ts';
export { parseSearchRequest } from './request.ts';
export { LOCALE_CONFIG, SEARCH_LOCALES } from './text.ts';
export { SearchRequestError } from './validation.ts';

const IN_PROCESS_ORIGIN = 'http://ridgeline.internal';
/** How often a running server checks whether the catalogue or the content moved since the index was built. */
export const SEARCH_FOLLOW_INTERVAL_MS = 2000;
/** A followed rebuild waits this many times as long as the last rebuild took (see follow()). */
const FOLLOW_SPACING = 4;
/**
 * More changed products than this since the last build (a price import, a group rule) build the whole index:
 * one read of the catalogue beats reading it product by product.
 */
const PARTIAL_PRODUCTS_LIMIT = 200;
/** The product change log keeps 10,000 versions (migration 0024); a build further behind reads everything. */
const PARTIAL_VERSIONS_LIMIT = 5000;

/** An index source string split into its shown product change version and everything else. */
function splitSource(source: string): { rest: string; products: number } | null {
  const match = /^(.*)products:(\d+)$/.exec(source);
  return match ? { rest: match[1]!, products: Number(match[2]) } : null;
}

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

export interface SyncResult {
  written: number;
  removed: number;
  skipped: boolean;
  /**
   * What was read and compared: 'products' when only shown product changes (prices, sales, sell-outs) moved
   * since the last build and just those products' documents were built and written; 'all' for a whole build.
   */
  grain?: 'products' | 'all';
  /** Documents built (and compared with the index by hash). */
  documents?: number;
  /** Milliseconds spent reading content and commerce into documents, and writing the index. */
  ms?: { documents: number; write: number };
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
  /** Brings the index in line with content and commerce; resolves with what changed (and where time went). */
  sync(): Promise<SyncResult>;
  /** Resolves once searches can be answered (loaders wait on it; see `ready` below). */
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
  /** Result cache size and version check interval of the built-in engine. */
  engineOptions?: EngineOptions;
}): SearchServices {
  const { config, db, logger } = input;
  const engine = createEngine(db, input.engineOptions);
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
    ...(builtIn ? { fetch: inProcess, builtIn } : {}),
  });

  let lastSource: string | null = null;
  let running: Promise<SyncResult> | null = null;
  /** When the last sync ended and how long it took: followed rebuilds are spaced by it. */
  let lastSyncEnded = 0;
  let lastSyncTook = 0;
  let timer: ReturnType<typeof setInterval> | null = null;
  let follower: ReturnType<typeof setInterval> | null = null;

  /** Commerce facts of the last build, reused while the catalogue's data version has not moved. */
  let catalogueCache: { version: string; catalogue: CatalogueFacts } | null = null;

  /**
   * What the index is built from, as one string: the index format, the scope and the data versions of the
   * catalogue and the content (moved by database triggers on every write, from any process), and the last
   * product change a page shows (a price; decision 0036): a stock level that stays above zero is in no document,
   * so an order rebuilds nothing. Null when it cannot be read, which always rebuilds.
   */
  async function source(): Promise<{ all: string; catalogue: string } | null> {
    try {
      const result = (await db.execute(
        sql`select scope, version from data_versions where scope in ('catalogue', 'content')
            union all
            select 'products', coalesce(max(version), 0) from product_changes where shown
            order by 1`,
      )) as unknown as { rows: Array<{ scope: string; version: string | number }> };
      const versions = result.rows.map((row) => `${row.scope}:${row.version}`).join(',');
      const catalogue = result.rows
        .filter((row) => row.scope !== 'content')
        .map((row) => row.version)
        .join(':');
      return {
        all: `format:${INDEX_FORMAT}|${scope.stack}|${scope.environment}|${versions}`,
        catalogue,
      };
    } catch {
      return null;
    }
  }

  async function runSync(): Promise<SyncResult> {
    const started = Date.now();
    const current = await source();
    // Not knowing what the index was built from only costs a full rebuild.
    lastSource ??= await indexSource(db, config.SEARCH_ENGINE).catch((error: unknown) => {
      logger?.warn({ err: error }, 'search index source unreadable; rebuilding the index');
      return null;
    });
    // A first build (an empty index) replaces no results any page could have shown: searches wait for it.
    const rebuild = lastSource !== null;
    if (current && current.all === lastSource && (await engine.hasDocuments(config.SEARCH_ENGINE))) {
      return { written: 0, removed: 0, skipped: true };
    }
    if (current && lastSource !== null) {
      const partial = await syncProducts(current, lastSource, started);
      if (partial) return partial;
    }
    // A content-only change reuses the commerce facts (the slow part of reading a large catalogue).
    const reuse = current && catalogueCache?.version === current.catalogue ? catalogueCache : null;
    const catalogue = reuse?.catalogue ?? (await readCatalogue(input.commerce));
    catalogueCache = current ? { version: current.catalogue, catalogue } : null;
    const docs = await buildDocuments({ content: input.content, commerce: input.commerce, catalogue });
    const built = Date.now();
    const result = (await engine.writeDocuments(config.SEARCH_ENGINE, docs, scope)) ?? {
      written: 0,
      removed: 0,
    };
    return finish(current, result, { grain: 'all', documents: docs.length, rebuild, started, built });
  }

  async function finish(
    current: { all: string } | null,
    result: { written: number; removed: number },
    run: { grain: 'products' | 'all'; documents: number; rebuild: boolean; started: number; built: number },
  ): Promise<SyncResult> {
    if (current) await recordIndexSource(db, config.SEARCH_ENGINE, current.all);
    lastSource = current?.all ?? null;
    const ms = { documents: run.built - run.started, write: Date.now() - run.built };
    if (result.written > 0 || result.removed > 0) {
      client.clearCache();
      // Pages showing results (the search page, cached for anonymous visitors) are rendered again: the page
      // cache follows the data versions, and the index changes after the catalogue's or content's version did.
      if (run.rebuild) await bumpDataVersion(db, 'search');
      logger?.info({ ...result, grain: run.grain, documents: run.documents, ms }, 'search index synced');
    }
    return { ...result, skipped: false, grain: run.grain, documents: run.documents, ms };
  }

  /**
   * When only shown product changes moved since the index was built (a price, a sale's start or end, a variant
   * selling out), builds and writes just those products' documents in every locale, from the product change log
   * (migration 0024): no read of the whole catalogue or of the content, no other row and no vocabulary rewritten.
   * Null when that does not apply (something else moved, too many products, the log no longer reaches back, a
   * product's words or presence changed): the caller builds everything.
   */
  async function syncProducts(
    current: { all: string; catalogue: string },
    last: string,
    started: number,
  ): Promise<SyncResult | null> {
    const now = splitSource(current.all);
    const before = splitSource(last);
    if (!input.commerce || !now || !before || now.rest !== before.rest) return null;
    if (now.products <= before.products || now.products - before.products > PARTIAL_VERSIONS_LIMIT)
      return null;
    const changed = (await db.execute(sql`
      select distinct product_id from product_changes
      where shown and version > ${before.products} and version <= ${now.products}
      limit ${PARTIAL_PRODUCTS_LIMIT + 1}`)) as unknown as { rows: Array<{ product_id: number }> };
    const ids = changed.rows.map((row) => Number(row.product_id));
    if (ids.length === 0 || ids.length > PARTIAL_PRODUCTS_LIMIT) return null;
    const read = await readCatalogue(input.commerce, ids);
    // A product no longer listed in any region is a change of membership, the whole build's business.
    if (read.facts.size !== ids.length) return null;
    const docs = await buildDocuments({
      content: input.content,
      commerce: input.commerce,
      catalogue: read,
      products: new Set(ids),
    });
    const built = Date.now();
    const only = [...read.facts.values()].map(({ product }) => `product-${product.slug}`);
    const result = await engine.writeDocuments(config.SEARCH_ENGINE, docs, scope, only);
    if (!result) return null;
    // The commerce facts kept for content-only builds take the new prices, so they stay those of `current`.
    if (catalogueCache) {
      for (const [id, facts] of read.facts) catalogueCache.catalogue.facts.set(id, facts);
      catalogueCache = { version: current.catalogue, catalogue: catalogueCache.catalogue };
    }
    return finish(current, result, {
      grain: 'products',
      documents: docs.length,
      rebuild: true,
      started,
      built,
    });
  }

  /**
   * Follows the data versions: a published product, a new price or an edited entry reaches search within
   * SEARCH_FOLLOW_INTERVAL_MS instead of at the next periodic sync (one small query when nothing moved).
   */
  async function follow() {
    if (running || !first || stopped) return;
    // A sale that empties a variant moves a product's shown version: under a flash sale a rebuild could follow
    // every tick. Waiting FOLLOW_SPACING times as long as the last rebuild took keeps it under a fifth of one core.
    if (Date.now() - lastSyncEnded < lastSyncTook * FOLLOW_SPACING) return;
    const current = await source();
    if (current && current.all !== lastSource) await sync();
  }

  function sync() {
    const started = Date.now();
    running ??= runSync().finally(() => {
      running = null;
      lastSyncEnded = Date.now();
      lastSyncTook = lastSyncEnded - started;
    });
    return running;
  }

  /**
   * Resolves once searches can be answered: at once when the index already holds documents (a restart, or a
   * rebuild in progress keeps serving the previous rows), else after the first build.
   */
  function ready(): Promise<void> {
    first ??= (async () => {
      const built = await engine.hasDocuments(config.SEARCH_ENGINE).catch(() => false);
      const build = sync();
      if (!built) await build;
      build.then(
        () => {
          retry.reset();
          // Read the index into this process's memory once it is built (decision 0015), in the background:
          // SQL answers searches meanwhile, and pages never wait on it.
          engine.prepare(config.SEARCH_ENGINE).catch((error: unknown) => {
            logger?.warn({ err: error }, 'search index not read into memory; SQL answers searches');
          });
        },
        (error) => {
          logger?.error({ err: error }, 'search index sync failed');
          retryLater();
        },
      );
    })().catch((error) => {
      // The database may be away (at start, or PostgreSQL restarting): forget this attempt, so the next
      // search or the retry below builds again, instead of leaving the index empty until the next interval.
      logger?.error({ err: error }, 'search index sync failed; retrying');
      first = null;
      retryLater();
    });
    return first;
  }

  const retry = createBackoff(1000, 60_000);
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  function retryLater() {
    if (retryTimer || stopped) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      first = null;
      void ready();
    }, retry.next());
    retryTimer.unref?.();
  }
  let stopped = false;

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
      stopped = false;
      void ready();
      if (config.SEARCH_SYNC_INTERVAL_MS > 0 && !timer) {
        timer = setInterval(() => {
          sync().catch((error) => logger?.warn({ err: error }, 'search index sync failed'));
        }, config.SEARCH_SYNC_INTERVAL_MS);
        timer.unref?.();
        follower = setInterval(() => {
          follow().catch((error) => logger?.warn({ err: error }, 'search index sync failed'));
        }, SEARCH_FOLLOW_INTERVAL_MS);
        follower.unref?.();
      }
    },
    stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      if (follower) clearInterval(follower);
      follower = null;
      if (retryTimer) clearTimeout(retryTimer);
      retryTimer = null;
    },
  };
}
