import { Hono } from 'hono';
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

/** Paths that need no region header: the session hand-out, geolocation and the settings that name a region. */
const NO_REGION = new Set(['/session', '/geolocation', '/pro/shipping_method_settings']);

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
  api.use(loadSession(commerce));
  api.use(requireCsrf());
  api.use(async (c, next) => {
    const path = c.req.path.replace(/^\/api/, '');
    if (NO_REGION.has(path)) return next();
    const region = c.req.header('region');
    if (!region)
      return c.json(
        {
          status: 400,
          title: 'Bad Request',
          detail: `Missing region header (one of ${commerce.regionIds.join(', ')})`,
        },
        400,
      );
    if (!commerce.isRegion(region))
      return c.json(
        {
          status: 400,
          title: 'Bad Request',
          detail: `Unknown region '${region.slice(0, 40)}' (one of ${commerce.regionIds.join(', ')})`,
        },
        400,
      );
    c.set('region', region);
    return next();
  });

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
