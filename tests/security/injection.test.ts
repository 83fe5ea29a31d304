import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeOrderFromForm } from '#app/lib/checkout/checkout.server.ts';
import { localeStateFor } from '#app/lib/locale/locale-state.ts';
import { parseUrlLocale } from '#app/lib/locale/url-locale.ts';
import { Client, DEMO, openSecurityApp, type SecurityApp } from './harness.ts';

/**
 * Issue 10 security: amounts, currency, customer group, spend limit and customer id always come from the
 * server. Fields a shopper adds to a request for them are refused (400) or ignored, never used.
 */
const INJECTED = {
  price: 0.01,
  sale_price: 0.01,
  list_price: 0.01,
  base_price: 0.01,
  cart_amount: 0.01,
  base_amount: 0.01,
  total: 0.01,
  currency: 'JPY',
  currency_code: 'JPY',
  customer_group_id: 2,
  group_id: 2,
  groupId: 2,
  isPro: true,
  spend_limit: 999_999,
  customer_id: 1,
  customerId: 1,
  discount_amount: 500,
};

describe('injected price, currency, group, spend-limit and customer fields', () => {
  let s: SecurityApp;
  let proGroupId: number;
  beforeAll(async () => {
    s = await openSecurityApp();
    const result = (await s.handle.db.execute(
      sql`select id from customer_groups where is_pro and region_id = 'us' order by id limit 1`,
    )) as unknown as { rows: { id: number }[] };
    proGroupId = result.rows[0]!.id;
  });
  afterAll(async () => {
    await s?.close();
  });

  /** A purchasable variant in stock, as line-item ids. */
  async function someItem(client: Client) {
    const { body } = await client.json('GET', '/api/products?limit=10');
    for (const product of body.data as { id: number }[]) {
      const variants = (await client.json('GET', `/api/products/${product.id}/variants`)).body.data as {
        id: number;
        inventory_level: number;
        purchasing_disabled: boolean;
      }[];
      const variant = variants.find((v) => !v.purchasing_disabled && v.inventory_level > 5);
      if (variant) return { product_id: product.id, variant_id: variant.id };
    }
    throw new Error('no purchasable variant in the demo catalogue');
  }

  it('cart creation: priced line items are refused, top-level amounts and owners are ignored', async () => {
    const client = await new Client(s.app).start();
    const item = await someItem(client);
    const priced = await client.json('POST', '/api/cart/create', {
      body: { line_items: [{ ...item, quantity: 1, ...INJECTED }] },
    });
    expect(priced.status).toBe(400);
    const created = await client.json('POST', '/api/cart/create', {
      body: { line_items: [{ ...item, quantity: 2 }], ...INJECTED },
    });
    expect(created.status).toBe(201);
    const cart = created.body.data;
    expect(cart.currency.code).toBe('USD');
    expect(cart.customer_id ?? null).not.toBe(1);
    expect(cart.cart_amount).toBeGreaterThan(1);
    const same = await new Client(s.app).start();
    const honest = await same.json('POST', '/api/cart/create', {
      body: { line_items: [{ ...item, quantity: 2 }] },
    });
    expect(cart.cart_amount).toBe(honest.body.data.cart_amount);
    const added = await client.json('POST', `/api/cart/${cart.id}/items`, {
      body: { line_items: [{ ...item, quantity: 1, price: 0 }] },
    });
    expect(added.status).toBe(400);
  });

  it('account creation: group, pro status, spend limit and ids are ignored', async () => {
    const client = await new Client(s.app).start();
    const tokens: string[] = [];
    s.commerce.events.on('signup-confirmation-requested', (event) => {
      if (event.email === 'injector@example.com') tokens.push(event.token);
    });
    const started = await client.json('POST', '/api/customers/create', {
      body: {
        email: 'injector@example.com',
        password: 'Injector-2026-pw',
        first_name: 'In',
        last_name: 'Jector',
        id: 1,
        notes: 'pro',
        form_fields: [{ name: 'Pro Code', value: '{"region":"pro"}' }],
        ...INJECTED,
        customer_group_id: proGroupId,
        group_id: proGroupId,
      },
    });
    expect(started.status).toBe(202);
    // The account is made from the confirmation link (issue 17 #8): what was injected must not reach it there.
    const created = await client.json('POST', '/api/customers/confirm', { body: { token: tokens[0] } });
    expect(created.status).toBe(201);
    expect(created.body.data.id).not.toBe(1);
    expect(created.body.data.isPro).toBe(false);
    expect(created.body.data.customer_group_id).not.toBe(proGroupId);
    expect(created.body.data.notes).toBe('');
    const pricing = await s.commerce.groups.pricing('us', created.body.data.id);
    expect(pricing.isPro).toBe(false);
  });

  it('customer update: group, pro, spend limit and id fields are refused and change nothing', async () => {
    const client = new Client(s.app);
    const me = await client.login(DEMO.standard.email, DEMO.standard.pw);
    for (const field of [
      'customer_group_id',
      'group_id',
      'spend_limit',
      'isPro',
      'id',
      'customer_id',
      'notes',
    ]) {
      const value = field === 'isPro' ? true : field === 'notes' ? 'pro' : proGroupId;
      const response = await client.json('PUT', `/api/customers/${me.id}`, {
        body: { first_name: 'Hannah', [field]: value },
      });
      expect(response.status, field).toBe(400);
    }
    const after = await s.commerce.customers.get(me.id);
    expect(after.customer_group_id).toBe(me.customer_group_id);
    expect(after.isPro).toBe(false);
  });

  it('pro spend: another customer id is not found; the spend limit comes from the group, not the query', async () => {
    const client = new Client(s.app);
    const me = await client.login(DEMO.pro.email, DEMO.pro.pw);
    const other = await client.json('GET', `/api/pro/order_total?customer_id=${me.id + 1}`);
    expect(other.status).toBe(404);
    const own = await client.json('GET', `/api/pro/order_total?customer_id=${me.id}&spend_limit=999999`);
    expect(own.status).toBe(200);
    expect(JSON.stringify(own.body)).not.toContain('999999');
  });

  it('checkout: amounts, currency, owner, group and spend limit in the form are ignored', async () => {
    const client = new Client(s.app);
    const me = await client.login(DEMO.standard.email, DEMO.standard.pw);
    const item = await someItem(client);
    const cart = (
      await client.json('POST', '/api/cart/create', {
        body: { line_items: [{ ...item, quantity: 1 }] },
      })
    ).body.data;
    const session = await s.services.sessions.fromCookieHeader(
      `rl_session=${client.cookies.get('rl_session')}`,
    );
    expect(session?.cartId).toBe(cart.id);
    const locale = localeStateFor(parseUrlLocale('en-us')!, false);
    const ctx = { services: s.services, session, locale, caller: { session, ip: '127.0.0.1', https: false } };
    const [address] = await s.commerce.customers.addresses(me.id);
    const pricing = await s.commerce.groups.pricing('us', me.id);
    const [shipping] = await s.commerce.checkout.shippingOptions('us', cart.cart_amount, pricing.groupId);
    const [payment] = s.commerce.checkout.payment.methods({
      regionId: 'us',
      isPro: false,
      total: cart.cart_amount,
      currencyCode: 'USD',
    });
    const form = (expected: number) => {
      const data = new FormData();
      const fields: Record<string, string> = {
        csrf: session!.csrfToken,
        email: me.email,
        address_choice: String(address!.id),
        shipping_method: String(shipping!.id),
        payment_method: payment!.id,
        billing_same: '1',
        idempotency_key: randomUUID(),
        expected_subtotal: String(expected),
        shipping_cost: '0',
        ...Object.fromEntries(Object.entries(INJECTED).map(([k, v]) => [k, String(v)])),
      };
      for (const [key, value] of Object.entries(fields)) data.set(key, value);
      return data;
    };
    // A lower expected subtotal is a refusal (price changed), never a discount.
    const cheaper = await placeOrderFromForm(ctx, form(0.01));
    expect(cheaper.ok).toBe(false);
    const placed = await placeOrderFromForm(ctx, form(cart.cart_amount));
    expect(placed).toMatchObject({ ok: true });
    const order = await s.commerce.orders.get((placed as { orderId: number }).orderId);
    expect(order.customer_id).toBe(me.id);
    expect(order.currency_code).toBe('USD');
    expect(
      Number(order.subtotal_inc_tax ?? order.subtotal_ex_tax ?? order.total_inc_tax),
    ).toBeGreaterThanOrEqual(cart.cart_amount);
  });
});
