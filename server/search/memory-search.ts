/**
 * A search answered from the in-memory index (memory-index.ts) with the same answer the SQL engine gives:
 * matching by the query's tsquery (as PostgreSQL parsed it), filters with SQL's three-valued logic, ts_rank
 * scores computed as PostgreSQL computes them, facets over every match, the same order and tie-breaks
 * (rank, title, id in the C collation). What it cannot reproduce exactly it refuses (UnsupportedQuery), and
 * the engine answers with SQL instead.
 */
import { FIELDS } from './fields.ts';
import type { MemoryDoc, MemoryIndex, Segment } from './memory-index.ts';
import type { SearchRequest } from './request.ts';
import {
  checkSupported,
  compareCodePoints,
  coverDensityRank,
  float4Number,
  matches,
  type Positions,
  parseTsquery,
  phraseChain,
  type QueryNode,
  queryOperands,
  rankWeights,
  tsRank,
  tsRankCd,
  UnsupportedQuery,
} from './tsquery.ts';
import { isObject } from './validation.ts';
import { valueFacet } from './value-facet.ts';

export const RANK_WEIGHTS = rankWeights([0.02, 0.05, 0.3, 1.0]);

/** SQL's three-valued logic: true, false or null (unknown). */
type Truth = boolean | null;
type Predicate = (doc: MemoryDoc) => Truth;

const column = (name: string) => FIELDS[name]?.name as keyof MemoryDoc | undefined;

function leaf(name: string, value: unknown): Predicate {
  const found = FIELDS[name];
  if (!found) throw new UnsupportedQuery(`field ${name}`);
  const key = found.name as keyof MemoryDoc;
  const kind = found.kind;
  if (isObject(value)) {
    const checks: Predicate[] = [];
    for (const [bound, operator] of [
      [value.from, 'from'],
      [value.to, 'to'],
    ] as const) {
      if (bound === undefined) continue;
      if (kind === 'number') {
        const limit = Number(bound);
        if (!Number.isFinite(limit)) throw new UnsupportedQuery('non-finite bound');
        checks.push((doc) => {
          const own = doc[key] as number | null;
          return own === null ? null : operator === 'from' ? own >= limit : own < limit;
        });
      } else if (kind === 'text') {
        const limit = String(bound);
        checks.push((doc) => {
          const own = doc[key] as string | null;
          if (own === null) return null;
          const order = compareCodePoints(own, limit);
          return operator === 'from' ? order >= 0 : order < 0;
        });
      } else throw new UnsupportedQuery('range over an array');
    }
    return and(checks);
  }
  const values = (Array.isArray(value) ? value : [value]).filter(
    (item) => item !== null && item !== undefined,
  );
  if (kind === 'array') {
    const wanted = new Set(values.map(String));
    return (doc) => (doc[key] as string[]).some((item) => wanted.has(item));
  }
  if (kind === 'number') {
    const wanted = values.map(Number);
    if (!wanted.every(Number.isFinite)) throw new UnsupportedQuery('non-finite value');
    return (doc) => {
      const own = doc[key] as number | null;
      return own === null ? null : wanted.includes(own);
    };
  }
  const wanted = new Set(values.map(String));
  return (doc) => {
    const own = doc[key] as string | null;
    return own === null ? null : wanted.has(own);
  };
}

function and(parts: Predicate[]): Predicate {
  if (parts.length === 1) return parts[0]!;
  return (doc) => {
    let unknown = false;
    for (const part of parts) {
      const value = part(doc);
      if (value === false) return false;
      if (value === null) unknown = true;
    }
    return unknown ? null : true;
  };
}

function or(parts: Predicate[]): Predicate {
  return (doc) => {
    let unknown = false;
    for (const part of parts) {
      const value = part(doc);
      if (value === true) return true;
      if (value === null) unknown = true;
    }
    return unknown ? null : false;
  };
}

