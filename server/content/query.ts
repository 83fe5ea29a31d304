/**
 * The delivery protocol's query language (SPEC §7), evaluated over delivered entry JSON: equality on a field or
 * dotted path, `$in`, `$nin`, `$ne`, `$exists`, `$gt`/`$gte`/`$lt`/`$lte`, `$regex`, and `$or`/`$and` of
 * sub-queries. A path that crosses a list matches when any element matches, as the hosted service does for
 * multi-value fields. `$regex` patterns run in a linear-time engine (pattern.ts).
 */

import { compilePattern, type Pattern, PatternError } from './pattern.ts';

export type WhereQuery = Record<string, unknown>;

export class QueryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'QueryError';
  }
}

const MAX_DEPTH = 8;
const OPERATORS = new Set([
  '$in',
  '$nin',
  '$ne',
  '$eq',
  '$exists',
  '$gt',
  '$gte',
  '$lt',
  '$lte',
  '$regex',
  '$options',
]);

/** Every value a dotted path reaches, lists flattened. */
export function valuesAt(target: unknown, path: string): unknown[] {
  let current: unknown[] = [target];
  for (const segment of path.split('.')) {
    const next: unknown[] = [];
    for (const value of current) {
      const items = Array.isArray(value) ? value : [value];
      for (const item of items) {
        if (item && typeof item === 'object' && !Array.isArray(item) && segment in item) {
          next.push((item as Record<string, unknown>)[segment]);
        }
      }
    }
    current = next;
  }
  return current.flatMap((value) => (Array.isArray(value) ? value : [value])).filter((v) => v !== undefined);
}

function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a === 'number' && typeof b === 'string') return String(a) === b;
  if (typeof a === 'string' && typeof b === 'number') return a === String(b);
  return false;
}

function compare(a: unknown, b: unknown): number | null {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  return null;
}

function isOperatorObject(value: unknown): value is Record<string, unknown> {
  return (
    Boolean(value) &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    Object.keys(value as object).length > 0 &&
    Object.keys(value as object).every((key) => key.startsWith('$'))
  );
}

function list(operator: string, value: unknown): unknown[] {
  if (!Array.isArray(value)) throw new QueryError(`${operator} takes a list of values.`);
  return value;
}

function matchCondition(values: unknown[], condition: unknown): boolean {
  if (!isOperatorObject(condition)) return values.some((value) => same(value, condition));
  for (const [operator, operand] of Object.entries(condition)) {
    if (!OPERATORS.has(operator)) throw new QueryError(`Unknown query operator ${operator}.`);
    switch (operator) {
      case '$eq':
        if (!values.some((value) => same(value, operand))) return false;
        break;
      case '$ne':
        if (values.some((value) => same(value, operand))) return false;
        break;
      case '$in': {
        const wanted = list(operator, operand);
        if (!values.some((value) => wanted.some((w) => same(value, w)))) return false;
        break;
      }
      case '$nin': {
        const unwanted = list(operator, operand);
        if (values.some((value) => unwanted.some((w) => same(value, w)))) return false;
        break;
      }
      case '$exists':
        if (values.filter((v) => v !== null).length > 0 !== Boolean(operand)) return false;
        break;
      case '$gt':
      case '$gte':
      case '$lt':
      case '$lte': {
        const ok = values.some((value) => {
          const order = compare(value, operand);
          if (order === null) return false;
          return operator === '$gt'
            ? order > 0
            : operator === '$gte'
              ? order >= 0
              : operator === '$lt'
                ? order < 0
                : order <= 0;
        });
        if (!ok) return false;
        break;
      }
      case '$regex': {
        // Linear-time matching (pattern.ts): a user's pattern never backtracks on the event loop.
        let pattern: Pattern;
        try {
          pattern = compilePattern(operand, condition.$options);
        } catch (error) {
          if (error instanceof PatternError) throw new QueryError(error.message);
          throw error;
        }
        if (!values.some((value) => typeof value === 'string' && pattern.test(value))) return false;
        break;
      }
      default:
        break;
    }
  }
  return true;
}

function matchAt(entry: unknown, query: WhereQuery, depth: number): boolean {
  if (depth > MAX_DEPTH) throw new QueryError('The query is nested too deeply.');
  for (const [key, condition] of Object.entries(query)) {
    if (key === '$or' || key === '$and') {
      const parts = list(key, condition);
      const results = parts.map((part) => {
        if (!part || typeof part !== 'object' || Array.isArray(part))
          throw new QueryError(`${key} takes a list of queries.`);
        return () => matchAt(entry, part as WhereQuery, depth + 1);
      });
      const ok = key === '$or' ? results.some((run) => run()) : results.every((run) => run());
      if (!ok) return false;
      continue;
    }
    if (key.startsWith('$')) throw new QueryError(`Unknown query operator ${key}.`);
    if (!matchCondition(valuesAt(entry, key), condition)) return false;
  }
  return true;
}

/** Whether an entry satisfies a where-query. Throws QueryError for a malformed query. */
export function matchesQuery(entry: unknown, query: WhereQuery | null | undefined): boolean {
  if (!query) return true;
  if (typeof query !== 'object' || Array.isArray(query)) throw new QueryError('The query must be an object.');
  return matchAt(entry, query, 0);
}

/** Validates a query without an entry, so that a bad query fails even when nothing would be compared. */
export function validateQuery(query: unknown): asserts query is WhereQuery {
  matchesQuery({}, query as WhereQuery);
  const walk = (value: unknown, depth: number): void => {
    if (depth > MAX_DEPTH) throw new QueryError('The query is nested too deeply.');
    if (Array.isArray(value)) for (const item of value) walk(item, depth + 1);
    else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        if (key.startsWith('$') && key !== '$or' && key !== '$and' && !OPERATORS.has(key))
          throw new QueryError(`Unknown query operator ${key}.`);
        walk(inner, depth + 1);
      }
    }
  };
  walk(query, 0);
}
