import { and, gt, lte, sql } from 'drizzle-orm';
import {
  type ContentChange,
  changeLogStep,
  createContentChangeWindow,
  createTagClock,
  SEARCH_TAG,
  tagsOfChanges,
  tagsOfContentChanges,
} from '#core/change-tags.ts';
import type { Database } from '../db/database.ts';
import { writeEpochOf } from '../db/write-epoch.ts';
import { collecting, dependsOn } from './dependencies.ts';
import { dataVersions, productChanges } from './schema.ts';

/**
 * How long the watcher of the embedded database trusts its last read when this process wrote nothing: a
 * backstop for writes its client does not count (raw protocol messages), not the usual way changes are seen.
 */
export const EMBEDDED_VERSION_BACKSTOP_MS = 5000;

/** The data_versions row moved by every write to the product change log (migration 0024). */
export const PRODUCT_CHANGES_SCOPE = 'product-changes';

/**
 * How far behind the log a process may fall and still read what moved: the log keeps 10,000 versions (migration
 * 0024); a process further behind (idle for an hour of steady orders) drops its caches whole instead.
 */
export const PRODUCT_CHANGES_KEPT = 5000;

/**
 * The data_versions row whose `updated_at` says up to when sale starts and ends were recorded as product changes
 * (server/commerce/sale-schedule.ts). Not a version of anything a page shows: left out of the watcher's string.
 */
export const SALE_BOUNDARIES_SCOPE = 'sale-boundaries';

/** The data_versions rows the page cache follows as tags (decision 0050), not in its version string. */
export const CONTENT_SCOPE = 'content';
export const SEARCH_SCOPE = 'search';

/**
 * How far back a look at the publication log reaches before the previous one: a publish takes its time before
 * its transaction begins and commits later, and another process's clock may be a little apart.
 */
const CONTENT_CHANGES_WINDOW_MS = 120_000;

/** More changed products than this at once (a stock import) drop the caches whole: one eviction beats 5,000. */
const PRODUCT_CHANGES_READ_LIMIT = 5000;

/** What moved at a finer grain than a scope: the tags of core/change-tags.ts, on this watcher's clock. */
export interface ChangeClock {
  now(): number;
  fresh(tags: Iterable<string>, since: number): boolean;
}

/**
 * The current version of everything anonymous pages show, as one string. Reading it costs one small query, so
 * it is read at most once per `intervalMs`: a change reaches every process's cache within that time. On the
 * embedded database (one process, every write counted: db/write-epoch.ts) it is read again as soon as this
 * process has written, and otherwise only every EMBEDDED_VERSION_BACKSTOP_MS.
 *
 * Stock and price updates are not in the string: they move the 'product-changes' version, and the watcher reads
 * the products they touched from the log and moves those products' tags on `changes` (decision 0036), before
 * `current()` answers. A cache asks `changes.fresh(tags, since)` of what it keeps. The content and search
 * versions stay in the string (for the read caches that follow them whole) and move tags too: the entries a
 * content change published or unpublished, read from the publication log, and the search answers (decision 0050).
 */
