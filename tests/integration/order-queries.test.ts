import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseOrderFilter } from '#core/order-filter-schema.ts';
import { placedStanding, readyToShip } from '#core/order-standing.ts';
import { CommerceError } from '#server/commerce/errors.ts';
import { createOrderQueries, type OrderQueries } from '#server/commerce/order-queries.ts';
import { createReports, type Reports } from '#server/commerce/reports.ts';
import { variants } from '#server/commerce/schema-catalogue.ts';
import { customers } from '#server/commerce/schema-customers.ts';
import { orders } from '#server/commerce/schema-sales.ts';
import type { DatabaseHandle } from '#server/db/database.ts';
import { HISTORY_KEY_PREFIX, seedOrderHistory } from '#server/seed/order-history.ts';
import { seedReferenceData } from '#server/seed/seed.ts';
import { seedCommerce } from '#server/seed/seed-commerce.ts';
import { DEMO_ORDERS } from '../../seed/catalogue/index.ts';
import { openMigrated, testDatabaseTargets } from '../support/test-databases.ts';

/**
 * Issue 19: the back office's orders list, search and CSV export, the dashboard's reports, and the demo order
 * history — on a known small set of orders, on PGlite and PostgreSQL.
 */

const NOW = new Date(Date.UTC(2026, 2, 15, 12));
const HOUR = 3_600_000;
const FIRSTS = ['Anna', 'Ben', 'Clara', 'Anders', 'Eva', 'Annabel'];
const LASTS = ['Smith', 'Müller', 'Andersson', 'Brown', 'Smithers'];
const REGIONS = [
  ['us', 'USD'],
  ['ca', 'CAD'],
  ['eu_region_1', 'EUR'],
] as const;
const STATUSES = [
  [7, 'Awaiting Payment'],
  [11, 'Awaiting Fulfillment'],
  [2, 'Shipped'],
  [10, 'Completed'],
  [5, 'Cancelled'],
] as const;

interface Known {
  id: number;
  createdAt: Date;
  regionId: string;
  currencyCode: string;
  statusId: number;
  status: string;
  paymentMethod: string;
  total: number;
  first: string;
  last: string;
  email: string;
}

/** 30 orders over four days; pairs share a timestamp, so keyset pages must break ties on id. */
const KNOWN: Known[] = Array.from({ length: 30 }, (_, i) => {
  const [regionId, currencyCode] = REGIONS[i % 3]!;
  const [statusId, status] = STATUSES[i % 5]!;
  let first = FIRSTS[i % 6]!;
  let last = LASTS[i % 5]!;
  let email = `${first}.${last.replace('ü', 'ue')}${i}@example.net`.toLowerCase();
  if (i === 7) {
    first = '=cmd|calc';
    last = '-2+3';
    email = '+evil7@example.net';
  }
  if (i === 8) last = 'O"Brien, Jr';
  return {
    id: 5001 + i,
    createdAt: new Date(Date.UTC(2026, 2, 15, 10) - Math.floor(i / 2) * 6 * HOUR),
    regionId,
    currencyCode,
    statusId,
    status,
    paymentMethod: i % 3 === 2 && i % 2 === 0 ? 'cash_on_delivery' : 'bank_transfer',
    total: 10 + i,
    first,
    last,
    email,
  };
});

/** The list's order: newest first, then the higher id. */
const NEWEST_FIRST = [...KNOWN].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id);

/** The standing a known order would have been given at checkout (nothing shipped, nothing refunded). */
function standingColumns(order: (typeof KNOWN)[number]) {
  const standing = placedStanding(order.statusId, order.paymentMethod);
  // Shipped and Completed orders went out whole (the fixture writes no shipments rows).
  const shipped = order.statusId === 2 ? 'fulfilled' : order.statusId === 10 ? 'delivered' : null;
  return {
    paymentStatus: standing.payment,
    fulfillmentStatus: shipped ?? standing.fulfillment,
    paidAt: standing.payment === 'paid' ? order.createdAt : null,
  };
}

