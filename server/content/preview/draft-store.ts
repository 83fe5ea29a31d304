/**
 * The store the delivery protocol reads in preview: the working copies (content_entries, what editors saved)
 * delivered as if published to the environment asked, and every asset, published or not, in place of what is
 * published there. Everything else is the live store's.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { contentAssets, contentEntries } from '../schema.ts';
import type { ContentStore, StoredAsset, StoredEntry, WorkingEntry } from '../store.ts';

/** A working copy as a publication of its current version (the preview's `publish_details`). */
const asPublished = (row: WorkingEntry, environment: string): StoredEntry => ({
  contentType: row.contentType,
  uid: row.uid,
  locale: row.locale,
  environment,
  title: row.title,
  fields: row.fields,
  version: row.version,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
  publishedAt: row.updatedAt,
  publishedBy: row.updatedBy,
});

export function createDraftStore(db: Database, live: ContentStore): ContentStore {
  return {
    ...live,

    async entriesOfType(contentType, locales, environment) {
      const rows = await db
        .select()
        .from(contentEntries)
        .where(
          and(eq(contentEntries.contentType, contentType), inArray(contentEntries.locale, [...locales])),
        );
      return rows.map((row) => asPublished(row, environment));
    },

    async entriesByUid(contentType, uids, locales, environment) {
      if (uids.length === 0) return [];
      const rows = await db
        .select()
        .from(contentEntries)
        .where(
          and(
            contentType ? eq(contentEntries.contentType, contentType) : undefined,
            inArray(contentEntries.uid, [...uids]),
            inArray(contentEntries.locale, [...locales]),
          ),
        );
      return rows.map((row) => asPublished(row, environment));
    },

    async changedSince(since, environment) {
      const rows = await db
        .select()
        .from(contentEntries)
        .where(
          since
            ? sql`date_trunc('milliseconds', ${contentEntries.updatedAt}) > ${since.toISOString()}::timestamptz`
            : undefined,
        )
        .orderBy(
          contentEntries.updatedAt,
          contentEntries.contentType,
          contentEntries.uid,
          contentEntries.locale,
        );
      return rows.map((row) => asPublished(row, environment));
    },

    async assets(locales): Promise<StoredAsset[]> {
      return db
        .select()
        .from(contentAssets)
        .where(inArray(contentAssets.locale, [...locales]))
        .orderBy(contentAssets.uid);
    },
  };
}
