/**
 * The search index held in each process's memory, read from `search_documents` (the narrow columns that
 * filters, facets and sorting use, and each document's tsvector as PostgreSQL computed it) and kept in step
 * with the index version: a version move re-reads only the rows whose hash changed. Documents live in
 * immutable segments of at most SEGMENT_SIZE documents, each with an inverted list per lexeme (documents
 * ascending, with their positions); a changed document gets a new segment and its old copy is marked dead.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { type Positions, parseTsvector } from './tsquery.ts';
import { localeLexeme } from './writer.ts';

const SEGMENT_SIZE = 4000;
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

export class Segment {
  readonly docs: MemoryDoc[];
  readonly alive: Uint8Array;
  private readonly lexemes: Map<string, number>;
  /** Postings of lexeme n: postDoc[postStart[n] … postStart[n + 1]), positions postPos[p] … postPos[p + 1]. */
  private readonly postStart: Int32Array;
  private readonly postDoc: Int32Array;
  private readonly postPos: Int32Array;
  private readonly positions: Uint16Array;

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
      this.lexemes.set(text, lexeme);
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

  /** Documents holding a lexeme, ascending. */
  docsWith(lexeme: string): Int32Array {
    const number = this.lexemes.get(lexeme);
    if (number === undefined) return new Int32Array(0);
    return this.postDoc.subarray(this.postStart[number]!, this.postStart[number + 1]!);
  }
}

export class PostingCursor {
  private at: number;
  constructor(
    private readonly docs: Int32Array,
    private readonly offsets: Int32Array,
    private readonly positions: Uint16Array,
    start: number,
    private readonly end: number,
  ) {
    this.at = start;
  }

  /** The positions in `doc` (null when absent); calls must come with `doc` ascending. */
  positionsIn(doc: number): Positions | null {
    while (this.at < this.end && this.docs[this.at]! < doc) this.at++;
    if (this.at >= this.end || this.docs[this.at] !== doc) return null;
    return this.positions.subarray(this.offsets[this.at]!, this.offsets[this.at + 1]!);
  }
}

/** One engine's documents: segments per locale lexeme (every locale of a search maps to one). */
export interface MemoryIndex {
  version: number;
  byLocale: Map<string, Segment[]>;
  where: Map<string, { segment: Segment; doc: number }>;
  dead: number;
  total: number;
}

type Row = Omit<MemoryDoc, 'length'> & { tsv: string };

const COLUMNS = sql.raw(`locale, id, type, title, category, colours, regions, stack, environment, price_us,
  price_ca, price_eu_region_1, date, rank, hash, tsv::text as tsv`);

const strings = new Map<string, string>();
/** One copy of the short strings every document repeats (type, stack, regions, categories …). */
const intern = (value: string) => {
  const known = strings.get(value);
  if (known !== undefined) return known;
  if (strings.size < 50_000) strings.set(value, value);
  return value;
};
const lists = new Map<string, string[]>();
const internList = (values: string[] | null) => {
  const list = values ?? [];
  const key = list.join('\u0000');
  const known = lists.get(key);
  if (known) return known;
  const interned = Object.freeze(list.map(intern)) as string[];
  if (lists.size < 10_000) lists.set(key, interned);
  return interned;
};
const numberOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));

function toRow(raw: Record<string, unknown>): { doc: MemoryDoc; tsv: string } {
  const row = raw as unknown as Row;
  return {
    doc: {
      locale: intern(row.locale),
      id: row.id,
      type: intern(row.type),
      title: row.title,
      category: row.category === null ? null : intern(row.category),
      colours: internList(row.colours),
      regions: internList(row.regions),
      stack: intern(row.stack),
      environment: intern(row.environment),
      price_us: numberOrNull(row.price_us),
      price_ca: numberOrNull(row.price_ca),
      price_eu_region_1: numberOrNull(row.price_eu_region_1),
      date: row.date,
      rank: Number(row.rank),
      hash: row.hash,
      length: 0,
    },
    tsv: row.tsv,
  };
}

function addSegments(index: MemoryIndex, rows: Array<{ doc: MemoryDoc; tsv: string }>) {
  const perLocale = new Map<string, Array<{ doc: MemoryDoc; tsv: string }>>();
  for (const row of rows) {
    const key = localeLexeme(row.doc.locale);
    const list = perLocale.get(key) ?? [];
    list.push(row);
    perLocale.set(key, list);
  }
  for (const [key, list] of perLocale) {
    const segment = new Segment(list);
    const segments = index.byLocale.get(key) ?? [];
    segments.push(segment);
    index.byLocale.set(key, segments);
    for (const [doc, row] of list.entries()) {
      const name = `${row.doc.locale}|${row.doc.id}`;
      const before = index.where.get(name);
      if (before) {
        before.segment.alive[before.doc] = 0;
        index.dead++;
      } else index.total++;
      index.where.set(name, { segment, doc });
    }
  }
}

/** Every document of an engine, read in key order, SEGMENT_SIZE rows at a time. */
export async function loadIndex(db: Database, engine: string, version: number): Promise<MemoryIndex> {
  const index: MemoryIndex = { version, byLocale: new Map(), where: new Map(), dead: 0, total: 0 };
  let after: { locale: string; id: string } | null = null;
  for (;;) {
    const keyCondition: ReturnType<typeof sql> = after
      ? sql`and (locale, id) > (${after.locale}, ${after.id})`
      : sql``;
    const result = (await db.execute(
      sql`select ${COLUMNS} from search_documents where engine = ${engine} ${keyCondition}
          order by locale, id limit ${SEGMENT_SIZE}`,
    )) as unknown as { rows: Array<Record<string, unknown>> };
    if (result.rows.length === 0) break;
    const rows = result.rows.map(toRow);
    addSegments(index, rows);
    const last = rows[rows.length - 1]!.doc;
    after = { locale: last.locale, id: last.id };
    if (result.rows.length < SEGMENT_SIZE) break;
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
  const current = (
    (await db.execute(
      sql`select locale, id, hash from search_documents where engine = ${engine}`,
    )) as unknown as { rows: Array<{ locale: string; id: string; hash: string }> }
  ).rows;
  const seen = new Set<string>();
  const changed: Array<{ locale: string; id: string }> = [];
  for (const row of current) {
    const name = `${row.locale}|${row.id}`;
    seen.add(name);
    const known = index.where.get(name);
    if (!known || known.segment.docs[known.doc]!.hash !== row.hash) changed.push(row);
  }
  let removed = 0;
  for (const [name, place] of index.where) {
    if (seen.has(name)) continue;
    place.segment.alive[place.doc] = 0;
    index.where.delete(name);
    index.dead++;
    index.total--;
    removed++;
  }
  if (index.dead + changed.length > (index.total + index.dead) * COMPACT_SHARE) return null;
  for (let start = 0; start < changed.length; start += SEGMENT_SIZE) {
    const keys = changed.slice(start, start + SEGMENT_SIZE);
    const result = (await db.execute(
      sql`select ${COLUMNS} from search_documents d
          join jsonb_to_recordset(${JSON.stringify(keys)}::jsonb) as k(locale text, id text)
            using (locale, id)
          where d.engine = ${engine}`,
    )) as unknown as { rows: Array<Record<string, unknown>> };
    addSegments(index, result.rows.map(toRow));
  }
  index.version = version;
  return { index, changed: changed.length, removed };
}