export function createDataVersionWatcher(db: Database, intervalMs = 1000) {
  let value = '';
  let readAt = Number.NEGATIVE_INFINITY;
  let pending: Promise<string> | null = null;
  let pendingEpoch = Number.NaN;
  const epochOf = writeEpochOf(db);
  // The write epoch the last read started at: a write that finished before it is in the value read.
  let readEpoch = Number.NaN;
  const clock = createTagClock();
  let seen: number | null = null;
  // One read at a time, each after the last: the log's version then only moves forward between reads.
  let reading: Promise<unknown> = Promise.resolve();

  const fresh = () => {
    const age = performance.now() - readAt;
    if (!epochOf) return age < intervalMs;
    return epochOf() === readEpoch ? age < Math.max(intervalMs, EMBEDDED_VERSION_BACKSTOP_MS) : false;
  };

  /** Moves the tags of the products changed between the version last seen and `latest`. */
  const follow = async (latest: number) => {
    const step = changeLogStep(seen, latest, PRODUCT_CHANGES_KEPT);
    if (step === 'read') {
      const rows = await db
        .select({ productId: productChanges.productId, shown: productChanges.shown })
        .from(productChanges)
        .where(and(gt(productChanges.version, seen!), lte(productChanges.version, latest)))
        .limit(PRODUCT_CHANGES_READ_LIMIT + 1);
      if (rows.length > PRODUCT_CHANGES_READ_LIMIT) clock.moveAll();
      else clock.move(tagsOfChanges(rows));
    } else if (step === 'all') clock.moveAll();
    seen = latest;
  };

  const contentWindow = createContentChangeWindow(CONTENT_CHANGES_WINDOW_MS);
  let contentSeen: number | null = null;
  let assetsSeen: string | null = null;
  let searchSeen: number | null = null;

  /**
   * What moved the content version since the last look: the entries published, unpublished or deleted, read
   * from the publication log in the same statement as the version (one snapshot: every row up to that version
   * and no later one). 'all' when the log does not say (an asset changed, a hosted service's webhook or sync,
   * a statement that changed nothing).
   */
  const followContent = async (): Promise<string[] | 'all'> => {
    const lookedAt = Date.now();
    const cutoff = new Date(contentWindow.cutoff() ?? lookedAt - CONTENT_CHANGES_WINDOW_MS).toISOString();
    const result = (await db.execute(sql`
      select 'version' as kind, '' as content_type, '' as uid, '' as locale, '' as environment,
             version::float8 as at from data_versions where scope = ${CONTENT_SCOPE}
      union all
      select 'assets', '', count(*)::text, '', '',
             coalesce(max(extract(epoch from updated_at) * 1000), 0)::float8 from content_assets
      union all
      select 'published', content_type, uid, locale, environment, extract(epoch from published_at)::float8 * 1000
        from content_publications where published_at > ${cutoff}::timestamptz
      union all
      select 'unpublished', content_type, uid, locale, environment, extract(epoch from unpublished_at)::float8 * 1000
        from content_unpublications where unpublished_at > ${cutoff}::timestamptz`)) as unknown as {
      rows: Array<{
        kind: string;
        content_type: string;
        uid: string;
        locale: string;
        environment: string;
        at: number | string;
      }>;
    };
    // No row yet: nothing was ever published (the first publication writes it).
    let version = 0;
    let assets = '';
    const log: ContentChange[] = [];
    for (const row of result.rows) {
      if (row.kind === 'version') version = Number(row.at);
      else if (row.kind === 'assets') assets = `${row.uid}:${row.at}`;
      else
        log.push({
          kind: row.kind,
          contentType: row.content_type,
          uid: row.uid,
          locale: row.locale,
          environment: row.environment,
          at: Number(row.at),
        });
    }
    const first = contentSeen === null;
    const moved = version !== contentSeen;
    const assetsMoved = assetsSeen !== null && assets !== assetsSeen;
    const went = contentSeen !== null && version < contentSeen;
    const fresh = contentWindow.take(log, lookedAt);
    contentSeen = version;
    assetsSeen = assets;
    if (first || !moved) return [];
    if (assetsMoved || went || fresh.length === 0) return 'all';
    return tagsOfContentChanges(fresh);
  };

  const readOnce = async () => {
    const epoch = epochOf?.() ?? Number.NaN;
    const rows = await db
      .select({ scope: dataVersions.scope, version: dataVersions.version })
      .from(dataVersions)
      .orderBy(dataVersions.scope);
    const changes = rows.find((row) => row.scope === PRODUCT_CHANGES_SCOPE);
    if (changes) await follow(changes.version);
    const content = rows.find((row) => row.scope === CONTENT_SCOPE);
    const moves: string[] = [];
    let all = false;
    if (contentSeen === null || (content?.version ?? 0) !== contentSeen) {
      const moved = await followContent();
      if (moved === 'all') all = true;
      else moves.push(...moved);
    }
    const search = rows.find((row) => row.scope === SEARCH_SCOPE);
    const searchVersion = search?.version ?? 0;
    if (searchSeen !== null && searchVersion !== searchSeen) moves.push(SEARCH_TAG);
    searchSeen = searchVersion;
    // Moved with the new value, in one step: a read that gets the new version never meets tags still to move.
    if (all) clock.moveAll();
    else if (moves.length > 0) clock.move(moves);
    value = rows
      .filter((row) => row !== changes && row.scope !== SALE_BOUNDARIES_SCOPE)
      .map((row) => `${row.scope}:${row.version}`)
      .join(',');
    readAt = performance.now();
    readEpoch = epoch;
    return value;
  };

  const read = () => {
    const next = reading.then(readOnce, readOnce);
    reading = next.catch(() => {});
    return next;
  };

  return {
    current(): Promise<string> {
      if (fresh()) return Promise.resolve(value);
      // A read already under way answers too, unless this process wrote since it started.
      if (pending && (!epochOf || pendingEpoch === epochOf())) return pending;
      pendingEpoch = epochOf?.() ?? Number.NaN;
      const started: Promise<string> = read().finally(() => {
        if (pending === started) pending = null;
      });
      pending = started;
      return started;
    },
    changes: { now: clock.now, fresh: clock.fresh } satisfies ChangeClock,
  };
}

