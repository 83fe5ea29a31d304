/**
 * The store the delivery protocol reads in preview: the working copies (content_entries, what editors saved)
 * and every asset, published or not, in place of what is published to the environment. Everything else is the
 * live store's.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { contentAssets, contentEntries } from '../schema.ts';
import type { ContentStore, StoredAsset, StoredEntry } from '../store.ts';

export function createDraftStore(db: Database, live: ContentStore): ContentStore {
  return {
    ...live,

    async entriesOfType(contentType, locales) {
      return (await db
        .select()
        .from(contentEntries)
        .where(
          and(eq(contentEntries.contentType, contentType), inArray(contentEntries.locale, [...locales])),
        )) as StoredEntry[];
    },

    async entriesByUid(contentType, uids, locales) {
      if (uids.length === 0) return [];
      return (await db
        .select()
        .from(contentEntries)
        .where(
          and(
            contentType ? eq(contentEntries.contentType, contentType) : undefined,
            inArray(contentEntries.uid, [...uids]),
            inArray(contentEntries.locale, [...locales]),
          ),
        )) as StoredEntry[];
    },

    async changedSince(since) {
      return (await db
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
        )) as StoredEntry[];
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