/** The filters of a request (already checked by parseSearchRequest) as a predicate, as compileFilters reads them. */
export function filterPredicate(filters: unknown): Predicate {
  if (filters === undefined || filters === null) return () => true;
  if (Array.isArray(filters)) {
    const parts = filters.map(filterPredicate);
    return parts.length === 0 ? () => true : and(parts);
  }
  if (!isObject(filters)) throw new UnsupportedQuery('filters');
  const parts: Predicate[] = [];
  for (const [key, value] of Object.entries(filters)) {
    if (key === 'all' || key === 'any' || key === 'none') {
      const list = (Array.isArray(value) ? value : [value]).map(filterPredicate);
      if (key === 'all') parts.push(list.length === 0 ? () => true : and(list));
      else if (key === 'any') parts.push(list.length === 0 ? () => false : or(list));
      else {
        const any = list.length === 0 ? () => false : or(list);
        parts.push((doc) => {
          const value = any(doc);
          return value === null ? null : !value;
        });
      }
    } else parts.push(leaf(key, value));
  }
  return parts.length === 0 ? () => true : and(parts);
}

/** A part of the filters that must hold true for a document to match, with a key naming what it tests. */
export interface Conjunct {
  key: string;
  test: Predicate;
}

/**
 * The filters as a list of conjuncts: a document matches when every one is true (SQL's AND is true only then),
 * so each can be worked out apart and remembered per segment (Segment.holds).
 */
export function filterConjuncts(filters: unknown): Conjunct[] {
  if (filters === undefined || filters === null) return [];
  if (Array.isArray(filters)) return filters.flatMap(filterConjuncts);
  if (!isObject(filters)) throw new UnsupportedQuery('filters');
  return Object.entries(filters).flatMap(([key, value]) => {
    if (key === 'all') return (Array.isArray(value) ? value : [value]).flatMap(filterConjuncts);
    const part = { [key]: value };
    return [{ key: JSON.stringify(part), test: filterPredicate(part) }];
  });
}

export interface MemoryMatch {
  doc: MemoryDoc;
  score: number;
  /** Where the document is: facets count by its segment's value numbers. */
  segment: Segment;
  number: number;
}

export interface TextQuery {
  /** The request's tsquery as PostgreSQL printed it ('' when it has no lexemes). */
  text: string;
  /**
   * Whether ts_rank_cd ranks it (Japanese n-gram phrases): computed here for a phrase chain, else the
   * matches get score 0 and `needsCoverDensity` asks the caller for PostgreSQL's.
   */
  coverDensity: boolean;
}

/** Documents of a segment that may match `node` (ascending), or null for every document. */
function candidates(segment: Segment, node: QueryNode): Int32Array | null {
  switch (node.op) {
    case 'val':
      return segment.docsWith(node.lexeme);
    case 'not':
      return null;
    case 'and':
    case 'phrase': {
      const left = candidates(segment, node.left);
      const right = candidates(segment, node.right);
      if (!left) return right;
      if (!right) return left;
      const out: number[] = [];
      let i = 0;
      let j = 0;
      while (i < left.length && j < right.length) {
        if (left[i]! < right[j]!) i++;
        else if (left[i]! > right[j]!) j++;
        else {
          out.push(left[i]!);
          i++;
          j++;
        }
      }
      return Int32Array.from(out);
    }
    case 'or': {
      const left = candidates(segment, node.left);
      const right = candidates(segment, node.right);
      if (!left || !right) return null;
      const out: number[] = [];
      let i = 0;
      let j = 0;
      while (i < left.length || j < right.length) {
        if (j >= right.length || (i < left.length && left[i]! < right[j]!)) out.push(left[i++]!);
        else if (i >= left.length || left[i]! > right[j]!) out.push(right[j++]!);
        else {
          out.push(left[i]!);
          i++;
          j++;
        }
      }
      return Int32Array.from(out);
    }
  }
}

function holdsAll(holding: readonly Uint8Array[], number: number): boolean {
  for (const outcome of holding) if (outcome[number] === 0) return false;
  return true;
}

/**
 * Every document of the index that the request's filters and text select, with its ts_rank score (0 without
 * text, or when ts_rank_cd ranks it: see TextQuery).
 */