export type DataVersionWatcher = ReturnType<typeof createDataVersionWatcher>;

/** Marks data as changed by hand, for writes the triggers do not see (e.g. an import outside the database). */
export async function bumpDataVersion(db: Database, scope: string): Promise<void> {
  await db
    .insert(dataVersions)
    .values({ scope, version: 1 })
    .onConflictDoUpdate({
      target: dataVersions.scope,
      set: { version: sql`${dataVersions.version} + 1`, updatedAt: sql`now()` },
    });
}

/**
 * The versions of some scopes only, out of the watcher's string ("catalogue:4,content:9" → "catalogue:4"), so a
 * cache of catalogue reads is not emptied by a content edit.
 */
export function scopeVersion(all: string, scopes: readonly string[]): string {
  return all
    .split(',')
    .filter((part) => scopes.includes(part.slice(0, part.lastIndexOf(':'))))
    .join(',');
}

/**
 * How stale an in-process read cache may be: a write from any process is seen by reads that start this long
 * after it. Short enough that no person can act between a write and a stale page (the page cache allows 1 s);
 * long enough that a page's dozen cached reads share one version statement (each costs about a millisecond on
 * the embedded database, as much as the reads it saves).
 */
export const READ_CACHE_VERSION_INTERVAL_MS = 100;

const readCacheWatchers = new WeakMap<Database, DataVersionWatcher>();

/** The watcher that in-process read caches share, one per database handle. */
export function readCacheWatcher(db: Database): DataVersionWatcher {
  let watcher = readCacheWatchers.get(db);
  if (!watcher) {
    watcher = createDataVersionWatcher(db, READ_CACHE_VERSION_INTERVAL_MS);
    readCacheWatchers.set(db, watcher);
  }
  return watcher;
}

/**
 * What the page cache follows: the data version and the products' changes, read by the same watcher as the read
 * caches a render goes through (defined below). With a watcher of its own (it used to poll once a second), the
 * page cache could see a change before the read caches did, and keep a page rendered from their older reads as
 * if it were new: a product's tags moved, its page rendered again from the row cache's old price, kept as fresh.
 * Under load the read caches poll every READ_CACHE_VERSION_INTERVAL_MS anyway, so this costs no statement.
 */
