/**
 * PostgreSQL full-text search semantics in JavaScript, for the in-memory index (memory-index.ts): the text
 * forms of tsvector and tsquery read back, a tsquery matched against a document's positions (TS_execute,
 * phrases included), and `ts_rank` with normalisation 1 computed as PostgreSQL computes it (tsrank.c
 * calc_rank_or / calc_rank_and in float4 arithmetic), so answers keep PostgreSQL's scores to the last bit.
 * Lexemes always come from PostgreSQL (to_tsvector, websearch_to_tsquery): stemming is never redone here.
 */

/** What this module does not reproduce (prefix or weighted operands, AND/NOT inside a phrase): use SQL. */
export class UnsupportedQuery extends Error {}

/** A lexeme's positions as PostgreSQL stores them: weight in the top 2 bits (3 = A … 0 = D), position below. */
export type Positions = Uint16Array;
export const positionOf = (entry: number) => entry & 0x3fff;
export const weightOf = (entry: number) => entry >> 14;

const WEIGHT_CODE: Record<string, number> = { A: 3, B: 2, C: 1, D: 0 };

/** Entries of a tsvector's text form (`'lexeme':1A,5 'other':3B`), in stored (byte) order. */
export function parseTsvector(text: string): Array<{ lexeme: string; positions: number[] }> {
  const entries: Array<{ lexeme: string; positions: number[] }> = [];
  let at = 0;
  const length = text.length;
  while (at < length) {
    while (at < length && text.charCodeAt(at) === 32) at++;
    if (at >= length) break;
    if (text[at] !== "'") throw new Error(`Unexpected tsvector text at ${at}`);
    at++;
    let lexeme = '';
    let start = at;
    for (;;) {
      const char = text[at];
      if (char === undefined) throw new Error('Unterminated tsvector lexeme');
      if (char === "'") {
        if (text[at + 1] === "'") {
          lexeme += `${text.slice(start, at)}'`;
          at += 2;
          start = at;
          continue;
        }
        lexeme += text.slice(start, at);
        at++;
        break;
      }
      if (char === '\\') {
        lexeme += text.slice(start, at) + (text[at + 1] ?? '');
        at += 2;
        start = at;
        continue;
      }
      at++;
    }
    const positions: number[] = [];
    if (text[at] === ':') {
      at++;
      for (;;) {
        let value = 0;
        while (at < length) {
          const code = text.charCodeAt(at);
          if (code < 48 || code > 57) break;
          value = value * 10 + (code - 48);
          at++;
        }
        const weight = WEIGHT_CODE[text[at] ?? ''];
        let encoded = value & 0x3fff;
        if (weight !== undefined) {
          encoded |= weight << 14;
          at++;
        }
        positions.push(encoded);
        if (text[at] === ',') at++;
        else break;
      }
    }
    entries.push({ lexeme, positions });
  }
  return entries;
}

export type QueryNode =
  | { op: 'val'; lexeme: string }
  | { op: 'not'; arg: QueryNode }
  | { op: 'and' | 'or'; left: QueryNode; right: QueryNode }
  | { op: 'phrase'; distance: number; left: QueryNode; right: QueryNode };

/** The tree of a tsquery's text form (`'a' & ( 'b' | 'c' ) <-> 'd'`); null for the empty query. */
export function parseTsquery(text: string): QueryNode | null {
  let at = 0;
  const skip = () => {
    while (text[at] === ' ') at++;
  };
  const primary = (): QueryNode => {
    skip();
    const char = text[at];
    if (char === '!') {
      at++;
      return { op: 'not', arg: primary() };
    }
    if (char === '(') {
      at++;
      const inner = orExpression();
      skip();
      if (text[at] !== ')') throw new Error('Unbalanced tsquery');
      at++;
      return inner;
    }
    if (char !== "'") throw new Error(`Unexpected tsquery text at ${at}`);
    at++;
    let lexeme = '';
    for (;;) {
      const next = text[at];
      if (next === undefined) throw new Error('Unterminated tsquery lexeme');
      if (next === "'" && text[at + 1] === "'") {
        lexeme += "'";
        at += 2;
      } else if (next === "'") {
        at++;
        break;
      } else if (next === '\\') {
        lexeme += text[at + 1] ?? '';
        at += 2;
      } else {
        lexeme += next;
        at++;
      }
    }
    if (text[at] === ':') throw new UnsupportedQuery('prefix or weighted operand');
    return { op: 'val', lexeme };
  };
  const phraseExpression = (): QueryNode => {
    let left = primary();
    for (;;) {
      skip();
      const match = /^<(-|\d+)>/.exec(text.slice(at, at + 8));
      if (!match) return left;
      at += match[0].length;
      const distance = match[1] === '-' ? 1 : Number(match[1]);
      left = { op: 'phrase', distance, left, right: primary() };
    }
  };
  const andExpression = (): QueryNode => {
    let left = phraseExpression();
    for (;;) {
      skip();
      if (text[at] !== '&') return left;
      at++;
      left = { op: 'and', left, right: phraseExpression() };
    }
  };
  function orExpression(): QueryNode {
    let left = andExpression();
    for (;;) {
      skip();
      if (text[at] !== '|') return left;
      at++;
      left = { op: 'or', left, right: andExpression() };
    }
  }
  skip();
  if (at >= text.length) return null;
  const tree = orExpression();
  skip();
  if (at < text.length) throw new Error(`Unexpected tsquery text at ${at}`);
  return tree;
}

