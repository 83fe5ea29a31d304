import { and, eq, inArray, sql } from 'drizzle-orm';
import { MASTER_CONTENT_LOCALE } from '#core/locale.ts';
import type { Database } from '../db/database.ts';
import {
  contentAssets,
  contentEntries,
  contentPublications,
  contentUnpublications,
  contentVersions,
} from './schema.ts';

/** The master locale: every entry exists in it, and other locales fall back to it (SPEC §9 default en-us). */
export const MASTER_LOCALE = MASTER_CONTENT_LOCALE;

export interface EntryInput {
  contentType: string;
  uid: string;
  locale: string;
  fields: Record<string, unknown>;
  /** Environments the entry is published to (exactly these: others it is taken off). */
  publishTo: readonly string[];
}

/** A published entry as the delivery protocol reads it: one environment's snapshot of one version. */
export interface StoredEntry {
  contentType: string;
  uid: string;
  locale: string;
  environment: string;
  title: string;
  fields: Record<string, unknown>;
  version: number;
  createdAt: Date;
  /** When the published version was saved. */
  updatedAt: Date;
  publishedAt: Date;
  publishedBy: string | null;
}

/** An entry's working copy (what editors save; never delivered). */
export type WorkingEntry = typeof contentEntries.$inferSelect;

/** An entry taken off an environment (sync's `entry_unpublished`). */
export type Unpublication = typeof contentUnpublications.$inferSelect;

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
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const keys = Object.keys(value as object).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export function sameJson(a: unknown, b: unknown): boolean {
  return canonicalJson(a) === canonicalJson(b);
}

export const titleOf = (fields: Record<string, unknown>) =>
  typeof fields.title === 'string' ? fields.title : '';

const published = {
  contentType: contentPublications.contentType,
  uid: contentPublications.uid,
  locale: contentPublications.locale,
  environment: contentPublications.environment,
  title: contentPublications.title,
  fields: contentPublications.fields,
  version: contentPublications.version,
  createdAt: contentPublications.createdAt,
  updatedAt: contentPublications.savedAt,
  publishedAt: contentPublications.publishedAt,
  publishedBy: contentPublications.publishedBy,
};

const key = (row: { contentType: string; uid: string; locale: string }) =>
  `${row.contentType}\u0000${row.uid}\u0000${row.locale}`;

/**
 * Reading and writing entries and assets in the product's database. The delivery protocol's reads (entries of a
 * type, by uid, changed since) read publications only; `allEntries` and `putEntries` are the working copy's.
 */
