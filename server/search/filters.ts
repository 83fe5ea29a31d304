/**
 * Filters of a search request compiled to SQL over the fields (fields.ts), every value a bound parameter.
 */
import { type SQL, sql } from 'drizzle-orm';
import { FIELDS } from './fields.ts';
import { invalid, isObject } from './validation.ts';

/** A text[] or float8[] literal with one bound parameter per element. */
const textArray = (values: readonly string[]) =>
  sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;
const numberArray = (values: readonly number[]) =>
  sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::float8[]`;

function field(name: string) {
  const found = FIELDS[name];
  if (!found) throw invalid(`Filters contain an invalid field: ${name}`);
  return found;
}

function leafFilter(name: string, value: unknown): SQL {
  const { kind, column } = field(name);
  if (isObject(value)) {
    const from = value.from;
    const to = value.to;
    if (from === undefined && to === undefined)
      throw invalid(`Filter ${name} needs a value, a list or a range`);
    const parts: SQL[] = [];
    if (from !== undefined)
      parts.push(kind === 'number' ? sql`${column} >= ${Number(from)}` : sql`${column} >= ${String(from)}`);
    if (to !== undefined)
      parts.push(kind === 'number' ? sql`${column} < ${Number(to)}` : sql`${column} < ${String(to)}`);
    return sql.join(parts, sql` and `);
  }
  const values = (Array.isArray(value) ? value : [value]).filter(
    (item) => item !== null && item !== undefined,
  );
  if (values.length === 0) throw invalid(`Filter ${name} has no values`);
  if (kind === 'array') return sql`${column} && ${textArray(values.map(String))}`;
  if (kind === 'number') return sql`${column} = any(${numberArray(values.map(Number))})`;
  return sql`${column} = any(${textArray(values.map(String))})`;
}

function combine(parts: SQL[], joiner: 'and' | 'or'): SQL {
  if (parts.length === 0) return joiner === 'and' ? sql`true` : sql`false`;
  if (parts.length === 1) return sql`(${parts[0]})`;
  return sql`(${sql.join(parts, joiner === 'and' ? sql` and ` : sql` or `)})`;
}

/** all → every clause, any → at least one, none → no clause; other keys are fields (and-ed). */
export function compileFilters(filters: unknown, depth = 0): SQL {
  if (filters === undefined || filters === null) return sql`true`;
  if (depth > 5) throw invalid('Filters are nested too deeply');
  if (Array.isArray(filters))
    return combine(
      filters.map((item) => compileFilters(item, depth + 1)),
      'and',
    );
  if (!isObject(filters)) throw invalid('Filters must be an object');
  const parts: SQL[] = [];
  for (const [key, value] of Object.entries(filters)) {
    if (key === 'all' || key === 'any' || key === 'none') {
      const list = (Array.isArray(value) ? value : [value]).map((item) => compileFilters(item, depth + 1));
      if (key === 'all') parts.push(combine(list, 'and'));
      else if (key === 'any') parts.push(combine(list, 'or'));
      else parts.push(sql`not ${combine(list, 'or')}`);
    } else {
      parts.push(leafFilter(key, value));
    }
  }
  return combine(parts, 'and');
}

/** The single locale a request filters on (to pick the stemmer), found in top-level or `all` clauses. */
export function localeOfFilters(filters: unknown): string | null {
  if (!isObject(filters)) return null;
  const direct = filters.locale;
  if (typeof direct === 'string') return direct;
  if (Array.isArray(direct) && direct.length === 1 && typeof direct[0] === 'string') return direct[0];
  const all = Array.isArray(filters.all) ? filters.all : filters.all ? [filters.all] : [];
  for (const clause of all) {
    const found = localeOfFilters(clause);
    if (found) return found;
  }
  return null;
}
