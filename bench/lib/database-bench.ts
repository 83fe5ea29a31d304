import { randomBytes } from 'node:crypto';
import type { sql } from 'drizzle-orm';
import pg from 'pg';
import { type DatabaseHandle, openPglite, openPostgres } from '../../server/db/database.ts';

/** What the back-office benches (orders, catalogue) share: output, statistics and the two databases. */

export const print = (line: string) => process.stdout.write(`${line}\n`);
export const round = (value: number) => Math.round(value * 10) / 10;

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export async function rows<T>(handle: DatabaseHandle, text: ReturnType<typeof sql>): Promise<T[]> {
  return ((await handle.db.execute(text)) as unknown as { rows: T[] }).rows;
}

/**
 * Runs `run` on an in-memory PGlite and, when BENCH_DATABASE_URL is set, on a fresh PostgreSQL database created
 * and dropped for it (BENCH_TARGETS=pglite or postgres runs one); stores each answer in `report`.
 */
export async function onEachDatabase(
  report: Record<string, unknown>,
  run: (handle: DatabaseHandle) => Promise<Record<string, unknown>>,
): Promise<void> {
  const postgresUrl = process.env.BENCH_DATABASE_URL;
  const targets = (process.env.BENCH_TARGETS ?? 'pglite,postgres').split(',');
  if (targets.includes('pglite')) {
    print('\nPGlite (in memory)');
    const handle = await openPglite(null);
    try {
      report.pglite = await run(handle);
    } finally {
      await handle.close();
    }
  }
  if (postgresUrl && targets.includes('postgres')) {
    print('\nPostgreSQL');
    const name = `ridgeline_bench_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(postgresUrl);
    url.pathname = `/${name}`;
    const handle = await openPostgres(url.toString(), { poolMax: 4 });
    try {
      report.postgres = await run(handle);
    } finally {
      await handle.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }
}
