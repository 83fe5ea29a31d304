import {
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
} from 'drizzle-orm/pg-core';

/** PostgreSQL full-text vector, written with to_tsvector in the indexer's SQL. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * The built-in search service's index (SPEC §7 hosted-search protocol): one row per engine, locale and
 * document (product, blog post, support article, page). `fields` holds what results return raw; the typed
 * columns serve filters, facets and sorting; `tsv` is the weighted, language-stemmed vector.
 */
export const searchDocuments = pgTable(
  'search_documents',
  {
    engine: text('engine').notNull(),
    locale: text('locale').notNull(),
    id: text('id').notNull(),
    type: text('type').notNull(),
    title: text('title').notNull(),
    category: text('category'),
    colours: text('colours').array().notNull().default([]),
    regions: text('regions').array().notNull().default([]),
    stack: text('stack').notNull(),
    environment: text('environment').notNull(),
    priceUs: doublePrecision('price_us'),
    priceCa: doublePrecision('price_ca'),
    priceEu: doublePrecision('price_eu_region_1'),
    date: text('date'),
    rank: integer('rank').notNull().default(0),
    fields: jsonb('fields').$type<Record<string, unknown>>().notNull(),
    tsv: tsvector('tsv').notNull(),
    /** Words of the title for prefix suggestions (bigrams for Japanese). */
    titleTsv: tsvector('title_tsv').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.engine, t.locale, t.id] }),
    index('search_documents_tsv_idx').using('gin', t.tsv),
    index('search_documents_title_tsv_idx').using('gin', t.titleTsv),
    index('search_documents_type_idx').on(t.engine, t.locale, t.type),
  ],
);

/** Known words per engine and locale with their document counts: typo tolerance and prefix suggestions. */
export const searchTerms = pgTable(
  'search_terms',
  {
    engine: text('engine').notNull(),
    locale: text('locale').notNull(),
    term: text('term').notNull(),
    docs: integer('docs').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.engine, t.locale, t.term] }),
    index('search_terms_prefix_idx').on(t.engine, t.locale, t.term.op('text_pattern_ops')),
  ],
);

/** Click events (SPEC §7 click), kept for relevance tuning. */
export const searchClicks = pgTable(
  'search_clicks',
  {
    id: text('id').primaryKey(),
    engine: text('engine').notNull(),
    query: text('query').notNull(),
    documentId: text('document_id').notNull(),
    requestId: text('request_id'),
    tags: text('tags').array().notNull().default([]),
    at: text('at').notNull(),
  },
  (t) => [index('search_clicks_document_idx').on(t.engine, t.documentId)],
);

/**
 * One row per engine: what the index was last built from. `source` is the data versions of the catalogue and
 * content (plus the index format) at that build, so a restart with nothing changed skips the rebuild; `version`
 * moves on every write to the index, so result caches in every process know when to forget.
 */
export const searchIndexState = pgTable('search_index_state', {
  engine: text('engine').primaryKey(),
  version: integer('version').notNull().default(0),
  source: text('source'),
  builtAt: text('built_at'),
});
