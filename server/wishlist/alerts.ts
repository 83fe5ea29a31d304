import { and, asc, eq, gt, inArray, lte, or, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { contentLocaleOf, parseLocale } from '#core/locale.ts';
import { alertVerdict, type WatchedSize, watchedState } from '#core/price-drop.ts';
import { PRODUCT_CHANGES_SCOPE } from '../cache/data-version.ts';
import { dataVersions, productChanges } from '../cache/schema.ts';
import { discountedPrice } from '../commerce/pricing.ts';
import { salePriceNow } from '../commerce/sale-price.ts';
import {
  categories,
  productPrices,
  products,
  variantPrices,
  variants,
} from '../commerce/schema-catalogue.ts';
import { customers } from '../commerce/schema-customers.ts';
import { ownPriceColumns, ownPriceJoin, ownPriceOf, productPriceOf } from '../commerce/variant-prices.ts';
import type { Database } from '../db/database.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { ProductNames } from '../mail/product-names.ts';
import { priceDropMessage, wishlistBackInStockMessage } from '../mail/wishlist-alert.ts';
import { wishlistAlertCursor, wishlistItems } from './schema.ts';

/**
 * The wishlist's price-drop and back-in-stock mails (issue 45, decision 0054). A customer opts in per listed product
 * (one size, or any size); the price they would pay in the region they opted in from and the stock are kept as the
 * baseline. The watcher reads what changed from the log the price and stock writes already fill (product_changes,
 * decision 0036: a price, a sell-out or a return, a scheduled sale's start or end) past its cursor, and looks only
 * at opted-in rows of those products; a move of the whole catalogue version (a size's own price, a product added)
 * looks at every opted-in row, a page of 200 at a time by key. Each row is judged under its own row lock, its
 * baseline moved in the transaction that sends, so two processes, a retry or a tick during a save mail once.
 */

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export const WISHLIST_ALERT_EVERY_MS = 10_000;
export const WISHLIST_ALERT_PAGE = 200;

/** What the region's pricing gives (server/commerce/groups.ts `pricing`): the currency and the customer's rules. */
export type AlertPricing = (
  regionId: string,
  customerId: number,
) => Promise<{ currencyCode: string; rules: Parameters<typeof discountedPrice>[3] }>;

export interface WishlistAlertOptions {
  mailer: Mailer;
  origin: string;
  pricing: AlertPricing;
  /** At most one mail per product and customer in this time (WISHLIST_ALERT_INTERVAL_HOURS). */
  intervalMs: number;
  textFor?: (contentLocale: string) => Promise<Readonly<Record<string, string>>>;
  productNames?: ProductNames;
  everyMs?: number;
  logger?: Pick<Logger, 'info' | 'error'>;
}

export interface AlertChoice {
  on: boolean;
  /** The size watched; null: any size. */
  variantId: number | null;
  /** The URL segment (language of the mail) and the commerce region whose price is watched. */
  locale: string;
  regionId: string;
}

export interface AlertSetting {
  productId: number;
  on: boolean;
  variantId: number | null;
  sizes: { id: number; label: string }[];
}

const sizeLabel = (options: readonly { label: string }[]) =>
  options.map((option) => option.label).join(' / ');

export function createWishlistAlerts(db: Database, options: WishlistAlertOptions) {
  let timer: ReturnType<typeof setInterval> | null = null;
  let running = false;

  /** The watched sizes as stored now, priced for the customer in the region (database clock). */
  async function stateOf(
    runner: Database | Tx,
    row: { productId: number; variantId: number | null; regionId: string },
    pricing: Awaited<ReturnType<AlertPricing>>,
  ) {
    const rows = await runner
      .select({
        variantId: variants.id,
        stock: variants.inventoryLevel,
        retail: productPrices.retailPrice,
        sale: salePriceNow,
        categoryId: products.categoryId,
        parentCategory: categories.parentId,
        ...ownPriceColumns,
      })
      .from(variants)
      .innerJoin(products, eq(products.id, variants.productId))
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .innerJoin(
        productPrices,
        and(eq(productPrices.productId, products.id), eq(productPrices.regionId, row.regionId)),
      )
      .leftJoin(variantPrices, ownPriceJoin(row.regionId))
      .where(
        and(
          eq(variants.productId, row.productId),
          eq(products.isVisible, true),
          row.variantId === null ? undefined : eq(variants.id, row.variantId),
        ),
      );
    const [first] = rows;
    const now = first ? new Date(first.now) : new Date();
    const chain = first
      ? [first.categoryId, ...(first.parentCategory === null ? [] : [first.parentCategory])]
      : [];
    const sizes: WatchedSize[] = rows.map((entry) => ({
      product: productPriceOf(entry.retail, entry.sale),
      own: ownPriceOf(entry),
      inStock: entry.stock > 0,
    }));
    const rule = (price: number) => discountedPrice(price, row.productId, chain, pricing.rules);
    return { state: watchedState(sizes, pricing.currencyCode, now, rule), now };
  }

  async function textOf(segment: string) {
    const locale = parseLocale(segment);
    if (!locale || !options.textFor) return undefined;
    return options.textFor(contentLocaleOf(locale)).catch((error: unknown) => {
      options.logger?.error({ err: error, locale: segment }, 'wishlist alert: display text failed');
      return undefined;
    });
  }

  /**
   * Everything the mail needs that is read outside the row's transaction: on PGlite a transaction holds the one
   * connection, so the pricing, display text and product names (read through their own handles) come first.
   */
  async function prepare(customerId: number, productId: number) {
    const [row] = await db
      .select({
        regionId: wishlistItems.alertRegion,
        locale: wishlistItems.alertLocale,
        variantId: wishlistItems.variantId,
        email: customers.email,
        erasedAt: customers.erasedAt,
        slug: products.slug,
        name: products.name,
      })
      .from(wishlistItems)
      .innerJoin(customers, eq(customers.id, wishlistItems.customerId))
      .innerJoin(products, eq(products.id, wishlistItems.productId))
      .where(
        and(
          eq(wishlistItems.customerId, customerId),
          eq(wishlistItems.productId, productId),
          eq(wishlistItems.alert, true),
        ),
      );
    if (!row?.regionId || row.erasedAt) return null;
    const locale = parseLocale(row.locale) ? row.locale! : 'en-us';
    const contentLocale = contentLocaleOf(parseLocale(locale)!);
    const [pricing, text, names, variant] = await Promise.all([
      options.pricing(row.regionId, customerId),
      textOf(locale),
      options.productNames?.([productId], contentLocale).catch(() => undefined),
      row.variantId === null
        ? undefined
        : db
            .select({ options: variants.optionValues })
            .from(variants)
            .where(eq(variants.id, row.variantId))
            .then((found) => found[0]),
    ]);
    return {
      regionId: row.regionId,
      variantId: row.variantId,
      pricing,
      mail: {
        email: row.email,
        productName: names?.get(productId) ?? row.name,
        variantLabel: variant
          ? sizeLabel(variant.options)
          : text?.['wishlist alert any size']?.trim() || 'any size',
        productUrl: `${options.origin}/${locale}/p/${row.slug}`,
        wishlistUrl: `${options.origin}/${locale}/account/wishlist`,
        ...(text ? { text } : {}),
      },
    };
  }

  /**
   * Judges one opted-in row under its lock and mails at most once: the baseline moves in the same transaction as
   * the send, and a failed send rolls both back (the next look tries again). Answers whether a mail went.
   */
  async function judge(customerId: number, productId: number): Promise<boolean> {
    try {
      const ready = await prepare(customerId, productId);
      if (!ready) return false;
      return await db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(wishlistItems)
          .where(
            and(
              eq(wishlistItems.customerId, customerId),
              eq(wishlistItems.productId, productId),
              eq(wishlistItems.alert, true),
            ),
          )
          .for('update');
        // Changed since it was read (switched off, another size or region): the next look judges the new choice.
        if (
          !row ||
          row.alertRegion !== ready.regionId ||
          row.variantId !== ready.variantId ||
          row.alertPrice === null ||
          row.alertCurrency === null
        )
          return false;
        const { state, now } = await stateOf(tx, { ...row, regionId: ready.regionId }, ready.pricing);
        const verdict = alertVerdict(
          {
            price: row.alertPrice,
            currency: row.alertCurrency,
            inStock: row.alertInStock ?? false,
            mailedAt: row.alertedAt,
          },
          state,
          now,
          options.intervalMs,
        );
        const key = and(eq(wishlistItems.customerId, customerId), eq(wishlistItems.productId, productId));
        if (verdict.mail === null || !state) {
          // The stock seen moves at every look (a sell-out is what makes the next return news); the price only
          // when the currency changed, so a rise and a fall back is no drop.
          const rebase = state !== null && state.currency !== row.alertCurrency;
          await tx
            .update(wishlistItems)
            .set({
              alertHeld: verdict.mail === null && verdict.held,
              ...(state ? { alertInStock: state.inStock } : {}),
              ...(rebase ? { alertPrice: state.price, alertCurrency: state.currency } : {}),
            })
            .where(key);
          return false;
        }
        await tx
          .update(wishlistItems)
          .set({
            alertPrice: state.price,
            alertCurrency: state.currency,
            alertInStock: state.inStock,
            alertedAt: now,
            alertHeld: false,
          })
          .where(key);
        await options.mailer.send(
          verdict.mail === 'price-drop'
            ? priceDropMessage({
                ...ready.mail,
                from: verdict.from,
                to: verdict.to,
                currency: state.currency,
              })
            : wishlistBackInStockMessage(ready.mail),
        );
        return true;
      });
    } catch (error) {
      options.logger?.error({ err: error, customerId, productId }, 'wishlist alert mail failed');
      return false;
    }
  }

  type Key = { customerId: number; productId: number };

  /** Opted-in rows of these products, or of all products (null), a page at a time by key. */
  async function* optedIn(productIds: readonly number[] | null): AsyncGenerator<Key> {
    if (productIds !== null && productIds.length === 0) return;
    let after: Key | null = null;
    for (;;) {
      const page: Key[] = await db
        .select({ customerId: wishlistItems.customerId, productId: wishlistItems.productId })
        .from(wishlistItems)
        .where(
          and(
            eq(wishlistItems.alert, true),
            productIds === null ? undefined : inArray(wishlistItems.productId, [...productIds]),
            after === null
              ? undefined
              : or(
                  gt(wishlistItems.customerId, after.customerId),
                  and(
                    eq(wishlistItems.customerId, after.customerId),
                    gt(wishlistItems.productId, after.productId),
                  ),
                ),
          ),
        )
        .orderBy(asc(wishlistItems.customerId), asc(wishlistItems.productId))
        .limit(WISHLIST_ALERT_PAGE);
      yield* page;
      if (page.length < WISHLIST_ALERT_PAGE) return;
      after = page[page.length - 1]!;
    }
  }

  async function versions() {
    const rows = await db
      .select({ scope: dataVersions.scope, version: dataVersions.version })
      .from(dataVersions)
      .where(inArray(dataVersions.scope, [PRODUCT_CHANGES_SCOPE, 'catalogue']));
    const of = (scope: string) => Number(rows.find((row) => row.scope === scope)?.version ?? 0);
    return { productChanges: of(PRODUCT_CHANGES_SCOPE), catalogue: of('catalogue') };
  }

  /**
   * One look: the products changed since the cursor (or all, when the catalogue version moved), and the rows held
   * back by the interval whose time has come. Answers how many mails went. The cursor only narrows what is looked
   * at; every row is judged idempotently, so processes that look at the same changes mail once.
   */
  async function tick(): Promise<number> {
    const seen = await versions();
    // The first look starts from now: an upgrade does not judge the change log's history.
    await db
      .insert(wishlistAlertCursor)
      .values({ id: 1, productChanges: seen.productChanges, catalogue: seen.catalogue })
      .onConflictDoNothing();
    const [cursor] = await db.select().from(wishlistAlertCursor).where(eq(wishlistAlertCursor.id, 1));
    let products: number[] | null = [];
    if (seen.catalogue !== cursor!.catalogue) products = null;
    else if (seen.productChanges !== cursor!.productChanges) {
      const changed = await db
        .selectDistinct({ id: productChanges.productId })
        .from(productChanges)
        .where(
          and(
            gt(productChanges.version, cursor!.productChanges),
            lte(productChanges.version, seen.productChanges),
            eq(productChanges.shown, true),
          ),
        );
      products = changed.map((row) => row.id);
    }
    const keys = new Map<string, Key>();
    for await (const key of optedIn(products)) keys.set(`${key.customerId}:${key.productId}`, key);
    const due = await db
      .select({ customerId: wishlistItems.customerId, productId: wishlistItems.productId })
      .from(wishlistItems)
      .where(
        and(
          eq(wishlistItems.alert, true),
          eq(wishlistItems.alertHeld, true),
          sql`${wishlistItems.alertedAt} <= now() - make_interval(secs => ${options.intervalMs / 1000})`,
        ),
      );
    for (const key of due) keys.set(`${key.customerId}:${key.productId}`, key);
    let sent = 0;
    for (const key of keys.values()) if (await judge(key.customerId, key.productId)) sent += 1;
    await db
      .update(wishlistAlertCursor)
      .set({
        productChanges: sql`greatest(${wishlistAlertCursor.productChanges}, ${seen.productChanges})`,
        catalogue: seen.catalogue,
      })
      .where(eq(wishlistAlertCursor.id, 1));
    return sent;
  }

  return {
    tick,
    judge,

    /**
     * Switches the customer's alert for a product on their list on (with the size, or any) or off. On records
     * the price they would pay now and the stock as the baseline; off clears it. False: not on their list.
     */
    async choose(customerId: number, productId: number, choice: AlertChoice): Promise<boolean> {
      const pricing = choice.on ? await options.pricing(choice.regionId, customerId) : null;
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select({ variantId: wishlistItems.variantId })
          .from(wishlistItems)
          .where(and(eq(wishlistItems.customerId, customerId), eq(wishlistItems.productId, productId)))
          .for('update');
        if (!row) return false;
        const key = and(eq(wishlistItems.customerId, customerId), eq(wishlistItems.productId, productId));
        if (!choice.on) {
          await tx
            .update(wishlistItems)
            .set({
              alert: false,
              alertLocale: null,
              alertRegion: null,
              alertCurrency: null,
              alertPrice: null,
              alertInStock: null,
              alertHeld: false,
            })
            .where(key);
          return true;
        }
        let variantId: number | null = null;
        if (choice.variantId !== null) {
          const [own] = await tx
            .select({ id: variants.id })
            .from(variants)
            .where(and(eq(variants.id, choice.variantId), eq(variants.productId, productId)));
          variantId = own?.id ?? null;
        }
        const { state } = await stateOf(tx, { productId, variantId, regionId: choice.regionId }, pricing!);
        if (!state) return false;
        await tx
          .update(wishlistItems)
          .set({
            alert: true,
            variantId,
            alertLocale: choice.locale,
            alertRegion: choice.regionId,
            alertCurrency: state.currency,
            alertPrice: state.price,
            alertInStock: state.inStock,
            alertHeld: false,
          })
          .where(key);
        return true;
      });
    },

    /** The alert of each product on the customer's list, with the sizes it may watch. */
    async settings(customerId: number): Promise<AlertSetting[]> {
      const rows = await db
        .select({
          productId: wishlistItems.productId,
          on: wishlistItems.alert,
          variantId: wishlistItems.variantId,
          sizeId: variants.id,
          options: variants.optionValues,
        })
        .from(wishlistItems)
        .innerJoin(variants, eq(variants.productId, wishlistItems.productId))
        .where(eq(wishlistItems.customerId, customerId))
        .orderBy(asc(wishlistItems.productId), asc(variants.id));
      const byProduct = new Map<number, AlertSetting>();
      for (const row of rows) {
        const entry = byProduct.get(row.productId) ?? {
          productId: row.productId,
          on: row.on,
          variantId: row.variantId,
          sizes: [],
        };
        entry.sizes.push({ id: row.sizeId, label: sizeLabel(row.options) });
        byProduct.set(row.productId, entry);
      }
      return [...byProduct.values()];
    },

    /** Looks every `everyMs` until stopped; a failed look is reported and the next one tries again. */
    start(): void {
      if (timer) return;
      timer = setInterval(() => {
        if (running) return;
        running = true;
        tick()
          .catch((error: unknown) => options.logger?.error({ err: error }, 'wishlist alerts: a look failed'))
          .finally(() => {
            running = false;
          });
      }, options.everyMs ?? WISHLIST_ALERT_EVERY_MS);
      timer.unref?.();
    },
    stop(): void {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}

export type WishlistAlerts = ReturnType<typeof createWishlistAlerts>;
