import { Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { type ApiEnv, loadSession, requireCsrf } from '../middleware/session.ts';
import { cartRoutes } from './carts.ts';
import { catalogueRoutes } from './catalogue.ts';
import { customerRoutes } from './customers.ts';
import { orderRoutes } from './orders.ts';
import { referenceRoutes, sessionRoutes } from './reference.ts';
import { shippingRoutes, shippingSettingsRoute } from './shipping.ts';
import { type ApiOptions, errorResponse } from './support.ts';

export type { ApiOptions } from './support.ts';

/**
 * The commerce calls, which need a region header. The session hand-out, geolocation and
 * /pro/shipping_method_settings (its query names the region) do not.
 */
const REGION_PATHS = [
  'products',
  'variants',
  'categories',
  'category_tree',
  'category',
  'cart',
  'currencies',
  'shippingmethods',
  'shippingzones',
  'countries',
  'customers',
  'orders',
  'order',
  'order-status',
  'store',
  'customer_groups',
  'out-of-stock',
  'pro/order_total',
];

/**
 * The /api router (SPEC §7): mount it with `app.route('/api', createApiRouter(options))`. Order of checks:
 * body size → session → csrf on mutations → region header → route (validate → service → JSON).
 */
export function createApiRouter(options: ApiOptions): Hono<ApiEnv> {
  const { commerce, logger } = options;
  const api = new Hono<ApiEnv>();

  api.use(async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });
  api.use(
    bodyLimit({
      maxSize: 100 * 1024,
      onError: (c) =>
        c.json(
          { status: 413, title: 'Payload Too Large', detail: 'Request bodies are limited to 100 KB' },
          413,
        ),
    }),
  );
  api.use(loadSession(options.sessions));
  api.use(requireCsrf());
  const requireRegion: MiddlewareHandler<ApiEnv> = async (c, next) => {
    const region = c.req.header('region');
    const known = commerce.regionIds.join(', ');
    if (!region)
      return c.json(
        { status: 400, title: 'Bad Request', detail: `Missing region header (one of ${known})` },
        400,
      );
    if (!commerce.isRegion(region))
      return c.json(
        {
          status: 400,
          title: 'Bad Request',
          detail: `Unknown region '${region.slice(0, 40)}' (one of ${known})`,
        },
        400,
      );
    c.set('region', region);
    return next();
  };
  // Only the commerce calls need the header, so an unknown /api path stays a plain 404.
  for (const prefix of REGION_PATHS) {
    api.use(`/${prefix}`, requireRegion);
    api.use(`/${prefix}/*`, requireRegion);
  }

  api.route('/', sessionRoutes(options));
  api.route('/', shippingSettingsRoute(options));
  api.route('/', catalogueRoutes(options));
  api.route('/', cartRoutes(options));
  api.route('/', customerRoutes(options));
  api.route('/', orderRoutes(options));
  api.route('/', shippingRoutes(options));
  api.route('/', referenceRoutes(options));

  api.notFound((c) =>
    c.json({ status: 404, title: 'Not Found', detail: `No API endpoint ${c.req.method} ${c.req.path}` }, 404),
  );
  api.onError((error, c) => errorResponse(c, error, logger));
  return api;
}