async function writeKnown(handle: DatabaseHandle): Promise<void> {
  await handle.db.execute(sql`delete from orders`);
  await handle.db.insert(orders).values(
    KNOWN.map((order) => {
      const address = {
        first_name: order.first,
        last_name: order.last,
        street_1: '1 Main Street',
        city: 'Denver',
        state: 'Colorado',
        zip: '80202',
        country_iso2: 'US',
      };
      return {
        id: order.id,
        email: order.email,
        regionId: order.regionId,
        currencyCode: order.currencyCode,
        status: order.status,
        statusId: order.statusId,
        subtotal: order.total,
        shippingCost: 0,
        total: order.total,
        billingAddress: address,
        shippingAddress: address,
        createdAt: order.createdAt,
        paymentMethod: order.paymentMethod,
        ...standingColumns(order),
      };
    }),
  );
}

async function allPages(queries: OrderQueries, filter: Record<string, unknown>, limit: number) {
  const ids: number[] = [];
  let after: string | undefined;
  let pages = 0;
  do {
    const page = await queries.list({ ...filter, limit, after });
    expect(page.orders.length).toBeLessThanOrEqual(limit);
    ids.push(...page.orders.map((order) => order.id));
    after = page.next ?? undefined;
    pages++;
  } while (after && pages < 100);
  return { ids, pages };
}

async function csvOf(queries: OrderQueries, filter: Record<string, unknown>): Promise<string> {
  const response = new Response(queries.exportCsv(filter));
  return response.text();
}

