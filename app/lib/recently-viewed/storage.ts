import { parseRecentViews, type RecentView, recentSlugs, recordView } from '#core/recently-viewed.ts';

/** Where the list lives on the device (decision 0049): this browser's own storage, never a cookie. */
const KEY = 'ridgeline:recently-viewed';

function read(): RecentView[] {
  try {
    return parseRecentViews(window.localStorage.getItem(KEY));
  } catch {
    // Storage switched off or full: the row stays away, the page goes on.
    return [];
  }
}

/**
 * Records the product on screen (when there is one) and answers the slugs to show, newest first, without it.
 * Reads before writing, so the product just opened is never its own recent view.
 */
export function visitAndList(current: string | null, now: number): string[] {
  const views = read();
  if (current) {
    try {
      window.localStorage.setItem(KEY, JSON.stringify(recordView(views, current, now)));
    } catch {
      // Not kept this time; nothing else depends on it.
    }
  }
  return recentSlugs(views, current);
}
