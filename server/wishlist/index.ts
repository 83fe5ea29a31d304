import { randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { mergeIntoAccount, SHARE_TOKEN_PATTERN, WISHLIST_LIMIT, type WishlistEntry } from '#core/wishlist.ts';
import { products, variants } from '../commerce/schema-catalogue.ts';
import { customers } from '../commerce/schema-customers.ts';
import type { Database } from '../db/database.ts';
import { wishlistItems, wishlistShares } from './schema.ts';

/**
 * An account's wishlist (issue 45, decision 0048): the rules are core/wishlist.ts, here they meet the database.
 * Every use case takes the customer id from the caller's session (the route never reads one from the URL); the
 * shared list is read by its token alone and offers nothing to change.
 */

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface WishlistItem {
  productId: number;
  variantId: number | null;
  addedAt: Date;
}

const id = z.number().int().positive();
const deviceEntries = z
  .array(
    z.object({
      productId: id,
      variantId: id.nullable().optional(),
      addedAt: z.number().finite().optional(),
    }),
  )
  .max(WISHLIST_LIMIT * 2);

export type SaveResult = { saved: true } | { saved: false; reason: 'full' | 'unknown-product' };

export function createWishlists(db: Database, options: { limit?: number } = {}) {
  const limit = options.limit ?? WISHLIST_LIMIT;
  async function itemsOf(runner: Database | Tx, customerId: number): Promise<WishlistItem[]> {
    return runner
      .select({
        productId: wishlistItems.productId,
        variantId: wishlistItems.variantId,
        addedAt: wishlistItems.addedAt,
      })
      .from(wishlistItems)
      .where(eq(wishlistItems.customerId, customerId))
      .orderBy(desc(wishlistItems.addedAt), wishlistItems.productId);
  }

  /** Locks the customer's row: two saves at once count the list one after the other (the limit holds). */
  async function lockCustomer(tx: Tx, customerId: number) {
    await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId)).for('update');
  }

  /** Products that exist and are shown, of those asked (a save of a hidden or unknown id is refused). */
  async function shownProducts(tx: Tx, ids: readonly number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(inArray(products.id, [...ids]), eq(products.isVisible, true)));
    return new Set(rows.map((row) => row.id));
  }

  /** A variant id kept only when it is one of the product's own. */
  async function ownVariant(tx: Tx, productId: number, variantId: number | null): Promise<number | null> {
    if (variantId === null) return null;
    const [row] = await tx
      .select({ id: variants.id })
      .from(variants)
      .where(and(eq(variants.id, variantId), eq(variants.productId, productId)));
    return row ? row.id : null;
  }

  return {
    /** The customer's list, newest first. */
    list: (customerId: number) => itemsOf(db, customerId),

    /** The product ids on the customer's list (the hearts' state on every page they see). */
    async productIds(customerId: number): Promise<number[]> {
      const rows = await db
        .select({ productId: wishlistItems.productId })
        .from(wishlistItems)
        .where(eq(wishlistItems.customerId, customerId));
      return rows.map((row) => row.productId);
    },

    /** Saves a product (once: a second save of it, or a double submit, leaves the one row as it is). */
    async add(customerId: number, productId: number, variantId: number | null = null): Promise<SaveResult> {
      id.parse(productId);
      return db.transaction(async (tx) => {
        await lockCustomer(tx, customerId);
        if (!(await shownProducts(tx, [productId])).has(productId))
          return { saved: false, reason: 'unknown-product' } as const;
        const [{ count }] = (await tx
          .select({ count: sql<number>`count(*)::int` })
          .from(wishlistItems)
          .where(eq(wishlistItems.customerId, customerId))) as [{ count: number }];
        const [already] = await tx
          .select({ productId: wishlistItems.productId })
          .from(wishlistItems)
          .where(and(eq(wishlistItems.customerId, customerId), eq(wishlistItems.productId, productId)));
        if (already) return { saved: true } as const;
        if (count >= limit) return { saved: false, reason: 'full' } as const;
        await tx
          .insert(wishlistItems)
          .values({ customerId, productId, variantId: await ownVariant(tx, productId, variantId) })
          .onConflictDoNothing();
        return { saved: true } as const;
      });
    },

    /** Removes a product from the customer's own list (another's list is out of reach: the key is theirs). */
    async remove(customerId: number, productId: number): Promise<boolean> {
      const removed = await db
        .delete(wishlistItems)
        .where(and(eq(wishlistItems.customerId, customerId), eq(wishlistItems.productId, productId)))
        .returning({ productId: wishlistItems.productId });
      return removed.length > 0;
    },

    /**
     * A guest's list from the device, posted once after sign-in: each product not on the account's list yet is
     * added (core/wishlist.ts `mergeIntoAccount`), unknown products skipped. Answers how many were added.
     */
    async merge(customerId: number, input: unknown, now = new Date()): Promise<number> {
      const device: WishlistEntry[] = deviceEntries.parse(input).map((entry) => ({
        productId: entry.productId,
        variantId: entry.variantId ?? null,
        addedAt: Math.min(entry.addedAt ?? now.getTime(), now.getTime()),
      }));
      return db.transaction(async (tx) => {
        await lockCustomer(tx, customerId);
        const shown = await shownProducts(
          tx,
          device.map((entry) => entry.productId),
        );
        const fresh = mergeIntoAccount(
          await itemsOf(tx, customerId),
          device.filter((entry) => shown.has(entry.productId)),
          limit,
        );
        if (fresh.length === 0) return 0;
        const rows = [];
        for (const entry of fresh)
          rows.push({
            customerId,
            productId: entry.productId,
            variantId: await ownVariant(tx, entry.productId, entry.variantId),
            addedAt: new Date(entry.addedAt),
          });
        const added = await tx
          .insert(wishlistItems)
          .values(rows)
          .onConflictDoNothing()
          .returning({ productId: wishlistItems.productId });
        return added.length;
      });
    },

    /** The list's share token, made on first ask (the owner's page shows the link). */
    async shareToken(customerId: number): Promise<string> {
      const token = randomBytes(18).toString('base64url');
      await db.insert(wishlistShares).values({ customerId, token }).onConflictDoNothing();
      const [row] = await db
        .select({ token: wishlistShares.token })
        .from(wishlistShares)
        .where(eq(wishlistShares.customerId, customerId));
      return row!.token;
    },

    /** The list behind a share token, read-only; null for a token that names no list. */
    async shared(token: string): Promise<WishlistItem[] | null> {
      if (!SHARE_TOKEN_PATTERN.test(token)) return null;
      const [row] = await db
        .select({ customerId: wishlistShares.customerId })
        .from(wishlistShares)
        .innerJoin(customers, eq(customers.id, wishlistShares.customerId))
        .where(and(eq(wishlistShares.token, token), sql`${customers.erasedAt} is null`));
      return row ? itemsOf(db, row.customerId) : null;
    },

    eraseCustomer: eraseWishlistOf,
  };
}

export type Wishlists = ReturnType<typeof createWishlists>;

/** The erase of a customer (decision 0037), inside its transaction: their list and its share link go. */
export async function eraseWishlistOf(tx: Tx, customerId: number): Promise<number> {
  await tx.delete(wishlistShares).where(eq(wishlistShares.customerId, customerId));
  const removed = await tx
    .delete(wishlistItems)
    .where(eq(wishlistItems.customerId, customerId))
    .returning({ productId: wishlistItems.productId });
  return removed.length;
}
