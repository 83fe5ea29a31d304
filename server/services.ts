import { join } from 'node:path';
import type { Hono } from 'hono';
import type { Logger } from 'pino';
import type { ErrorCode } from '#core/error-codes.ts';
import { type Backoffice, createBackoffice } from './backoffice/index.ts';
import { type Bookings, createBookings } from './bookings/index.ts';
import { type BotProtection, createBotProtection } from './bot-protection/bot-protection.ts';
import { createVersionedCache, readCacheWatcher, scopeVersion } from './cache/data-version.ts';
import { type CatalogueImages, createCatalogueImages } from './commerce/catalogue-images.ts';
import {
  ANNOUNCEMENT_RETRY_AFTER_SECONDS,
  type CommerceServices,
  createCommerce,
  errorCodeOf,
} from './commerce/index.ts';
import { createRateLimits } from './commerce/rate-limits.ts';
import type { Config } from './config.ts';
import {
  CONTENT_BASE_PATH,
  type ContentManagement,
  type ContentServices,
  contentErrorCodeOf,
  createContentManagement,
  createContentServices,
} from './content/index.ts';
import { createContentEntryRules } from './content/management/entry-rules.ts';
import { productEntryWriter } from './content/product-entry.ts';
import type { Database } from './db/database.ts';
import { trustsAnyProxy } from './http/proxy-trust.ts';
import { subscribeBackInStockMail } from './mail/back-in-stock.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { productNamesFor } from './mail/product-names.ts';
import { createReviewInvitations, type ReviewInvitations } from './mail/review-invitations.ts';
import { subscribeMail } from './mail/subscribers.ts';
import { createMediaRoutes, MEDIA_MANIFEST, MEDIA_ORIGINALS_DIR } from './media/index.ts';
import { createMediaUploads } from './media/upload.ts';
import { createNewsletter, type Newsletter } from './newsletter/subscribe.ts';
import { createOfflinePayment, type PaymentProvider } from './payment/payment.ts';
import { createSearchServices, type SearchServices } from './search/index.ts';
import { createSessionCart, type SessionCart } from './sessions/session-cart.ts';
import { createSessions, type Sessions, schedulePurge } from './sessions/sessions.ts';
import { createWishlistAlerts, type WishlistAlerts } from './wishlist/alerts.ts';
import { createWishlists, type Wishlists } from './wishlist/index.ts';

/**
 * What loaders, actions and the HTTP routers get: every service, built once at start from the settings
 * (`createServices`), never the database handle. The storefront reaches it through React Router's typed context
 * (app/lib/router/load-context.ts) and imports nothing from server/ but types.
 */
export interface Services {
  config: Config;
  logger: Logger;
  build: BuildInfo;
  /**
   * The store's one origin for absolute URLs (canonical, hreflang, sitemaps, share links, mail): PUBLIC_BASE_URL,
   * else the listening address. Never a request's Host header.
   */
  origin: string;
  /** The storefront's commerce port and, beside it, the back office's and the engine's own parts. */
  commerce: CommerceServices;
  /** Shoppers' sessions and their cookies (server/sessions/sessions.ts). */
  sessions: Sessions;
  /** The cart a session holds: the §4 rule, adding to it or starting one (server/sessions/session-cart.ts). */
  sessionCart: SessionCart;
  /** Content client for loaders, the built-in /cms service and /api/interstack. */
  content: ContentServices;
  /** Built-in /search service, its index sync and the storefront's connector. */
  search: SearchServices;
  mailer: Mailer;
  /** Issue 45: the mail inviting a buyer to review, REVIEW_INVITE_DAYS after delivery (a timed job). */
  reviewInvitations: ReviewInvitations;
  /** Issue 45: an account's wishlist, its merge at sign-in and its read-only link (decision 0048). */
  wishlists: Wishlists;
  /** Issue 45: a listed product's price drop or return to stock, mailed to who opted in (decision 0054). */
  wishlistAlerts: WishlistAlerts;
  newsletter: Newsletter;
  bookings: Bookings;
  /** Staff accounts, staff sessions and the audit log (the back office at /admin). */
  backoffice: Backoffice;
  botProtection: BotProtection;
  /** The media service's routes (/media). */
  media: Hono;
  /** Back office (issue 20): a product's uploaded images, their order and the image each colour shows. */
  productImages: CatalogueImages;
  /** Back office III (issue 21): content working copies, versions, publishing and the asset library. */
  contentManagement: ContentManagement;
  /** Anonymous catalogue reads, kept until the catalogue's data version moves (every process sees a change). */
  catalogueCache: { get<T>(key: string, read: () => Promise<T>): Promise<T> };
  /** The stable code of an engine refusal (core/error-codes.ts), or null for a fault that must reach the 500. */
  errorCode(error: unknown): ErrorCode | null;
}

