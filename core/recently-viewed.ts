/**
 * Recently viewed products (issue 45, decision 0049): a list kept on the shopper's device only, newest first.
 * It holds slugs and times, never prices: the tiles are drawn from the server's current prices every time.
 */

/** About two rows of tiles; older views fall off. */
export const RECENTLY_VIEWED_LIMIT = 12;

export interface RecentView {
  slug: string;
  /** When it was viewed, ms since the epoch. */
  at: number;
}

const SLUG = /^[a-z0-9][a-z0-9-]{0,120}$/;

/**
 * The stored list, read defensively: storage is the shopper's and may hold anything (an older shape, a hand edit);
 * what cannot be read is left out rather than breaking the page.
 */
export function parseRecentViews(raw: string | null): RecentView[] {
  if (!raw) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const views: RecentView[] = [];
  for (const entry of value) {
    const slug = (entry as { slug?: unknown } | null)?.slug;
    const at = (entry as { at?: unknown } | null)?.at;
    if (typeof slug !== 'string' || !SLUG.test(slug) || typeof at !== 'number' || !Number.isFinite(at))
      continue;
    if (!views.some((view) => view.slug === slug)) views.push({ slug, at });
  }
  return views.sort((a, b) => b.at - a.at).slice(0, RECENTLY_VIEWED_LIMIT);
}

/** The list after viewing a product: it moves to the front (once), the oldest past the limit drop off. */
export function recordView(views: readonly RecentView[], slug: string, at: number): RecentView[] {
  if (!SLUG.test(slug)) return [...views];
  return [{ slug, at }, ...views.filter((view) => view.slug !== slug)].slice(0, RECENTLY_VIEWED_LIMIT);
}

/** The slugs to show, newest first, without the product on screen. */
export function recentSlugs(views: readonly RecentView[], current: string | null): string[] {
  return views.filter((view) => view.slug !== current).map((view) => view.slug);
}
