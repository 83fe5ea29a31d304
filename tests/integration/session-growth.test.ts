import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { variants } from '#server/schema.ts';
import { catalogueProductId } from '../../seed/catalogue/index.ts';
import { testDatabaseTargets } from '../support/test-databases.ts';
import { type ApiHarness, openApi } from './api-harness.ts';

/**
 * Issue 17 #6: a client cannot grow the sessions and carts tables at will. A session row only when something is
 * stored in it, one cart per session, new stored sessions throttled per client, abandoned carts purged.
 */
const GAITER = catalogueProductId('ridgeline-trail-gaiter');

describe.each(testDatabaseTargets)('session and cart growth on $name', (target) => {
  let api: ApiHarness;
  const count = async (table: 'sessions' | 'carts') =>
    (
      (await api.handle.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as {
        rows: { n: number }[];
      }
    ).rows[0]!.n;
  let line: { product_id: number; variant_id: number; quantity: number };

  beforeAll(async () => {
    api = await openApi(target);
    const [variant] = await api.handle.db
      .select()
      .from(variants)
      .where(eq(variants.productId, GAITER))
      .orderBy(variants.id);
    line = { product_id: GAITER, variant_id: variant!.id, quantity: 1 };
  });
  afterAll(async () => {
    await api?.close();
  });

  it('300 cookie-less GET /api/session write no session row', async () => {
    const before = await count('sessions');
    for (let i = 0; i < 300; i++) {
      const response = await api.browser({ ip: '198.51.100.20' }).call('GET', '/api/session');
      expect(response.status).toBe(200);
      await response.arrayBuffer();
    }
    expect(await count('sessions')).toBe(before);
  });

  it('the csrf token handed out without a row works, and the first cart writes the row', async () => {
    const browser = await api.browser({ ip: '198.51.100.21' }).start();
    const before = await count('sessions');
    const again = await browser.json('GET', '/api/session');
    expect(again.body.data.csrfToken).toBe(browser.csrfToken);
    expect(await count('sessions')).toBe(before);
    const created = await browser.json('POST', '/api/cart/create', { body: { line_items: [line] } });
    expect(created.status).toBe(201);
    expect(await count('sessions')).toBe(before + 1);
    const session = await browser.json('GET', '/api/session');
    expect(session.body.data).toMatchObject({ cartId: created.body.data.id, csrfToken: browser.csrfToken });
    // The stored session keeps the token the page already holds.
    const add = await browser.json('POST', `/api/cart/${created.body.data.id}/items`, {
      body: { line_items: [line] },
    });
    expect(add.status).toBe(200);
  });

  it('100 POST /api/cart/create from one session make one cart', async () => {
    const browser = await api.browser({ ip: '198.51.100.22' }).start();
    const before = await count('carts');
    const ids = new Set<string>();
    const statuses = new Set<number>();
    for (let i = 0; i < 100; i++) {
      const result = await browser.json('POST', '/api/cart/create', { body: { line_items: [line] } });
      statuses.add(result.status);
      if (result.status === 201) ids.add(result.body.data.id);
    }
    // Each call adds to the one cart; once the line reaches the stock on hand the engine says 409.
    expect([...statuses].filter((status) => status !== 201 && status !== 409)).toEqual([]);
    expect(ids.size).toBe(1);
    expect(await count('carts')).toBe(before + 1);
  });

  it('new stored sessions are throttled per client IP', async () => {
    api.sessions.configure({ createPerIp: 3, createWindowSeconds: 600 });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const browser = await api.browser({ ip: '198.51.100.23' }).start();
        statuses.push(
          (await browser.json('POST', '/api/cart/create', { body: { line_items: [line] } })).status,
        );
      }
      expect(statuses).toEqual([201, 201, 201, 429, 429]);
      const elsewhere = await api.browser({ ip: '198.51.100.24' }).start();
      expect(
        (await elsewhere.json('POST', '/api/cart/create', { body: { line_items: [line] } })).status,
      ).toBe(201);
    } finally {
      api.sessions.configure({ createPerIp: 100 });
    }
  });

  it('purges anonymous carts no live session holds, and keeps the rest', async () => {
    const kept = await api.browser({ ip: '198.51.100.25' }).start();
    const live = await kept.json('POST', '/api/cart/create', { body: { line_items: [line] } });
    const gone = await api.browser({ ip: '198.51.100.26' }).start();
    const abandoned = await gone.json('POST', '/api/cart/create', { body: { line_items: [line] } });
    const old = new Date(Date.now() - 3 * 24 * 3_600_000);
    await api.handle.db.execute(
      sql`update carts set updated_at = ${old.toISOString()} where id in (${live.body.data.id}, ${abandoned.body.data.id})`,
    );
    // The second visitor's session ended long ago.
    await api.handle.db.execute(
      sql`update sessions set expires_at = ${old.toISOString()} where cart_id = ${abandoned.body.data.id}`,
    );
    await api.sessions.purgeExpired();
    expect(await api.commerce.carts.purgeAbandoned()).toBeGreaterThanOrEqual(1);
    expect(await api.commerce.carts.find(abandoned.body.data.id)).toBeNull();
    expect(await api.commerce.carts.find(live.body.data.id)).not.toBeNull();
  });
});
