import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Logger } from 'pino';
import { contentLocaleOf, parseLocale } from '#core/locale.ts';
import { products, variants } from '../commerce/schema-catalogue.ts';
import { backInStockNotices } from '../commerce/schema-sales.ts';
import type { StockChange } from '../commerce/stock.ts';
import type { Database } from '../db/database.ts';
import type { EventBus } from '../events/domain-events.ts';
import { newsletterSubscriptions } from '../newsletter/schema.ts';
import type { Mailer } from './mailer.ts';
import { backInStockMessage } from './messages.ts';

/**
 * Back-in-stock e-mails. The product page stores a signup as the subscription list
 * `back-in-stock:{productId}:{variantId}` (app/lib/catalogue/back-in-stock.server.ts); when that variant comes
 * back (server/commerce/stock.ts), each waiting subscriber gets one e-mail in the locale they signed up in.
 */

export const backInStockListId = (productId: number, variantId: number) =>
  `back-in-stock:${productId}:${variantId}`;

export interface BackInStockNotifierOptions {
  mailer: Mailer;
  /** The store's public origin for the product link, e.g. https://shop.example.com. */
  origin: string;
  /** Display text of a content locale ('en-us', 'fr', …); English wording when absent or failing. */
  textFor?: (contentLocale: string) => Promise<Readonly<Record<string, string>>>;
  logger?: Pick<Logger, 'info' | 'error'>;
}

export function createBackInStockNotifier(db: Database, options: BackInStockNotifierOptions) {
  async function textOf(segment: string): Promise<Readonly<Record<string, string>> | undefined> {
    const locale = parseLocale(segment);
    if (!locale || !options.textFor) return undefined;
    try {
      return await options.textFor(contentLocaleOf(locale));
    } catch (error) {
      options.logger?.error({ err: error, locale: segment }, 'back-in-stock: display text failed');
      return undefined;
    }
  }

  /** Mails the waiting subscribers of each variant; answers how many mails went out. */
  return async function notify(changes: readonly StockChange[]): Promise<number> {
    let sent = 0;
    for (const change of changes) {
      const [variant] = await db
        .select({ options: variants.optionValues, name: products.name, slug: products.slug })
        .from(variants)
        .innerJoin(products, eq(products.id, variants.productId))
        .where(eq(variants.id, change.variantId));
      if (!variant) continue;
      const waiting = await db
        .select({
          id: newsletterSubscriptions.id,
          email: newsletterSubscriptions.email,
          locale: newsletterSubscriptions.locale,
        })
        .from(newsletterSubscriptions)
        .leftJoin(backInStockNotices, eq(backInStockNotices.subscriptionId, newsletterSubscriptions.id))
        .where(
          and(
            eq(newsletterSubscriptions.listId, backInStockListId(change.productId, change.variantId)),
            isNull(backInStockNotices.subscriptionId),
          ),
        )
        .orderBy(asc(newsletterSubscriptions.id));
      for (const subscriber of waiting) {
        // Claimed before sending: a second restock running at the same time finds the claim and skips.
        const claimed = await db
          .insert(backInStockNotices)
          .values({ subscriptionId: subscriber.id, variantId: change.variantId })
          .onConflictDoNothing()
          .returning({ id: backInStockNotices.subscriptionId });
        if (claimed.length === 0) continue;
        const locale = parseLocale(subscriber.locale) ? subscriber.locale : 'en-us';
        try {
          await options.mailer.send(
            backInStockMessage({
              email: subscriber.email,
              productName: variant.name,
              variantLabel: variant.options.map((option) => option.label).join(' / '),
              productUrl: `${options.origin}/${locale}/p/${variant.slug}`,
              text: await textOf(locale),
            }),
          );
          sent += 1;
        } catch (error) {
          // Not sent: the claim goes, so the next restock tries this subscriber again.
          await db.delete(backInStockNotices).where(eq(backInStockNotices.subscriptionId, subscriber.id));
          options.logger?.error({ err: error, variantId: change.variantId }, 'back-in-stock e-mail failed');
        }
      }
    }
    return sent;
  };
}

/**
 * The store's wiring (server/services.ts): commerce announces 'back-in-stock' after a stock change commits (the
 * back office, the CSV import), and the subscribers are mailed before the page answers.
 */
export function subscribeBackInStockMail(
  db: Database,
  events: Pick<EventBus, 'on'>,
  options: BackInStockNotifierOptions,
): void {
  const notify = createBackInStockNotifier(db, options);
  events.on('back-in-stock', async ({ changes }) => {
    await notify(changes);
  });
}