export interface BuildInfo {
  id: string;
  timestamp: number;
}

/** The origin used when PUBLIC_BASE_URL is unset: the address the server listens on. */
export function listeningOrigin(config: Pick<Config, 'HOST' | 'PORT'>): string {
  const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
  return `http://${host.includes(':') ? `[${host}]` : host}:${config.PORT}`;
}

export function createServices(input: {
  config: Config;
  logger: Logger;
  db: Database;
  build: BuildInfo;
  /** The payment provider; unset, the offline methods (the store's only provider today). */
  payment?: PaymentProvider;
}): Services {
  const { config, logger, db } = input;
  // Built once here and handed to commerce, which asks it after each order commits (decision 0055).
  const payment = input.payment ?? createOfflinePayment();
  const origin = config.PUBLIC_BASE_URL ?? listeningOrigin(config);
  const sessions = createSessions(
    db,
    {
      idleMinutes: config.SESSION_IDLE_MINUTES,
      absoluteHours: config.SESSION_ABSOLUTE_HOURS,
      trustProxy: trustsAnyProxy(config.TRUST_PROXY),
      createPerIp: config.SESSION_CREATE_LIMIT_PER_IP,
      createWindowSeconds: config.RATE_LIMIT_WINDOW_SECONDS,
    },
    createRateLimits(db, config.THROTTLE_KEY),
  );
  const commerce = createCommerce(db, {
    logger,
    payment,
    sessions,
    throttleKey: config.THROTTLE_KEY,
    accountLimits: {
      windowSeconds: config.RATE_LIMIT_WINDOW_SECONDS,
      loginPerIp: config.LOGIN_LIMIT_PER_IP,
      loginPerEmail: config.LOGIN_LIMIT_PER_EMAIL,
      signupPerIp: config.SIGNUP_LIMIT_PER_IP,
      signupPerEmail: config.SIGNUP_LIMIT_PER_EMAIL,
    },
    orderStatusLimits: {
      windowSeconds: config.RATE_LIMIT_WINDOW_SECONDS,
      perIp: config.ORDER_STATUS_LIMIT_PER_IP,
      perEmail: config.ORDER_STATUS_LIMIT_PER_EMAIL,
    },
    blockedUrlSubstrings: config.BLOCKED_URL_SUBSTRINGS,
    reviewVotes: {
      perClient: config.REVIEW_VOTE_LIMIT_PER_IP,
      windowSeconds: config.RATE_LIMIT_WINDOW_SECONDS,
    },
    storeTimeZone: config.STORE_TIME_ZONE,
    // A product created in the back office gets its entry in the built-in content service (a hosted one is edited there).
    ...(config.CONTENT_BASE_URL === CONTENT_BASE_PATH
      ? { productContent: productEntryWriter([config.CONTENT_ENVIRONMENT]) }
      : {}),
  });
  const content = createContentServices({ config, db, logger });
  const search = createSearchServices({ config, db, content: content.client, commerce, logger });
  const mailer = createMailer({
    from: config.MAIL_FROM,
    smtpUrl: config.SMTP_URL,
    outboxDir: join(config.DATA_DIR, 'outbox'),
    logger,
  });
  subscribeMail({
    commerce,
    mailer,
    origin,
    textFor: (locale) => content.client.displayText(locale),
    productNames: productNamesFor(db, content.client),
  });
  const wishlistAlerts = createWishlistAlerts(db, {
    mailer,
    origin,
    pricing: (regionId, customerId) => commerce.groups.pricing(regionId, customerId),
    intervalMs: config.WISHLIST_ALERT_INTERVAL_HOURS * 3_600_000,
    textFor: (locale) => content.client.displayText(locale),
    productNames: productNamesFor(db, content.client),
    logger,
  });
  const reviewInvitations = createReviewInvitations(db, {
    mailer,
    origin,
    afterDays: config.REVIEW_INVITE_DAYS,
    textFor: (locale) => content.client.displayText(locale),
    productNames: productNamesFor(db, content.client),
    logger,
  });
  subscribeBackInStockMail(db, commerce.events, {
    mailer,
    origin,
    textFor: (locale) => content.client.displayText(locale),
    logger,
  });
  const mediaUploads = createMediaUploads({
    dir: config.MEDIA_UPLOADS_DIR ?? join(config.DATA_DIR, 'media-uploads'),
    originalsDir: MEDIA_ORIGINALS_DIR,
  });
  const watcher = readCacheWatcher(db);
  const catalogueCache = createVersionedCache<unknown>({
    version: async () => scopeVersion(await watcher.current(), ['catalogue']),
    // Listings and product sets named their products (dependsOn): a sale drops only the sets that show it.
    changes: watcher.changes,
    maxEntries: 500,
  });
  return {
    config,
    logger,
    build: input.build,
    origin,
    commerce,
    sessions,
    sessionCart: createSessionCart({ carts: commerce.carts, sessions, logger }),
    content,
    search,
    mailer,
    reviewInvitations,
    wishlistAlerts,
    wishlists: createWishlists(db),
    newsletter: createNewsletter(db),
    bookings: createBookings(db),
    backoffice: createBackoffice(db, {
      rateLimits: commerce.rateLimits,
      sessions: {
        idleMinutes: config.STAFF_SESSION_IDLE_MINUTES,
        absoluteHours: config.STAFF_SESSION_ABSOLUTE_HOURS,
      },
      limits: {
        windowSeconds: config.RATE_LIMIT_WINDOW_SECONDS,
        loginPerIp: config.LOGIN_LIMIT_PER_IP,
        loginPerEmail: config.LOGIN_LIMIT_PER_EMAIL,
      },
      invitations: { key: config.STAFF_INVITE_KEY, mailer, origin },
    }),
    botProtection: createBotProtection(config),
    media: createMediaRoutes({
      originalsDir: MEDIA_ORIGINALS_DIR,
      manifestPath: MEDIA_MANIFEST,
      uploadsDir: mediaUploads.dir,
      cacheDir: config.MEDIA_CACHE_DIR ?? join(config.DATA_DIR, 'media-cache'),
      maxDimension: config.MEDIA_MAX_DIMENSION,
      logger,
    }),
    productImages: createCatalogueImages(db, mediaUploads, logger),
    contentManagement: createContentManagement({
      db,
      config,
      logger,
      uploads: mediaUploads,
      rules: createContentEntryRules(db),
    }),
    catalogueCache: {
      get: <T>(key: string, read: () => Promise<T>) => catalogueCache.get(key, read) as Promise<T>,
    },
    errorCode: (error) => errorCodeOf(error) ?? contentErrorCodeOf(error),
  };
}

