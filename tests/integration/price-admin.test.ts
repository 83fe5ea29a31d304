import { and, count, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { priceView } from '#app/lib/catalogue/price.ts';
import { CURRENCIES } from '#core/regions.ts';
import type { Actor } from '#server/audit/audit.ts';
import { auditLog } from '#server/audit/schema.ts';
import { dataVersions, productChanges } from '#server/cache/schema.ts';
import type { EnginePricing } from '#server/commerce/groups.ts';
import { createSaleSchedule } from '#server/commerce/sale-schedule.ts';
import { productPrices, products, variants } from '#server/commerce/schema-catalogue.ts';
import { customers } from '#server/commerce/schema-customers.ts';
import { insertActor } from '../support/staff-actor.ts';
import { testDatabaseTargets } from '../support/test-databases.ts';
import { type ApiHarness, DEMO, openApi } from './api-harness.ts';

const USD = { ...CURRENCIES.find((currency) => currency.code === 'USD')!, code: 'USD' };
const later = (ms: number) => new Date(Date.now() + ms);
const HOUR = 3_600_000;

/** Issue 20, prices: retail and sale per region, scheduled sales honoured everywhere, the group preview. */
describe.each(testDatabaseTargets)('price admin on $name', (target) => {
  let api: ApiHarness;
  let actor: Actor;
  let guest: EnginePricing;

  beforeAll(async () => {
    api = await openApi(target);
    actor = await insertActor(api.handle.db, 'merchandiser', 'price-admin-test@ridgeline.example');
    guest = await api.commerce.groups.pricing('us', null);
  }, 120_000);
  afterAll(async () => {
    await api?.close();
  });

  async function productId(slug: string): Promise<number> {
    const [row] = await api.handle.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.slug, slug));
    return row!.id;
  }
  const priceRows = (id: number) =>
    api.handle.db
      .select()
      .from(productPrices)
      .where(eq(productPrices.productId, id))
      .orderBy(productPrices.regionId);
  const auditCount = async (id: number) =>
    (
      await api.handle.db
        .select({ n: count() })
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'product'), eq(auditLog.entityId, String(id))))
    )[0]!.n;
  const catalogueVersion = async () =>
    (await api.handle.db.select().from(dataVersions).where(eq(dataVersions.scope, 'catalogue')))[0]!.version;
  const productChangesVersion = async () =>
    (await api.handle.db.select().from(dataVersions).where(eq(dataVersions.scope, 'product-changes')))[0]!
      .version;
  /** The products a sale boundary logged as shown changes after `version` (decision 0050). */
  const loggedAfter = async (version: number) =>
    (await api.handle.db.select().from(productChanges).where(gt(productChanges.version, version)))
      .filter((row) => row.shown)
      .map((row) => row.productId);

  /** The storefront's product JSON as a guest in the US: its read cache follows the data version within 100 ms. */
  const shown = (id: number, pricing = guest) =>
    api.commerce.catalogue.getProduct(pricing, id).then((product) => ({
      calculated: product.calculatedPrice.value,
      sale: product.salePrice?.value ?? null,
    }));
  /** The price of a cart line, priced as the cart and checkout price it. */
  async function cartLinePrice(id: number): Promise<number> {
    const [variant] = await api.handle.db
      .select({ id: variants.id })
      .from(variants)
      .where(eq(variants.productId, id))
      .orderBy(variants.id)
      .limit(1);
    const cart = await api.commerce.carts.create('us', null, [
      { product_id: id, variant_id: variant!.id, quantity: 1 },
    ]);
    return cart.line_items.physical_items[0]!.sale_price;
  }

  it('sets retail and a scheduled sale in one region, in its currency, with an audit entry', async () => {
    const id = await productId('ridgeline-summit-trail-mens');
    const before = await priceRows(id);
    const startsAt = later(-HOUR);
    const endsAt = later(HOUR);
    const saved = await api.commerce.priceAdmin.setPrice(actor, id, 'ca', {
      retail: 339.95,
      sale: 299.5,
      saleStartsAt: startsAt,
      saleEndsAt: endsAt,
    });
    expect(saved).toMatchObject({ regionId: 'ca', currency: 'CAD', retail: 339.95, sale: 299.5 });
    const after = await priceRows(id);
    expect(after.find((row) => row.regionId === 'ca')).toMatchObject({
      retailPrice: 339.95,
      salePrice: 299.5,
      saleStartsAt: startsAt,
      saleEndsAt: endsAt,
    });
    // The other regions are untouched.
    expect(after.filter((row) => row.regionId !== 'ca')).toEqual(
      before.filter((row) => row.regionId !== 'ca'),
    );

    const [entry] = await api.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'product.price'), eq(auditLog.entityId, String(id))));
    expect(entry).toMatchObject({ staffId: actor.staffId, entity: 'product' });
    const old = before.find((row) => row.regionId === 'ca')!;
    expect(entry!.before).toMatchObject({
      regionId: 'ca',
      currency: 'CAD',
      retail: old.retailPrice,
      sale: null,
    });
    expect(entry!.after).toMatchObject({
      regionId: 'ca',
      retail: 339.95,
      sale: 299.5,
      saleStartsAt: startsAt.toISOString(),
      saleEndsAt: endsAt.toISOString(),
    });

    const canadian = await api.commerce.groups.pricing('ca', null);
    await expect
      .poll(() => shown(id, canadian), { timeout: 5000 })
      .toEqual({ calculated: 299.5, sale: 299.5 });
  });

  it('refuses a bad price or schedule with 400, an unknown product with 404, and changes nothing', async () => {
    const id = await productId('ridgeline-summit-trail-womens');
    const rows = await priceRows(id);
    const audits = await auditCount(id);
    const version = await catalogueVersion();
    const ok = { retail: 100, sale: null, saleStartsAt: null, saleEndsAt: null };
    const refused: [string, Parameters<typeof api.commerce.priceAdmin.setPrice>[3], RegExp][] = [
      ['us', { ...ok, retail: -1 }, /Retail price: A price must be above 0/],
      ['us', { ...ok, retail: 0 }, /Retail price: A price must be above 0/],
      ['us', { ...ok, retail: 12.345 }, /at most 2 decimals/],
      ['us', { ...ok, sale: 100 }, /Sale price: The sale price must be below the retail price/],
      ['us', { ...ok, sale: 120 }, /below the retail price/],
      [
        'us',
        { ...ok, sale: 80, saleStartsAt: later(2 * HOUR), saleEndsAt: later(HOUR) },
        /end after it starts/,
      ],
      ['us', { ...ok, sale: 80, saleEndsAt: later(-1000) }, /already passed/],
      ['us', { ...ok, saleEndsAt: later(HOUR) }, /needs a sale price/],
      ['mars', ok, /No commerce region mars/],
    ];
    for (const [region, change, message] of refused) {
      const error = await api.commerce.priceAdmin.setPrice(actor, id, region, change).then(
        () => null,
        (caught: unknown) => caught,
      );
      expect(error, `${region} ${JSON.stringify(change)}`).toMatchObject({ code: 'invalid', status: 400 });
      expect((error as Error).message).toMatch(message);
    }
    await expect(api.commerce.priceAdmin.setPrice(actor, 999_999, 'us', ok)).rejects.toMatchObject({
      code: 'not-found',
      status: 404,
    });
    await expect(api.commerce.priceAdmin.removeSale(actor, id, 'mars')).rejects.toMatchObject({
      status: 400,
    });
    expect(await priceRows(id)).toEqual(rows);
    expect(await auditCount(id)).toBe(audits);
    expect(await catalogueVersion()).toBe(version);
  });

  it('honours the schedule in the product JSON and in cart lines: not before the start, then the sale', async () => {
    const id = await productId('ridgeline-summit-trail-womens');
    const [us] = (await priceRows(id)).filter((row) => row.regionId === 'us');
    const retail = us!.retailPrice;
    await api.commerce.priceAdmin.setPrice(actor, id, 'us', {
      retail,
      sale: 149.95,
      saleStartsAt: later(HOUR),
      saleEndsAt: later(2 * HOUR),
    });
    await expect.poll(() => shown(id), { timeout: 5000 }).toEqual({ calculated: retail, sale: null });
    expect(await cartLinePrice(id)).toBe(retail);
    const listed = await api.commerce.catalogueAdmin.list({ q: 'summit trail', onSale: true, limit: 50 });
    expect(listed.rows.map((row) => row.id)).not.toContain(id);

    await api.commerce.priceAdmin.setPrice(actor, id, 'us', {
      retail,
      sale: 149.95,
      saleStartsAt: later(-HOUR),
      saleEndsAt: later(HOUR),
    });
    await expect.poll(() => shown(id), { timeout: 5000 }).toEqual({ calculated: 149.95, sale: 149.95 });
    expect(await cartLinePrice(id)).toBe(149.95);

    await api.commerce.priceAdmin.removeSale(actor, id, 'us');
    await expect.poll(() => shown(id), { timeout: 5000 }).toEqual({ calculated: retail, sale: null });
    expect(await cartLinePrice(id)).toBe(retail);
    const [removed] = await api.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'product.sale-removed'), eq(auditLog.entityId, String(id))));
    expect(removed!.before).toMatchObject({ sale: 149.95 });
    expect(removed!.after).toMatchObject({ sale: null, saleStartsAt: null, saleEndsAt: null });
  });

  it("ends a sale without anyone awake: the watcher logs that product's change once the end has passed, and only its", async () => {
    const id = await productId('ridgeline-summit-ascent-mens');
    const [us] = (await priceRows(id)).filter((row) => row.regionId === 'us');
    const retail = us!.retailPrice;
    const endsAt = later(1500);
    // 70 % off: a drop of more than half, confirmed (issue 40).
    await api.commerce.priceAdmin.setPrice(
      actor,
      id,
      'us',
      { retail, sale: 99.95, saleStartsAt: null, saleEndsAt: endsAt },
      { confirmed: true },
    );
    const watchers = [createSaleSchedule(api.handle.db), createSaleSchedule(api.handle.db)];
    // Before the end, there is nothing to do.
    expect(await watchers[0]!.tick()).toBe(false);
    await expect.poll(() => shown(id), { timeout: 1000 }).toEqual({ calculated: 99.95, sale: 99.95 });
    expect(await cartLinePrice(id)).toBe(99.95);
    expect(Date.now()).toBeLessThan(endsAt.getTime());
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, endsAt.getTime() - Date.now()) + 100));
    const version = await catalogueVersion();
    const changes = await productChangesVersion();
    // Two processes looking at once: exactly one of them logs the change.
    const moved = await Promise.all(watchers.map((watcher) => watcher.tick()));
    expect(moved.filter(Boolean)).toHaveLength(1);
    expect(await watchers[1]!.tick()).toBe(false);
    expect(await catalogueVersion()).toBe(version);
    expect(await productChangesVersion()).toBe(changes + 1);
    expect(await loggedAfter(changes)).toEqual([id]);

    await expect.poll(() => shown(id), { timeout: 5000 }).toEqual({ calculated: retail, sale: null });
    expect(await cartLinePrice(id)).toBe(retail);
  });

  it('starts a sale by its schedule too', async () => {
    const id = await productId('ridgeline-summit-ascent-mens');
    const [us] = (await priceRows(id)).filter((row) => row.regionId === 'us');
    const startsAt = later(800);
    await api.commerce.priceAdmin.setPrice(
      actor,
      id,
      'us',
      { retail: us!.retailPrice, sale: 89.95, saleStartsAt: startsAt, saleEndsAt: later(HOUR) },
      { confirmed: true },
    );
    const watcher = createSaleSchedule(api.handle.db);
    expect(await watcher.tick()).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, startsAt.getTime() - Date.now()) + 100));
    const version = await catalogueVersion();
    const changes = await productChangesVersion();
    expect(await watcher.tick()).toBe(true);
    expect(await catalogueVersion()).toBe(version);
    expect(await loggedAfter(changes)).toEqual([id]);
    await expect.poll(() => shown(id), { timeout: 5000 }).toEqual({ calculated: 89.95, sale: 89.95 });
    await api.commerce.priceAdmin.removeSale(actor, id, 'us');
  });

  it('never shows a pro customer the sale tag or the sale price (SPEC §4, §6)', async () => {
    const id = await productId('ridgeline-summit-trail-mens');
    await api.commerce.priceAdmin.setPrice(actor, id, 'us', {
      retail: 249.95,
      sale: 199.95,
      saleStartsAt: null,
      saleEndsAt: later(HOUR),
    });
    const [pro] = await api.handle.db.select().from(customers).where(eq(customers.email, DEMO.pro.email));
    const proPricing = await api.commerce.groups.pricing('us', pro!.id);
    expect(proPricing.isPro).toBe(true);

    await expect.poll(() => shown(id), { timeout: 5000 }).toEqual({ calculated: 199.95, sale: 199.95 });
    const forGuest = priceView(await api.commerce.catalogue.getProduct(guest, id), USD, { isPro: false });
    expect(forGuest).toMatchObject({ current: '$199.95', compareAt: '$249.95' });

    const forPro = priceView(await api.commerce.catalogue.getProduct(proPricing, id), USD, { isPro: true });
    // The pro price is the group's 40 % off (taken from the running sale price, as the engine prices today),
    // shown without a struck-through retail price: neither the tag nor the sale price reaches a pro customer.
    expect(forPro).toMatchObject({ current: '$119.97', compareAt: null });
    expect(forPro!.amount).not.toBe(199.95);
  });

  it('previews what each customer group pays, priced as the storefront prices it', async () => {
    const id = await productId('ridgeline-summit-trail-mens');
    const { regions } = await api.commerce.priceAdmin.prices(id);
    expect(regions.map((region) => [region.regionId, region.currency])).toEqual([
      ['ca', 'CAD'],
      ['eu_region_1', 'EUR'],
      ['us', 'USD'],
    ]);
    const us = regions.find((region) => region.regionId === 'us')!;
    expect(us).toMatchObject({ retail: 249.95, sale: 199.95, saleNow: 199.95 });
    expect(us.groups.map((group) => [group.name, group.guests, group.pays])).toEqual([
      ['Retail (US)', true, 199.95],
      ['Pro', false, 119.97],
      ['Employee', false, 99.98],
    ]);
    // The same numbers the storefront shows a guest and the demo pro customer.
    const [pro] = await api.handle.db.select().from(customers).where(eq(customers.email, DEMO.pro.email));
    const proPricing = await api.commerce.groups.pricing('us', pro!.id);
    expect((await shown(id)).calculated).toBe(us.groups[0]!.pays);
    expect((await shown(id, proPricing)).calculated).toBe(us.groups[1]!.pays);
    await expect(api.commerce.priceAdmin.prices(999_999)).rejects.toMatchObject({ code: 'not-found' });
  });

  describe('several regions in one save, through the money guard (issue 40)', () => {
    const none = { sale: null, saleStartsAt: null, saleEndsAt: null };
    /** A product no other test here prices: priced in every region. */
    async function untouchedProduct(): Promise<number> {
      const [row] = await api.handle.db
        .select({ id: products.id })
        .from(products)
        .where(eq(products.slug, 'ridgeline-dial-lock-binding'));
      return row!.id;
    }
    const stored = async (id: number) =>
      Object.fromEntries(
        (await priceRows(id)).map((row) => [row.regionId, [row.retailPrice, row.salePrice]]),
      );

    it('saves CAD and USD together with an audit entry each, leaves unchanged regions alone, and writes nothing when one region fails', async () => {
      const id = await untouchedProduct();
      const before = await stored(id);
      const audits = await auditCount(id);
      const [ca, us, eu] = [before.ca!, before.us!, before.eu_region_1!];
      const saved = await api.commerce.priceAdmin.setPrices(actor, id, [
        { regionId: 'ca', ...none, retail: ca[0]! + 10 },
        { regionId: 'us', ...none, retail: us[0]! + 5 },
        { regionId: 'eu_region_1', ...none, retail: eu[0]! },
      ]);
      expect(saved.map((entry) => [entry.regionId, entry.retail])).toEqual([
        ['ca', ca[0]! + 10],
        ['us', us[0]! + 5],
      ]);
      expect(await auditCount(id)).toBe(audits + 2);
      const after = await stored(id);

      const refused = await api.commerce.priceAdmin
        .setPrices(actor, id, [
          { regionId: 'ca', ...none, retail: ca[0]! + 20 },
          { regionId: 'us', ...none, retail: 50, sale: 60 },
        ])
        .catch((error: unknown) => error);
      expect(refused).toMatchObject({
        status: 400,
        fields: { 'us-sale': 'The sale price must be below the retail price.' },
      });
      expect(await stored(id)).toEqual(after);
      expect(await auditCount(id)).toBe(audits + 2);
    });

    it('asks to confirm a drop of more than half for any customer group, and refuses a price a group would pay 0 for', async () => {
      const id = await untouchedProduct();
      const admin = api.commerce.priceAdmin;
      const before = await stored(id);
      const usRetail = before.us![0]!;
      const audits = await auditCount(id);
      const drop = { regionId: 'us', ...none, retail: usRetail, sale: Math.round(usRetail * 30) / 100 };
      const asked = await admin.setPrices(actor, id, [drop]).catch((error: unknown) => error);
      expect(asked).toMatchObject({ status: 409, code: 'needs-confirmation' });
      expect((asked as Error).message).toMatch(
        /^This lowers the price of 3 customer groups by more than half; the lowest becomes \$\d+\.\d\d \(.+\)\.$/,
      );
      expect(await stored(id)).toEqual(before);
      await admin.setPrices(actor, id, [drop], { confirmed: true });
      expect((await stored(id)).us).toEqual([usRetail, drop.sale]);
      await admin.removeSale(actor, id, 'us');

      // The Pro group takes 5.00 off this product (seed): at a retail price of 5.00 its members would pay 0.
      const free = admin.setPrices(actor, id, [{ regionId: 'us', ...none, retail: 5 }], { confirmed: true });
      await expect(free).rejects.toMatchObject({
        status: 400,
        message: 'This would make Pro free or less: the lowest becomes $0.00. Enter a higher price.',
        fields: { 'us-retail': expect.stringContaining('free or less') },
      });
      expect((await stored(id)).us).toEqual([usRetail, null]);
      expect(await auditCount(id)).toBe(audits + 2);
    });
  });
});
