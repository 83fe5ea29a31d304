/**
 * Writes the search index set-based: the documents that changed (by hash) go to PostgreSQL as one JSON
 * parameter per batch, and the vectors are computed there (`jsonb_to_recordset` + `to_tsvector`), instead of
 * one bound parameter per column and row. Each batch is its own statement, so searches keep being answered
 * from the rows already there (old or new) while a rebuild runs, on PGlite as on PostgreSQL.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { type IndexDocument, vocabularyOf } from './documents.ts';

const BATCH = 1000;

/** The lexeme every document of a locale carries, so index lookups can be narrowed to one locale. */
export const localeLexeme = (locale: string) => `zzloc${locale.replace(/[^a-z]/gi, '').toLowerCase()}`;

type Rows<T> = { rows: T[] };

/** The words of a document its locale's vocabulary counts (vocabularyOf), as stored in its row. */
const wordsKey = (title: string, tagline: unknown, category: string | null, colours: readonly string[]) =>
  JSON.stringify([title, String(tagline ?? ''), category ?? '', [...colours]]);

export async function writeIndex(
  db: Database,
  engine: string,
  docs: readonly IndexDocument[],
  meta: { stack: string; environment: string },
  /**
   * Rewrite only the documents with these ids (a product's price changed: its documents in every locale), and
   * leave every other row and the vocabulary alone. Null (nothing written) when that cannot be done exactly: a
   * document appears or goes, or its vocabulary's words changed; the caller then writes the whole index.
   */
  only?: readonly string[],
): Promise<{ written: number; removed: number; version: number | null } | null> {
  const existing = (
    (await db.execute(
      only
        ? sql`select locale, id, hash, stack, environment, title, fields->'tagline' as tagline, category, colours
              from search_documents
              where engine = ${engine} and id in (select jsonb_array_elements_text(${JSON.stringify(only)}::jsonb))`
        : sql`select locale, id, hash, stack, environment from search_documents where engine = ${engine}`,
    )) as unknown as Rows<{
      locale: string;
      id: string;
      hash: string;
      stack: string;
      environment: string;
      title?: string;
      tagline?: unknown;
      category?: string | null;
      colours?: string[];
    }>
  ).rows;
  if (only) {
    const stored = new Map(
      existing.map((row) => [
        `${row.locale}|${row.id}`,
        row.stack === meta.stack && row.environment === meta.environment
          ? wordsKey(row.title ?? '', row.tagline, row.category ?? null, row.colours ?? [])
          : null,
      ]),
    );
    const same =
      existing.length === docs.length &&
      docs.every(
        (doc) =>
          stored.get(`${doc.locale}|${doc.id}`) ===
          wordsKey(doc.title, doc.fields.tagline, doc.category, doc.colours),
      );
    if (!same) return null;
  }
  // The scope is not part of a document's hash: a new stack or environment rewrites every row.
  const known = new Map(
    existing
      .filter((row) => row.stack === meta.stack && row.environment === meta.environment)
      .map((row) => [`${row.locale}|${row.id}`, row.hash]),
  );
  const wanted = new Set(docs.map((doc) => `${doc.locale}|${doc.id}`));
  const changed = docs.filter((doc) => known.get(`${doc.locale}|${doc.id}`) !== doc.hash);
  const stale = existing.filter((row) => !wanted.has(`${row.locale}|${row.id}`));
  const touched = new Set([...changed.map((doc) => doc.locale), ...stale.map((row) => row.locale)]);

  for (let start = 0; start < changed.length; start += BATCH) {
    const batch = changed.slice(start, start + BATCH).map((doc) => ({
      locale: doc.locale,
      id: doc.id,
      type: doc.type,
      title: doc.title,
      category: doc.category,
      colours: doc.colours,
      regions: doc.regions,
      price_us: doc.priceUs,
      price_ca: doc.priceCa,
      price_eu: doc.priceEu,
      date: doc.date,
      rank: doc.rank,
      fields: doc.fields,
      config: doc.config,
      title_text: doc.titleText,
      extra_text: doc.extraText,
      body_text: doc.bodyText,
      alias_text: doc.aliasText,
      lexeme: localeLexeme(doc.locale),
      hash: doc.hash,
    }));
    await db.execute(sql`
      insert into search_documents (engine, locale, id, type, title, category, colours, regions, stack,
        environment, price_us, price_ca, price_eu_region_1, date, rank, fields, tsv, title_tsv, hash)
      select ${engine}, r.locale, r.id, r.type, r.title, r.category, coalesce(r.colours, '{}'),
        coalesce(r.regions, '{}'), ${meta.stack}, ${meta.environment}, r.price_us, r.price_ca, r.price_eu,
        r.date, r.rank, r.fields,
        setweight(to_tsvector(r.config::regconfig, r.title_text), 'A') ||
          setweight(to_tsvector(r.config::regconfig, r.extra_text), 'B') ||
          setweight(to_tsvector(r.config::regconfig, r.body_text || ' ' || r.alias_text), 'C') ||
          setweight(to_tsvector('simple', r.title_text || ' ' || r.extra_text || ' ' || r.alias_text), 'D') ||
          to_tsvector('simple', r.lexeme),
        to_tsvector('simple', r.title_text), r.hash
      from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as r(locale text, id text, type text,
        title text, category text, colours text[], regions text[], price_us float8, price_ca float8,
        price_eu float8, date text, rank int, fields jsonb, config text, title_text text, extra_text text,
        body_text text, alias_text text, lexeme text, hash text)
      on conflict (engine, locale, id) do update set type = excluded.type, title = excluded.title,
        category = excluded.category, colours = excluded.colours, regions = excluded.regions,
        stack = excluded.stack, environment = excluded.environment, price_us = excluded.price_us,
        price_ca = excluded.price_ca, price_eu_region_1 = excluded.price_eu_region_1, date = excluded.date,
        rank = excluded.rank, fields = excluded.fields, tsv = excluded.tsv, title_tsv = excluded.title_tsv,
        hash = excluded.hash`);
  }
  for (let start = 0; start < stale.length; start += BATCH) {
    const keys = stale.slice(start, start + BATCH).map((row) => ({ locale: row.locale, id: row.id }));
    await db.execute(sql`
      delete from search_documents d using jsonb_to_recordset(${JSON.stringify(keys)}::jsonb) as r(locale text, id text)
      where d.engine = ${engine} and d.locale = r.locale and d.id = r.id`);
  }
  // A partial write changed no word any vocabulary counts (checked above).
  for (const locale of only ? [] : touched) {
    const counts = Object.fromEntries(vocabularyOf(docs.filter((doc) => doc.locale === locale)));
    await db.transaction(async (tx) => {
      await tx.execute(sql`delete from search_terms where engine = ${engine} and locale = ${locale}`);
      await tx.execute(sql`
        insert into search_terms (engine, locale, term, docs)
        select ${engine}, ${locale}, key, value::int from jsonb_each_text(${JSON.stringify(counts)}::jsonb)`);
    });
  }
  if (touched.size === 0) return { written: 0, removed: 0, version: null };
  const [state] = (
    (await db.execute(sql`
      insert into search_index_state (engine, version) values (${engine}, 1)
      on conflict (engine) do update set version = search_index_state.version + 1
      returning version`)) as unknown as Rows<{ version: number }>
  ).rows;
  return { written: changed.length, removed: stale.length, version: Number(state?.version ?? 0) };
}

/** What the index was last built from (null when never recorded). */
export async function indexSource(db: Database, engine: string): Promise<string | null> {
  const [row] = (
    (await db.execute(
      sql`select source from search_index_state where engine = ${engine}`,
    )) as unknown as Rows<{ source: string | null }>
  ).rows;
  return row?.source ?? null;
}

export async function recordIndexSource(db: Database, engine: string, source: string): Promise<void> {
  await db.execute(sql`
    insert into search_index_state (engine, version, source, built_at)
    values (${engine}, 0, ${source}, ${new Date().toISOString()})
    on conflict (engine) do update set source = excluded.source, built_at = excluded.built_at`);
}
