import { asc, ne } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { categories, products } from '../schema.ts';
import type { SitemapSource } from './seo-routes.ts';

/**
 * Category and product pages for the sitemaps. Discontinued products answer 410, so they are left out; every
 * other product is listed in every locale (the page exists there, with the region's price or the dealer link).
 */
export function catalogueSitemapSource(db: Database): SitemapSource {
  return async () => {
    const [categoryRows, productRows] = await Promise.all([
      db.select({ path: categories.path }).from(categories).orderBy(asc(categories.path)),
      db
        .select({ slug: products.slug })
        .from(products)
        .where(ne(products.availability, 'disabled'))
        .orderBy(asc(products.slug)),
    ]);
    return [...categoryRows.map((row) => `/c/${row.path}`), ...productRows.map((row) => `/p/${row.slug}`)];
  };
}
