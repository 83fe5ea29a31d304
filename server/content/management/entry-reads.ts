import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { contentEntries, contentPublications, contentVersions } from '../schema.ts';
import { MASTER_LOCALE } from '../store.ts';
import type { ManagementContext } from './context.ts';
import type { EntryDraft, EntryFilter, EntrySummary, EntryVersion, Publication } from './contract.ts';
import { invalidInput, notFound } from './errors.ts';

type Executor = Pick<ManagementContext['db'], 'select' | 'execute'>;
export type EntryRow = typeof contentEntries.$inferSelect;

export const MAX_LIST_LIMIT = 200;

/** Publications of entries' locale copies, by `${type}\0${uid}\0${locale}`. */
export async function publicationsOf(
  db: Executor,
  contentType: string,
  keys: ReadonlyArray<{ uid: string; locale: string }>,
): Promise<Map<string, Publication[]>> {
  const byKey = new Map<string, Publication[]>();
  if (keys.length === 0) return byKey;
  const rows = await db
    .select({
      uid: contentPublications.uid,
      locale: contentPublications.locale,
      environment: contentPublications.environment,
      version: contentPublications.version,
      publishedAt: contentPublications.publishedAt,
      publishedBy: contentPublications.publishedBy,
    })
    .from(contentPublications)
    .where(
      and(
        eq(contentPublications.contentType, contentType),
        inArray(contentPublications.uid, [...new Set(keys.map((key) => key.uid))]),
        inArray(contentPublications.locale, [...new Set(keys.map((key) => key.locale))]),
      ),
    )
    .orderBy(contentPublications.environment);
  for (const row of rows) {
    const key = `${row.uid}\u0000${row.locale}`;
    byKey.set(key, [
      ...(byKey.get(key) ?? []),
      {
        environment: row.environment,
        locale: row.locale,
        version: row.version,
        publishedAt: row.publishedAt,
        publishedBy: row.publishedBy,
      },
    ]);
  }
  return byKey;
}

export function summaryOf(row: EntryRow, publications: Publication[]): EntrySummary {
  return {
    contentType: row.contentType,
    uid: row.uid,
    locale: row.locale,
    title: row.title,
    version: row.version,
    updatedAt: row.updatedAt,
    updatedBy: row.updatedBy,
    publications,
  };
}

export async function draftOf(db: Executor, row: EntryRow, localised = true): Promise<EntryDraft> {
  const publications = await publicationsOf(db, row.contentType, [row]);
  return {
    ...summaryOf(row, publications.get(`${row.uid}\u0000${row.locale}`) ?? []),
    fields: row.fields,
    localised,
  };
}

