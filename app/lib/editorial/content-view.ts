/**
 * Pure helpers that turn content entries (SPEC §3) into small view props for the editorial pages. No I/O, no
 * sanitising (rich text is cleaned on the server before it reaches these props).
 */
import { mediaUrl } from '#core/media-url.ts';

export type Raw = Record<string, unknown>;

export const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
export const record = (value: unknown): Raw =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Raw) : {};
export const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** The first referenced entry of a reference field (resolved or `{uid}` only). */
export function firstRef(value: unknown): Raw | null {
  const first = Array.isArray(value) ? value[0] : value;
  return first && typeof first === 'object' ? (first as Raw) : null;
}

/** Uids of a reference list. */
export function refUids(value: unknown): string[] {
  return list(value)
    .map((item) => text(record(item).uid))
    .filter(Boolean);
}

/** Whether an entry is shown in a content region (entries without a region list are shown everywhere). */
export function inRegion(entry: Raw, contentRegion: string): boolean {
  return !Array.isArray(entry.regions) || (entry.regions as unknown[]).includes(contentRegion);
}

export interface ImageView {
  src: string;
  srcSet: string;
  width: number;
  height: number;
  alt: string;
}

/**
 * A sized image of a media id: at 1x and 2x, or, given `widths`, at each of those pixel widths (w descriptors, for
 * an image shown at a width that follows the screen: its <img> then needs a `sizes`, see EditorialImage). The
 * widths let a phone at 2.6x take the ~1000 px it shows instead of the 2x image of a desktop layout (issue 22).
 * Null without an id (§5).
 */
export function imageView(
  id: unknown,
  width: number,
  height: number,
  alt = '',
  widths?: readonly number[],
): ImageView | null {
  const name = text(id);
  if (!name) return null;
  const oneX = mediaUrl({ id: name }, { width, height });
  if (!oneX) return null;
  if (widths?.length) {
    const candidates = widths.map(
      (candidate) =>
        `${mediaUrl({ id: name }, { width: candidate, height: Math.round((candidate * height) / width) })} ${candidate}w`,
    );
    return { src: oneX, srcSet: candidates.join(', '), width, height, alt };
  }
  const twoX = mediaUrl({ id: name }, { width: width * 2, height: height * 2 });
  if (!twoX) return null;
  return { src: oneX, srcSet: `${oneX} 1x, ${twoX} 2x`, width, height, alt };
}

/** The image of an entry's `image` field ({amplience_id, alt_text}). */
export function entryImage(
  entry: Raw,
  width: number,
  height: number,
  widths?: readonly number[],
): ImageView | null {
  const image = record(entry.image);
  return imageView(image.amplience_id ?? image.imageset, width, height, text(image.alt_text), widths);
}

/** A calendar date in the page's language; the input when it is not a date. */
export function formatDate(iso: string, language: string, country: string): string {
  const date = new Date(`${iso.slice(0, 10)}T12:00:00Z`);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(`${language}-${country.toUpperCase()}`, {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(date);
}

export interface PageSlice<T> {
  items: T[];
  page: number;
  totalPages: number;
}

/** One page of a list; out-of-range pages are null (the route answers 404). */
export function paginate<T>(items: readonly T[], page: number, size: number): PageSlice<T> | null {
  const totalPages = Math.max(1, Math.ceil(items.length / size));
  if (!Number.isInteger(page) || page < 1 || page > totalPages) return null;
  return { items: items.slice((page - 1) * size, page * size), page, totalPages };
}

/** The `page` query parameter: 1 when absent, NaN when not a whole number (a 404). */
export function pageParam(value: string | null): number {
  if (value === null || value === '') return 1;
  return /^\d+$/.test(value) ? Number(value) : Number.NaN;
}

export interface Related {
  uid: string;
  categories: readonly string[];
  tags: readonly string[];
  date: string;
}

/**
 * Related posts: others sharing the category score 2, each shared tag 1; ties go to the newer post. Never the
 * post itself, never twice.
 */
export function relatedPosts<T extends Related>(post: Related, all: readonly T[], count = 3): T[] {
  const seen = new Set<string>([post.uid]);
  return all
    .filter((other) => {
      if (seen.has(other.uid)) return false;
      seen.add(other.uid);
      return true;
    })
    .map((other) => ({
      other,
      score:
        2 * other.categories.filter((uid) => post.categories.includes(uid)).length +
        other.tags.filter((tag) => post.tags.includes(tag)).length,
    }))
    .sort((a, b) => b.score - a.score || b.other.date.localeCompare(a.other.date))
    .slice(0, count)
    .map(({ other }) => other);
}

/** Opening hours as lines: 'Monday – Saturday: 09:00–18:00'. */
export function hoursLines(value: unknown): string[] {
  return list(value)
    .map(record)
    .filter((row) => text(row.days_of_week))
    .map((row) => {
      const open = text(row.opening_time);
      const close = text(row.closing_time);
      return open && close ? `${text(row.days_of_week)}: ${open}–${close}` : text(row.days_of_week);
    });
}
