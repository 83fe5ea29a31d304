import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { requestId } from 'hono/request-id';
import { secureHeaders } from 'hono/secure-headers';
import { createRequestHandler, RouterContextProvider, type ServerBuild } from 'react-router';
import { createDataVersionWatcher } from '../cache/data-version.ts';
import { createPageCache } from '../cache/page-cache.ts';
import { commerceFor } from '../commerce/index.ts';
import { schedulePurge } from '../commerce/sessions.ts';
import { CONTENT_BASE_PATH, contentFor } from '../content/index.ts';
import { databaseTrouble, recentDatabaseTrouble } from '../db/database.ts';
import { createGraphqlRoutes } from '../graphql/index.ts';
import { createMediaRoutes, MEDIA_MANIFEST, MEDIA_ORIGINALS_DIR } from '../media/index.ts';
import { searchFor } from '../search/index.ts';
import { type Services, servicesContext } from '../services.ts';
import { createApiRouter } from './api/index.ts';
import { apiOptionsFrom, blocklistOptionsFrom } from './api/options.ts';
import { buildManifestRoutes } from './build-manifest.ts';
import { catalogueSitemapSource } from './catalogue-sitemap.ts';
import { contentSitemapSource } from './content-sitemap.ts';
import type { RedirectRules } from './legacy-redirects.ts';
import { localeRouting } from './locale-routing.ts';
import { blocklist } from './middleware/blocklist.ts';
import { loadShed } from './middleware/load-shed.ts';
import { privatePages } from './middleware/private-pages.ts';
import { orderStatusLimit } from './middleware/rate-limit.ts';
import { requestLogger } from './request-logger.ts';
import { type SitemapSource, seoRoutes, staticPages } from './seo-routes.ts';

export interface HttpAppOptions {
  services: Services;
  /** The React Router server build; pages are served only when it is given. */
  build?: ServerBuild;
  /** Folder of the browser build (build/client). */
  clientDir?: string;
  /** Legacy redirect rules (seed/redirects/legacy.json); none when not given. */
  redirects?: RedirectRules;
  /** Public pages each part of the store adds to the sitemaps. */
  sitemapSources?: SitemapSource[];
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

export function createHttpApp({
  services,
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
  app.use(blocklist(blocklistOptionsFrom(services.config)));
  app.use(loadShed({ poolStats: services.database.poolStats }));
  app.use(compress());
  app.use(privatePages());

  app.get('/healthz', async (c) => {
    c.header('Cache-Control', 'no-store');
    try {
      await services.database.ping();
      return c.json({ status: 'ok', database: services.database.kind });
    } catch (error) {
      services.logger.error({ err: error }, 'health check: database unavailable');
      c.header('Retry-After', '5');
      return c.json({ status: 'unavailable', database: services.database.kind }, 503);
    }
  });

  app.route('/builds', buildManifestRoutes(services.build));
  app.route(
    '/media',
    createMediaRoutes({
      originalsDir: MEDIA_ORIGINALS_DIR,
      manifestPath: MEDIA_MANIFEST,
      cacheDir: services.config.MEDIA_CACHE_DIR ?? join(services.config.DATA_DIR, 'media-cache'),
      maxDimension: services.config.MEDIA_MAX_DIMENSION,
      logger: services.logger,
    }),
  );

  // Content: the built-in content service's delivery protocol, and /api/interstack (before the commerce /api).
  const content = contentFor(services);
  services.content = content;
  app.route(
    '/',
    seoRoutes({
      origin: (request) => services.config.PUBLIC_BASE_URL ?? new URL(request.url).origin,
      sources: [
        staticPages,
        contentSitemapSource(content.client),
        catalogueSitemapSource(services.db),
        ...(sitemapSources ?? []),
      ],
    }),
  );
  app.route(CONTENT_BASE_PATH, content.service);
  app.route('/api', content.interstack);
  app.route(
    '/graphql',
    createGraphqlRoutes({
      content: content.client,
      commerce: commerceFor(services),
      onError: (error) => services.logger.error({ err: error }, 'graphql resolver error'),
    }),
  );

  // Commerce: the /api contract of SPEC §7 (server/http/api).
  services.commerce = commerceFor(services);
  const { sessions, rateLimits } = services.commerce;
  sessions.configure({
    idleMinutes: services.config.SESSION_IDLE_MINUTES,
    absoluteHours: services.config.SESSION_ABSOLUTE_HOURS,
    trustProxy: services.config.TRUST_PROXY,
  });
  schedulePurge([sessions.purgeExpired, rateLimits.purgeExpired], (error) =>
    services.logger.error({ err: error }, 'purging expired sessions and rate limits failed'),
  );
  app.use(
    '/api/order-status/*',
    orderStatusLimit(services.commerce, {
      windowSeconds: services.config.RATE_LIMIT_WINDOW_SECONDS,
      perIp: services.config.ORDER_STATUS_LIMIT_PER_IP,
      perEmail: services.config.ORDER_STATUS_LIMIT_PER_EMAIL,
      trustProxy: services.config.TRUST_PROXY,
    }),
  );
  app.route('/api', createApiRouter(apiOptionsFrom(services)));
  app.all('/api/*', (c) =>
    c.json({ status: 404, title: 'Not Found', detail: `No API endpoint ${c.req.method} ${c.req.path}` }, 404),
  );

  // Search: the built-in hosted-search protocol service (SPEC §7) and the index kept in sync with the data.
  const search = searchFor(services, { content: content.client, commerce: services.commerce });
  services.search = search;
  app.route(search.basePath, search.service);
  search.start();

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
    const handle = createRequestHandler(build, services.config.NODE_ENV);
    const render = (request: Request) => {
      const context = new RouterContextProvider();
      context.set(servicesContext, services);
      return handle(request, context);
    };
    const pageCache = services.config.PAGE_CACHE
      ? createPageCache({
          render,
          dataVersion: createDataVersionWatcher(services.db).current,
          freshMs: services.config.PAGE_CACHE_FRESH_SECONDS * 1000,
          onError: (error) => services.logger.error({ err: error }, 'page cache refresh failed'),
          degraded: () => databaseTrouble() !== null || recentDatabaseTrouble(5000) !== null,
        })
      : null;
    app.all('*', (c) => (pageCache ? pageCache.handle(c.req.raw) : render(c.req.raw)));
  }

  app.onError((error, c) => {
    services.logger.error({ err: error, path: c.req.path }, 'unhandled error');
    return c.json({ status: 500, title: 'Internal Server Error' }, 500);
  });

  return app;
}
