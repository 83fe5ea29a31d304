import { Hono } from 'hono';
import { z } from 'zod';
import type { ApiEnv } from '../middleware/session.ts';
import { ApiError, type ApiOptions, customerIdOf, list, parse, pathId } from './support.ts';

/** Shipping zones and methods, customer groups and the pro endpoints (SPEC §7, §6). */
export function shippingRoutes({ commerce }: ApiOptions) {
  const app = new Hono<ApiEnv>();

  app.get('/shippingzones', async (c) => c.json(list(await commerce.shipping.zones(c.get('region')))));
  app.get('/shippingzones/:id', async (c) =>
    c.json({ data: await commerce.shipping.zone(c.get('region'), pathId(c, 'id')), meta: {} }),
  );
  /** The methods of a shipping zone (getShippingMethods(zoneId)). */
  app.get('/shippingmethods/:id', async (c) =>
    c.json(list(await commerce.shipping.methods(c.get('region'), pathId(c, 'id')))),
  );

  app.get('/customer_groups', async (c) => {
    const guests = c.req.query('is_group_for_guests');
    if (guests !== undefined && guests !== 'true' && guests !== 'false')
      throw new ApiError(400, 'Bad Request', "Invalid query is_group_for_guests: must be 'true' or 'false'");
    const groups = await commerce.groups.list({ regionId: c.get('region'), guestsOnly: guests === 'true' });
    return c.json(list(guests === 'false' ? groups.filter((group) => !group.is_group_for_guests) : groups));
  });
  app.get('/customer_groups/:id', async (c) =>
    c.json({ data: await commerce.groups.get(pathId(c, 'id')), meta: {} }),
  );

  app.get('/pro/order_total', async (c) => {
    const wanted = parse(
      z
        .string()
        .regex(/^[1-9]\d{0,8}$/, { error: 'must be a positive whole number' })
        .transform(Number),
      c.req.query('customer_id'),
      'query customer_id',
    );
    const brand = c.req.query('brand_id');
    if (brand !== undefined) parse(z.string().max(100), brand, 'query brand_id');
    if (wanted !== customerIdOf(c)) throw new ApiError(404, 'Not Found', `No customer ${wanted}`);
    const status = await commerce.groups.proStatus(wanted);
    if (!status) throw new ApiError(403, 'Forbidden', 'Only pro customers have a pro order total');
    return c.json(status);
  });

  return app;
}

/** §7 /api/pro/shipping_method_settings?bcRegion=…: needs no region header (the query names the region). */
export function shippingSettingsRoute({ commerce }: ApiOptions) {
  const app = new Hono<ApiEnv>();
  app.get('/pro/shipping_method_settings', async (c) => {
    const region = c.req.query('bcRegion') ?? '';
    if (!commerce.isRegion(region))
      throw new ApiError(
        400,
        'Bad Request',
        `Invalid query bcRegion: must be one of ${commerce.regionIds.join(', ')}`,
      );
    return c.json(await commerce.shipping.settings(region));
  });
  return app;
}
