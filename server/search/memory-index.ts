/**
 * The search index held in each process's memory, read from `search_documents` (the narrow columns that
 * filters, facets and sorting use, and each document's tsvector as PostgreSQL computed it) and kept in step
 * with the index version: a version move re-reads only the rows whose hash changed. Documents live in
 * immutable segments of at most SEGMENT_SIZE documents, each with an inverted list per lexeme (documents
 * ascending, with their positions); a changed document gets a new segment and its old copy is marked dead.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { byKeys, KEYS_PER_READ } from './memory-keys.ts';
import { ownCopy } from './own-copy.ts';
import { type Positions, parseTsvector } from './tsquery.ts';
import { localeLexeme } from './writer.ts';

const SEGMENT_SIZE = 4000;
/** Filter conjuncts a segment remembers the outcome of (a storefront search repeats its scope filters). */
const REMEMBERED_CONJUNCTS = 24;
/** Dead documents beyond this share of all documents make the next refresh read everything again. */
const COMPACT_SHARE = 0.25;

export interface MemoryDoc {
  locale: string;
  id: string;
  type: string;
  title: string;
  category: string | null;
  colours: string[];
  regions: string[];
  stack: string;
  environment: string;
  price_us: number | null;
  price_ca: number | null;
  price_eu_region_1: number | null;
  date: string | null;
  rank: number;
  hash: string;
  /** Positions in the tsvector (ts_rank's cnt_length). */
  length: number;
}

/**
 * A column of a segment's documents by value number: document n holds values[ids[i]] for i from starts[n] to
 * starts[n + 1] (none for null, each item of a list).
 */
export interface ValueColumn {
  values: Array<string | number>;
  starts: Int32Array;
  ids: Uint16Array | Int32Array;
}

function valueColumn(docs: readonly MemoryDoc[], key: keyof MemoryDoc): ValueColumn {
  const numbers = new Map<string | number, number>();
  const starts = new Int32Array(docs.length + 1);
  const items: number[] = [];
  for (const [number, doc] of docs.entries()) {
    starts[number] = items.length;
    const value = doc[key] as string | number | string[] | null;
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === null) continue;
      let id = numbers.get(item);
      if (id === undefined) {
        id = numbers.size;
        numbers.set(item, id);
      }
      items.push(id);
    }
  }
  starts[docs.length] = items.length;
  const ids = numbers.size <= 0xffff ? Uint16Array.from(items) : Int32Array.from(items);
  return { values: [...numbers.keys()], starts, ids };
}

export class Segment {
  readonly docs: MemoryDoc[];
  readonly alive: Uint8Array;
  private readonly lexemes: Map<string, number>;
  /** Postings of lexeme n: postDoc[postStart[n] … postStart[n + 1]), positions postPos[p] … postPos[p + 1]. */
  private readonly postStart: Int32Array;
  private readonly postDoc: Int32Array;
  private readonly postPos: Int32Array;
  readonly positions: Uint16Array;
  /** Per filter conjunct (by its key), 1 for each document it holds true for; most recently used last. */
  private readonly conjuncts = new Map<string, Uint8Array>();
  private readonly columns = new Map<keyof MemoryDoc, ValueColumn>();

  constructor(rows: Array<{ doc: MemoryDoc; tsv: string }>) {
    this.docs = rows.map((row) => row.doc);
    this.alive = new Uint8Array(rows.length).fill(1);
    const lists = new Map<string, Array<{ doc: number; positions: number[] }>>();
    let postings = 0;
    let positionCount = 0;
    for (const [index, row] of rows.entries()) {
      let length = 0;
      for (const entry of parseTsvector(row.tsv)) {
        let list = lists.get(entry.lexeme);
        if (!list) {
          list = [];
          lists.set(entry.lexeme, list);
        }
        list.push({ doc: index, positions: entry.positions });
        postings++;
        positionCount += entry.positions.length;
        length += entry.positions.length || 1;
      }
      row.doc.length = length;
    }
    this.lexemes = new Map();
    this.postStart = new Int32Array(lists.size + 1);
    this.postDoc = new Int32Array(postings);
    this.postPos = new Int32Array(postings + 1);
    this.positions = new Uint16Array(positionCount);
    let lexeme = 0;
    let posting = 0;
    let position = 0;
    for (const [text, list] of lists) {
      this.lexemes.set(ownCopy(text), lexeme);
      this.postStart[lexeme] = posting;
      for (const item of list) {
        this.postDoc[posting] = item.doc;
        this.postPos[posting] = position;
        for (const value of item.positions) this.positions[position++] = value;
        posting++;
      }
      lexeme++;
    }
    this.postStart[lexeme] = posting;
    this.postPos[posting] = position;
  }

