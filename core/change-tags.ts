/**
 * Cache invalidation at the grain of a change (issue 42, decision 0036). A cached value (a page, a read) names the
 * products it shows as tags; a change names the tags it moved; a value is fresh while none of its tags moved
 * since it began. A sale of one pair of snowshoes then re-renders the pages that show them, not the blog.
 */

/** Everything a page shows of a product: its price, its variants and whether each is in stock. */
export const productTag = (id: number) => `product:${id}`;

/** A product's exact stock level, which no page shows and the API answers (inventory_level). */
export const stockTag = (id: number) => `stock:${id}`;

/** One product's row of the change log: `shown` when something beyond the exact stock level moved. */
export interface ProductChange {
  productId: number;
  shown: boolean;
}

/** The tags a batch of logged product changes moves. */
export function tagsOfChanges(changes: readonly ProductChange[]): string[] {
  const tags = new Set<string>();
  for (const change of changes) {
    tags.add(stockTag(change.productId));
    if (change.shown) tags.add(productTag(change.productId));
  }
  return [...tags];
}

/**
 * Where a process stands in the change log: what it does with the log's version `latest`, having read up to
 * `seen` (null: nothing yet). 'none' when nothing moved, 'read' the rows in (seen, latest], 'all' when it cannot
 * know what moved (the log was emptied or rows past `kept` versions back were removed): drop everything.
 */
export function changeLogStep(seen: number | null, latest: number, kept: number): 'none' | 'read' | 'all' {
  if (seen === null || latest === seen) return 'none';
  if (latest < seen || latest - seen > kept) return 'all';
  return 'read';
}

/**
 * The moments tags moved, on a counter of this process. A value taken at `since = clock.now()` before its load
 * started is fresh while `fresh(itsTags, since)`: every tag moved later makes it stale, including a change seen
 * while the load was still running.
 */
export function createTagClock() {
  let now = 0;
  // Values begun before this moment are stale whatever their tags (a change the process could not read).
  let floor = 0;
  const movedAt = new Map<string, number>();
  return {
    now: () => now,
    move(tags: Iterable<string>): void {
      now++;
      for (const tag of tags) movedAt.set(tag, now);
    },
    /** Every tag moved at once: what was begun until now is stale, and the record of single tags starts again. */
    moveAll(): void {
      now++;
      floor = now;
      movedAt.clear();
    },
    fresh(tags: Iterable<string>, since: number): boolean {
      if (since < floor) return false;
      for (const tag of tags) if ((movedAt.get(tag) ?? 0) > since) return false;
      return true;
    },
  };
}

export type TagClock = ReturnType<typeof createTagClock>;
