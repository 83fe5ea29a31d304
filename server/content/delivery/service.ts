/**
 * The built-in content service's delivery protocol (SPEC §7, §8): versioned paths for content types, entries,
 * assets and sync, in the plain GET form (query string) and the POST form (a JSON body carrying the method
 * marker, the environment and the query). Errors have the shape `{ error_message, error_code, errors }`.
 */
import { type Context, Hono } from 'hono';
import type { ContentStore } from '../store.ts';
import { checkAccess } from './access.ts';
import { assetRoutes } from './assets.ts';
import { entryRoutes } from './entries.ts';
import { DeliveryError } from './errors.ts';
import { checkPreviewToken, isPreview } from './preview-token.ts';
import { syncRoute } from './sync.ts';

export const DELIVERY_VERSION = 'v3';

export interface DeliveryOptions {
  store: ContentStore;
  apiKey: string;
  deliveryToken: string;
  /** Environments the service delivers (any other is refused). */
  environments: readonly string[];
  /** The branch served; a request naming another branch is refused. */
  branch?: string;
  /** Told about unexpected failures (a database error), which are answered with a 500 error body. */
  onError?: (error: unknown) => void;
  /** Requests carrying this preview token read `store` (the drafts) instead (./preview-token.ts). */
  preview?: { token: string; store: ContentStore };
}

/** The /v3 delivery routes, to be mounted under the service's base path (default /cms). */
export function createDeliveryRoutes(options: DeliveryOptions): Hono {
  const { store } = options;
  const api = new Hono();

  api.use('*', checkAccess(options));
  api.use('*', checkPreviewToken(options.preview?.token));
  api.use('*', async (c, next) => {
    c.header('Cache-Control', 'no-store');
    await next();
  });

  const handlers = (from: ContentStore) => ({
    ...entryRoutes(from, options.environments),
    ...assetRoutes(from, options.environments),
    sync: syncRoute(from, options.environments),
  });
  const live = handlers(store);
  const drafts = options.preview ? handlers(options.preview.store) : live;
  type Name = keyof typeof live;
  const pick = (name: Name) => (c: Context) => (isPreview(c) ? drafts : live)[name](c);
  const { contentTypes, oneContentType, listEntries, oneEntry, listAssets, oneAsset, sync } = {
    contentTypes: pick('contentTypes'),
    oneContentType: pick('oneContentType'),
    listEntries: pick('listEntries'),
    oneEntry: pick('oneEntry'),
    listAssets: pick('listAssets'),
    oneAsset: pick('oneAsset'),
    sync: pick('sync'),
  };

  for (const method of ['GET', 'POST'] as const) {
    const on = (path: string, handler: (c: Context) => Promise<Response>) => api.on(method, path, handler);
    on('/content_types', contentTypes);
    on('/content_types/', contentTypes);
    on('/content_types/:contentType', oneContentType);
    on('/content_types/:contentType/entries', listEntries);
    on('/content_types/:contentType/entries/', listEntries);
    on('/content_types/:contentType/entries/:uid', oneEntry);
    on('/assets', listAssets);
    on('/assets/', listAssets);
    on('/assets/:uid', oneAsset);
    on('/stacks/sync', sync);
  }

  api.notFound((c) =>
    c.json(
      { error_message: `No delivery endpoint ${c.req.method} ${c.req.path}.`, error_code: 404, errors: {} },
      404,
    ),
  );
  api.onError((error, c) => {
    if (error instanceof DeliveryError) return c.json(error.body, error.status);
    options.onError?.(error);
    return c.json(
      { error_message: 'The content service could not answer.', error_code: 500, errors: {} },
      500,
    );
  });
  return api;
}

/**
 * The whole service under its base path: `/v3/...` is the protocol; the same routes answer without the version
 * segment too, for clients whose endpoint setting already names the base URL.
 */
export function createContentService(options: DeliveryOptions): Hono {
  const service = new Hono();
  const routes = createDeliveryRoutes(options);
  service.route(`/${DELIVERY_VERSION}`, routes);
  service.route('/', routes);
  service.notFound((c) =>
    c.json(
      { error_message: `No delivery endpoint ${c.req.method} ${c.req.path}.`, error_code: 404, errors: {} },
      404,
    ),
  );
  return service;
}
