import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { BoundedPool, type PoolStats } from './bounded-pool.ts';
import { type DataDirLock, lockDataDir } from './data-dir-lock.ts';
import { trackPgliteWrites } from './write-epoch.ts';

export type { DatabaseTrouble, PoolStats } from './bounded-pool.ts';
export {
  classifyDatabaseError,
  currentTroubleNote,
  DatabaseBusyError,
  databaseTrouble,
  recentDatabaseTrouble,
  troubleDuringRequest,
  withDatabaseTrouble,
} from './bounded-pool.ts';

/** One type for both drivers: services never know whether PGlite or PostgreSQL is underneath. */
export type Database = PgDatabase<PgQueryResultHKT>;

export interface DatabaseHandle {
  readonly db: Database;
  readonly kind: 'pglite' | 'postgres';
  /** Throws when the database cannot answer. */
  ping(): Promise<void>;
  /** Connection pool figures (PostgreSQL only): what load shedding and the fault scripts look at. */
  poolStats?(): PoolStats;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const MIGRATIONS = resolve(import.meta.dirname, '../../drizzle');

export class DatabaseUnreachableError extends Error {
  constructor(target: string, cause: unknown) {
    const reason = cause instanceof Error ? cause.message || cause.name : String(cause);
    super(`Cannot reach the database at DATABASE_URL (${target}): ${reason}`);
    this.name = 'DatabaseUnreachableError';
  }
}

/** Where the URL points, without its password, for messages and logs. */
export function describeDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
  } catch {
    return 'an unparseable URL';
  }
}

/**
 * Embedded PostgreSQL in `dataDir/pglite`, or in memory when dataDir is null (tests). An in-memory database may
 * start from a dump of another (`loadDataDir`, PGlite's own tarball): tests start from a migrated or seeded copy
 * instead of migrating and seeding each time.
 */
export async function openPglite(
  dataDir: string | null,
  options: { loadDataDir?: Blob } = {},
): Promise<DatabaseHandle> {
  let lock: DataDirLock | undefined;
  let client: PGlite;
  if (dataDir === null) {
    client = new PGlite(options.loadDataDir ? { loadDataDir: options.loadDataDir } : undefined);
  } else {
    lock = lockDataDir(dataDir);
    const folder = join(dataDir, 'pglite');
    mkdirSync(folder, { recursive: true });
    try {
      client = new PGlite(folder);
      await client.waitReady;
    } catch (error) {
      lock.release();
      throw error;
    }
  }
  const db = drizzlePglite(client) as unknown as Database;
  trackPgliteWrites(client, db);
  return {
    db,
    kind: 'pglite',
    async ping() {
      await client.query('select 1');
    },
    async migrate() {
      await migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS });
    },
    async close() {
      try {
        if (!client.closed) await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

export interface PostgresOptions {
  /** Connections the pool may open (pg Pool `max`). */
  poolMax?: number;
  /** Requests that may wait for a connection; past it a query fails at once with DatabaseBusyError. */
  maxWaiting?: number;
  /** How long to wait for a connection, new or from the pool, before giving up. */
  connectTimeoutMs?: number;
  /** PostgreSQL cancels a statement that runs longer (statement_timeout); 0 for none. */
  statementTimeoutMs?: number;
}

export async function openPostgres(url: string, options: PostgresOptions = {}): Promise<DatabaseHandle> {
  const maxWaiting = options.maxWaiting ?? 200;
  const statementTimeout = options.statementTimeoutMs ?? 15_000;
  const pool = new BoundedPool(
    {
      connectionString: url,
      max: options.poolMax ?? 10,
      connectionTimeoutMillis: options.connectTimeoutMs ?? 5000,
      idleTimeoutMillis: 30_000,
      // A dead peer (a PostgreSQL host that vanished without closing the socket) is noticed instead of hanging.
      keepAlive: true,
      ...(statementTimeout > 0
        ? { statement_timeout: statementTimeout, idle_in_transaction_session_timeout: statementTimeout * 2 }
        : {}),
    },
    maxWaiting,
  );
  // An idle client whose server went away emits 'error'; without a listener that would end the process.
  pool.on('error', () => {});
  try {
    await pool.query('select 1');
  } catch (error) {
    await pool.end().catch(() => {});
    throw new DatabaseUnreachableError(describeDatabaseUrl(url), error);
  }
  const db = drizzlePg(pool) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    async ping() {
      await pool.query('select 1');
    },
    poolStats() {
      return {
        max: pool.options.max,
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
        maxWaiting,
      };
    },
    async migrate() {
      // Several server processes may start together against one PostgreSQL: one migrates, the others wait.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock(727274)');
        await migratePg(drizzlePg(client), { migrationsFolder: MIGRATIONS });
      } finally {
        await client.query('select pg_advisory_unlock(727274)').catch(() => {});
        client.release();
      }
    },
    async close() {
      await pool.end();
    },
  };
}

export interface DatabaseSettings {
  DATABASE_URL?: string;
  DATA_DIR: string;
  DATABASE_POOL_MAX?: number;
  DATABASE_POOL_MAX_WAITING?: number;
  DATABASE_CONNECT_TIMEOUT_MS?: number;
  DATABASE_STATEMENT_TIMEOUT_MS?: number;
}

export function openDatabase(config: DatabaseSettings): Promise<DatabaseHandle> {
  return config.DATABASE_URL
    ? openPostgres(config.DATABASE_URL, {
        poolMax: config.DATABASE_POOL_MAX,
        maxWaiting: config.DATABASE_POOL_MAX_WAITING,
        connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS,
        statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
      })
    : openPglite(config.DATA_DIR);
}