  /** A cursor over a lexeme's postings, to be advanced with documents in ascending order. */
  cursor(lexeme: string): PostingCursor | null {
    const number = this.lexemes.get(lexeme);
    if (number === undefined) return null;
    return new PostingCursor(
      this.postDoc,
      this.postPos,
      this.positions,
      this.postStart[number]!,
      this.postStart[number + 1]!,
    );
  }

  /**
   * Which documents `test` holds true for, worked out once per segment: a segment's documents never change,
   * and a search tests the same scope filters (stack, environment, locale, region) on every match.
   */
  holds(key: string, test: (doc: MemoryDoc) => boolean | null): Uint8Array {
    let outcome = this.conjuncts.get(key);
    if (outcome) {
      this.conjuncts.delete(key);
    } else {
      outcome = new Uint8Array(this.docs.length);
      for (let number = 0; number < this.docs.length; number++)
        outcome[number] = test(this.docs[number]!) === true ? 1 : 0;
      if (this.conjuncts.size >= REMEMBERED_CONJUNCTS)
        this.conjuncts.delete(this.conjuncts.keys().next().value!);
    }
    this.conjuncts.set(key, outcome);
    return outcome;
  }

  /** A column's values as small numbers (ValueColumn), worked out on first use: facets count them. */
  column(key: keyof MemoryDoc): ValueColumn {
    let column = this.columns.get(key);
    if (!column) {
      column = valueColumn(this.docs, key);
      this.columns.set(key, column);
    }
    return column;
  }

  /** Documents holding a lexeme, ascending. */
  docsWith(lexeme: string): Int32Array {
    const number = this.lexemes.get(lexeme);
    if (number === undefined) return new Int32Array(0);
    return this.postDoc.subarray(this.postStart[number]!, this.postStart[number + 1]!);
  }
}

export class PostingCursor {
  private at: number;
  /** After a successful seek: the document's positions are positions[start] … positions[end). */
  start = 0;
  end = 0;
  constructor(
    private readonly docs: Int32Array,
    private readonly offsets: Int32Array,
    readonly positions: Uint16Array,
    start: number,
    private readonly last: number,
  ) {
    this.at = start;
  }

  /** Whether `doc` holds the lexeme, its positions then in start/end; calls must come with `doc` ascending. */
  seek(doc: number): boolean {
    while (this.at < this.last && this.docs[this.at]! < doc) this.at++;
    if (this.at >= this.last || this.docs[this.at] !== doc) return false;
    this.start = this.offsets[this.at]!;
    this.end = this.offsets[this.at + 1]!;
    return true;
  }

  /** The positions in `doc` (null when absent); calls must come with `doc` ascending. */
  positionsIn(doc: number): Positions | null {
    return this.seek(doc) ? this.positions.subarray(this.start, this.end) : null;
  }
}

/** One engine's documents: segments per locale lexeme (every locale of a search maps to one). */
export interface MemoryIndex {
  version: number;
  byLocale: Map<string, Segment[]>;
  /** Every segment in the order it was made: a place names one by its position. */
  segments: Segment[];
  /**
   * Where each live document is, by locale and id: its segment's position × PLACE + its number there. A number,
   * not a place object, and keyed by the document's own id, not a joined "locale|id" string: per document three
   * heap objects fewer (the place, the joined key and its flattened copy) for every full GC to mark.
   */
  where: Map<string, Map<string, number>>;
  dead: number;
  total: number;
}

/** Segments hold at most SEGMENT_SIZE (or KEYS_PER_READ) documents: a place's number part stays below this. */
const PLACE = 65_536;

function placeOf(index: MemoryIndex, locale: string, id: string): { segment: Segment; doc: number } | null {
  const place = index.where.get(locale)?.get(id);
  return place === undefined
    ? null
    : { segment: index.segments[Math.floor(place / PLACE)]!, doc: place % PLACE };
}

const COLUMNS = sql.raw(`locale, id, type, title, category, colours, regions, stack, environment, price_us,
  price_ca, price_eu_region_1, date, rank, hash, tsv::text as tsv`);

/**
 * The same columns as one text per row and one text per batch (fields split by \x1f, rows by \x1e, list items
 * by \x1c, null as \x1d): reading a few large texts costs a third of reading the columns row by row. A batch
 * whose text holds those separators is read column by column instead.
 */
const PACKED = sql.raw(`string_agg(concat_ws(E'\\x1f', locale, id, type, title, coalesce(category, E'\\x1d'),
    array_to_string(colours, E'\\x1c'), array_to_string(regions, E'\\x1c'), stack, environment,
    coalesce(price_us::text, E'\\x1d'), coalesce(price_ca::text, E'\\x1d'),
    coalesce(price_eu_region_1::text, E'\\x1d'), coalesce(date, E'\\x1d'), rank::text, hash, tsv::text), E'\\x1e') as packed,
  bool_or(concat(locale, id, type, title, category, stack, environment, date, hash,
    array_to_string(colours, ''), array_to_string(regions, '')) ~ '[\\x1c-\\x1f]') as unsafe, count(*)::int as n`);

