import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Commerce, createCommerce } from '#server/commerce/index.ts';
import { products, variants } from '#server/commerce/schema-catalogue.ts';
import { customers } from '#server/commerce/schema-customers.ts';
import type { DatabaseHandle } from '#server/db/database.ts';
import { seedReferenceData } from '#server/seed/seed.ts';
import { seedCommerce } from '#server/seed/seed-commerce.ts';
import { createWishlists, type Wishlists } from '#server/wishlist/index.ts';
import { wishlistItems, wishlistShares } from '#server/wishlist/schema.ts';
import { catalogueProductId } from '../../seed/catalogue/index.ts';
import { insertActor } from '../support/staff-actor.ts';
import { openMigrated, testDatabaseTargets } from '../support/test-databases.ts';

const SUMMIT = catalogueProductId('ridgeline-summit-trail-mens');
const POLE = catalogueProductId('ridgeline-trail-pole-3');

/** Issue 45: an account's wishlist on both databases (decision 0048). */
describe.each(testDatabaseTargets)('wishlists on $name', (target) => {
  let handle: DatabaseHandle;
  let wishlists: Wishlists;
  let commerce: Commerce;
  let nextCustomer = 0;

  beforeAll(async () => {
    handle = await openMigrated(target);
    await seedReferenceData(handle.db);
    await seedCommerce(handle.db);
    wishlists = createWishlists(handle.db);
    commerce = createCommerce(handle.db, { throttleKey: 'wishlist-test-throttle-key-0123456789abcdef' });
  }, 120_000);
  afterAll(async () => {
    await handle?.close();
  });

  async function customer(): Promise<number> {
    nextCustomer += 1;
    const [row] = await handle.db
      .insert(customers)
      .values({
        email: `wisher-${nextCustomer}@wishlist.test`,
        passwordHash: 'x',
        firstName: 'W',
        lastName: 'L',
      })
      .returning({ id: customers.id });
    return row!.id;
  }

  const idsOf = async (customerId: number) =>
    (await wishlists.list(customerId)).map((item) => item.productId);

  it('adds and removes a product, newest first, with the size when it is the product’s own', async () => {
    const ada = await customer();
    const [size] = await handle.db
      .select({ id: variants.id })
      .from(variants)
      .where(eq(variants.productId, SUMMIT))
      .limit(1);
    const [otherSize] = await handle.db
      .select({ id: variants.id })
      .from(variants)
      .where(eq(variants.productId, POLE))
      .limit(1);
    expect(await wishlists.add(ada, POLE, otherSize!.id)).toEqual({ saved: true });
    expect(await wishlists.add(ada, SUMMIT, size!.id)).toEqual({ saved: true });
    const list = await wishlists.list(ada);
    expect(list.map((item) => [item.productId, item.variantId])).toEqual([
      [SUMMIT, size!.id],
      [POLE, otherSize!.id],
    ]);
    expect(await wishlists.remove(ada, POLE)).toBe(true);
    expect(await wishlists.remove(ada, POLE)).toBe(false);
    expect(await idsOf(ada)).toEqual([SUMMIT]);
    expect(await wishlists.productIds(ada)).toEqual([SUMMIT]);
  });

  it('keeps a size of another product out, and refuses an unknown or hidden product', async () => {
    const bo = await customer();
    const [poleSize] = await handle.db
      .select({ id: variants.id })
      .from(variants)
      .where(eq(variants.productId, POLE))
      .limit(1);
    await wishlists.add(bo, SUMMIT, poleSize!.id);
    expect((await wishlists.list(bo))[0]!.variantId).toBeNull();
    expect(await wishlists.add(bo, 987_654_321)).toEqual({ saved: false, reason: 'unknown-product' });
    await handle.db.update(products).set({ isVisible: false }).where(eq(products.id, POLE));
    try {
      expect(await wishlists.add(bo, POLE)).toEqual({ saved: false, reason: 'unknown-product' });
    } finally {
      await handle.db.update(products).set({ isVisible: true }).where(eq(products.id, POLE));
    }
  });

  it('makes one row of a double submit', async () => {
    const cy = await customer();
    const results = await Promise.all([wishlists.add(cy, SUMMIT), wishlists.add(cy, SUMMIT)]);
    expect(results).toEqual([{ saved: true }, { saved: true }]);
    const rows = await handle.db.select().from(wishlistItems).where(eq(wishlistItems.customerId, cy));
    expect(rows).toHaveLength(1);
  });

  it('merges a guest list at sign-in: duplicates once, the account’s entry kept, unknown products skipped', async () => {
    const di = await customer();
    await wishlists.add(di, SUMMIT);
    const before = (await wishlists.list(di))[0]!.addedAt.getTime();
    const now = new Date();
    const added = await wishlists.merge(
      di,
      [
        { productId: SUMMIT, variantId: null, addedAt: now.getTime() - 1000 },
        { productId: POLE, variantId: null, addedAt: now.getTime() - 5000 },
        { productId: POLE, variantId: null, addedAt: now.getTime() - 2000 },
        { productId: 987_654_321, variantId: null, addedAt: now.getTime() },
      ],
      now,
    );
    expect(added).toBe(1);
    const list = await wishlists.list(di);
    expect(list.map((item) => item.productId).sort()).toEqual([SUMMIT, POLE].sort());
    expect(list.find((item) => item.productId === SUMMIT)!.addedAt.getTime()).toBe(before);
    expect(list.find((item) => item.productId === POLE)!.addedAt.getTime()).toBe(now.getTime() - 5000);
    // Posted twice (a second tab, a retry): nothing more.
    expect(
      await wishlists.merge(di, [{ productId: POLE, variantId: null, addedAt: now.getTime() }], now),
    ).toBe(0);
    await expect(wishlists.merge(di, [{ productId: 'x' }])).rejects.toThrow();
  });

  it('stops at the limit, while a product already saved still reads as saved', async () => {
    const small = createWishlists(handle.db, { limit: 1 });
    const ed = await customer();
    expect(await small.add(ed, SUMMIT)).toEqual({ saved: true });
    expect(await small.add(ed, POLE)).toEqual({ saved: false, reason: 'full' });
    expect(await small.add(ed, SUMMIT)).toEqual({ saved: true });
    expect(await idsOf(ed)).toEqual([SUMMIT]);
  });

  it('shares a list read-only by its token, the same token each time', async () => {
    const fay = await customer();
    await wishlists.add(fay, SUMMIT);
    const token = await wishlists.shareToken(fay);
    expect(token).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(await wishlists.shareToken(fay)).toBe(token);
    expect((await wishlists.shared(token))!.map((item) => item.productId)).toEqual([SUMMIT]);
    expect(await wishlists.shared('A'.repeat(24))).toBeNull();
    expect(await wishlists.shared('../etc')).toBeNull();
  });

  it('leaves another customer’s list alone: every change is keyed by the caller’s own id', async () => {
    const gil = await customer();
    const hal = await customer();
    await wishlists.add(gil, SUMMIT);
    expect(await wishlists.remove(hal, SUMMIT)).toBe(false);
    await wishlists.merge(hal, [{ productId: POLE, variantId: null, addedAt: Date.now() }]);
    expect(await idsOf(gil)).toEqual([SUMMIT]);
    expect(await idsOf(hal)).toEqual([POLE]);
  });

  it('goes with the customer’s erase, and the share link stops answering', async () => {
    const ivy = await customer();
    await wishlists.add(ivy, SUMMIT);
    await wishlists.add(ivy, POLE);
    const token = await wishlists.shareToken(ivy);
    const actor = await insertActor(handle.db, 'owner', `erase-${target.name}@wishlist.test`);
    await commerce.customerAdmin.erase(actor, ivy);
    expect(await idsOf(ivy)).toEqual([]);
    expect(await wishlists.shared(token)).toBeNull();
    expect(await handle.db.select().from(wishlistShares).where(eq(wishlistShares.customerId, ivy))).toEqual(
      [],
    );
  });
});
