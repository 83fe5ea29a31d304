/**
 * The answer of a search in the hosted-search protocol (SPEC §7), and a stored document shaped as one of its
 * results.
 */
import { randomBytes } from 'node:crypto';
import type { SearchRequest } from './request.ts';
import { snippet } from './text.ts';
import type { Json } from './validation.ts';

export interface SearchMeta {
  alerts: string[];
  warnings: string[];
  precision: number;
  engine: { name: string; type: 'default' };
  page: { current: number; total_pages: number; total_results: number; size: number };
  request_id: string;
  /** Extension: the query after typo correction, when a word was corrected. */
  corrected_query?: string;
}

export interface SearchResponse {
  meta: SearchMeta;
  results: Array<Record<string, unknown>>;
  facets: Record<
    string,
    Array<{ type: 'value' | 'range'; name?: string; data: Array<Record<string, unknown>> }>
  >;
}

export const newRequestId = () => randomBytes(16).toString('hex');

export function resultOf(
  row: { id: string; type: string; locale: string; score: number; fields: Json },
  engine: string,
  request: SearchRequest,
  effectiveQuery: string,
): Record<string, unknown> {
  const all: Json = { ...row.fields, id: row.id, type: row.type, locale: row.locale };
  const result: Record<string, unknown> = { id: { raw: row.id } };
  const wanted =
    request.resultFields ??
    Object.fromEntries(Object.keys(all).map((name) => [name, { raw: true, snippet: null }]));
  for (const [name, spec] of Object.entries(wanted)) {
    if (!(name in all)) continue;
    const value = all[name];
    const entry: Json = {};
    if (spec.raw) entry.raw = value;
    if (spec.snippet) {
      const source = Array.isArray(value) ? value.join(', ') : typeof value === 'string' ? value : '';
      entry.snippet = source
        ? snippet(source, effectiveQuery, spec.snippet.size, spec.snippet.fallback)
        : null;
    }
    result[name] = entry;
  }
  result._meta = { id: row.id, engine, score: Number(row.score) || 0 };
  return result;
}