export function matchDocuments(
  index: MemoryIndex,
  request: SearchRequest,
  locale: string | null,
  localeKey: string | null,
  text: TextQuery | null,
): MemoryMatch[] {
  const conjuncts = filterConjuncts(request.filters);
  const tree = text ? parseTsquery(text.text) : null;
  checkSupported(tree);
  // An empty tsquery: with a locale, the locale's lexeme alone matches (all its documents); without, nothing.
  if (text && !tree && !locale) return [];
  const segmentsOf = localeKey ? (index.byLocale.get(localeKey) ?? []) : [...index.byLocale.values()].flat();
  const operands = queryOperands(tree);
  const chain = text?.coverDensity ? phraseChain(tree) : null;
  const found: MemoryMatch[] = [];
  for (const segment of segmentsOf) {
    const { docs, alive } = segment;
    const holding = conjuncts.map((conjunct) => segment.holds(conjunct.key, conjunct.test));
    const list = tree ? candidates(segment, tree) : null;
    const cursors = new Map<string, ReturnType<Segment['cursor']>>();
    for (const operand of operands) cursors.set(operand, segment.cursor(operand));
    // The chain's lexemes are operands: their cursors above serve it (positionsOf is not used on that path).
    const chainCursors =
      chain && chain.length > 1 ? chain.map((lexeme) => cursors.get(lexeme) ?? null) : null;
    const chainStarts = new Int32Array(chainCursors?.length ?? 0);
    const chainEnds = new Int32Array(chainCursors?.length ?? 0);
    let current = -1;
    const cache = new Map<string, Positions | null>();
    const positionsOf = (lexeme: string): Positions | null => {
      if (cache.has(lexeme)) return cache.get(lexeme)!;
      const value = cursors.get(lexeme)?.positionsIn(current) ?? null;
      cache.set(lexeme, value);
      return value;
    };
    const count = list ? list.length : docs.length;
    for (let at = 0; at < count; at++) {
      const number = list ? list[at]! : at;
      if (!alive[number]) continue;
      if (!holdsAll(holding, number)) continue;
      const doc = docs[number]!;
      if (tree) {
        current = number;
        cache.clear();
        if (chainCursors) {
          // A chain of phrases matches exactly where it has a cover, and every cover adds to ts_rank_cd: the
          // score answers both (matching it apart walked the same positions twice).
          let holdsChain = true;
          for (let k = 0; k < chainCursors.length; k++) {
            const cursor = chainCursors[k];
            if (!cursor?.seek(number)) {
              holdsChain = false;
              break;
            }
            chainStarts[k] = cursor.start;
            chainEnds[k] = cursor.end;
          }
          const score = holdsChain
            ? coverDensityRank(RANK_WEIGHTS, segment.positions, chainStarts, chainEnds, doc.length)
            : 0;
          if (score > 0) found.push({ doc, score, segment, number });
          continue;
        }
        if (!matches(tree, positionsOf)) continue;
        const score = !text?.coverDensity
          ? tsRank(RANK_WEIGHTS, tree, operands, positionsOf, doc.length)
          : chain
            ? tsRankCd(RANK_WEIGHTS, chain, positionsOf, doc.length)
            : 0;
        found.push({ doc, score, segment, number });
      } else found.push({ doc, score: 0, segment, number });
    }
  }
  return found;
}

/** The order of the SQL engine: the request's sort, then rank, title and id (C collation, nulls last). */
/** Whether the matches of a ts_rank_cd query still need their scores from PostgreSQL. */
export function needsCoverDensity(text: TextQuery | null): boolean {
  return Boolean(text?.coverDensity) && phraseChain(text ? parseTsquery(text.text) : null) === null;
}

export function compareMatches(
  sort: SearchRequest['sort'],
  hasQuery: boolean,
): (a: MemoryMatch, b: MemoryMatch) => number {
  const parts: Array<(a: MemoryMatch, b: MemoryMatch) => number> = [];
  const byScore = (direction: 'asc' | 'desc') => (a: MemoryMatch, b: MemoryMatch) =>
    a.score === b.score ? 0 : (a.score < b.score ? -1 : 1) * (direction === 'asc' ? 1 : -1);
  for (const { field, direction } of sort) {
    if (field === '_score') {
      if (hasQuery) parts.push(byScore(direction));
      continue;
    }
    const key = column(field)!;
    const kind = FIELDS[field]!.kind;
    if (kind === 'array') throw new UnsupportedQuery('sort by an array');
    const sign = direction === 'asc' ? 1 : -1;
    parts.push((a, b) => {
      const x = a.doc[key] as string | number | null;
      const y = b.doc[key] as string | number | null;
      if (x === y) return 0;
      if (x === null) return 1;
      if (y === null) return -1;
      const order = typeof x === 'number' ? (x < (y as number) ? -1 : 1) : compareCodePoints(x, y as string);
      return order * sign;
    });
  }
  if (parts.length === 0 && hasQuery) parts.push(byScore('desc'));
  parts.push(
    (a, b) => a.doc.rank - b.doc.rank,
    (a, b) => compareCodePoints(a.doc.title, b.doc.title),
    (a, b) => compareCodePoints(a.doc.id, b.doc.id),
  );
  return (a, b) => {
    for (const part of parts) {
      const order = part(a, b);
      if (order !== 0) return order;
    }
    return 0;
  };
}

