/**
 * The fields a search request may filter, facet and sort on, each a column of `search_documents` (schema.ts);
 * `colors` and `color` name `colours` too.
 */
import { type SQL, sql } from 'drizzle-orm';

type FieldKind = 'text' | 'array' | 'number';
const COLUMNS: Record<string, { kind: FieldKind; name: string }> = {
  id: { kind: 'text', name: 'id' },
  type: { kind: 'text', name: 'type' },
  locale: { kind: 'text', name: 'locale' },
  stack: { kind: 'text', name: 'stack' },
  environment: { kind: 'text', name: 'environment' },
  category: { kind: 'text', name: 'category' },
  title: { kind: 'text', name: 'title' },
  date: { kind: 'text', name: 'date' },
  colours: { kind: 'array', name: 'colours' },
  regions: { kind: 'array', name: 'regions' },
  price_us: { kind: 'number', name: 'price_us' },
  price_ca: { kind: 'number', name: 'price_ca' },
  price_eu_region_1: { kind: 'number', name: 'price_eu_region_1' },
};
export const FIELDS: Record<string, { kind: FieldKind; name: string; column: SQL }> = Object.fromEntries(
  Object.entries(COLUMNS).map(([key, value]) => [key, { ...value, column: sql.raw(`d.${value.name}`) }]),
);
FIELDS.colors = FIELDS.colours!;
FIELDS.color = FIELDS.colours!;
