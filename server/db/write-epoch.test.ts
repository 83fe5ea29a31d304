import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { describe, expect, it } from 'vitest';
import type { Database } from './database.ts';
import { isReadOnlyStatement, trackPgliteWrites, writeEpochOf } from './write-epoch.ts';

describe('write epochs of the embedded database', () => {
  it('counts only plain reads as reads', () => {
    expect(isReadOnlyStatement('select 1')).toBe(true);
    expect(isReadOnlyStatement('  SELECT "scope" from "data_versions"')).toBe(true);
    expect(isReadOnlyStatement('show server_version')).toBe(true);
    // A CTE may write (with … update): counted as a write, as is everything else.
    expect(isReadOnlyStatement('with moved as (update t set a = 1 returning a) select * from moved')).toBe(
      false,
    );
    expect(isReadOnlyStatement('update data_versions set version = version + 1')).toBe(false);
    expect(isReadOnlyStatement('insert into t values (1)')).toBe(false);
    expect(isReadOnlyStatement('selection')).toBe(false);
  });

  it('moves on writes and transactions, not on reads', async () => {
    const client = new PGlite();
    const db = drizzle(client) as unknown as Database;
    expect(writeEpochOf(db)).toBeUndefined();
    trackPgliteWrites(client, db);
    const epoch = writeEpochOf(db)!;
    const start = epoch();
    await client.query('select 1');
    await client.exec('select 2');
    expect(epoch()).toBe(start);
    await client.exec('create table t (a int)');
    const afterCreate = epoch();
    expect(afterCreate).toBeGreaterThan(start);
    await client.query('insert into t values ($1)', [1]);
    const afterInsert = epoch();
    expect(afterInsert).toBeGreaterThan(afterCreate);
    await client.transaction(async (tx) => {
      await tx.query('select * from t');
    });
    expect(epoch()).toBeGreaterThan(afterInsert);
    // A failed write still counts: it may have changed rows before it failed.
    const beforeFailure = epoch();
    await expect(client.query('insert into missing values (1)')).rejects.toThrow();
    expect(epoch()).toBeGreaterThan(beforeFailure);
    await client.close();
    // Starting an embedded database (WebAssembly) takes seconds on a busy machine.
  }, 120_000);
});