/** The `count` first matches in order after skipping `offset` (a partial selection, not a full sort). */
export function pageOf<T>(items: T[], compare: (a: T, b: T) => number, offset: number, count: number): T[] {
  const wanted = offset + count;
  if (count <= 0 || offset >= items.length) return [];
  if (wanted * 4 >= items.length) return [...items].sort(compare).slice(offset, wanted);
  // Keep the best `wanted` in a sorted buffer: one comparison against its worst for most items.
  const best: T[] = [];
  for (const item of items) {
    if (best.length === wanted && compare(item, best[wanted - 1]!) >= 0) continue;
    let low = 0;
    let high = best.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compare(best[middle]!, item) <= 0) low = middle + 1;
      else high = middle;
    }
    best.splice(low, 0, item);
    if (best.length > wanted) best.pop();
  }
  return best.slice(offset, wanted);
}

type FacetData = Array<Record<string, unknown>>;

/**
 * How often each value of a column occurs among the matches (each item of a list once per document): counted
 * by value number in each segment (Segment.column), then added up by value, instead of a map lookup per match.
 */
function valueCounts(found: readonly MemoryMatch[], key: keyof MemoryDoc): Map<string | number, number> {
  const counts = new Map<string | number, number>();
  let at = 0;
  while (at < found.length) {
    const { segment } = found[at]!;
    const { values, starts, ids } = segment.column(key);
    const tally = new Int32Array(values.length);
    for (; at < found.length && found[at]!.segment === segment; at++) {
      const { number } = found[at]!;
      for (let item = starts[number]!; item < starts[number + 1]!; item++) tally[ids[item]!]!++;
    }
    for (let id = 0; id < tally.length; id++) {
      if (tally[id] === 0) continue;
      const value = values[id]!;
      counts.set(value, (counts.get(value) ?? 0) + tally[id]!);
    }
  }
  return counts;
}

/** Facet counts over every match, as the SQL engine's grouping-sets pass counts them. */
export function facetsOf(
  request: SearchRequest,
  found: readonly MemoryMatch[],
): Record<string, Array<{ type: 'value' | 'range'; name?: string; data: FacetData }>> {
  const facets: Record<string, Array<{ type: 'value' | 'range'; name?: string; data: FacetData }>> = {};
  for (const [name, specs] of Object.entries(request.facets)) {
    const key = column(name)!;
    for (const spec of specs) {
      facets[name] ??= [];
      const list = facets[name];
      if (spec.type === 'range') {
        const ranges = spec.ranges ?? [];
        const counts = ranges.map(() => 0);
        const bounds = ranges.map((range) => ({
          from: range.from === undefined ? null : Number(range.from),
          to: range.to === undefined ? null : Number(range.to),
        }));
        if (FIELDS[name]!.kind !== 'number') throw new UnsupportedQuery('range facet over text');
        for (const [value, count] of valueCounts(found, key)) {
          if (typeof value !== 'number') continue;
          for (let index = 0; index < bounds.length; index++) {
            const bound = bounds[index]!;
            if ((bound.from === null || value >= bound.from) && (bound.to === null || value < bound.to))
              counts[index]! += count;
          }
        }
        if (bounds.some((bound) => Number.isNaN(bound.from) || Number.isNaN(bound.to)))
          throw new UnsupportedQuery('non-numeric range');
        list.push({
          type: 'range',
          ...(spec.name ? { name: spec.name } : {}),
          data: ranges.map((range, index) => ({
            ...(range.from !== undefined ? { from: range.from } : {}),
            ...(range.to !== undefined ? { to: range.to } : {}),
            ...(range.name ? { name: range.name } : {}),
            count: counts[index],
          })),
        });
        continue;
      }
      list.push(valueFacet(spec, valueCounts(found, key)));
    }
  }
  return facets;
}

export const scoreOut = (score: number) => float4Number(score);
