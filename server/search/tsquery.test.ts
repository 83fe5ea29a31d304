import { describe, expect, it } from 'vitest';
import {
  checkSupported,
  compareCodePoints,
  float4Number,
  matches,
  type PositionsOf,
  parseTsquery,
  parseTsvector,
  phraseChain,
  positionOf,
  queryOperands,
  rankWeights,
  tsRank,
  tsRankCd,
  UnsupportedQuery,
  weightOf,
} from './tsquery.ts';

/** A document from a tsvector's text form. */
function doc(text: string): { positionsOf: PositionsOf; length: number } {
  const entries = new Map(
    parseTsvector(text).map((entry) => [entry.lexeme, Uint16Array.from(entry.positions)]),
  );
  const length = [...entries.values()].reduce((sum, positions) => sum + (positions.length || 1), 0);
  return { positionsOf: (lexeme) => entries.get(lexeme) ?? null, length };
}

describe('tsvector and tsquery text forms', () => {
  it('reads lexemes, positions and weights, quotes and backslashes included', () => {
    const entries = parseTsvector("'back':8A 'it''s':2 'snow-sho':5B,9C 'a\\\\b':3 'bare'");
    expect(entries.map((entry) => entry.lexeme)).toEqual(['back', "it's", 'snow-sho', 'a\\b', 'bare']);
    const [back, , snow, , bare] = entries;
    expect(back!.positions.map(positionOf)).toEqual([8]);
    expect(back!.positions.map(weightOf)).toEqual([3]);
    expect(snow!.positions.map(weightOf)).toEqual([2, 1]);
    expect(snow!.positions.map(positionOf)).toEqual([5, 9]);
    expect(bare!.positions).toEqual([]);
  });

  it('reads operators with their precedence and refuses prefix operands', () => {
    expect(parseTsquery('')).toBeNull();
    expect(parseTsquery("'a' & 'b' | 'c'")).toEqual({
      op: 'or',
      left: { op: 'and', left: { op: 'val', lexeme: 'a' }, right: { op: 'val', lexeme: 'b' } },
      right: { op: 'val', lexeme: 'c' },
    });
    expect(parseTsquery("( 'a' | 'b' ) & !'c'")).toMatchObject({ op: 'and', right: { op: 'not' } });
    expect(parseTsquery("'ス' <-> 'ノ' <2> 'ー'")).toMatchObject({
      op: 'phrase',
      distance: 2,
      left: { op: 'phrase', distance: 1 },
    });
    expect(() => parseTsquery("'snow':*")).toThrow(UnsupportedQuery);
    expect(() => checkSupported(parseTsquery("'a' <-> ( 'b' & 'c' )"))).toThrow(UnsupportedQuery);
  });

  it('lists operands in byte order without repeats', () => {
    expect(queryOperands(parseTsquery("'women' & ( 'snowsho' | 'snow' ) & 'women' & 'é'"))).toEqual([
      'snow',
      'snowsho',
      'women',
      'é',
    ]);
    expect(compareCodePoints('Z', 'a')).toBeLessThan(0);
    expect(compareCodePoints('é', 'z')).toBeGreaterThan(0);
    expect(compareCodePoints('ab', 'abc')).toBeLessThan(0);
    expect(compareCodePoints('\u{1F600}', '\uFFFD')).toBeGreaterThan(0);
  });

  it('orders any two strings as their code points do (astral characters after every BMP one)', () => {
    const alphabet = [
      'a',
      'b',
      'Z',
      'é',
      '\uD7FF',
      '\uE000',
      '\uFFFD',
      '\u{10000}',
      '\u{1F600}',
      '\u{1F601}',
      'ー',
    ];
    const byCodePoints = (a: string, b: string) => {
      const x = [...a].map((char) => char.codePointAt(0)!);
      const y = [...b].map((char) => char.codePointAt(0)!);
      for (let index = 0; index < Math.min(x.length, y.length); index++)
        if (x[index] !== y[index]) return x[index]! < y[index]! ? -1 : 1;
      return Math.sign(x.length - y.length);
    };
    // Every string of up to two characters over the alphabet, against every other.
    const strings = [
      '',
      ...alphabet,
      ...alphabet.flatMap((first) => alphabet.map((second) => first + second)),
    ];
    for (const a of strings)
      for (const b of strings) expect([a, b, compareCodePoints(a, b)]).toEqual([a, b, byCodePoints(a, b)]);
  });
});

