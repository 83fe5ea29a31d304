import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '#server/audit/audit.ts';
import { auditLog } from '#server/audit/schema.ts';
import { productPrices, products, variants } from '#server/commerce/schema-catalogue.ts';
import { customerGroups } from '#server/commerce/schema-customers.ts';
import { insertActor } from '../support/staff-actor.ts';
import { testDatabaseTargets } from '../support/test-databases.ts';
import { type ApiHarness, openApi } from './api-harness.ts';

const RETAIL_US = 1;
const RETAIL_CA = 2;
const PRO = 4;

/** Issue 20, customer-group discount rules (SPEC §6): added and removed one at a time, audited, priced at once. */
describe.each(testDatabaseTargets)('group rules admin on $name', (target) => {
  let api: ApiHarness;
  let actor: Actor;
  let productId: number;

  beforeAll(async () => {
    api = await openApi(target);
    actor = await insertActor(api.handle.db, 'merchandiser', 'group-rules-test@ridgeline.example');
    const [row] = await api.handle.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.slug, 'ridgeline-summit-trail-mens'));
    productId = row!.id;
  }, 120_000);
  afterAll(async () => {
    await api?.close();
  });

  const rulesOf = async (id: number) =>
    (await api.handle.db.select().from(customerGroups).where(eq(customerGroups.id, id)))[0]!.discountRules;
  const audits = async (id: number) =>
    (
      await api.handle.db
        .select({ n: count() })
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'customer-group'), eq(auditLog.entityId, String(id))))
    )[0]!.n;
  const guestPays = async () => {
    const pricing = await api.commerce.groups.pricing('us', null);
    return (await api.commerce.catalogue.getProduct(pricing, productId)).calculatedPrice.value;
  };

  it('adds a rule the storefront (within a second) and the preview price with at once, and removes it again, audited', async () => {
    expect(await guestPays()).toBe(249.95);
    const added = await api.commerce.groupRulesAdmin.addRule(actor, RETAIL_US, {
      type: 'product',
      method: 'price',
      amount: 199,
      targetId: productId,
    });
    expect(added.rules).toEqual([{ type: 'product', method: 'price', amount: '199', product_id: productId }]);
    await expect.poll(guestPays, { timeout: 1000 }).toBe(199);
    const preview = await api.commerce.priceAdmin.prices(productId);
    const us = preview.regions.find((region) => region.regionId === 'us')!;
    expect(us.groups.find((group) => group.id === RETAIL_US)?.pays).toBe(199);

    const [entry] = await api.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'customer-group.rule-added'), eq(auditLog.entityId, String(RETAIL_US))));
    expect(entry).toMatchObject({ staffId: actor.staffId, before: [], after: added.rules });

    await api.commerce.groupRulesAdmin.removeRule(actor, RETAIL_US, `product:${productId}`);
    expect(await rulesOf(RETAIL_US)).toEqual([]);
    await expect.poll(guestPays, { timeout: 1000 }).toBe(249.95);
    expect(await audits(RETAIL_US)).toBe(2);
  });

  it('refuses a bad rule (400), a second rule for one target (409), unknown groups and rules (404), changing nothing', async () => {
    const before = await rulesOf(PRO);
    const auditsBefore = await audits(PRO);
    const admin = api.commerce.groupRulesAdmin;
    // Thunks, run one at a time: a refusal started early would reject before anyone listens.
    const refusals: [() => Promise<unknown>, Record<string, unknown>][] = [
      [
        () => admin.addRule(actor, PRO, { type: 'all', method: 'percent', amount: 0, targetId: null }),
        { status: 400 },
      ],
      [
        () => admin.addRule(actor, PRO, { type: 'all', method: 'percent', amount: 101, targetId: null }),
        { status: 400 },
      ],
      [
        () => admin.addRule(actor, PRO, { type: 'all', method: 'fixed', amount: 1.234, targetId: null }),
        { status: 400 },
      ],
      [
        () =>
          admin.addRule(actor, PRO, { type: 'category', method: 'percent', amount: 5, targetId: 999_999 }),
        { status: 400, message: 'No category 999999' },
      ],
      [
        () => admin.addRule(actor, PRO, { type: 'product', method: 'percent', amount: 5, targetId: 999_999 }),
        { status: 400, message: 'No product 999999' },
      ],
      [
        () => admin.addRule(actor, PRO, { type: 'all', method: 'percent', amount: 10, targetId: null }),
        { status: 409 },
      ],
      [() => admin.removeRule(actor, PRO, 'product:999999'), { status: 404 }],
      [
        () => admin.addRule(actor, 999, { type: 'all', method: 'percent', amount: 10, targetId: null }),
        { status: 404 },
      ],
    ];
    for (const [call, expected] of refusals) await expect(call()).rejects.toMatchObject(expected);
    expect(await rulesOf(PRO)).toEqual(before);
    expect(await audits(PRO)).toBe(auditsBefore);
  });

  it('refuses a rule that makes the region free, even confirmed, and asks to confirm a drop of more than half (issue 40)', async () => {
    const admin = api.commerce.groupRulesAdmin;
    const auditsBefore = await audits(RETAIL_CA);
    const [priced] = await api.handle.db
      .select({ n: count() })
      .from(productPrices)
      .where(eq(productPrices.regionId, 'ca'));
    const pricedInCanada = priced!.n;
    const typo = { type: 'all', method: 'fixed', amount: 1000, targetId: null } as const;
    for (const confirmed of [false, true])
      await expect(admin.addRule(actor, RETAIL_CA, typo, { confirmed })).rejects.toMatchObject({
        status: 400,
        code: 'invalid',
        message: `This would make ${pricedInCanada} products free or less: the lowest becomes C$0.00. Use a smaller amount.`,
      });

    const sixty = { type: 'all', method: 'percent', amount: 60, targetId: null } as const;
    const asked = await admin.addRule(actor, RETAIL_CA, sixty).catch((error: unknown) => error);
    expect(asked).toMatchObject({ status: 409, code: 'needs-confirmation' });
    expect((asked as Error).message).toMatch(
      new RegExp(
        `^This lowers the price of ${pricedInCanada} products by more than half; the lowest becomes C\\$\\d+\\.\\d{2} \\(.+\\)\\.$`,
      ),
    );
    expect(await rulesOf(RETAIL_CA)).toEqual([]);
    expect(await audits(RETAIL_CA)).toBe(auditsBefore);

    const added = await admin.addRule(actor, RETAIL_CA, sixty, { confirmed: true });
    expect(added.rules).toEqual([{ type: 'all', method: 'percent', amount: '60' }]);
    // Half off is not more than half: no question asked. The product rule overrides the 60 % for one product.
    await admin.addRule(actor, RETAIL_CA, {
      type: 'product',
      method: 'percent',
      amount: 50,
      targetId: productId,
    });
    await admin.removeRule(actor, RETAIL_CA, `product:${productId}`);
    await admin.removeRule(actor, RETAIL_CA, 'all');
    expect(await audits(RETAIL_CA)).toBe(auditsBefore + 4);
  });

  it('finds the product a rule names by its SKU, a variant’s SKU (any case) or its id', async () => {
    const admin = api.commerce.groupRulesAdmin;
    const [product] = await api.handle.db.select().from(products).where(eq(products.id, productId));
    const [variant] = await api.handle.db.select().from(variants).where(eq(variants.productId, productId));
    const expected = { id: productId, name: product!.name };
    expect(await admin.productNamed(product!.sku.toLowerCase())).toEqual(expected);
    expect(await admin.productNamed(` ${variant!.sku} `)).toEqual(expected);
    expect(await admin.productNamed(String(productId))).toEqual(expected);
    await expect(admin.productNamed('NO-SUCH-SKU')).rejects.toMatchObject({
      status: 400,
      fields: { product: 'No product has this SKU or id.' },
    });
    await expect(admin.productNamed('999999')).rejects.toMatchObject({ status: 400 });
  });
});
