import { and, arrayContains, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { contentAssets, contentEntries } from './schema.ts';

/** The master locale: every entry exists in it, and other locales fall back to it (SPEC §9 default en-us). */
export const MASTER_LOCALE = 'en-us';

export interface EntryInput {
  contentType: string;
  uid: string;
  locale: string;
  fields: Record<string, unknown>;
  /** Environments the entry is published to. */
  publishTo: readonly string[];
}

export interface StoredEntry {
  contentType: string;
  uid: string;
  locale: string;
  title: string;
  fields: Record<string, unknown>;
  version: number;
  publishedTo: string[];
  createdAt: Date;
  updatedAt: Date;
}

export interface AssetInput {
  uid: string;
  locale?: string;
  title: string;
  filename: string;
  url: string;
  contentType: string;
  fileSize?: number;
  fields?: Record<string, unknown>;
  publishTo: readonly string[];
}

export type StoredAsset = typeof contentAssets.$inferSelect;

/** JSON with sorted keys: jsonb does not keep key order, so comparisons must not depend on it. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const keys = Object.keys(value as object).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

function sameJson(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

/** Reading and writing entries and assets in the product's database. */
export function createContentStore(db: Database) {
  const entriesOfType = db
    .select()
    .from(contentEntries)
    .where(
      and(
        eq(contentEntries.contentType, sql.placeholder('contentType')),
        sql`${contentEntries.locale} = any(${sql.placeholder('locales')}::text[])`,
        sql`${sql.placeholder('environment')}::text = any(${contentEntries.publishedTo})`,
      ),
    )
    .prepare('content_entries_of_type');

  return {
    /** Published entries of one type in the given locales (the requested one and its fallback). */
    async entriesOfType(
      contentType: string,
      locales: readonly string[],
      environment: string,
    ): Promise<StoredEntry[]> {
      return (await entriesOfType.execute({
        contentType,
        locales: [...locales],
        environment,
      })) as StoredEntry[];
    },

    async entriesByUid(
      contentType: string | null,
      uids: readonly string[],
      locales: readonly string[],
      environment: string,
    ): Promise<StoredEntry[]> {
      if (uids.length === 0) return [];
      return (await db
        .select()
        .from(contentEntries)
        .where(
          and(
            contentType ? eq(contentEntries.contentType, contentType) : undefined,
            inArray(contentEntries.uid, [...uids]),
            inArray(contentEntries.locale, [...locales]),
            arrayContains(contentEntries.publishedTo, [environment]),
          ),
        )) as StoredEntry[];
    },

    /** Entries changed after a moment (sync), published to the environment. */
    async changedSince(since: Date | null, environment: string): Promise<StoredEntry[]> {
      return (await db
        .select()
        .from(contentEntries)
        .where(
          and(
            // Timestamps are compared at millisecond precision, the precision of sync tokens.
            since
              ? sql`date_trunc('milliseconds', ${contentEntries.updatedAt}) > ${since.toISOString()}::timestamptz`
              : undefined,
            arrayContains(contentEntries.publishedTo, [environment]),
          ),
        )
        .orderBy(
          contentEntries.updatedAt,
          contentEntries.contentType,
          contentEntries.uid,
          contentEntries.locale,
        )) as StoredEntry[];
    },

    async allEntries(): Promise<StoredEntry[]> {
      return (await db
        .select()
        .from(contentEntries)
        .orderBy(contentEntries.contentType, contentEntries.uid, contentEntries.locale)) as StoredEntry[];
    },

    /**
     * Creates or updates entries. The version goes up only when the fields or the publish state change, so
     * importing the same files twice changes nothing.
     */
    async putEntries(
      inputs: readonly EntryInput[],
    ): Promise<{ created: number; updated: number; unchanged: number }> {
      const counts = { created: 0, updated: 0, unchanged: 0 };
      if (inputs.length === 0) return counts;
      await db.transaction(async (tx) => {
        const types = [...new Set(inputs.map((input) => input.contentType))];
        const existing = await tx
          .select({
            contentType: contentEntries.contentType,
            uid: contentEntries.uid,
            locale: contentEntries.locale,
            fields: contentEntries.fields,
            publishedTo: contentEntries.publishedTo,
            version: contentEntries.version,
          })
          .from(contentEntries)
          .where(inArray(contentEntries.contentType, types));
        const held = new Map(
          existing.map((row) => [`${row.contentType}\u0000${row.uid}\u0000${row.locale}`, row]),
        );
        const now = new Date();
        const fresh: Array<typeof contentEntries.$inferInsert> = [];
        for (const input of inputs) {
          const title = typeof input.fields.title === 'string' ? input.fields.title : '';
          const publishedTo = [...new Set(input.publishTo)].sort();
          const current = held.get(`${input.contentType}\u0000${input.uid}\u0000${input.locale}`);
          if (!current) {
            fresh.push({
              contentType: input.contentType,
              uid: input.uid,
              locale: input.locale,
              title,
              fields: input.fields,
              publishedTo,
              createdAt: now,
              updatedAt: now,
            });
            counts.created++;
          } else if (sameJson(current.fields, input.fields) && sameJson(current.publishedTo, publishedTo)) {
            counts.unchanged++;
          } else {
            await tx
              .update(contentEntries)
              .set({
                title,
                fields: input.fields,
                publishedTo,
                version: current.version + 1,
                updatedAt: new Date(),
              })
              .where(
                and(
                  eq(contentEntries.contentType, input.contentType),
                  eq(contentEntries.uid, input.uid),
                  eq(contentEntries.locale, input.locale),
                ),
              );
            counts.updated++;
          }
        }
        for (let i = 0; i < fresh.length; i += 200) {
          await tx.insert(contentEntries).values(fresh.slice(i, i + 200));
        }
      });
      return counts;
    },

    async deleteEntry(contentType: string, uid: string, locale?: string): Promise<void> {
      await db
        .delete(contentEntries)
        .where(
          and(
            eq(contentEntries.contentType, contentType),
            eq(contentEntries.uid, uid),
            locale ? eq(contentEntries.locale, locale) : undefined,
          ),
        );
    },

    async assets(locales: readonly string[], environment: string): Promise<StoredAsset[]> {
      return db
        .select()
        .from(contentAssets)
        .where(
          and(
            inArray(contentAssets.locale, [...locales]),
            arrayContains(contentAssets.publishedTo, [environment]),
          ),
        )
        .orderBy(contentAssets.uid);
    },

    async allAssets(): Promise<StoredAsset[]> {
      return db.select().from(contentAssets).orderBy(contentAssets.uid, contentAssets.locale);
    },

    async putAssets(inputs: readonly AssetInput[]): Promise<void> {
      await db.transaction(async (tx) => {
        for (const input of inputs) {
          const row = {
            uid: input.uid,
            locale: input.locale ?? MASTER_LOCALE,
            title: input.title,
            filename: input.filename,
            url: input.url,
            contentType: input.contentType,
            fileSize: input.fileSize ?? 0,
            fields: input.fields ?? {},
            publishedTo: [...new Set(input.publishTo)].sort(),
          };
          await tx
            .insert(contentAssets)
            .values(row)
            .onConflictDoUpdate({
              target: [contentAssets.uid, contentAssets.locale],
              set: { ...row, updatedAt: new Date(), version: sql`${contentAssets.version} + 1` },
              setWhere: sql`${contentAssets.fields}::text <> ${JSON.stringify(row.fields)}::jsonb::text or ${contentAssets.url} <> ${row.url} or ${contentAssets.title} <> ${row.title}`,
            });
        }
      });
    },

    async countEntries(): Promise<number> {
      const rows = await db.select({ n: sql<number>`count(*)::int` }).from(contentEntries);
      return rows[0]?.n ?? 0;
    },
  };
}

export type ContentStore = ReturnType<typeof createContentStore>;