export function createContentStore(db: Database) {
  const entriesOfType = db
    .select(published)
    .from(contentPublications)
    .where(
      and(
        eq(contentPublications.environment, sql.placeholder('environment')),
        eq(contentPublications.contentType, sql.placeholder('contentType')),
        sql`${contentPublications.locale} = any(${sql.placeholder('locales')}::text[])`,
      ),
    )
    .prepare('content_publications_of_type');

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
      return db
        .select(published)
        .from(contentPublications)
        .where(
          and(
            eq(contentPublications.environment, environment),
            contentType ? eq(contentPublications.contentType, contentType) : undefined,
            inArray(contentPublications.uid, [...uids]),
            inArray(contentPublications.locale, [...locales]),
          ),
        );
    },

    /** Entries published to the environment after a moment (sync), oldest first. */
    async changedSince(since: Date | null, environment: string): Promise<StoredEntry[]> {
      return db
        .select(published)
        .from(contentPublications)
        .where(
          and(
            eq(contentPublications.environment, environment),
            // Timestamps are compared at millisecond precision, the precision of sync tokens.
            since
              ? sql`date_trunc('milliseconds', ${contentPublications.publishedAt}) > ${since.toISOString()}::timestamptz`
              : undefined,
          ),
        )
        .orderBy(
          contentPublications.publishedAt,
          contentPublications.contentType,
          contentPublications.uid,
          contentPublications.locale,
        );
    },

    /** Entries taken off the environment after a moment (sync's `entry_unpublished`). */
    async unpublishedSince(since: Date, environment: string): Promise<Unpublication[]> {
      return db
        .select()
        .from(contentUnpublications)
        .where(
          and(
            eq(contentUnpublications.environment, environment),
            sql`date_trunc('milliseconds', ${contentUnpublications.unpublishedAt}) > ${since.toISOString()}::timestamptz`,
          ),
        )
        .orderBy(
          contentUnpublications.unpublishedAt,
          contentUnpublications.contentType,
          contentUnpublications.uid,
        );
    },

    /** Every working copy (the export, checks over all content). */
    async allEntries(): Promise<WorkingEntry[]> {
      return db
        .select()
        .from(contentEntries)
        .orderBy(contentEntries.contentType, contentEntries.uid, contentEntries.locale);
    },

    /** Whether an entry has a working copy in the locale. */
    async hasEntry(contentType: string, uid: string, locale: string): Promise<boolean> {
      const rows = await db
        .select({ uid: contentEntries.uid })
        .from(contentEntries)
        .where(
          and(
            eq(contentEntries.contentType, contentType),
            eq(contentEntries.uid, uid),
            eq(contentEntries.locale, locale),
          ),
        )
        .limit(1);
      return rows.length > 0;
    },

    /**
     * Imports entries: a changed working copy is saved as a new version, and the current version is published to
     * exactly the environments listed (taken off the others). What is already so is left alone, so importing the
     * same files twice changes nothing (no version, no publication, no data version bump).
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
            version: contentEntries.version,
            createdAt: contentEntries.createdAt,
            updatedAt: contentEntries.updatedAt,
          })
          .from(contentEntries)
          .where(inArray(contentEntries.contentType, types));
        const held = new Map(existing.map((row) => [key(row), row]));
        const publications = await tx
          .select({
            contentType: contentPublications.contentType,
            uid: contentPublications.uid,
            locale: contentPublications.locale,
            environment: contentPublications.environment,
            version: contentPublications.version,
          })
          .from(contentPublications)
          .where(inArray(contentPublications.contentType, types));
        const publishedAt = new Map<string, Map<string, number>>();
        for (const row of publications) {
          const map = publishedAt.get(key(row)) ?? new Map<string, number>();
          map.set(row.environment, row.version);
          publishedAt.set(key(row), map);
        }
        const now = new Date();
        const freshEntries: Array<typeof contentEntries.$inferInsert> = [];
        // Keys whose working copy got a new version, and per set of environments the keys to publish there: the
        // fields travel once (into the working copy); versions and publications are copied from it in SQL.
        const saved: EntryKey[] = [];
        const publish = new Map<string, EntryKey[]>();
        const takeOff: Array<EntryKey & { environment: string }> = [];
        for (const input of inputs) {
          const title = titleOf(input.fields);
          const current = held.get(key(input));
          const version = current ? current.version + 1 : 1;
          let fresh = false;
          if (!current) {
            freshEntries.push({
              ...pick(input),
              title,
              fields: input.fields,
              createdAt: now,
              updatedAt: now,
            });
            saved.push(pick(input));
            fresh = true;
            counts.created++;
          } else if (!sameJson(current.fields, input.fields)) {
            await tx
              .update(contentEntries)
              .set({ title, fields: input.fields, version, updatedAt: now, updatedBy: null })
              .where(
                and(
                  eq(contentEntries.contentType, input.contentType),
                  eq(contentEntries.uid, input.uid),
                  eq(contentEntries.locale, input.locale),
                ),
              );
            saved.push(pick(input));
            fresh = true;
          }
          const live = publishedAt.get(key(input)) ?? new Map<string, number>();
          const currentVersion = fresh ? version : current!.version;
          const environments = [...new Set(input.publishTo)]
            .filter((environment) => live.get(environment) !== currentVersion)
            .sort();
          if (environments.length > 0) {
            const group = environments.join(',');
            publish.set(group, [...(publish.get(group) ?? []), pick(input)]);
          }
          for (const environment of live.keys())
            if (!input.publishTo.includes(environment)) takeOff.push({ ...pick(input), environment });
          if (current)
            counts[
              fresh || environments.length > 0 || takeOff.some((row) => key(row) === key(input))
                ? 'updated'
                : 'unchanged'
            ]++;
        }
        for (let i = 0; i < freshEntries.length; i += 200)
          await tx.insert(contentEntries).values(freshEntries.slice(i, i + 200));
        if (saved.length > 0)
          await tx.execute(sql`insert into ${contentVersions}
            (content_type, uid, locale, version, title, fields, saved_at, saved_by)
            select e.content_type, e.uid, e.locale, e.version, e.title, e.fields, e.updated_at, e.updated_by
            from ${keyTable(saved)} join ${contentEntries} e using (content_type, uid, locale)
            on conflict do nothing`);
        for (const [group, keys] of publish) {
          const environments = group.split(',');
          await tx.execute(sql`insert into ${contentPublications}
            (content_type, uid, locale, environment, version, title, fields, created_at, saved_at, published_at, published_by)
            select e.content_type, e.uid, e.locale, env.name, e.version, e.title, e.fields, e.created_at, e.updated_at,
              ${now.toISOString()}::timestamptz, null
            from ${keyTable(keys)} join ${contentEntries} e using (content_type, uid, locale)
            cross join (values ${sql.join(
              environments.map((environment) => sql`(${environment})`),
              sql`, `,
            )}) as env(name)
            on conflict (content_type, uid, locale, environment) do update set version = excluded.version,
              title = excluded.title, fields = excluded.fields, saved_at = excluded.saved_at,
              published_at = excluded.published_at, published_by = excluded.published_by`);
          await tx.execute(sql`delete from ${contentUnpublications} u using ${keyTable(keys)}
            where u.content_type = k.content_type and u.uid = k.uid and u.locale = k.locale
              and u.environment in (${sql.join(
                environments.map((environment) => sql`${environment}`),
                sql`, `,
              )})`);
        }
        for (const row of takeOff) await removePublication(tx, row, now);
      });
      return counts;
    },

    async assets(locales: readonly string[], environment: string): Promise<StoredAsset[]> {
      return db
        .select()
        .from(contentAssets)
        .where(
          and(
            inArray(contentAssets.locale, [...locales]),
            sql`${environment}::text = any(${contentAssets.publishedTo})`,
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

interface EntryKey {
  contentType: string;
  uid: string;
  locale: string;
}

/** A list of entry keys as a table `k (content_type, uid, locale)`, sent as one JSON parameter. */
const keyTable = (keys: readonly EntryKey[]) =>
  sql`jsonb_to_recordset(${JSON.stringify(
    keys.map((entry) => ({ content_type: entry.contentType, uid: entry.uid, locale: entry.locale })),
  )}::jsonb) as k(content_type text, uid text, locale text)`;

