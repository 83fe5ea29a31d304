import { Hono } from 'hono';
import { z } from 'zod';
import { jsonLineItem as lineItem, jsonId as positiveId, jsonQuantity as quantity } from '#core/line-item.ts';
import { clientIp } from '../middleware/client-ip.ts';
import type { ApiEnv } from '../middleware/session.ts';
import { ApiError, type ApiOptions, body, ownCart, pathUuid } from './support.ts';

/** Carts (SPEC §7 cart calls, §4 cart states). Amounts always come from the server. */

const lineItems = z.array(lineItem).min(1, { error: 'needs at least one line item' }).max(50);

const createBody = z.object({ line_items: lineItems });
const addBody = z.object({ line_items: lineItems });
const updateItemBody = z
  .object({
    line_item: z.object({ product_id: positiveId, variant_id: positiveId.optional(), quantity }).optional(),
    productID: positiveId.optional(),
    variantID: positiveId.optional(),
    quantity: quantity.optional(),
  })
  .refine((value) => value.line_item || (value.productID !== undefined && value.quantity !== undefined), {
    error: 'give line_item { product_id, quantity } or productID and quantity',
  });
const assignBody = z.object({ customerID: positiveId });
/** BigCommerce's coupon call (POST /checkouts/{id}/coupons): `{ "coupon_code": "WINTER10" }`. */
const couponBody = z.object({
  coupon_code: z
    .string()
    .trim()
    .min(1, { error: 'give coupon_code' })
    .max(64, { error: 'at most 64 characters' }),
});
const couponPath = z.string().min(1).max(64);

export function cartRoutes({ commerce, sessionCart, trustProxy }: ApiOptions) {
  const app = new Hono<ApiEnv>();

  app.post('/cart/create', async (c) => {
    const input = await body(c, createBody);
    const { cart } = await sessionCart.add(c.get('session')!, c.get('region'), input.line_items);
    return c.json({ data: cart, meta: {} }, 201);
  });

  app.get('/cart/:cartId', async (c) => {
    const id = pathUuid(c, 'cartId');
    await ownCart(c, commerce, id);
    return c.json({ data: await commerce.carts.get(id), meta: {} });
  });

  app.post('/cart/:cartId/items', async (c) => {
    const id = pathUuid(c, 'cartId');
    const input = await body(c, addBody);
    await ownCart(c, commerce, id);
    return c.json({ data: await commerce.carts.addItems(id, input.line_items), meta: {} });
  });

  app.put('/cart/:cartId/items/:itemId', async (c) => {
    const id = pathUuid(c, 'cartId');
    const itemId = pathUuid(c, 'itemId');
    const input = await body(c, updateItemBody);
    await ownCart(c, commerce, id);
    const line = input.line_item ?? {
      product_id: input.productID!,
      variant_id: input.variantID,
      quantity: input.quantity!,
    };
    return c.json({ data: await commerce.carts.updateItem(id, itemId, line), meta: {} });
  });

  app.delete('/cart/:cartId/items/:itemId', async (c) => {
    const id = pathUuid(c, 'cartId');
    const itemId = pathUuid(c, 'itemId');
    await ownCart(c, commerce, id);
    return c.json({ data: await commerce.carts.deleteItem(id, itemId), meta: {} });
  });

  /** Attaches the cart to the signed-in customer (§4 on login). */
  app.put('/cart/:cartId', async (c) => {
    const id = pathUuid(c, 'cartId');
    const input = await body(c, assignBody);
    await ownCart(c, commerce, id);
    const customerId = c.get('session')?.customer?.id;
    if (customerId === undefined) throw new ApiError(401, 'Unauthorized', 'Sign in first');
    if (input.customerID !== customerId)
      throw new ApiError(404, 'Not Found', `No customer ${input.customerID}`);
    return c.json({ data: await commerce.carts.assignCustomer(id, customerId), meta: {} });
  });

  /**
   * Discount codes (issue 41), in the hosted platforms' coupon shape: POST a `coupon_code`, DELETE the code by
   * name; under /cart/{id} like the other cart calls, and under /checkouts/{id} as BigCommerce spells it. Each
   * attempt counts against the client's throttle (the sign-in's limit); a refusal is 422 with the reason's code
   * (`discount-expired`, `discount-wrong-region`, …), a throttled client 429 with Retry-After.
   */
  for (const base of ['/cart/:cartId', '/checkouts/:cartId'])
    app.post(`${base}/coupons`, async (c) => {
      const id = pathUuid(c, 'cartId');
      const input = await body(c, couponBody);
      await ownCart(c, commerce, id);
      const ip = clientIp(c, trustProxy);
      const cart = await commerce.carts.applyCode(id, input.coupon_code, () =>
        commerce.discountCodeThrottle(ip),
      );
      return c.json({ data: cart, meta: {} }, 201);
    });

  for (const base of ['/cart/:cartId', '/checkouts/:cartId'])
    app.delete(`${base}/coupons/:code`, async (c) => {
      const id = pathUuid(c, 'cartId');
      const code = couponPath.safeParse(c.req.param('code'));
      if (!code.success) throw new ApiError(400, 'Bad Request', 'code: 1 to 64 characters');
      await ownCart(c, commerce, id);
      return c.json({ data: await commerce.carts.removeCode(id, code.data), meta: {} });
    });

  app.delete('/cart/:cartId', async (c) => {
    const id = pathUuid(c, 'cartId');
    await ownCart(c, commerce, id);
    await commerce.carts.delete(id);
    await sessionCart.forget(c.get('session')!, id);
    return c.body(null, 204);
  });

  return app;
}
