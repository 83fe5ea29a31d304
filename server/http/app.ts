import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { requestId } from 'hono/request-id';
import { secureHeaders } from 'hono/secure-headers';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { pageCacheVersions } from '../cache/data-version.ts';
import { createPageCache } from '../cache/page-cache.ts';
import { CONTENT_BASE_PATH, previewRoutes } from '../content/index.ts';
import { type DatabaseHandle, troubleDuringRequest } from '../db/database.ts';
import { createGraphqlRoutes } from '../graphql/index.ts';
import { createPaymentWebhookRoutes } from '../payment/webhook-routes.ts';
import { type Services, startBackgroundWork } from '../services.ts';
import { createApiRouter } from './api/index.ts';
import { apiOptionsFrom, blocklistOptionsFrom } from './api/options.ts';
import { buildManifestRoutes } from './build-manifest.ts';
import { catalogueSitemapSource } from './catalogue-sitemap.ts';
import { contentManagementApi } from './content-management-api.ts';
import { contentSitemapSource } from './content-sitemap.ts';
import { displayTextRoutes } from './display-text-route.ts';
import { foreignHostWarning } from './foreign-host-warning.ts';
import { gzippedPage } from './gzip-in-slot.ts';
import type { RedirectRules } from './legacy-redirects.ts';
import { loadContextFactory } from './load-context.ts';
import { localeRouting } from './locale-routing.ts';
import { type Admission, createAdmission, requestLane } from './middleware/admission.ts';
import { blocklist } from './middleware/blocklist.ts';
import { bodyLimits, defaultRouteLimits, UPLOAD_ROUTE_LIMITS } from './middleware/body-limit.ts';
import { clientAddress, fromTrustedProxy, requestClientIp } from './middleware/client-ip.ts';
import { loadShed } from './middleware/load-shed.ts';
import { pagePosts } from './middleware/page-posts.ts';
import { privatePages } from './middleware/private-pages.ts';
import { sameOriginPosts } from './middleware/same-origin.ts';
import { coalescedResponse } from './one-chunk-per-turn.ts';
import type { RedirectRulesSource } from './published-redirects.ts';
import { requestLogger, wasAborted } from './request-logger.ts';
import { sampledWarning } from './sampled-warning.ts';
import { type SitemapSource, seoRoutes, staticPages } from './seo-routes.ts';