const pick = (input: { contentType: string; uid: string; locale: string }) => ({
  contentType: input.contentType,
  uid: input.uid,
  locale: input.locale,
});

type Executor = Pick<Database, 'insert' | 'delete' | 'select' | 'update' | 'execute'>;

/** Forgets earlier unpublications of what is published again (sync then reports only the publication). */
async function clearUnpublications(
  tx: Executor,
  rows: ReadonlyArray<{ contentType: string; uid: string; locale: string; environment: string }>,
): Promise<void> {
  if (rows.length === 0) return;
  await tx.delete(contentUnpublications).where(
    sql`(${contentUnpublications.contentType}, ${contentUnpublications.uid}, ${contentUnpublications.locale}, ${contentUnpublications.environment}) in (${sql.join(
      rows.map((row) => sql`(${row.contentType}, ${row.uid}, ${row.locale}, ${row.environment})`),
      sql`, `,
    )})`,
  );
}

/** Takes an entry off one environment in one locale, remembering when (sync's `entry_unpublished`). */
export async function removePublication(
  tx: Executor,
  row: { contentType: string; uid: string; locale: string; environment: string },
  at: Date,
): Promise<boolean> {
  const removed = await tx
    .delete(contentPublications)
    .where(
      and(
        eq(contentPublications.contentType, row.contentType),
        eq(contentPublications.uid, row.uid),
        eq(contentPublications.locale, row.locale),
        eq(contentPublications.environment, row.environment),
      ),
    )
    .returning({ uid: contentPublications.uid });
  if (removed.length === 0) return false;
  await tx
    .insert(contentUnpublications)
    .values({ ...pick(row), environment: row.environment, unpublishedAt: at })
    .onConflictDoUpdate({
      target: [
        contentUnpublications.contentType,
        contentUnpublications.uid,
        contentUnpublications.locale,
        contentUnpublications.environment,
      ],
      set: { unpublishedAt: at },
    });
  return true;
}

/** Publishes a snapshot to one environment (replacing what was there) and forgets an earlier unpublication. */
export async function writePublication(
  tx: Executor,
  row: typeof contentPublications.$inferInsert,
): Promise<void> {
  await tx
    .insert(contentPublications)
    .values(row)
    .onConflictDoUpdate({
      target: [
        contentPublications.contentType,
        contentPublications.uid,
        contentPublications.locale,
        contentPublications.environment,
      ],
      set: {
        version: row.version,
        title: row.title ?? '',
        fields: row.fields,
        savedAt: row.savedAt,
        publishedAt: row.publishedAt,
        publishedBy: row.publishedBy ?? null,
      },
    });
  await clearUnpublications(tx, [row]);
}

export type ContentStore = ReturnType<typeof createContentStore>;