describe.each(testDatabaseTargets)('orders list, search, export and reports on $name', (target) => {
  let handle: DatabaseHandle;
  let queries: OrderQueries;
  let reports: Reports;

  beforeAll(async () => {
    handle = await openMigrated(target);
    await seedReferenceData(handle.db);
    await seedCommerce(handle.db, NOW);
    await writeKnown(handle);
    queries = createOrderQueries(handle.db);
    reports = createReports(handle.db);
  }, 120_000);
  afterAll(async () => {
    await handle?.close();
  });

  it('lists newest first, ties broken by the higher number, with the fields the table shows', async () => {
    const page = await queries.list({});
    expect(page.orders.map((order) => order.id)).toEqual(NEWEST_FIRST.map((order) => order.id));
    expect(page.next).toBeNull();
    const first = page.orders[0]!;
    expect(first).toMatchObject({
      id: 5002,
      firstName: 'Ben',
      lastName: 'Müller',
      email: 'ben.mueller1@example.net',
      regionId: 'ca',
      currencyCode: 'CAD',
      total: 11,
      status: 'Awaiting Fulfillment',
      statusId: 11,
      paymentMethod: 'bank_transfer',
      country: 'US',
    });
    expect(first.createdAt.toISOString()).toBe('2026-03-15T10:00:00.000Z');
  });

  it('walks keyset pages without repeating or skipping an order, ties split across pages included', async () => {
    for (const limit of [1, 2, 7, 29]) {
      const { ids, pages } = await allPages(queries, {}, limit);
      expect(ids).toEqual(NEWEST_FIRST.map((order) => order.id));
      expect(pages).toBe(Math.ceil(30 / limit));
    }
  });

  it('keyset pages within a filter', async () => {
    const { ids } = await allPages(queries, { status: [7, 11], region: 'us' }, 3);
    const expected = NEWEST_FIRST.filter(
      (order) => [7, 11].includes(order.statusId) && order.regionId === 'us',
    ).map((order) => order.id);
    expect(expected.length).toBeGreaterThan(1);
    expect(ids).toEqual(expected);
  });

  it('filters by status, payment method, region and date range', async () => {
    const idsOf = async (filter: Record<string, unknown>) =>
      (await queries.list({ ...filter, limit: 200 })).orders.map((order) => order.id);
    const expect_ = (keep: (order: Known) => boolean) => NEWEST_FIRST.filter(keep).map((order) => order.id);

    expect(await idsOf({ status: [7] })).toEqual(expect_((order) => order.statusId === 7));
    expect(await idsOf({ status: [7] })).toHaveLength(6);
    expect(await idsOf({ status: ['7', '11'] })).toEqual(
      expect_((order) => [7, 11].includes(order.statusId)),
    );
    expect(await idsOf({ paymentMethod: 'cash_on_delivery' })).toEqual(
      expect_((order) => order.paymentMethod === 'cash_on_delivery'),
    );
    expect(await idsOf({ region: 'ca' })).toHaveLength(10);
    expect(await idsOf({ region: 'ca' })).toEqual(expect_((order) => order.regionId === 'ca'));
    // 2026-03-14 (UTC) whole: 'to' includes its day.
    const day = (order: Known) => order.createdAt.toISOString().slice(0, 10);
    expect(await idsOf({ from: '2026-03-14', to: '2026-03-14' })).toEqual(
      expect_((order) => day(order) === '2026-03-14'),
    );
    expect(await idsOf({ from: '2026-03-14', to: '2026-03-14' })).toHaveLength(8);
    expect(await idsOf({ from: '2026-03-15' })).toEqual(expect_((order) => day(order) >= '2026-03-15'));
    expect(await idsOf({ to: '2026-03-12' })).toEqual(expect_((order) => day(order) <= '2026-03-12'));
    expect(await idsOf({ region: 'us', status: [10], paymentMethod: 'bank_transfer' })).toEqual(
      expect_(
        (order) =>
          order.regionId === 'us' && order.statusId === 10 && order.paymentMethod === 'bank_transfer',
      ),
    );
    expect(await idsOf({ region: 'eu_region_1', paymentMethod: 'pay_on_account' })).toEqual([]);
  });

  it('searches an order number exactly, an email by prefix and a customer name', async () => {
    const search = async (q: string, more: Record<string, unknown> = {}) =>
      (await queries.list({ q, ...more, limit: 200 })).orders.map((order) => order.id);
    expect(await search('5012')).toEqual([5012]);
    expect(await search('#5012')).toEqual([5012]);
    expect(await search('501')).toEqual([]);
    expect(await search('5012', { region: 'us' })).toEqual([]);

    const byEmail = (prefix: string) =>
      NEWEST_FIRST.filter((order) => order.email.startsWith(prefix)).map((order) => order.id);
    expect(await search('anna.smith@')).toEqual([]);
    expect(await search('ANNA.S')).toEqual(
      NEWEST_FIRST.filter((o) => o.first === 'Anna' && o.last.startsWith('S')).map((o) => o.id),
    );
    expect(await search('+evil7@')).toEqual([5008]);
    expect(KNOWN[28]!.email).toBe('eva.brown28@example.net');
    expect(await search('Eva.Brown28@example.net')).toEqual([5029]);
    expect(await search('eva.brown2')).toEqual([5029]);
    expect(await search('eva.brown3')).toEqual([]);
    expect(await search('eva.brown2@')).toEqual(byEmail('eva.brown2@'));
    // LIKE wildcards typed into the box match themselves.
    expect(await search('%@example.net')).toEqual([]);
    expect(await search('_va.brown28@')).toEqual([]);

    const byName = (keep: (order: Known) => boolean) => NEWEST_FIRST.filter(keep).map((order) => order.id);
    expect(await search('anna')).toEqual(byName((o) => o.first.toLowerCase().startsWith('anna')));
    expect(await search('anna')).toHaveLength(10);
    expect(await search('smith')).toEqual(byName((o) => o.last.toLowerCase().startsWith('smith')));
    expect(await search('Anna Smith')).toEqual(
      byName((o) => o.first.toLowerCase().startsWith('anna') && o.last.toLowerCase().startsWith('smith')),
    );
    expect(await search('müller')).toEqual(byName((o) => o.last === 'Müller'));
    expect(await search('nobody')).toEqual([]);
  });

  it('refuses a bad filter with a 400 naming the field', async () => {
    const refusal = async (filter: Record<string, unknown>) => {
      try {
        await queries.list(filter);
      } catch (error) {
        return error;
      }
      throw new Error('not refused');
    };
    for (const filter of [
      { status: [99] },
      { region: 'mars' },
      { paymentMethod: 'card' },
      { from: '2026-02-30' },
      { from: '2026-03-15', to: '2026-03-01' },
      { after: 'drop table orders' },
      { limit: 5000 },
      { q: 'x'.repeat(201) },
    ]) {
      const error = await refusal(filter);
      expect(error).toBeInstanceOf(CommerceError);
      expect((error as CommerceError).status).toBe(400);
    }
    expect(() => queries.exportCsv({ region: 'mars' })).toThrow(CommerceError);
    expect(await handle.db.$count(orders)).toBe(30);
  });

  it('reads the filter from a query string: repeated status, blanks ignored, bad input named', () => {
    const parsed = parseOrderFilter(
      new URLSearchParams('q=+anna+&status=7&status=11&region=&paymentMethod=&from=2026-03-01&limit='),
    );
    expect(parsed.success).toBe(true);
    expect(parsed.data).toMatchObject({ q: 'anna', status: [7, 11], from: '2026-03-01', limit: 50 });
    expect(parsed.data?.region).toBeUndefined();
    const bad = parseOrderFilter(new URLSearchParams('status=abc&to=yesterday'));
    expect(bad.success).toBe(false);
    expect([...new Set(bad.error?.issues.map((issue) => issue.path[0]))].sort()).toEqual(['status', 'to']);
  });

  it('exports the filtered list as CSV, escaped and guarded against formula injection', async () => {
    const text = await csvOf(queries, {});
    const lines = text.split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines[0]).toBe(
      'order_number,date_created,status,payment_method,region,currency,subtotal,shipping,total,email,first_name,last_name,country,customer_id,payment_status,fulfillment_status,tags,ship_to_name,ship_to_company,ship_to_street_1,ship_to_street_2,ship_to_city,ship_to_state,ship_to_zip,ship_to_country,ship_to_phone',
    );
    expect(lines).toHaveLength(32);
    expect(lines.slice(1, -1).map((line) => Number(line.split(',')[0]))).toEqual(
      NEWEST_FIRST.map((order) => order.id),
    );
    const evil = lines.find((line) => line.startsWith('5008,'))!;
    expect(evil).toBe(
      `5008,2026-03-14T16:00:00.000Z,Shipped,bank_transfer,ca,CAD,17.00,0.00,17.00,"'+evil7@example.net","'=cmd|calc","'-2+3",US,,paid,fulfilled,,"'=cmd|calc -2+3",,1 Main Street,,Denver,Colorado,80202,US,`,
    );
    const quoted = lines.find((line) => line.startsWith('5009,'))!;
    expect(quoted).toContain(',Clara,"O""Brien, Jr",US,');
    // No cell starts with a formula character outside the guard.
    for (const line of lines) expect(line).not.toMatch(/(^|,)[=+\-@]/);

    const filtered = await csvOf(queries, { region: 'ca', after: '1773568800000000-5002', limit: 1 });
    expect(
      filtered
        .split('\r\n')
        .slice(1, -1)
        .map((line) => Number(line.split(',')[0])),
    ).toEqual(NEWEST_FIRST.filter((order) => order.regionId === 'ca').map((order) => order.id));
  });

  it('counts orders and revenue per day by region and currency, cancelled orders left out', async () => {
    const report = await reports.daily({ now: NOW });
    expect(report.days).toHaveLength(90);
    expect(report.days.at(-1)).toBe('2026-03-15');
    expect(report.days[0]).toBe('2025-12-16');
    expect(report.series.map((series) => `${series.regionId}:${series.currencyCode}`)).toEqual([
      'us:USD',
      'ca:CAD',
      'eu_region_1:EUR',
    ]);
    for (const series of report.series) {
      const mine = KNOWN.filter((order) => order.regionId === series.regionId && order.statusId !== 5);
      expect(series.totalOrders).toBe(mine.length);
      expect(series.totalRevenue).toBe(mine.reduce((sum, order) => sum + order.total, 0));
      for (const point of series.points) {
        const that = mine.filter((order) => order.createdAt.toISOString().slice(0, 10) === point.day);
        expect(point.orders).toBe(that.length);
        expect(point.revenue).toBe(that.reduce((sum, order) => sum + order.total, 0));
      }
    }
    // 2026-03-15, us: orders 5001 (Awaiting Payment, 10.00) and 5004 (Completed, 13.00).
    const us = report.series[0]!;
    expect(us.points.at(-1)).toEqual({ day: '2026-03-15', orders: 2, revenue: 23 });
    // A window that ends before the orders holds none.
    const before = await reports.daily({ now: new Date(Date.UTC(2026, 0, 1)), days: 7 });
    expect(before.series).toEqual([]);
  });

  it("reads a filter's days on the store's clock (STORE_TIME_ZONE)", async () => {
    // 2026-03-15T04:00Z is 22:00 on 14 March in Denver (MDT, UTC-6) and already the 15th in UTC.
    const late = KNOWN.filter((order) => order.createdAt.toISOString() === '2026-03-15T04:00:00.000Z');
    expect(late.length).toBeGreaterThan(0);
    const ids = async (zone: string) =>
      (await createOrderQueries(handle.db, zone).list({ to: '2026-03-14', limit: 200 })).orders.map(
        (order) => order.id,
      );
    const utc = await ids('UTC');
    const denver = await ids('America/Denver');
    for (const order of late) {
      expect(utc).not.toContain(order.id);
      expect(denver).toContain(order.id);
    }
  });

  it('names the previous and next order of a list as it is sorted, ends included', async () => {
    const newest = NEWEST_FIRST.map((order) => order.id);
    expect(await queries.neighbours({}, newest[0]!)).toEqual({ previous: null, next: newest[1] });
    expect(await queries.neighbours({}, newest[1]!)).toEqual({ previous: newest[0], next: newest[2] });
    expect(await queries.neighbours({}, newest.at(-1)!)).toEqual({ previous: newest.at(-2), next: null });
    // Oldest first runs the other way; within a filter, only its orders are neighbours.
    const oldestCa = [...NEWEST_FIRST]
      .reverse()
      .filter((order) => order.regionId === 'ca')
      .map((order) => order.id);
    expect(await queries.neighbours({ sort: 'oldest', region: 'ca' }, oldestCa[1]!)).toEqual({
      previous: oldestCa[0],
      next: oldestCa[2],
    });
    expect(await queries.neighbours({}, 999_999)).toEqual({ previous: null, next: null });
  });

  it('counts orders awaiting payment and awaiting shipment', async () => {
    // To ship is the queue's rule (core/order-standing.ts): the SQL count agrees with it order by order.
    const toShip = KNOWN.filter((order) => {
      const columns = standingColumns(order);
      return readyToShip(
        { payment: columns.paymentStatus, fulfillment: columns.fulfillmentStatus },
        order.paymentMethod,
      );
    });
    expect(toShip.length).toBeGreaterThanOrEqual(6);
    expect(await reports.waiting()).toEqual({ awaitingPayment: 6, awaitingShipment: toShip.length });
    const queue = await queries.list({ queue: 'to-ship' });
    expect(queue.orders.map((order) => order.id).sort()).toEqual(toShip.map((order) => order.id).sort());
  });

  it('lists pro applications waiting (region pending), not approved, disabled or erased ones', async () => {
    const before = await reports.proApplications();
    const customer = (email: string, region: string, extra: Partial<typeof customers.$inferInsert> = {}) => ({
      email,
      passwordHash: 'x',
      firstName: 'Pat',
      lastName: email.split('@')[0]!,
      formFields: [{ name: 'Pro Code', value: JSON.stringify({ region, code: 'APPLY' }) }],
      ...extra,
    });
    await handle.db
      .insert(customers)
      .values([
        customer('waiting@example.com', 'pending'),
        customer('approved@example.com', 'pro'),
        customer('gone@example.com', 'pending', { disabledAt: NOW }),
        customer('erased@example.com', 'pending', { erasedAt: NOW }),
        { ...customer('noted@example.com', 'x'), formFields: [], notes: '{"region":"pending"}' },
        { ...customer('broken@example.com', 'x'), formFields: [{ name: 'Pro Code', value: '{not json' }] },
      ]);
    const after = await reports.proApplications();
    expect(after.count).toBe(before.count + 2);
    const emails = after.oldest.map((application) => application.email);
    expect(emails).toEqual(expect.arrayContaining(['waiting@example.com', 'noted@example.com']));
    expect(emails).not.toContain('approved@example.com');
    expect(emails).not.toContain('gone@example.com');
    expect(emails).not.toContain('erased@example.com');
    expect(after.oldest.find((entry) => entry.email === 'waiting@example.com')?.name).toBe('Pat waiting');
  });

  it('lists low-stock variants (5 or fewer) with product name and sku, lowest first', async () => {
    const [variant] = await handle.db.select().from(variants).orderBy(variants.id).limit(1);
    await handle.db.execute(sql`update variants set inventory_level = 1 where id = ${variant!.id}`);
    const list = await reports.lowStock({ limit: 500 });
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((entry) => entry.level <= 5)).toBe(true);
    expect(list.map((entry) => entry.level)).toEqual(
      [...list.map((entry) => entry.level)].sort((a, b) => a - b),
    );
    const mine = list.find((entry) => entry.variantId === variant!.id);
    expect(mine).toMatchObject({ sku: variant!.sku, level: 1 });
    expect(mine?.productName).toMatch(/\w/);
    await handle.db.execute(sql`update variants set inventory_level = 6 where id = ${variant!.id}`);
    expect((await reports.lowStock({ limit: 500 })).some((entry) => entry.variantId === variant!.id)).toBe(
      false,
    );
    const counted = await handle.db.execute(sql`
      select count(*)::int as n from variants v join products p on p.id = v.product_id
      where p.inventory_tracking = 'variant' and p.is_visible and p.availability <> 'disabled'
        and v.inventory_level <= 5`);
    expect((await reports.lowStock({ limit: 500 })).length).toBe(
      Number((counted as unknown as { rows: { n: number }[] }).rows[0]!.n),
    );
  });
});