/**
 * Orders whose payment was not asked of the provider or whose confirmation was not sent (the process died after the
 * commit, the provider or the mail server failed): taken up at start and every minute after
 * (server/commerce/order-payment.ts, order-announcements.ts).
 */
function retryOrderAnnouncements(services: Services): () => void {
  const retry = () =>
    // Payments first: an authorisation recorded now writes its confirmation, which the next retry mails.
    services.commerce.orderPayments
      .retryPending()
      .catch((error: unknown) => services.logger.error({ err: error }, 'retrying pending payments failed'))
      .then(() => services.commerce.orderAnnouncements.retryPending())
      .catch((error: unknown) =>
        services.logger.error({ err: error }, 'retrying pending order confirmations failed'),
      );
  void retry();
  const timer = setInterval(retry, ANNOUNCEMENT_RETRY_AFTER_SECONDS * 1000);
  timer.unref();
  return () => clearInterval(timer);
}

/** How to stop the timers startBackgroundWork set, per services object. */
const backgroundStops = new WeakMap<Services, Array<() => void>>();

/**
 * Starts the background work of the services: the search index sync, the scheduled sales' watcher and the purge
 * of expired rows.
 */
export function startBackgroundWork(services: Services): void {
  services.search.start();
  // A hosted content service's changes, asked of its sync API (the webhook's backstop).
  services.content.changes?.start();
  services.reviewInvitations.start();
  services.wishlistAlerts.start();
  services.commerce.saleSchedule.start();
  const stopRetries = retryOrderAnnouncements(services);
  const { rateLimits } = services.commerce;
  const stopPurge = schedulePurge(
    [
      services.sessions.purgeExpired,
      rateLimits.purgeExpired,
      services.commerce.purgeAbandonedCarts,
      services.backoffice.sessions.purgeExpired,
    ],
    (error) =>
      services.logger.error(
        { err: error },
        'purging expired sessions, rate limits and abandoned carts failed',
      ),
  );
  backgroundStops.set(services, [stopRetries, stopPurge]);
}

/**
 * Stops what startBackgroundWork started, before the database closes: a timer left set would run a statement
 * against a closed database ("PGlite is closed") in a process that goes on (a test's in-process server).
 */
export function stopBackgroundWork(services: Services): void {
  services.search.stop();
  services.content.changes?.stop();
  services.reviewInvitations.stop();
  services.wishlistAlerts.stop();
  services.commerce.saleSchedule.stop();
  for (const stop of backgroundStops.get(services) ?? []) stop();
  backgroundStops.delete(services);
}