describe('matching', () => {
  const text = doc("'スノ':1A 'ノー':2A 'ーシ':3A 'シュ':4A 'ュー':5A 'women':7B 'snow':9C");
  it('matches and, or and not over lexemes', () => {
    expect(matches(parseTsquery("'women' & 'snow'")!, text.positionsOf)).toBe(true);
    expect(matches(parseTsquery("'women' & 'ice'")!, text.positionsOf)).toBe(false);
    expect(matches(parseTsquery("'ice' | 'snow'")!, text.positionsOf)).toBe(true);
    expect(matches(parseTsquery("'women' & !'snow'")!, text.positionsOf)).toBe(false);
  });

  it('matches phrases only at adjacent positions (or the given distance)', () => {
    expect(matches(parseTsquery("'スノ' <-> 'ノー' <-> 'ーシ'")!, text.positionsOf)).toBe(true);
    expect(matches(parseTsquery("'スノ' <-> 'ーシ'")!, text.positionsOf)).toBe(false);
    expect(matches(parseTsquery("'スノ' <2> 'ーシ'")!, text.positionsOf)).toBe(true);
    expect(matches(parseTsquery("'women' <2> 'snow'")!, text.positionsOf)).toBe(true);
  });
});

describe('ts_rank', () => {
  const weights = rankWeights([0.02, 0.05, 0.3, 1.0]);
  // Figures from PostgreSQL 18 (PGlite): select ts_rank('{0.02,0.05,0.3,1.0}', to_tsvector('english',
  // 'snow snowshoe women snowshoes'), to_tsquery('english', 'snowshoe & women'), 1) → 0.016903378.
  it("gives PostgreSQL's float4 figures", () => {
    const vector = doc("'snow':1 'snowsho':2,4 'women':3");
    const tree = parseTsquery("'snowsho' & 'women'");
    const rank = tsRank(weights, tree, queryOperands(tree), vector.positionsOf, vector.length);
    expect(float4Number(rank)).toBe(0.016903378);
  });

  it('ranks a single word by its weighted occurrences, and nothing for an empty query', () => {
    const vector = doc("'pole':1A,4C 'trek':2B");
    const tree = parseTsquery("'pole'");
    const rank = tsRank(weights, tree, queryOperands(tree), vector.positionsOf, vector.length);
    expect(rank).toBeGreaterThan(0);
    expect(Math.fround(rank)).toBe(rank);
    expect(tsRank(weights, null, [], vector.positionsOf, vector.length)).toBe(0);
  });

  it('prints a float4 as PostgreSQL does (the shortest decimal that reads back)', () => {
    expect(float4Number(Math.fround(0.14375))).toBe(0.14375);
    expect(float4Number(Math.fround(0.1))).toBe(0.1);
    expect(float4Number(0)).toBe(0);
  });
});

describe('ts_rank_cd of a phrase chain', () => {
  const weights = rankWeights([0.02, 0.05, 0.3, 1.0]);
  // Figures from PostgreSQL 18 (PGlite): select ts_rank_cd('{0.02,0.05,0.3,1.0}', '<vector>'::tsvector,
  // '<query>'::tsquery, 1).
  it.each([
    // Covers at 1-3 and 9-11 (a B weight inside); 5-6 is not one (no 'cd' at 7).
    ["'ab':1,5A,9 'bc':2,6,10B 'cd':3,11", "'ab' <-> 'bc' <-> 'cd'", 0.022315541],
    // A lexeme twice in the chain: a cover at 1-3 only (7-8 has no 'ab' at 9).
    ["'ab':1,3,7 'bc':2,6,8", "'ab' <-> 'bc' <-> 'ab'", 0.010277967],
  ])("gives PostgreSQL's float4 figure for %s and %s", (vector, query, figure) => {
    const document = doc(vector);
    const chain = phraseChain(parseTsquery(query))!;
    expect(float4Number(tsRankCd(weights, chain, document.positionsOf, document.length))).toBe(figure);
  });

  it('is 0 where the chain never occurs, so a score answers whether it matched', () => {
    const document = doc("'ab':1,5 'bc':3,7");
    const chain = phraseChain(parseTsquery("'ab' <-> 'bc'"))!;
    expect(tsRankCd(weights, chain, document.positionsOf, document.length)).toBe(0);
    expect(matches(parseTsquery("'ab' <-> 'bc'")!, document.positionsOf)).toBe(false);
  });
});