/** Byte order of UTF-8 strings (PostgreSQL's tsCompareString, and the C collation): code point order. */
export function compareCodePoints(a: string, b: string): number {
  if (a === b) return 0;
  const length = Math.min(a.length, b.length);
  for (let index = 0; index < length; index++) {
    const x = a.codePointAt(index)!;
    const y = b.codePointAt(index)!;
    if (x !== y) return x < y ? -1 : 1;
    if (x > 0xffff) index++;
  }
  return a.length < b.length ? -1 : a.length > b.length ? 1 : 0;
}

/** The query's operands, sorted by bytes and without repeats (tsrank.c SortAndUniqItems). */
export function queryOperands(tree: QueryNode | null): string[] {
  const found: string[] = [];
  const walk = (node: QueryNode) => {
    if (node.op === 'val') found.push(node.lexeme);
    else if (node.op === 'not') walk(node.arg);
    else {
      walk(node.left);
      walk(node.right);
    }
  };
  if (tree) walk(tree);
  found.sort(compareCodePoints);
  return found.filter((lexeme, index) => index === 0 || lexeme !== found[index - 1]);
}

/** A document as matching and ranking see it: each operand's positions (null when absent). */
export type PositionsOf = (lexeme: string) => Positions | null;

interface PhraseMatch {
  /** End positions of the match, ascending. */
  ends: number[];
  width: number;
}

function phrase(node: QueryNode, doc: PositionsOf): PhraseMatch {
  if (node.op === 'val') {
    const positions = doc(node.lexeme);
    const ends: number[] = [];
    if (positions) for (const entry of positions) ends.push(positionOf(entry));
    return { ends, width: 0 };
  }
  if (node.op !== 'phrase') throw new UnsupportedQuery(`${node.op} inside a phrase`);
  const left = phrase(node.left, doc);
  if (left.ends.length === 0) return { ends: [], width: 0 };
  const right = phrase(node.right, doc);
  const offset = node.distance + right.width;
  const wanted = new Set(left.ends);
  return {
    ends: right.ends.filter((end) => wanted.has(end - offset)),
    width: left.width + node.distance + right.width,
  };
}

/** Whether a document matches the query (TS_execute over a document with positions). */
export function matches(node: QueryNode, doc: PositionsOf): boolean {
  switch (node.op) {
    case 'val':
      return doc(node.lexeme) !== null;
    case 'not':
      return !matches(node.arg, doc);
    case 'and':
      return matches(node.left, doc) && matches(node.right, doc);
    case 'or':
      return matches(node.left, doc) || matches(node.right, doc);
    case 'phrase':
      return phrase(node, doc).ends.length > 0;
  }
}

/** Throws UnsupportedQuery for what `matches` cannot answer as PostgreSQL does. */
export function checkSupported(node: QueryNode | null): void {
  if (!node) return;
  if (node.op === 'phrase') {
    const walk = (inner: QueryNode) => {
      if (inner.op === 'val') return;
      if (inner.op !== 'phrase') throw new UnsupportedQuery(`${inner.op} inside a phrase`);
      walk(inner.left);
      walk(inner.right);
    };
    walk(node);
  } else if (node.op === 'not') checkSupported(node.arg);
  else if (node.op !== 'val') {
    checkSupported(node.left);
    checkSupported(node.right);
  }
}

const f = Math.fround;

/** ts_rank's weights, {D, C, B, A}, as float4. */
export const rankWeights = (weights: readonly number[]) => weights.map((weight) => f(weight));

function wordDistance(distance: number): number {
  if (distance > 100) return f(1e-30);
  return f(1.0 / (1.005 + 0.05 * Math.exp(distance / 1.5 - 2)));
}

function rankOr(weights: readonly number[], operands: readonly string[], doc: PositionsOf): number {
  let res = 0;
  for (const operand of operands) {
    const positions = doc(operand);
    if (!positions) continue;
    let resj = 0;
    let wjm = -1;
    let jm = 0;
    for (let j = 0; j < positions.length; j++) {
      const weight = weights[weightOf(positions[j]!)]!;
      resj = f(resj + f(weight / ((j + 1) * (j + 1))));
      if (weight > wjm) {
        wjm = weight;
        jm = j;
      }
    }
    res = f(res + f(f(wjm + resj) - f(wjm / ((jm + 1) * (jm + 1)))) / 1.64493406685);
  }
  return operands.length > 0 ? f(res / operands.length) : res;
}