const strings = new Map<string, string>();
/** One copy of the short strings every document repeats (type, stack, regions, categories …). */
const intern = (value: string) => {
  const known = strings.get(value);
  if (known !== undefined) return known;
  const copy = ownCopy(value);
  if (strings.size < 50_000) strings.set(copy, copy);
  return copy;
};
const lists = new Map<string, string[]>();
const internList = (list: string[]) => {
  const key = list.join('\u0000');
  const known = lists.get(key);
  if (known) return known;
  const interned = Object.freeze(list.map(intern)) as string[];
  if (lists.size < 10_000) lists.set(key, interned);
  return interned;
};
const NULL = '\x1d';
const nullable = (value: string) => (value === NULL ? null : value);

type Loaded = { doc: MemoryDoc; tsv: string };

/**
 * One copy, for one read of the index, of what a product's documents repeat across its locales: its id, its
 * title (the locales of a language share it), dates and prices. At 10,000 products that is 80,000 documents but
 * ~10,000 ids, and 240,000 price numbers (each a heap object of its own) but a few thousand distinct prices:
 * every full garbage collection marks each object again (issue 22: the pauses behind the 70 % rows).
 */
class Sharing {
  private readonly texts = new Map<string, string>();
  private readonly numbers = new Map<string, number>();

  /** The text as a copy of its own (own-copy.ts), the same copy for the same text. */
  text(value: string): string {
    let known = this.texts.get(value);
    if (known === undefined) {
      known = ownCopy(value);
      this.texts.set(known, known);
    }
    return known;
  }

  number(value: unknown): number | null {
    if (value === null || value === undefined || value === NULL) return null;
    const key = String(value);
    let known = this.numbers.get(key);
    if (known === undefined) {
      known = Number(value);
      this.numbers.set(key, known);
    }
    return known;
  }
}

function docOf(
  sharing: Sharing,
  values: {
    locale: string;
    id: string;
    type: string;
    title: string;
    category: string | null;
    colours: string[];
    regions: string[];
    stack: string;
    environment: string;
    price_us: unknown;
    price_ca: unknown;
    price_eu_region_1: unknown;
    date: string | null;
    rank: unknown;
    hash: string;
    tsv: string;
  },
): Loaded {
  return {
    doc: {
      locale: intern(values.locale),
      // Cut from a batch's packed text: copies, or the index would keep every batch whole (own-copy.ts).
      id: sharing.text(values.id),
      type: intern(values.type),
      title: sharing.text(values.title),
      category: values.category === null ? null : intern(values.category),
      colours: internList(values.colours),
      regions: internList(values.regions),
      stack: intern(values.stack),
      environment: intern(values.environment),
      price_us: sharing.number(values.price_us),
      price_ca: sharing.number(values.price_ca),
      price_eu_region_1: sharing.number(values.price_eu_region_1),
      date: values.date === null ? null : sharing.text(values.date),
      rank: Number(values.rank),
      hash: ownCopy(values.hash),
      length: 0,
    },
    tsv: values.tsv,
  };
}

const items = (value: string) => (value === '' ? [] : value.split('\x1c'));

function unpack(sharing: Sharing, packed: string): Loaded[] {
  return packed.split('\x1e').map((line) => {
    const f = line.split('\x1f');
    if (f.length !== 16) throw new Error('A packed search row has the wrong number of fields');
    return docOf(sharing, {
      locale: f[0]!,
      id: f[1]!,
      type: f[2]!,
      title: f[3]!,
      category: nullable(f[4]!),
      colours: items(f[5]!),
      regions: items(f[6]!),
      stack: f[7]!,
      environment: f[8]!,
      price_us: f[9],
      price_ca: f[10],
      price_eu_region_1: f[11],
      date: nullable(f[12]!),
      rank: f[13],
      hash: f[14]!,
      tsv: f[15]!,
    });
  });
}

/** The rows a `select … from search_documents d <rest>` reads, in its order. */
async function readRows(db: Database, sharing: Sharing, rest: SQL): Promise<Loaded[]> {
  const packed = (
    (await db.execute(
      sql`select ${PACKED} from (select d.* from search_documents d ${rest}) d`,
    )) as unknown as { rows: Array<{ packed: string | null; unsafe: boolean | null; n: number }> }
  ).rows[0];
  if (!packed?.n || packed.packed === null) return [];
  if (!packed.unsafe) return unpack(sharing, packed.packed);
  const result = (await db.execute(sql`select ${COLUMNS} from search_documents d ${rest}`)) as unknown as {
    rows: Array<Record<string, unknown>>;
  };
  return result.rows.map((row) =>
    docOf(sharing, {
      ...(row as Parameters<typeof docOf>[1]),
      colours: (row.colours as string[] | null) ?? [],
      regions: (row.regions as string[] | null) ?? [],
    }),
  );
}