describe.each(testDatabaseTargets)('the demo order history on $name', (target) => {
  let handle: DatabaseHandle;
  const now = new Date(Date.UTC(2026, 10, 25, 15, 30));

  beforeAll(async () => {
    handle = await openMigrated(target);
    await seedReferenceData(handle.db);
    await seedCommerce(handle.db, now);
  }, 120_000);
  afterAll(async () => {
    await handle?.close();
  });

  const rows = async (text: ReturnType<typeof sql>) =>
    (await handle.db.execute(text)) as unknown as { rows: Record<string, unknown>[] };

  async function snapshot() {
    const orderRows = await rows(sql`
      select id, email, region_id, currency_code, status, status_id, subtotal::text, shipping_cost::text,
        total::text, billing_address, created_at::text, payment_method, shipping_method, idempotency_key
      from orders where customer_id is null order by id`);
    const items = await rows(sql`
      select order_id, product_id, variant_id, name, sku, quantity, price::text from order_items
      where order_id in (select id from orders where customer_id is null) order by order_id, id`);
    const shipped = await rows(sql`
      select order_id, carrier, tracking_number, shipped_at::text, delivered_at::text, jsonb_array_length(items) as n
      from shipments where order_id in (select id from orders where customer_id is null) order by order_id, id`);
    return { orders: orderRows.rows, items: items.rows, shipments: shipped.rows };
  }

  it('writes about 3,000 believable guest orders over 90 days, numbered from the checkout sequence', async () => {
    const written = await seedOrderHistory(handle.db, { now });
    expect(written).toBeGreaterThan(2700);
    expect(written).toBeLessThan(3300);

    const summary = (
      await rows(sql`
      select count(*)::int as n, min(id) as min_id, max(id) as max_id, min(created_at) >= ${new Date(now.getTime() - 90 * 86_400_000).toISOString()}::timestamptz as in_window,
        max(created_at) <= ${now.toISOString()}::timestamptz as not_future,
        count(distinct region_id)::int as regions
      from orders where idempotency_key like ${`${HISTORY_KEY_PREFIX}%`}`)
    ).rows[0]!;
    expect(summary).toMatchObject({ n: written, in_window: true, not_future: true, regions: 3 });
    expect(Number(summary.min_id)).toBe(1001);
    expect(Number(summary.max_id)).toBe(1000 + written);
    // Numbers follow dates, and checkout carries on after them.
    const outOfOrder = await rows(sql`
      select count(*)::int as n from (select id, created_at, lag(created_at) over (order by id) as before
        from orders where customer_id is null) t where before > created_at`);
    expect(outOfOrder.rows[0]!.n).toBe(0);
    const next = await rows(sql`select nextval('order_numbers')::int as id`);
    expect(Number(next.rows[0]!.id)).toBe(1001 + written);

    // Demo customers' orders are untouched; history orders are guests in their region's currency and countries.
    const demo = await rows(sql`select count(*)::int as n from orders where customer_id is not null`);
    expect(demo.rows[0]!.n).toBe(DEMO_ORDERS.length);
    const mismatched = await rows(sql`
      select count(*)::int as n from orders where customer_id is null and not (
        (region_id = 'us' and currency_code = 'USD' and billing_address->>'country_iso2' = 'US') or
        (region_id = 'ca' and currency_code = 'CAD' and billing_address->>'country_iso2' = 'CA') or
        (region_id = 'eu_region_1' and currency_code = 'EUR'
          and billing_address->>'country_iso2' in ('DE', 'AT', 'NL', 'ES', 'FR', 'IT')))`);
    expect(mismatched.rows[0]!.n).toBe(0);
    const emails = await rows(sql`
      select count(*)::int as n from orders where customer_id is null and email !~ '^[a-z]+\\.[a-z]+[0-9]*@example\\.net$'`);
    expect(emails.rows[0]!.n).toBe(0);

    // Statuses: mostly completed or shipped; awaiting payment only for bank transfers; shipments only when shipped.
    const statuses = await rows(sql`
      select status, count(*)::int as n from orders where customer_id is null group by status`);
    const byStatus = Object.fromEntries(statuses.rows.map((row) => [row.status, Number(row.n)]));
    expect((byStatus.Completed ?? 0) + (byStatus.Shipped ?? 0)).toBeGreaterThan(written * 0.85);
    expect(byStatus['Awaiting Payment']).toBeGreaterThan(0);
    expect(byStatus['Awaiting Fulfillment']).toBeGreaterThan(0);
    expect(byStatus.Cancelled).toBeGreaterThan(0);
    const awaitingPayment = await rows(sql`
      select count(*)::int as n from orders where customer_id is null and status_id = 7 and payment_method <> 'bank_transfer'`);
    expect(awaitingPayment.rows[0]!.n).toBe(0);
    const shipmentMismatch = await rows(sql`
      select count(*)::int as n from orders o where customer_id is null and
        (o.status_id in (2, 10)) <> exists(select 1 from shipments s where s.order_id = o.id)`);
    expect(shipmentMismatch.rows[0]!.n).toBe(0);
    const sums = await rows(sql`
      select count(*)::int as n from orders o where customer_id is null and o.subtotal <>
        (select sum(i.price * i.quantity) from order_items i where i.order_id = o.id)`);
    expect(sums.rows[0]!.n).toBe(0);
  });

  it('is idempotent and deterministic: a second run adds nothing; the same start gives the same rows', async () => {
    const first = await snapshot();
    expect(await seedOrderHistory(handle.db, { now })).toBe(0);
    expect(await snapshot()).toEqual(first);

    await handle.db.execute(sql`delete from orders where customer_id is null`);
    await handle.db.execute(sql`select setval('order_numbers', 1001, false)`);
    expect(await seedOrderHistory(handle.db, { now })).toBe(first.orders.length);
    expect(await snapshot()).toEqual(first);
  });

  it('exports the whole history as CSV across export pages', async () => {
    const queries = createOrderQueries(handle.db);
    const text = await new Response(queries.exportCsv({})).text();
    const total = await handle.db.$count(orders);
    expect(text.split('\r\n').length - 2).toBe(total);
    const waiting = await createReports(handle.db).waiting();
    expect(waiting.awaitingPayment).toBeGreaterThan(0);
    const daily = await createReports(handle.db).daily({ now });
    expect(daily.series.map((series) => series.currencyCode)).toEqual(['USD', 'CAD', 'EUR']);
  });
});