function rankAnd(weights: readonly number[], operands: readonly string[], doc: PositionsOf): number {
  if (operands.length < 2) return rankOr(weights, operands, doc);
  const found: Array<Positions | null> = [];
  let res = -1;
  for (let i = 0; i < operands.length; i++) {
    const positions = doc(operands[i]!);
    found.push(positions);
    if (!positions) continue;
    for (let k = 0; k < i; k++) {
      const other = found[k];
      if (!other) continue;
      for (let l = 0; l < positions.length; l++) {
        for (let p = 0; p < other.length; p++) {
          const distance = Math.abs(positionOf(positions[l]!) - positionOf(other[p]!));
          if (distance === 0) continue;
          const curw = f(
            Math.sqrt(
              f(
                f(weights[weightOf(positions[l]!)]! * weights[weightOf(other[p]!)]!) * wordDistance(distance),
              ),
            ),
          );
          res = res < 0 ? curw : f(1.0 - (1.0 - res) * (1.0 - curw));
        }
      }
    }
  }
  return res;
}

/**
 * ts_rank(weights, document, query, 1): PostgreSQL's rank divided by log2(1 + document length), where the
 * length counts positions (cnt_length). `operands` is queryOperands(tree); `weights` from rankWeights.
 */
export function tsRank(
  weights: readonly number[],
  tree: QueryNode | null,
  operands: readonly string[],
  doc: PositionsOf,
  length: number,
): number {
  if (!tree || length === 0) return 0;
  let res =
    tree.op === 'and' || tree.op === 'phrase'
      ? rankAnd(weights, operands, doc)
      : rankOr(weights, operands, doc);
  if (res < 0) res = f(1e-20);
  return f(res / (Math.log(length + 1) / Math.log(2.0)));
}

/** The shortest decimal that reads back as the same float4 (how PostgreSQL prints a real). */
export function float4Number(value: number): number {
  if (!Number.isFinite(value) || value === 0) return value;
  for (let digits = 1; digits <= 9; digits++) {
    const candidate = Number(value.toPrecision(digits));
    if (f(candidate) === value) return candidate;
  }
  return value;
}

/** The operands of a chain of adjacent-word phrases (`'a' <-> 'b' <-> 'c'`, or one operand); null otherwise. */
export function phraseChain(tree: QueryNode | null): string[] | null {
  if (!tree) return null;
  if (tree.op === 'val') return [tree.lexeme];
  if (tree.op !== 'phrase' || tree.distance !== 1 || tree.right.op !== 'val') return null;
  const left = phraseChain(tree.left);
  return left ? [...left, tree.right.lexeme] : null;
}

/**
 * ts_rank_cd(weights, document, query, 1) for a phrase chain (what Japanese n-gram queries are): each
 * occurrence of the chain is a cover of its n adjacent positions, worth n / Σ 1/weight; their sum is divided
 * by ln(1 + document length) (tsrank.c calc_rank_cd, in double, returned as float4).
 */
export function tsRankCd(
  weights: readonly number[],
  chain: readonly string[],
  doc: PositionsOf,
  length: number,
): number {
  const lists: Positions[] = [];
  for (const lexeme of chain) {
    const list = doc(lexeme);
    if (!list) return 0;
    lists.push(list);
  }
  const positions = new Uint16Array(lists.reduce((sum, list) => sum + list.length, 0));
  const starts = new Int32Array(lists.length);
  const ends = new Int32Array(lists.length);
  let end = 0;
  for (const [k, list] of lists.entries()) {
    positions.set(list, end);
    starts[k] = end;
    end += list.length;
    ends[k] = end;
  }
  return coverDensityRank(weights, positions, starts, ends, length);
}

/**
 * tsRankCd over the chain's position lists, in the chain's order: list k is positions[at[k]] … positions[ends[k]),
 * ascending as a tsvector keeps them (the in-memory index passes its own position array: no copy per document).
 * `at` is advanced as the lists are walked.
 */
export function coverDensityRank(
  weights: readonly number[],
  positions: Positions,
  at: Int32Array,
  ends: Int32Array,
  length: number,
): number {
  const count = at.length;
  // Positions are ascending in each list, and so are the positions each cover needs from it: one cursor per
  // list walks it once (a scan per cover grew with the square of a long document's n-grams).
  let total = 0;
  covers: for (let entry = at[count - 1]!; entry < ends[count - 1]!; entry++) {
    const start = positionOf(positions[entry]!) - (count - 1);
    let inverse = 0;
    for (let k = 0; k < count; k++) {
      const position = start + k;
      const end = ends[k]!;
      let cursor = at[k]!;
      while (cursor < end && positionOf(positions[cursor]!) < position) cursor++;
      at[k] = cursor;
      if (cursor >= end || positionOf(positions[cursor]!) !== position) continue covers;
      inverse += 1.0 / weights[weightOf(positions[cursor]!)]!;
    }
    total += count / inverse;
  }
  if (length > 0) total /= Math.log(length + 1);
  return f(total);
}
