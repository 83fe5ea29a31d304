import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, recentDatabaseTrouble } from '#server/db/database.ts';
import { openMigrated, testDatabaseTargets } from '../support/test-databases.ts';

/**
 * Issue 17 #10: PostgreSQL going away under the server (stopped, restarted, backends terminated) must never end
 * the process. pg_terminate_backend sends every connection of the database the same "terminating connection
 * due to administrator command" a fast shutdown sends, to checked-out and idle clients alike; the full stop and
 * start under load is bench/faults/pg-restart.ts. PostgreSQL only: PGlite runs in-process.
 */
const postgres = testDatabaseTargets.filter((target) => target.name === 'postgres');

describe.skipIf(postgres.length === 0).each(postgres)('a lost PostgreSQL connection on $name', (target) => {
  let handle: DatabaseHandle;
  let databaseName: string;
  const fatal: unknown[] = [];
  const onFatal = (error: unknown) => fatal.push(error);

  beforeAll(async () => {
    handle = await openMigrated(target);
    const result = (await handle.db.execute(sql`select current_database() as name`)) as unknown as {
      rows: { name: string }[];
    };
    databaseName = result.rows[0]!.name;
    process.on('uncaughtException', onFatal);
  });
  afterAll(async () => {
    process.off('uncaughtException', onFatal);
    await handle?.close();
  });

  async function terminateBackends() {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      const killed = await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [databaseName],
      );
      return killed.rowCount ?? 0;
    } finally {
      await admin.end();
    }
  }

  it('a checked-out client (a transaction between statements) and idle clients lose the server: the process stays up, the pool recovers', async () => {
    // Idle clients in the pool.
    await Promise.all([1, 2, 3].map(() => handle.db.execute(sql`select pg_sleep(0.05)`)));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let inTransaction!: () => void;
    const started = new Promise<void>((resolve) => {
      inTransaction = resolve;
    });
    const transaction = handle.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      inTransaction();
      await gate;
      await tx.execute(sql`select 1`);
    });
    const outcome = transaction.then(
      () => 'committed',
      () => 'failed',
    );
    await started;
    expect(await terminateBackends()).toBeGreaterThanOrEqual(2);
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    expect(await outcome).toBe('failed');
    expect(recentDatabaseTrouble(10_000)).toBe('unavailable');
    // New connections replace the dead ones without a restart.
    await handle.ping();
    const rows = (await handle.db.execute(sql`select 41 + 1 as answer`)) as unknown as {
      rows: { answer: number }[];
    };
    expect(rows.rows[0]!.answer).toBe(42);
    expect(fatal).toEqual([]);
  });
});