export function pageCacheVersions(db: Database): { dataVersion(): Promise<string>; changes: ChangeClock } {
  const watcher = readCacheWatcher(db);
  // Content and search move tags on the clock (decision 0050): a blog post's publication re-renders the pages
  // that showed it or list its type, not the whole cache.
  let all = '';
  let paged = '';
  const dataVersion = async () => {
    const current = await watcher.current();
    if (current !== all) {
      all = current;
      paged = withoutScopes(current, [CONTENT_SCOPE, SEARCH_SCOPE]);
    }
    return paged;
  };
  return { dataVersion, changes: watcher.changes };
}

/** The watcher's string without some scopes ("catalogue:4,content:9" → "catalogue:4" without content). */
function withoutScopes(all: string, scopes: readonly string[]): string {
  return all
    .split(',')
    .filter((part) => !scopes.includes(part.slice(0, part.lastIndexOf(':'))))
    .join(',');
}

export interface VersionedCache<V> {
  /** The value stored under `key` for the current data version, loading (once, shared) when missing. */
  get(key: string, load: () => Promise<V>): Promise<V>;
  clear(): void;
  readonly size: number;
}

interface Held<V> {
  value: Promise<V>;
  /** The change clock when the load began. */
  since: number;
  /** Every tag the value depends on; null while it loads. */
  tags: Set<string> | null;
  /** The tags its load named (dependsOn), named again for whoever reads it. */
  named: Set<string>;
}

/**
 * A read cache emptied whenever the data version moves. A value is only ever stored by a load that started
 * after its version was read, so it is at least as new as that version; a failed load is not kept.
 *
 * With `changes`, a value is also dropped when one of its tags moved since its load began: the tags its load
 * named (`dependsOn`, e.g. every product the catalogue handed out), which are named again to whatever collects
 * around a read of it (a page being rendered), and those `tagsOf` finds in the value, kept to itself.
 */
export function createVersionedCache<V>(options: {
  version: () => Promise<string>;
  maxEntries?: number;
  changes?: ChangeClock;
  tagsOf?: (value: V) => Iterable<string>;
}): VersionedCache<V> {
  const maxEntries = options.maxEntries ?? 1000;
  const { changes, tagsOf } = options;
  let version: string | null = null;
  let entries = new Map<string, Held<V>>();
  /** The value of `held` as read here: its named tags go to the reader's collection once it has them. */
  const handOut = (held: Held<V>) =>
    changes
      ? held.value.then((value) => {
          dependsOn(held.named);
          return value;
        })
      : held.value;
  return {
    async get(key, load) {
      const current = await options.version();
      if (current !== version) {
        version = current;
        entries = new Map();
      }
      const map = entries;
      const held = map.get(key);
      // A load still running is shared only if nothing moved since it began (its tags are not known yet).
      const usable =
        held &&
        (!changes ||
          (held.tags === null ? changes.now() === held.since : changes.fresh(held.tags, held.since)));
      if (held && usable) {
        // Most recently used last, so the oldest entry is the first key.
        map.delete(key);
        map.set(key, held);
        return handOut(held);
      }
      const named = new Set<string>();
      const since = changes?.now() ?? 0;
      const entry: Held<V> = { value: null as unknown as Promise<V>, since, tags: null, named };
      const pending = changes
        ? collecting(named, load).then((value) => {
            const tags = new Set(named);
            if (tagsOf) for (const tag of tagsOf(value)) tags.add(tag);
            entry.tags = tags;
            return value;
          })
        : load();
      if (!changes) entry.tags = named;
      entry.value = pending;
      map.set(key, entry);
      pending.catch(() => {
        if (map.get(key) === entry) map.delete(key);
      });
      while (map.size > maxEntries) {
        const oldest = map.keys().next().value;
        if (oldest === undefined) break;
        map.delete(oldest);
      }
      return handOut(entry);
    },
    clear() {
      entries = new Map();
      version = null;
    },
    get size() {
      return entries.size;
    },
  };
}