/** One locale's working copy; with `forUpdate`, locked until the caller's transaction ends. */
export async function workingCopy(
  db: Executor,
  contentType: string,
  uid: string,
  locale: string,
  options: { forUpdate?: boolean } = {},
): Promise<EntryRow | undefined> {
  const query = db
    .select()
    .from(contentEntries)
    .where(
      and(
        eq(contentEntries.contentType, contentType),
        eq(contentEntries.uid, uid),
        eq(contentEntries.locale, locale),
      ),
    );
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

export function entryReads(context: ManagementContext) {
  const { db } = context;
  const knownType = (contentType: string) => {
    if (!context.schemaOf(contentType)) throw notFound(`There is no content type '${contentType}'.`);
  };
  const knownLocale = (locale: string) => {
    if (!context.locales.includes(locale))
      throw invalidInput(
        ['locale'],
        `'${locale}' is not a locale of the store (${context.locales.join(', ')}).`,
      );
  };

  return {
    knownType,
    knownLocale,

    /**
     * One page of a type's entries in a locale, by uid: the locale's own copy where it has one, else (for another
     * locale than the master) the master copy it falls back to. Filters apply to the copy shown.
     */
    async listEntries(filter: EntryFilter): Promise<{ items: EntrySummary[]; next: string | null }> {
      knownType(filter.contentType);
      knownLocale(filter.locale);
      const limit = Math.min(Math.max(filter.limit ?? 50, 1), MAX_LIST_LIMIT);
      const live = context.environments[0]!;
      const locales = filter.locale === MASTER_LOCALE ? [MASTER_LOCALE] : [filter.locale, MASTER_LOCALE];
      const words = (filter.search ?? '')
        .trim()
        .split(/\s+/)
        .filter(Boolean)
        .map((word) => `%${word.replace(/[\\%_]/g, (char) => `\\${char}`)}%`);
      const shown = sql`(select distinct on (e.uid) e.* from ${contentEntries} e
        where e.content_type = ${filter.contentType} and e.locale in (${sql.join(
          locales.map((locale) => sql`${locale}`),
          sql`, `,
        )})
          ${filter.after ? sql`and e.uid > ${filter.after}` : sql``}
        order by e.uid, (e.locale = ${filter.locale}) desc)`;
      const published = sql`(select p.version from ${contentPublications} p where p.content_type = c.content_type
        and p.uid = c.uid and p.locale = c.locale and p.environment = ${live})`;
      const conditions = [
        ...words.map((word) => sql`c.title ilike ${word}`),
        filter.changedSince
          ? sql`c.updated_at >= ${filter.changedSince.toISOString()}::timestamptz`
          : undefined,
        filter.state === 'published' ? sql`exists ${published}` : undefined,
        filter.state === 'unpublished' ? sql`not exists ${published}` : undefined,
        filter.state === 'draft' ? sql`coalesce(${published}, 0) < c.version` : undefined,
      ].filter((condition) => condition !== undefined);
      const result = (await db.execute(
        sql`select c.content_type, c.uid, c.locale from ${shown} c
          ${conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``}
          order by c.uid limit ${limit + 1}`,
      )) as unknown as { rows: Array<{ content_type: string; uid: string; locale: string }> };
      const keys = result.rows.slice(0, limit);
      const rows =
        keys.length === 0
          ? []
          : await db
              .select()
              .from(contentEntries)
              .where(
                and(
                  eq(contentEntries.contentType, filter.contentType),
                  sql`(${contentEntries.uid}, ${contentEntries.locale}) in (${sql.join(
                    keys.map((key) => sql`(${key.uid}, ${key.locale})`),
                    sql`, `,
                  )})`,
                ),
              )
              .orderBy(asc(contentEntries.uid));
      const publications = await publicationsOf(db, filter.contentType, rows);
      return {
        items: rows.map((row) => summaryOf(row, publications.get(`${row.uid}\u0000${row.locale}`) ?? [])),
        next: result.rows.length > limit ? (keys.at(-1)?.uid ?? null) : null,
      };
    },

    async getEntry(
      contentType: string,
      uid: string,
      locale: string,
      options: { fallback?: boolean } = {},
    ): Promise<EntryDraft | null> {
      knownType(contentType);
      knownLocale(locale);
      const own = await workingCopy(db, contentType, uid, locale);
      if (own) return draftOf(db, own);
      if (!options.fallback || locale === MASTER_LOCALE) return null;
      const master = await workingCopy(db, contentType, uid, MASTER_LOCALE);
      return master ? draftOf(db, master, false) : null;
    },

    async versions(contentType: string, uid: string, locale: string): Promise<EntryVersion[]> {
      knownType(contentType);
      knownLocale(locale);
      return db
        .select({
          version: contentVersions.version,
          title: contentVersions.title,
          fields: contentVersions.fields,
          savedAt: contentVersions.savedAt,
          savedBy: contentVersions.savedBy,
        })
        .from(contentVersions)
        .where(
          and(
            eq(contentVersions.contentType, contentType),
            eq(contentVersions.uid, uid),
            eq(contentVersions.locale, locale),
          ),
        )
        .orderBy(desc(contentVersions.version));
    },
  };
}
