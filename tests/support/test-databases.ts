import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type DatabaseHandle, openPglite, openPostgres } from '#server/db/database.ts';

/**
 * The database targets integration tests run on: always an in-memory PGlite, and PostgreSQL too when
 * TEST_DATABASE_URL points at a server (CI sets it). Each PostgreSQL handle gets a database of its own,
 * dropped on close, so runs never see each other's rows.
 */
export interface TestDatabaseTarget {
  name: 'pglite' | 'postgres';
  open(): Promise<DatabaseHandle>;
}

const postgresUrl = process.env.TEST_DATABASE_URL;

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** A new, empty database on the TEST_DATABASE_URL server: its URL, and how to drop it. */
export async function createPostgresDatabase(
  prefix = 'ridgeline_test',
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(postgresUrl!);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => dropDatabase(name) };
}

/**
 * Drops a test database, ending its connections. An autovacuum worker (the server's own role) may be on a
 * freshly filled database, and ending it is refused ("must be a member of the role whose process is being
 * terminated"): try again shortly; a database left behind after that costs nothing but disk, so it is reported,
 * not thrown (a test's outcome never hangs on its clean-up).
 */
async function dropDatabase(name: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await adminQuery(`drop database if exists ${name} with (force)`);
      return;
    } catch (error) {
      if (attempt === 6) {
        console.warn(`test database ${name} left behind: ${(error as Error).message}`);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 250 * attempt));
    }
  }
}

async function openFreshPostgres(): Promise<DatabaseHandle> {
  const database = await createPostgresDatabase();
  const handle = await openPostgres(database.url, { poolMax: 4 });
  return {
    ...handle,
    async close() {
      await handle.close();
      await database.drop();
    },
  };
}

export const testDatabaseTargets: TestDatabaseTarget[] = [
  { name: 'pglite', open: () => openPglite(null) },
  ...(postgresUrl ? [{ name: 'postgres' as const, open: openFreshPostgres }] : []),
];

/** A migrated database on the given target. */
export async function openMigrated(target: TestDatabaseTarget): Promise<DatabaseHandle> {
  const handle = await target.open();
  await handle.migrate();
  return handle;
}