export interface HttpAppOptions {
  services: Services;
  /** The database handle: health, load shedding and data versions; never handed to loaders. */
  database: DatabaseHandle;
  /** The React Router server build; pages are served only when it is given. */
  build?: ServerBuild;
  /** Folder of the browser build (build/client). */
  clientDir?: string;
  /** Legacy redirect rules, or their source (the published content entry); none when not given. */
  redirects?: RedirectRules | RedirectRulesSource;
  /** Public pages each part of the store adds to the sitemaps. */
  sitemapSources?: SitemapSource[];
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

export function createHttpApp({
  services,
  database,
  build,
  clientDir,
  redirects,
  sitemapSources,
}: HttpAppOptions): Hono {
  const app = new Hono();

  app.use(requestId({ headerName: 'X-Request-Id' }));
  app.use(requestLogger(services.logger));
  app.use(
    secureHeaders({
      xFrameOptions: 'DENY',
      referrerPolicy: 'strict-origin-when-cross-origin',
      crossOriginEmbedderPolicy: false,
      crossOriginResourcePolicy: 'same-origin',
      // Pages keep their own browsing-context group, but the share popups they open keep their opener: with
      // 'same-origin' the handle reads as closed once the network's page loads, and a second share opened a
      // second window instead of replacing the first (§4, issue 18 #5).
      crossOriginOpenerPolicy: 'same-origin-allow-popups',
      // No framing (clickjacking), no <base> or plugin tricks, forms post only here, and no inline event
      // handler attributes run (a second line behind the rich-text sanitiser). Scripts are not restricted
      // further: the React Router hydration script is inline and GTM/reCAPTCHA/map loaders are configurable.
      contentSecurityPolicy: {
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        formAction: ["'self'"],
        scriptSrcAttr: ["'none'"],
      },
    }),
  );
  // Before every middleware that may answer by itself (blocklist, cross-site 403, 413, load shedding 503), so
  // those answers on /admin and private pages are never stored or indexed either.
  app.use(privatePages());
  // Who the client is, decided once (TRUST_PROXY) before anything reads an address or the scheme.
  app.use(clientAddress(services.config.TRUST_PROXY));
  app.use(blocklist(blocklistOptionsFrom(services.config)));
  app.use(sameOriginPosts({ origin: services.origin, trustProxy: services.config.TRUST_PROXY }));
  // Before any handler reads a body: 413 while the bytes are still on the wire.
  app.use(
    bodyLimits({
      maxBytes: services.config.BODY_LIMIT_BYTES,
      routes: defaultRouteLimits(services.config.SEARCH_BASE_PATH),
      uploads: UPLOAD_ROUTE_LIMITS,
    }),
  );
  const shedWarning = sampledWarning(services.logger, 'database busy or unreachable, answered 503');
  app.use(
    loadShed({
      poolStats: database.poolStats,
      onShed: (reason, path) => shedWarning(reason, { path }),
      // A checkout waits for its turn in admission control's own line (below) and holds no connection meanwhile.
      waitsInOwnLine:
        services.config.ADMISSION_CONCURRENCY > 0
          ? (request) => requestLane(request) === 'checkout'
          : undefined,
    }),
  );
  app.use(compress());
  // Rendering work takes turns (issue 22): uncached pages (below) and the database-backed APIs.
  const admission = admissionFrom(services);
  if (admission)
    for (const path of ['/api/*', '/graphql', '/graphql/*']) app.use(path, admission.middleware());

  app.get('/healthz', async (c) => {
    c.header('Cache-Control', 'no-store');
    try {
      await database.ping();
      return c.json({ status: 'ok', database: database.kind });
    } catch (error) {
      services.logger.error({ err: error }, 'health check: database unavailable');
      c.header('Retry-After', '5');
      return c.json({ status: 'unavailable', database: database.kind }, 503);
    }
  });

  app.route('/builds', buildManifestRoutes(services.build));
  app.route('/media', services.media);
  // The storefront's UI strings, fetched by the browser before it hydrates a page (not sent in every page).
  app.route('/display-text', displayTextRoutes(services.content.displayText));

  // Content: the built-in content service's delivery protocol, and /api/interstack (before the commerce /api).
  const { content, commerce } = services;
  app.route(
    '/',
    seoRoutes({
      origin: () => services.origin,
      sources: [
        staticPages,
        contentSitemapSource(content.client),
        catalogueSitemapSource(database.db),
        ...(sitemapSources ?? []),
      ],
    }),
  );
  // The Content Management API (issue 21) shares /cms/v3 with delivery and answers only management requests.
  app.route(`${CONTENT_BASE_PATH}/v3`, contentManagementApi(services));
  app.route(CONTENT_BASE_PATH, content.service);
  app.route('/api', content.interstack);
  // A hosted content service's change notifications (server/content/webhook-routes.ts), before the commerce /api.
  app.route('/api', content.webhooks);
  // A payment provider's later word on a payment (server/payment/webhook-routes.ts, decision 0055).
  app.route(
    '/api',
    createPaymentWebhookRoutes({
      db: database.db,
      secret: services.config.PAYMENT_WEBHOOK_SECRET,
      provider: commerce.orderPayments.provider,
      decide: commerce.orderPayments.decide,
      logger: services.logger,
    }),
  );
  // Preview of drafts (docs/decisions/0010-content-preview.md): signed links and the way out.
  const { preview } = content;
  if (preview) app.route('/preview', previewRoutes({ ...preview, isHttps: services.sessions.isHttps }));
  app.route(
    '/graphql',
    createGraphqlRoutes({
      content: content.client,
      commerce,
      onError: (error) => services.logger.error({ err: error }, 'graphql resolver error'),
    }),
  );

  // Commerce: the /api contract of SPEC §7 (server/http/api).
  app.route('/api', createApiRouter(apiOptionsFrom(services)));
  app.all('/api/*', (c) =>
    c.json({ status: 404, title: 'Not Found', detail: `No API endpoint ${c.req.method} ${c.req.path}` }, 404),
  );

  // Search: the built-in hosted-search protocol service (SPEC §7) and the index kept in sync with the data.
  app.route(services.search.basePath, services.search.service);
  startBackgroundWork(services);

  if (clientDir) {
    // Fingerprinted build output never changes under its name: cache it for a year.
    app.use(
      '/assets/*',
      serveStatic({ root: clientDir, onFound: (_path, c) => c.header('Cache-Control', IMMUTABLE) }),
    );
    app.get('/assets/*', (c) => c.text('Not Found', 404));
    // Only names with an extension can be files of the build (favicon.svg…): a page request skips the disk.
    const publicFiles = serveStatic({
      root: clientDir,
      onFound: (_path, c) => c.header('Cache-Control', 'public, max-age=3600'),
    });
    app.use('*', (c, next) => (/\.\w+$/.test(c.req.path) ? publicFiles(c, next) : next()));
  }

  if (build) {
    app.use(
      localeRouting({
        redirects: redirects ?? { allowedExternalHosts: [], rules: [] },
        trustProxy: services.config.TRUST_PROXY,
      }),
    );
    app.use(pagePosts());
    const handle = createRequestHandler(build, services.config.NODE_ENV);
    const loadContext = loadContextFactory(build);
    // The client's address, for the engines' throttles in page actions, as `clientAddress` resolved it.
    const renderNow = (request: Request) =>
      handle(request, loadContext(services, { clientIp: requestClientIp(request) }));
    // Admission wraps the render itself, so a page served from the cache never waits for a turn. A page the
    // cache keeps is read whole by the cache (which gzips it once); one sent straight away is gzipped inside its
    // slot, so the line counts the compression too (gzip-in-slot.ts).
    const render = admission
      ? (request: Request) => admission.run(request, async () => coalescedResponse(await renderNow(request)))
      : renderNow;
    const renderAndSend = admission
      ? (request: Request) =>
          admission.run(request, async () =>
            gzippedPage(coalescedResponse(await renderNow(request)), request),
          )
      : renderNow;
    const pageCache = services.config.PAGE_CACHE
      ? createPageCache({
          render,
          renderToSend: renderAndSend,
          ...pageCacheVersions(database.db),
          freshMs: services.config.PAGE_CACHE_FRESH_SECONDS * 1000,
          onError: (error) => services.logger.error({ err: error }, 'page cache refresh failed'),
          // Trouble before this render began is not in it: once the database is back, pages are kept again at
          // once, not 5 s after the last failure (a busy store rendered every page meanwhile; issue 42 #2).
          degraded: () => troubleDuringRequest() !== null,
        })
      : null;
    // Only a request for the store's own host may fill or read the shared cache: pages no longer take any URL
    // from the Host header, and a request naming another host cannot plant an entry others are served.
    const ownHost = storeHosts(services.origin, services.config.PORT);
    const foreignHost = foreignHostWarning(services.logger, services.config.PUBLIC_BASE_URL);
    // A storefront request with a genuine preview cookie reads drafts through the preview client, outside the
    // page cache; the back office is never previewed (decision 0010).
    const previewServices: Services | null = preview
      ? { ...services, content: { ...content, client: preview.client } }
      : null;
    app.all('*', (c) => {
      if (preview && previewServices && preview.applies(c.req.raw))
        return preview.render(c.req.raw, (request) => {
          const renderPreview = () =>
            handle(request, loadContext(previewServices, { clientIp: requestClientIp(request) }));
          return admission ? admission.run(request, renderPreview) : renderPreview();
        });
      const forwarded = fromTrustedProxy(c, services.config.TRUST_PROXY)
        ? c.req.header('x-forwarded-host')
        : undefined;
      const host = forwarded?.split(',')[0]?.trim() ?? c.req.header('host') ?? '';
      if (pageCache && ownHost(host)) return pageCache.handle(c.req.raw);
      if (pageCache) foreignHost(host);
      return renderAndSend(c.req.raw);
    });
  }

  app.onError((error, c) => {
    // Work cut short because the client went away is not a server error (the request logger says "aborted").
    if (!wasAborted(c.req.raw)) services.logger.error({ err: error, path: c.req.path }, 'unhandled error');
    return c.json({ status: 500, title: 'Internal Server Error' }, 500);
  });

  return app;
}

/** Admission control as configured; null when ADMISSION_CONCURRENCY is 0. */
function admissionFrom(services: Services): Admission | null {
  const { config } = services;
  if (config.ADMISSION_CONCURRENCY === 0) return null;
  const warn = sampledWarning(services.logger, 'admission control: busy, answered 503');
  return createAdmission({
    concurrency: config.ADMISSION_CONCURRENCY,
    maxQueue: config.ADMISSION_QUEUE,
    maxWaitMs: config.ADMISSION_MAX_WAIT_MS,
    checkoutQueue: config.ADMISSION_CHECKOUT_QUEUE,
    checkoutWaitMs: config.ADMISSION_CHECKOUT_WAIT_MS,
    crawlerQueue: config.ADMISSION_CRAWLER_QUEUE,
    crawlerWaitMs: config.ADMISSION_CRAWLER_WAIT_MS,
    onRefuse: (reason, path, lane) => warn(reason, { path, lane }),
  });
}

/**
 * Whether a Host header names this store: the configured origin's host, or (while PUBLIC_BASE_URL is unset and
 * the origin is the listening address) the loopback names of the same port.
 */
export function storeHosts(origin: string, port: number): (host: string) => boolean {
  const configured = new URL(origin).host.toLowerCase();
  const loopback = new Set(['localhost', '127.0.0.1', '[::1]'].map((name) => `${name}:${port}`));
  const local = loopback.has(configured);
  return (host) => {
    const name = host.toLowerCase();
    return name === configured || (local && loopback.has(name));
  };
}
