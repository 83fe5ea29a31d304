import { and, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { contentEntries, contentPublications } from '../schema.ts';

type Executor = Pick<Database, 'select'>;

export interface EntryRef {
  uid: string;
  contentType: string;
}

export interface Referrer {
  contentType: string;
  uid: string;
  locale: string;
  title: string;
}

/**
 * Every entry reference (`{ uid, _content_type_uid }`) anywhere in an entry's fields, inside groups and modular
 * blocks too, with its path; read from the stored shape, so it holds for every content type.
 */
export function entryReferences(fields: unknown): Array<EntryRef & { path: Array<string | number> }> {
  const found: Array<EntryRef & { path: Array<string | number> }> = [];
  const walk = (value: unknown, path: Array<string | number>) => {
    if (Array.isArray(value)) {
      for (const [index, item] of value.entries()) walk(item, [...path, index]);
    } else if (value && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      if (typeof record.uid === 'string' && typeof record._content_type_uid === 'string') {
        found.push({ uid: record.uid, contentType: record._content_type_uid, path });
        return;
      }
      for (const [key, inner] of Object.entries(record)) walk(inner, [...path, key]);
    }
  };
  walk(fields, []);
  return found;
}

/** Whether a jsonb column holds a reference to the entry anywhere (groups, blocks, lists). */
export function referencesEntry(column: SQL | typeof contentPublications.fields, target: EntryRef): SQL {
  // The text test narrows cheaply; the path test is exact.
  return sql`(strpos(${column}::text, ${JSON.stringify(target.uid)}) > 0 and jsonb_path_exists(${column}, 'lax $.** ? (@.uid == $uid && @._content_type_uid == $ct)', jsonb_build_object('uid', ${target.uid}::text, 'ct', ${target.contentType}::text)))`;
}

/**
 * Published entries that reference the target in these environments and locales (the target itself excluded):
 * who would show a hole if the target were taken off.
 */
export async function publishedReferrers(
  db: Executor,
  target: EntryRef,
  where: { environments: readonly string[]; locales?: readonly string[] },
): Promise<Array<Referrer & { environment: string }>> {
  if (where.environments.length === 0) return [];
  const rows = await db
    .select({
      contentType: contentPublications.contentType,
      uid: contentPublications.uid,
      locale: contentPublications.locale,
      title: contentPublications.title,
      environment: contentPublications.environment,
    })
    .from(contentPublications)
    .where(
      and(
        inArray(contentPublications.environment, [...where.environments]),
        where.locales ? inArray(contentPublications.locale, [...where.locales]) : undefined,
        sql`not (${contentPublications.contentType} = ${target.contentType} and ${contentPublications.uid} = ${target.uid})`,
        referencesEntry(contentPublications.fields, target),
      ),
    )
    .orderBy(contentPublications.contentType, contentPublications.uid, contentPublications.locale);
  return rows;
}

/** One line per entry and locale (an entry published to several environments is listed once). */
export function distinctReferrers(rows: ReadonlyArray<Referrer>): Referrer[] {
  const seen = new Map<string, Referrer>();
  for (const row of rows) {
    const key = `${row.contentType}/${row.uid}/${row.locale}`;
    if (!seen.has(key))
      seen.set(key, { contentType: row.contentType, uid: row.uid, locale: row.locale, title: row.title });
  }
  return [...seen.values()];
}

/** Working copies whose fields hold a string value (an asset uid or media id) anywhere. */
export async function entriesHoldingString(db: Executor, values: readonly string[]): Promise<Referrer[]> {
  if (values.length === 0) return [];
  const conditions = values.map(
    (value) =>
      sql`(strpos(${contentEntries.fields}::text, ${JSON.stringify(value)}) > 0 and jsonb_path_exists(${contentEntries.fields}, 'lax $.** ? (@ == $v)', jsonb_build_object('v', ${value}::text)))`,
  );
  return db
    .select({
      contentType: contentEntries.contentType,
      uid: contentEntries.uid,
      locale: contentEntries.locale,
      title: contentEntries.title,
    })
    .from(contentEntries)
    .where(sql.join(conditions, sql` or `))
    .orderBy(contentEntries.contentType, contentEntries.uid, contentEntries.locale)
    .limit(50);
}
