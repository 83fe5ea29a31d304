/**
 * Stored rows as the protocol delivers them: entries and assets with their publish details, one locale per uid
 * (with fallback to the master locale), references resolved for `include[]`, fields kept or dropped by
 * `only[BASE]` and `except[BASE]`, and the `query` and order of a list.
 */
import { matchesQuery, QueryError } from '../query.ts';
import { type ContentStore, MASTER_LOCALE, type StoredAsset, type StoredEntry } from '../store.ts';
import { badQuery } from './errors.ts';
import type { DeliveryParams } from './request.ts';

export type Delivered = Record<string, unknown>;

/** A publication as the protocol delivers it: the published version's fields and who published it when. */
export function deliverEntry(row: StoredEntry): Delivered {
  return {
    ...row.fields,
    uid: row.uid,
    locale: row.locale,
    title: row.title,
    _version: row.version,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    ACL: {},
    _in_progress: false,
    publish_details: {
      environment: row.environment,
      locale: row.locale,
      time: row.publishedAt.toISOString(),
      user: row.publishedBy ?? 'ridgeline',
      version: row.version,
    },
  };
}

export function deliverAsset(row: StoredAsset, environment: string): Delivered {
  return {
    ...row.fields,
    uid: row.uid,
    locale: row.locale,
    title: row.title,
    filename: row.filename,
    url: row.url,
    content_type: row.contentType,
    file_size: String(row.fileSize),
    _version: row.version,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    publish_details: {
      environment,
      locale: row.locale,
      time: row.updatedAt.toISOString(),
      user: 'ridgeline',
    },
  };
}

/** One row per uid: the requested locale's when there is one, else (with fallback) the master locale's. */
export function pickLocale<T extends { uid: string; locale: string }>(
  rows: readonly T[],
  locale: string,
): T[] {
  const byUid = new Map<string, T>();
  for (const row of rows) {
    const held = byUid.get(row.uid);
    if (!held || (held.locale !== locale && row.locale === locale)) byUid.set(row.uid, row);
  }
  return [...byUid.values()];
}

export function localesFor(params: DeliveryParams): string[] {
  return params.fallback && params.locale !== MASTER_LOCALE
    ? [params.locale, MASTER_LOCALE]
    : [params.locale];
}

function isReference(value: unknown): value is { uid: string; _content_type_uid: string } {
  return (
    Boolean(value) &&
    typeof value === 'object' &&
    typeof (value as { uid?: unknown }).uid === 'string' &&
    typeof (value as { _content_type_uid?: unknown })._content_type_uid === 'string' &&
    !('_version' in (value as object))
  );
}

/** Resolves `include[]` paths such as `main_nav` and `main_nav.link.banner` in place. */
export async function includeReferences(
  store: ContentStore,
  entries: Delivered[],
  paths: readonly string[],
  params: DeliveryParams,
  environment: string,
): Promise<void> {
  const cache = new Map<string, Delivered | null>();
  const resolve = async (refs: Array<{ uid: string; _content_type_uid: string }>): Promise<Delivered[]> => {
    const missing = refs.filter((ref) => !cache.has(`${ref._content_type_uid}/${ref.uid}`));
    const byType = new Map<string, string[]>();
    for (const ref of missing)
      byType.set(ref._content_type_uid, [...(byType.get(ref._content_type_uid) ?? []), ref.uid]);
    for (const [type, uids] of byType) {
      const rows = pickLocale(
        await store.entriesByUid(type, uids, localesFor(params), environment),
        params.locale,
      );
      for (const uid of uids) cache.set(`${type}/${uid}`, null);
      for (const row of rows)
        cache.set(`${type}/${row.uid}`, { ...deliverEntry(row), _content_type_uid: type });
    }
    return refs
      .map((ref) => cache.get(`${ref._content_type_uid}/${ref.uid}`))
      .filter((entry): entry is Delivered => Boolean(entry))
      .map((entry) => structuredClone(entry));
  };
  const walk = async (holders: unknown[], segments: string[]): Promise<void> => {
    const [segment, ...rest] = segments;
    if (!segment) return;
    const next: unknown[] = [];
    for (const holder of holders) {
      const items = Array.isArray(holder) ? holder : [holder];
      for (const item of items) {
        if (!item || typeof item !== 'object') continue;
        const record = item as Record<string, unknown>;
        const value = record[segment];
        if (value === undefined || value === null) continue;
        const list = Array.isArray(value) ? value : [value];
        if (list.length > 0 && list.every(isReference)) {
          const resolved = await resolve(list);
          record[segment] = resolved;
          next.push(...resolved);
        } else {
          next.push(...list);
        }
      }
    }
    if (rest.length > 0 && next.length > 0) await walk(next, rest);
  };
  const sorted = [...paths].sort((a, b) => a.split('.').length - b.split('.').length);
  for (const path of sorted) await walk(entries, path.split('.'));
}

export function project(entry: Delivered, only: readonly string[], except: readonly string[]): Delivered {
  let result = entry;
  if (only.length > 0) {
    result = { uid: entry.uid };
    for (const field of only) {
      const top = field.split('.')[0] as string;
      if (top in entry) result[top] = entry[top];
    }
  }
  if (except.length > 0) {
    result = { ...result };
    for (const field of except) if (field !== 'uid') delete result[field];
  }
  return result;
}

/** The items the request's `query` keeps; a query the matcher cannot apply is the client's error (400). */
export function matching(items: Delivered[], params: DeliveryParams): Delivered[] {
  try {
    return items.filter((item) => matchesQuery(item, params.query));
  } catch (error) {
    if (error instanceof QueryError) throw badQuery(error.message);
    throw error;
  }
}

export function sortEntries(entries: Delivered[], params: DeliveryParams): void {
  const field = params.asc ?? params.desc;
  const direction = params.asc ? 1 : -1;
  entries.sort((a, b) => {
    if (field) {
      const x = a[field];
      const y = b[field];
      if (x !== y) {
        if (x === undefined || x === null) return 1;
        if (y === undefined || y === null) return -1;
        return (x < y ? -1 : 1) * direction;
      }
    }
    return String(a.uid) < String(b.uid) ? -1 : String(a.uid) > String(b.uid) ? 1 : 0;
  });
}