function addSegments(index: MemoryIndex, rows: Loaded[]) {
  const perLocale = new Map<string, Array<{ doc: MemoryDoc; tsv: string }>>();
  for (const row of rows) {
    const key = localeLexeme(row.doc.locale);
    const list = perLocale.get(key) ?? [];
    list.push(row);
    perLocale.set(key, list);
  }
  for (const [key, list] of perLocale) {
    if (list.length > PLACE) throw new Error(`A search segment of ${list.length} documents exceeds ${PLACE}`);
    const segment = new Segment(list);
    const segments = index.byLocale.get(key) ?? [];
    segments.push(segment);
    index.byLocale.set(key, segments);
    const first = index.segments.push(segment) - 1;
    for (const [doc, row] of list.entries()) {
      const before = placeOf(index, row.doc.locale, row.doc.id);
      if (before) {
        before.segment.alive[before.doc] = 0;
        index.dead++;
      } else index.total++;
      let ids = index.where.get(row.doc.locale);
      if (!ids) {
        ids = new Map();
        index.where.set(row.doc.locale, ids);
      }
      ids.set(row.doc.id, first * PLACE + doc);
    }
  }
}

/** Every document of an engine, read in key order, SEGMENT_SIZE rows at a time. */
export async function loadIndex(db: Database, engine: string, version: number): Promise<MemoryIndex> {
  const index: MemoryIndex = {
    version,
    byLocale: new Map(),
    segments: [],
    where: new Map(),
    dead: 0,
    total: 0,
  };
  // One for the whole read: batches come in key order (locale first), and a product's id is in every locale.
  const sharing = new Sharing();
  let after: { locale: string; id: string } | null = null;
  for (;;) {
    // The whole primary key in the row comparison and the order, so each batch is an index range scan.
    const keyCondition = after
      ? sql`and (d.engine, d.locale, d.id) > (${engine}, ${after.locale}, ${after.id})`
      : sql``;
    const rows = await readRows(
      db,
      sharing,
      sql`where d.engine = ${engine} ${keyCondition} order by d.engine, d.locale, d.id limit ${SEGMENT_SIZE}`,
    );
    if (rows.length === 0) break;
    addSegments(index, rows);
    const last = rows[rows.length - 1]!.doc;
    after = { locale: last.locale, id: last.id };
    if (rows.length < SEGMENT_SIZE) break;
  }
  return index;
}

/**
 * Brings an index to `version` by hashes: rows whose hash differs (or that are new) are read into new
 * segments, rows gone are marked dead. Returns null when so much is dead that reading everything is better.
 */
export async function refreshIndex(
  db: Database,
  engine: string,
  index: MemoryIndex,
  version: number,
): Promise<{ index: MemoryIndex; changed: number; removed: number } | null> {
  // Keys and hashes as one text (ids and locales never hold the separators: the writer builds them).
  const [state] = (
    (await db.execute(
      sql`select string_agg(locale || E'\x1f' || id || E'\x1f' || hash, E'\x1e') as packed
          from search_documents where engine = ${engine}`,
    )) as unknown as { rows: Array<{ packed: string | null }> }
  ).rows;
  const seen = new Set<string>();
  const changed: Array<{ locale: string; id: string }> = [];
  for (const line of state?.packed ? state.packed.split('\x1e') : []) {
    const [locale = '', id = '', hash] = line.split('\x1f');
    seen.add(`${locale}|${id}`);
    const known = placeOf(index, locale, id);
    if (!known || known.segment.docs[known.doc]!.hash !== hash) changed.push({ locale, id });
  }
  let removed = 0;
  for (const [locale, ids] of index.where) {
    for (const [id, place] of ids) {
      if (seen.has(`${locale}|${id}`)) continue;
      index.segments[Math.floor(place / PLACE)]!.alive[place % PLACE] = 0;
      ids.delete(id);
      index.dead++;
      index.total--;
      removed++;
    }
  }
  const sharing = new Sharing();
  if (index.dead + changed.length > (index.total + index.dead) * COMPACT_SHARE) return null;
  for (let start = 0; start < changed.length; start += KEYS_PER_READ) {
    const keys = changed.slice(start, start + KEYS_PER_READ);
    addSegments(index, await readRows(db, sharing, sql`where ${byKeys(engine, keys)}`));
  }
  index.version = version;
  return { index, changed: changed.length, removed };
}
