/**
 * The built-in content service's Content Management API (issue 21), next to the delivery protocol under
 * `/cms/v3`: the same paths as the hosted service's, answered by the content management service (contract.ts),
 * which the back office's editor pages call too. Requests are told apart by their credentials
 * (`isManagementRequest`); every other request passes on to the delivery routes untouched.
 */
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ContentManagement } from '../contract.ts';
import {
  isManagementRequest,
  type ManagementAccessOptions,
  type ManagementEnv,
  managementAccess,
} from './access.ts';
import { assetRoutes } from './assets.ts';
import { entryRoutes } from './entries.ts';
import { ManagementError, refusalError, refusalOf } from './errors.ts';

export interface ManagementProtocolOptions extends ManagementAccessOptions {
  management: ContentManagement;
  /** Told about unexpected failures (a database error), which are answered with a 500 error body. */
  onError?: (error: unknown) => void;
}

/** A delivery request's body is a query: the service keeps it as small as before management shared its paths. */
export const DELIVERY_BODY_LIMIT = 64 * 1024;

type Handler = (c: Context<ManagementEnv>) => Response | Promise<Response>;

/** A route of the management protocol only: any other request goes on to the delivery routes. */
const managementOnly =
  (handler: Handler): MiddlewareHandler<ManagementEnv> =>
  async (c, next) => {
    if (isManagementRequest(c)) return handler(c);
    await next();
  };

/** The /v3 management routes; mount them before the delivery routes of the same path. */
export function createManagementRoutes(options: ManagementProtocolOptions): Hono<ManagementEnv> {
  const api = new Hono<ManagementEnv>();
  const access = managementAccess(options);
  const deliveryLimit = bodyLimit({
    maxSize: DELIVERY_BODY_LIMIT,
    onError: (c) => {
      c.header('Connection', 'close');
      return c.json(
        {
          error_message: `Delivery requests are limited to ${DELIVERY_BODY_LIMIT} bytes.`,
          error_code: 413,
          errors: {},
        },
        413,
      );
    },
  });
  const gate: MiddlewareHandler<ManagementEnv> = async (c, next) => {
    if (!isManagementRequest(c)) return c.req.method === 'POST' ? deliveryLimit(c, next) : next();
    c.header('Cache-Control', 'no-store');
    return access(c, next);
  };
  api.use('*', gate);

  const entries = entryRoutes(options.management);
  const assets = assetRoutes(options.management);
  const get = (path: string, handler: Handler) => api.get(path, managementOnly(handler));
  const post = (path: string, handler: Handler) => api.post(path, managementOnly(handler));

  get('/content_types', entries.contentTypes);
  get('/content_types/', entries.contentTypes);
  get('/content_types/:contentType', entries.oneContentType);
  get('/content_types/:contentType/entries', entries.listEntries);
  get('/content_types/:contentType/entries/', entries.listEntries);
  post('/content_types/:contentType/entries', entries.createEntry);
  post('/content_types/:contentType/entries/', entries.createEntry);
  get('/content_types/:contentType/entries/:uid', entries.oneEntry);
  api.put('/content_types/:contentType/entries/:uid', managementOnly(entries.updateEntry));
  api.delete('/content_types/:contentType/entries/:uid', managementOnly(entries.deleteEntry));
  post('/content_types/:contentType/entries/:uid/publish', entries.publish);
  post('/content_types/:contentType/entries/:uid/unpublish', entries.unpublish);
  post('/content_types/:contentType/entries/:uid/unlocalize', entries.unlocalize);
  get('/content_types/:contentType/entries/:uid/versions', entries.versions);
  get('/content_types/:contentType/entries/:uid/locales', entries.locales);

  get('/assets', assets.listAssets);
  get('/assets/', assets.listAssets);
  post('/assets', assets.uploadAsset);
  post('/assets/', assets.uploadAsset);
  get('/assets/:uid', assets.oneAsset);
  api.delete('/assets/:uid', managementOnly(assets.deleteAsset));
  post('/assets/:uid/publish', assets.publishAsset);
  post('/assets/:uid/unpublish', assets.unpublishAsset);

  // Content types are the store's code (server/content/content-types.ts): read here, changed by a release.
  const readOnlyTypes: Handler = () => {
    throw new ManagementError(405, {
      error_message: 'Content types are defined by the store and can only be read here.',
      error_code: 115,
      errors: { content_type: ['cannot be changed.'] },
    });
  };
  for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'])
    for (const path of ['/content_types', '/content_types/:contentType'])
      api.on(method, path, managementOnly(readOnlyTypes));
  // A management request for a path the protocol does not have: its own 404, not the delivery's token check.
  api.all(
    '*',
    managementOnly((c) => {
      throw new ManagementError(404, {
        error_message: `No management endpoint ${c.req.method} ${c.req.path}.`,
        error_code: 404,
        errors: {},
      });
    }),
  );

  api.onError((error, c) => {
    if (error instanceof ManagementError) return c.json(error.body, error.status);
    const refusal = refusalOf(error);
    if (refusal) {
      const mapped = refusalError(refusal);
      return c.json(mapped.body, mapped.status);
    }
    options.onError?.(error);
    return c.json(
      { error_message: 'The content service could not answer.', error_code: 500, errors: {} },
      500,
    );
  });
  return api;
}
