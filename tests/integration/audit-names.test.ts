import { and, asc, eq, gte, lt, notInArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { describeAudit } from '#core/audit-sentence.ts';
import { NO_REVENUE_STATUS_IDS } from '#core/order-filter.ts';
import { endOfStoreDay, startOfStoreDay, storeDay } from '#core/store-time.ts';
import { type Actor, createAuditLog, recordAudit } from '#server/audit/audit.ts';
import { createReports } from '#server/commerce/reports.ts';
import { products, variants } from '#server/commerce/schema-catalogue.ts';
import { customerGroups, customers } from '#server/commerce/schema-customers.ts';
import { orders, shippingMethods, shippingZones } from '#server/commerce/schema-sales.ts';
import { contentEntries } from '#server/content/schema.ts';
import type { DatabaseHandle } from '#server/db/database.ts';
import { insertActor } from '../support/staff-actor.ts';
import { openSeeded, testDatabaseTargets } from '../support/test-databases.ts';

/**
 * Issue 40 #8 and #10 on a seeded store: the audit page names the records of a page of entries in one query per
 * kind (never one per entry), and the dashboard counts orders per day of the store's time zone.
 */
describe.each(testDatabaseTargets)('the audit log and dashboard read on $name', (target) => {
  let handle: DatabaseHandle;
  let actor: Actor;

  beforeAll(async () => {
    handle = await openSeeded(target);
    actor = await insertActor(handle.db, 'owner', 'audit-names@ridgeline.example');
  }, 120_000);
  afterAll(async () => {
    await handle?.close();
  });

  it('names every record of a page in one query per kind, and the sentence links to it', async () => {
    const db = handle.db;
    const [variant] = await db
      .select({
        id: variants.id,
        productId: variants.productId,
        optionValues: variants.optionValues,
        product: products.name,
      })
      .from(variants)
      .innerJoin(products, eq(products.id, variants.productId))
      .where(sql`jsonb_array_length(${variants.optionValues}) > 0`)
      .orderBy(asc(variants.id))
      .limit(1);
    const [customer] = await db.select().from(customers).orderBy(asc(customers.id)).limit(1);
    const [order] = await db.select().from(orders).orderBy(asc(orders.id)).limit(1);
    const [entry] = await db.select().from(contentEntries).limit(1);
    const [group] = await db.select().from(customerGroups).orderBy(asc(customerGroups.id)).limit(1);
    const [method] = await db.select().from(shippingMethods).limit(1);
    const [zone] = await db.select().from(shippingZones).limit(1);
    const contentId = `${entry!.contentType}/${entry!.uid}/${entry!.locale}`;

    const recorded = [
      {
        action: 'stock.delivery',
        entity: 'variant',
        entityId: variant!.id,
        before: { level: 3 },
        after: { variantId: variant!.id, sku: 'X', reason: 'delivery', level: 12 },
      },
      // Two entries about one product: it is looked up once.
      { action: 'product.publish', entity: 'product', entityId: variant!.productId },
      { action: 'product.flags', entity: 'product', entityId: variant!.productId },
      {
        action: 'customer.group-changed',
        entity: 'customer',
        entityId: customer!.id,
        before: { groupId: null },
        after: { groupId: group!.id },
      },
      {
        action: 'order.refunded',
        entity: 'order',
        entityId: order!.id,
        after: { amount: 5, reason: 'Late' },
      },
      {
        action: 'content.entry.publish',
        entity: 'content_entry',
        entityId: contentId,
        after: { environments: ['production'] },
      },
      {
        action: 'customer-group.rule-removed',
        entity: 'customer-group',
        entityId: group!.id,
        before: [],
        after: [],
      },
      { action: 'shipping.method', entity: 'shipping-method', entityId: method!.id },
      { action: 'shipping.zone', entity: 'shipping-zone', entityId: zone!.id },
      {
        action: 'role',
        entity: 'staff',
        entityId: actor.staffId,
        before: { role: 'editor' },
        after: { role: 'owner' },
      },
    ];
    for (const change of recorded) await recordAudit(db, actor, change);

    const audit = createAuditLog(db);
    const page = await audit.list({ staffId: actor.staffId });
    expect(page.entries).toHaveLength(recorded.length);

    const select = vi.spyOn(db, 'select');
    const names = await audit.names(page.entries);
    // Nine kinds of record on the page, one query each, whatever the number of entries.
    expect(select.mock.calls.length).toBe(9);
    select.mockRestore();

    const labels = variant!.optionValues.map((value) => value.label).join(', ');
    expect(names.variants?.[String(variant!.id)]).toEqual({
      productId: variant!.productId,
      name: `${variant!.product} in ${labels}`,
    });
    expect(names.products?.[String(variant!.productId)]).toBe(variant!.product);
    expect(names.orders?.[String(order!.id)]).toEqual({ currency: order!.currencyCode });
    expect(names.customers?.[String(customer!.id)]).toBe(
      `${customer!.firstName} ${customer!.lastName}`.trim(),
    );
    expect(names.content?.[contentId]).toBe(entry!.title);
    expect(names.groups?.[String(group!.id)]).toBe(group!.name);
    expect(names.shippingMethods?.[String(method!.id)]).toBe(method!.name);
    expect(names.shippingZones?.[String(zone!.id)]).toBe(zone!.name);
    expect(names.staff?.[String(actor.staffId)]).toBe('owner');

    const byAction = new Map(
      page.entries.map((row) => [
        row.action,
        describeAudit(
          { ...row, actorName: row.staffName, actorEmail: row.staffEmail, actorStaffId: row.staffId },
          names,
        ),
      ]),
    );
    expect(byAction.get('stock.delivery')).toMatchObject({
      sentence: `owner set stock of ${variant!.product} in ${labels} to 12 (was 3): delivery`,
      link: { href: `/admin/products/${variant!.productId}/stock` },
    });
    expect(byAction.get('order.refunded')?.sentence).toMatch(
      new RegExp(`^owner refunded .*5.* of order ${order!.id}: Late$`),
    );
    expect(byAction.get('customer.group-changed')?.sentence).toBe(
      `owner moved ${customer!.firstName} ${customer!.lastName} to ${group!.name} (was —)`,
    );
    expect(byAction.get('content.entry.publish')?.link?.href).toBe(`/admin/content/${contentId}`);
  });

  it('names nothing for a page without entries, asking the database nothing', async () => {
    const select = vi.spyOn(handle.db, 'select');
    expect(await createAuditLog(handle.db).names([])).toMatchObject({ products: {}, variants: {} });
    expect(select).not.toHaveBeenCalled();
    select.mockRestore();
  });

  it('counts the dashboard’s orders per day of the store’s time zone', async () => {
    const zone = 'America/Denver';
    const reports = createReports(handle.db);
    const report = await reports.daily({ days: 30, zone });
    const today = storeDay(new Date(), zone);
    expect(report.days).toHaveLength(30);
    expect(report.days.at(-1)).toBe(today);
    // The same orders bucketed by the core helper, day by day.
    const rows = await handle.db
      .select({ createdAt: orders.createdAt, currency: orders.currencyCode })
      .from(orders)
      .where(
        and(
          gte(orders.createdAt, startOfStoreDay(report.days[0]!, zone)),
          lt(orders.createdAt, endOfStoreDay(today, zone)),
          notInArray(orders.statusId, [...NO_REVENUE_STATUS_IDS]),
        ),
      );
    expect(rows.length).toBeGreaterThan(0);
    for (const series of report.series) {
      const mine = rows.filter((row) => row.currency === series.currencyCode);
      for (const point of series.points)
        expect(mine.filter((row) => storeDay(row.createdAt, zone) === point.day).length, point.day).toBe(
          point.orders,
        );
    }
    const single = await reports.daily({ from: today, to: today, zone });
    expect(single.days).toEqual([today]);
    expect(await reports.daily({ from: today, to: '2000-01-01', zone })).toEqual({ days: [], series: [] });
  });
});
