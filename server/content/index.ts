/**
 * The content part of the platform: the built-in content service (store + delivery protocol under /cms), the
 * storefront's content client, and `/api/interstack/references`. Reach it only through this module.
 */
import { Hono } from 'hono';
import { bumpDataVersion, readCacheWatcher } from '../cache/data-version.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { type ContentChangePoll, createContentChangePoll } from './change-poll.ts';
import { type ContentClient, type ContentLogger, createContentClient } from './content-client.ts';
import { createContentService } from './delivery/service.ts';
import {
  type CachePolicyValue,
  createDeliveryClient,
  type FetchLike,
  hostedContentBaseUrl,
} from './delivery-client.ts';
import { type DisplayTextVersion, versionedDisplayText } from './display-text-version.ts';
import { createInterstackRoutes } from './interstack-routes.ts';
import { type ContentPreview, createContentPreview, createDraftStore } from './preview/index.ts';
import { type ContentStore, createContentStore } from './store.ts';
import { createContentWebhookRoutes } from './webhook-routes.ts';

export { DISPLAY_TEXT_DEFAULTS, type DisplayText, type DisplayTextKey } from '#core/display-text-defaults.ts';
export * from './content-client.ts';
export { CONTENT_TYPES, contentTypeByUid } from './content-types.ts';
export { DeliveryError } from './delivery/errors.ts';
export { createContentService, type DeliveryOptions } from './delivery/service.ts';
export * from './delivery-client.ts';
export { createInterstackRoutes } from './interstack-routes.ts';
export type * from './management/contract.ts';
export { ContentManagementError, contentErrorCodeOf } from './management/errors.ts';
export { type ContentManagementOptions, createContentManagement } from './management/service.ts';
export { type ContentPreview, previewRoutes } from './preview/index.ts';
export { type ContentStore, createContentStore, type EntryInput, MASTER_LOCALE } from './store.ts';

/** Base path of the built-in content service. */
export const CONTENT_BASE_PATH = '/cms';
const IN_PROCESS_ORIGIN = 'http://ridgeline.internal';

export interface ContentServices {
  /** The storefront's content client (loaders call this). */
  client: ContentClient;
  /** The built-in content service's protocol app, to mount at CONTENT_BASE_PATH. */
  service: Hono;
  /** The `/interstack/references` router, to mount under /api. */
  interstack: Hono;
  /** `POST /webhooks/content`, a hosted service's change notifications, to mount under /api. */
  webhooks: Hono;
  /** A hosted service's sync API, asked every CONTENT_SYNC_INTERVAL_MS; null with the built-in service. */
  changes: ContentChangePoll | null;
  store: ContentStore;
  /** Preview of drafts on the storefront; only with the built-in service (a hosted one has its own). */
  preview: ContentPreview | null;
  /** A content locale's display text with its JSON and version, as pages name it and browsers fetch it. */
  displayText(locale: string): Promise<DisplayTextVersion>;
}

type ContentConfig = Pick<
  Config,
  | 'CONTENT_BASE_URL'
  | 'CONTENT_REGION'
  | 'CONTENT_API_KEY'
  | 'CONTENT_DELIVERY_TOKEN'
  | 'CONTENT_PREVIEW_TOKEN'
  | 'CONTENT_ENVIRONMENT'
  | 'CONTENT_BRANCH'
  | 'CONTENT_CACHE_POLICY'
  | 'CONTENT_CACHE_TTL_MS'
  | 'CONTENT_WEBHOOK_SECRET'
  | 'CONTENT_SYNC_INTERVAL_MS'
>;

/**
 * Builds the content part from the settings. With CONTENT_BASE_URL=/cms (the default) the client talks to the
 * built-in service in-process through the same protocol (no socket); 'hosted' uses the hosted service of
 * CONTENT_REGION; an http(s) URL names any delivery service.
 */
