import { Hono } from 'hono';
import { z } from 'zod';
import { clientIp } from '../middleware/client-ip.ts';
import type { ApiEnv } from '../middleware/session.ts';
import {
  type ApiContext,
  ApiError,
  type ApiOptions,
  customerIdOf,
  list,
  ownCustomerId,
  parse,
  pathId,
} from './support.ts';

/** Orders and shipments of the signed-in customer; order status by id and email for anyone (SPEC §7). */
export function orderRoutes({ commerce, trustProxy }: ApiOptions) {
  const app = new Hono<ApiEnv>();

  async function ownOrderId(c: ApiContext, name: string): Promise<number> {
    const id = pathId(c, name);
    const customerId = customerIdOf(c);
    const order = await commerce.orders.find(id);
    if (!order || order.customerId !== customerId) throw new ApiError(404, 'Not Found', `No order ${id}`);
    return id;
  }

  app.get('/orders/:customerId', async (c) => {
    const customerId = ownCustomerId(c, 'customerId');
    return c.json(list(await commerce.orders.listForCustomer(customerId)));
  });

  app.get('/orders/:id/shipments', async (c) => {
    const id = await ownOrderId(c, 'id');
    return c.json(list(await commerce.orders.shipments(id)));
  });

  app.get('/order/:id', async (c) => {
    const id = await ownOrderId(c, 'id');
    return c.json({ data: await commerce.orders.get(id), meta: {} });
  });

  app.get('/order-status/:id', async (c) => {
    const id = pathId(c, 'id');
    const email = parse(
      z.email({ error: 'must be the email address of the order' }),
      c.req.query('email'),
      'query email',
    );
    const caller = { ip: clientIp(c, trustProxy) };
    return c.json({ data: await commerce.orders.lookUpStatus(caller, id, email), meta: {} });
  });

  return app;
}
