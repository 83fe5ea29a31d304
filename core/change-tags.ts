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

/** A content entry (or asset) a page showed, by uid: a publish, unpublish or delete of it moves the tag. */
export const contentTag = (uid: string) => `content:${uid}`;

/**
 * Every query that lists entries of a type (the blog index, the team, the dealers) rather than asking for uids:
 * a publication of any entry of the type may add to, reorder or remove from what it returned.
 */
export const contentTypeTag = (contentType: string) => `content-type:${contentType}`;

/** Search answers (results, suggestions): a rebuild of the index moves it (decision 0050). */
export const SEARCH_TAG = 'search';

/** One publication or unpublication row: an entry in one locale and environment, at a moment. */
export interface ContentChange {
  contentType: string;
  uid: string;
  locale: string;
  environment: string;
  /** 'published' or 'unpublished'. */
  kind: string;
  at: number;
}

/**
 * The rows of the publication log a process has acted on, within a window of `windowMs` before its last look.
 * A process asks for the rows newer than `cutoff()` (its last look less the window, which covers a publish whose
 * transaction began before that look and committed after it, and clocks a little apart), and `take` answers
 * only those it has not acted on yet: a row is acted on once however many looks it falls within.
 */
export function createContentChangeWindow(windowMs: number) {
  const taken = new Map<string, number>();
  let lastLook: number | null = null;
  return {
    /** Rows newer than this are asked for; null before the first look (which only learns the rows there are). */
    cutoff: (): number | null => (lastLook === null ? null : lastLook - windowMs),
    /**
     * The rows among `rows` not acted on before, at a look made at `lookedAt`; on the first look none (a process
     * that just started has nothing cached from before).
     */
    take(rows: readonly ContentChange[], lookedAt: number): ContentChange[] {
      const first = lastLook === null;
      lastLook = lookedAt;
      const floor = lookedAt - windowMs;
      for (const [key, at] of taken) if (at <= floor) taken.delete(key);
      const fresh: ContentChange[] = [];
      for (const row of rows) {
        const key = `${row.kind}\u0000${row.contentType}\u0000${row.uid}\u0000${row.locale}\u0000${row.environment}\u0000${row.at}`;
        if (taken.has(key)) continue;
        taken.set(key, row.at);
        if (!first) fresh.push(row);
      }
      return fresh;
    },
  };
}

/** The tags a batch of publications and unpublications moves: each entry, and each type's lists. */
export function tagsOfContentChanges(
  changes: readonly Pick<ContentChange, 'contentType' | 'uid'>[],
): string[] {
  const tags = new Set<string>();
  for (const change of changes) {
    tags.add(contentTag(change.uid));
    tags.add(contentTypeTag(change.contentType));
  }
  return [...tags];
}

/**
 * The tags a content answer shows: `content:<uid>` for every object in it that carries a uid (the entries, the
 * entries and assets they reference), every uid the query asked for by name (so publishing one that was not
 * there yet re-renders the page that looked for it), and `content-type:<type>` for a query that asked for
 * anything else (a list, a url, a category): what it returns may change with any entry of the type.
 */
export function tagsOfContentAnswer(
  contentType: string | null,
  query: Record<string, unknown> | undefined,
  answer: unknown,
): string[] {
  const tags = new Set<string>();
  const asked = uidsAsked(query);
  if (contentType !== null) {
    if (asked === null) tags.add(contentTypeTag(contentType));
    else for (const uid of asked) tags.add(contentTag(uid));
  }
  const walk = (value: unknown, depth: number): void => {
    if (depth > 12 || value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      for (const item of value) walk(item, depth + 1);
      return;
    }
    const record = value as Record<string, unknown>;
    if (typeof record.uid === 'string') tags.add(contentTag(record.uid));
    for (const key in record) walk(record[key], depth + 1);
  };
  walk(answer, 0);
  return [...tags];
}

/** The uids a query asks for by name ({uid}, {uid: {$in}}, an $or of those), or null when it asks otherwise. */
function uidsAsked(query: Record<string, unknown> | undefined): string[] | null {
  if (!query) return null;
  const keys = Object.keys(query);
  if (keys.length !== 1) return null;
  if (keys[0] === '$or' && Array.isArray(query.$or)) {
    const all: string[] = [];
    for (const part of query.$or) {
      const uids = part && typeof part === 'object' ? uidsAsked(part as Record<string, unknown>) : null;
      if (uids === null) return null;
      all.push(...uids);
    }
    return all;
  }
  const uid = query.uid;
  if (typeof uid === 'string') return [uid];
  if (uid && typeof uid === 'object') {
    const list = (uid as { $in?: unknown }).$in;
    if (
      Object.keys(uid).length === 1 &&
      Array.isArray(list) &&
      list.every((item) => typeof item === 'string')
    )
      return list as string[];
  }
  return null;
}
