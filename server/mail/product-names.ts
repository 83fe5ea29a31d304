import { inArray } from 'drizzle-orm';
import { products } from '../commerce/schema-catalogue.ts';
import type { ContentClient } from '../content/index.ts';
import type { Database } from '../db/database.ts';

/**
 * Products' names in a content locale for mails (issue 41, decision 0039): the product's content entry in that
 * locale (English's when it has none). An order line keeps the English name it was sold under; a German shipping
 * mail names "Merino-Mütze", not "Merino Beanie". A product without an entry, or a failed read, keeps the line's.
 */
export function productNamesFor(db: Database, client: Pick<ContentClient, 'productByUid'>) {
  return async (productIds: readonly number[], contentLocale: string): Promise<Map<number, string>> => {
    const names = new Map<number, string>();
    const ids = [...new Set(productIds)];
    if (ids.length === 0) return names;
    const rows = await db
      .select({ id: products.id, slug: products.slug })
      .from(products)
      .where(inArray(products.id, ids));
    await Promise.all(
      rows.map(async (row) => {
        const entry = await client.productByUid(row.slug, contentLocale).catch(() => null);
        const title = entry?.display_title || entry?.title;
        if (typeof title === 'string' && title) names.set(row.id, title);
      }),
    );
    return names;
  };
}

export type ProductNames = ReturnType<typeof productNamesFor>;
