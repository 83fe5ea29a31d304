import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { contentEntries } from './schema.ts';
import { createContentStore, MASTER_LOCALE } from './store.ts';

/**
 * A new product's content entry (issue 20, back office): what the storefront's product page, category tiles and
 * search read of a product besides its commerce record, written through the content store's own write path
 * (`putEntries`, as `npm run content:import` writes editors' files) with the executor of the product's
 * transaction, so the product and its entry commit together. The master locale only: other locales fall back
 * to it until an editor translates the entry. Images, specs and attributes are an editor's (or the images
 * slice's) to add.
 */
export interface ProductEntryInput {
  uid: string;
  title: string;
  tagline: string;
  /** Plain text; paragraphs separated by blank lines. */
  description: string;
  /** Per commerce region: the product's id and SKU there, and the ids of its category and that one's ancestors. */
  commerce: Record<string, { id: number; sku: string; categoryIds: number[] }>;
  /** The path of the product's main category (`snowshoes/mens`): its content entry is `snowshoes-mens`. */
  categoryPath: string;
  isNew: boolean;
  isRedesigned: boolean;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

/** The entry's fields, as the seed writes a catalogue product's (seed/content/catalogue-content.ts). */
export function productEntryFields(input: ProductEntryInput): Record<string, unknown> {
  const paragraphs = input.description
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter(Boolean);
  const summary = input.tagline || paragraphs[0] || input.title;
  return {
    title: input.title,
    display_title: input.title,
    tagline: input.tagline,
    description: paragraphs.map((part) => `<p>${escapeHtml(part)}</p>`).join(''),
    url: `/${input.uid}`,
    bc_products: Object.fromEntries(
      Object.entries(input.commerce).map(([region, entry]) => [region, { id: entry.id, sku: entry.sku }]),
    ),
    bc_categories: Object.fromEntries(
      Object.entries(input.commerce).map(([region, entry]) => [region, entry.categoryIds]),
    ),
    is_new: { value: input.isNew ? 'Yes' : 'No' },
    is_redesigned: { value: input.isRedesigned ? 'Yes' : 'No' },
    seo_meta: {
      seo_title: `${input.title} | Ridgeline Snowshoe Co.`,
      seo_description: summary.slice(0, 300),
    },
    product_category: [
      { uid: input.categoryPath.replace(/\//g, '-'), _content_type_uid: 'product_category' },
    ],
    discontinued: false,
  };
}

/** Writes product entries, published to these environments, inside the caller's transaction. */
export function productEntryWriter(environments: readonly string[]) {
  return {
    /** Whether the master locale already has a product entry of this uid (an editor's, not to be overwritten). */
    async exists(executor: Database, uid: string): Promise<boolean> {
      return createContentStore(executor).hasEntry('product', uid, MASTER_LOCALE);
    },

    /** The working copies of a product's entry in these locales (fields by locale; a locale without one is absent). */
    async read(
      executor: Database,
      uid: string,
      locales: readonly string[],
    ): Promise<Record<string, Record<string, unknown>>> {
      const rows = await executor
        .select({ locale: contentEntries.locale, fields: contentEntries.fields })
        .from(contentEntries)
        .where(
          and(
            eq(contentEntries.contentType, 'product'),
            eq(contentEntries.uid, uid),
            inArray(contentEntries.locale, [...locales]),
          ),
        );
      return Object.fromEntries(rows.map((row) => [row.locale, row.fields as Record<string, unknown>]));
    },

    /** Saves and publishes one locale of a product's entry (the back office's product text, issue 41). */
    async writeLocale(
      executor: Database,
      uid: string,
      locale: string,
      fields: Record<string, unknown>,
    ): Promise<void> {
      await createContentStore(executor).putEntries([
        { contentType: 'product', uid, locale, fields, publishTo: environments },
      ]);
    },

    async write(executor: Database, input: ProductEntryInput): Promise<void> {
      await createContentStore(executor).putEntries([
        {
          contentType: 'product',
          uid: input.uid,
          locale: MASTER_LOCALE,
          fields: productEntryFields(input),
          publishTo: environments,
        },
      ]);
    },
  };
}

export type ProductEntryWriter = ReturnType<typeof productEntryWriter>;