export function createContentServices(input: {
  config: ContentConfig;
  db: Database;
  logger?: ContentLogger;
}): ContentServices {
  const { config, db, logger } = input;
  const store = createContentStore(db);
  const service = createContentService({
    store,
    apiKey: config.CONTENT_API_KEY,
    deliveryToken: config.CONTENT_DELIVERY_TOKEN,
    environments: [config.CONTENT_ENVIRONMENT],
    branch: config.CONTENT_BRANCH || 'main',
    onError: (error) => logger?.error({ err: error }, 'content service error'),
    preview: { token: config.CONTENT_PREVIEW_TOKEN, store: createDraftStore(db, store) },
  });
  const builtIn = config.CONTENT_BASE_URL === CONTENT_BASE_PATH;
  const mounted = new Hono().route(CONTENT_BASE_PATH, service);
  const inProcess: FetchLike = (url, init) => Promise.resolve(mounted.fetch(new Request(url, init)));
  const baseUrl = builtIn
    ? `${IN_PROCESS_ORIGIN}${CONTENT_BASE_PATH}`
    : config.CONTENT_BASE_URL === 'hosted'
      ? hostedContentBaseUrl(config.CONTENT_REGION)
      : config.CONTENT_BASE_URL;
  // The references route reads through the client; the client reaches the route in-process.
  const api = new Hono();
  const client = createContentClient({
    baseUrl,
    apiKey: config.CONTENT_API_KEY,
    deliveryToken: config.CONTENT_DELIVERY_TOKEN,
    environment: config.CONTENT_ENVIRONMENT,
    ...(config.CONTENT_BRANCH ? { branch: config.CONTENT_BRANCH } : {}),
    ...(builtIn ? { fetch: inProcess } : {}),
    cachePolicy: config.CONTENT_CACHE_POLICY as CachePolicyValue,
    // The built-in service's entries live in this database, whose content version moves on every write: reading
    // it moves the tags of what was published (decision 0050), and a cached answer lasts until an entry it holds,
    // asked for or listed by type is published, or everything moves (an asset, a webhook or sync poll of a hosted
    // service, which name no entry). A hosted service's answers also keep the time-to-live: its changes move the
    // version only through the webhook or the sync poll.
    cacheVersion: async () => {
      await readCacheWatcher(db).current();
      return 'tags';
    },
    changes: readCacheWatcher(db).changes,
    cacheTtlMs: builtIn ? 0 : config.CONTENT_CACHE_TTL_MS,
    logger,
    onBackgroundError: (error) => logger?.warn({ err: error }, 'content cache refresh failed'),
    referencesUrl: `${IN_PROCESS_ORIGIN}/api/interstack/references`,
    referencesFetch: (url, init) => Promise.resolve(api.fetch(new Request(url, init))),
  });
  const interstack = createInterstackRoutes({ content: client, apiKey: config.CONTENT_API_KEY });
  api.route('/api', interstack);
  const preview = builtIn ? previewOf(config, inProcess, baseUrl, logger) : null;
  const displayText = async (locale: string) => versionedDisplayText(await client.displayText(locale));
  const webhooks = createContentWebhookRoutes({
    secret: config.CONTENT_WEBHOOK_SECRET,
    apiKey: config.CONTENT_API_KEY,
    environment: config.CONTENT_ENVIRONMENT,
    moveContent: () => bumpDataVersion(db, 'content'),
    ...(logger ? { logger } : {}),
  });
  // The built-in service's publications move the version through their triggers: only a hosted one is asked.
  const changes = builtIn
    ? null
    : createContentChangePoll({
        delivery: createDeliveryClient({
          baseUrl,
          apiKey: config.CONTENT_API_KEY,
          deliveryToken: config.CONTENT_DELIVERY_TOKEN,
          environment: config.CONTENT_ENVIRONMENT,
          ...(config.CONTENT_BRANCH ? { branch: config.CONTENT_BRANCH } : {}),
          // The sync API's form as the official SDK sends it.
          form: 'get',
          cachePolicy: -1,
        }),
        intervalMs: config.CONTENT_SYNC_INTERVAL_MS,
        moveContent: () => bumpDataVersion(db, 'content'),
        ...(logger ? { logger } : {}),
      });
  return { client, service, interstack, webhooks, changes, store, preview, displayText };
}

/**
 * The built-in service's preview: a content client sending the preview token, with no cache, whose references
 * route reads through it too (docs/decisions/0010-content-preview.md).
 */
function previewOf(
  config: ContentConfig,
  fetch: FetchLike,
  baseUrl: string,
  logger: ContentLogger | undefined,
): ContentPreview {
  const api = new Hono();
  const client = createContentClient({
    baseUrl,
    apiKey: config.CONTENT_API_KEY,
    deliveryToken: config.CONTENT_DELIVERY_TOKEN,
    previewToken: config.CONTENT_PREVIEW_TOKEN,
    environment: config.CONTENT_ENVIRONMENT,
    ...(config.CONTENT_BRANCH ? { branch: config.CONTENT_BRANCH } : {}),
    fetch,
    cachePolicy: -1,
    logger,
    referencesUrl: `${IN_PROCESS_ORIGIN}/api/interstack/references`,
    referencesFetch: (url, init) => Promise.resolve(api.fetch(new Request(url, init))),
  });
  api.route('/api', createInterstackRoutes({ content: client, apiKey: config.CONTENT_API_KEY }));
  return createContentPreview({ token: config.CONTENT_PREVIEW_TOKEN, client });
}
