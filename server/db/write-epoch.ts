import type { PGlite } from '@electric-sql/pglite';
import type { Database } from './database.ts';

/**
 * Write epochs of the embedded database (issue 22, docs/decisions/0018-embedded-data-versions.md). PGlite serves
 * one process (the data folder is locked), so every write to it passes through this process's client: counting
 * them tells the data-version watcher when the versions may have moved, and it reads them only then instead of
 * polling the database several times a second (a polled read cost about as much as a cached page's other reads).
 */
const epochs = new WeakMap<Database, () => number>();

/** True for a statement that cannot change rows (and so cannot fire a version trigger); anything else counts. */
export function isReadOnlyStatement(sql: string): boolean {
  return /^\s*(select|show)\b/i.test(sql);
}

/**
 * Counts writes on `client` for `db`: every statement that is not a plain read, and every transaction (its
 * statements run on the transaction's own handle), bumps the epoch when it starts and again when it ends, so a
 * reader that starts after a write finished always sees a new epoch.
 */
export function trackPgliteWrites(client: PGlite, db: Database): void {
  let epoch = 0;
  const counted = <F extends (...args: never[]) => Promise<unknown>>(
    run: F,
    writes: (first: unknown) => boolean,
  ): F =>
    (async (...args: Parameters<F>) => {
      if (!writes(args[0])) return run(...args);
      epoch++;
      try {
        return await run(...args);
      } finally {
        epoch++;
      }
    }) as F;
  client.query = counted(
    client.query.bind(client),
    (sql) => !isReadOnlyStatement(String(sql)),
  ) as PGlite['query'];
  client.exec = counted(
    client.exec.bind(client),
    (sql) => !isReadOnlyStatement(String(sql)),
  ) as PGlite['exec'];
  client.transaction = counted(client.transaction.bind(client), () => true);
  // Raw protocol messages (execProtocol: migrations at start) are not counted: the watcher's backstop interval
  // bounds how long such a write could go unseen.
  epochs.set(db, () => epoch);
}

/** The write counter of `db` when it is a tracked embedded database; undefined for PostgreSQL (other writers). */
export function writeEpochOf(db: Database): (() => number) | undefined {
  return epochs.get(db);
}
