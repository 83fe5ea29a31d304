import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { type DatabaseHandle, openPglite, openPostgres } from '#server/db/database.ts';
import { seedDemoStore } from '#server/seed/seed.ts';

/**
 * The database targets integration tests run on: always an in-memory PGlite, and PostgreSQL too when
 * TEST_DATABASE_URL points at a server (CI sets it). Each PostgreSQL handle gets a database of its own,
 * dropped on close, so runs never see each other's rows.
 *
 * Migrating takes ~3 s and seeding the demo store ~4 s per database; a run opens hundreds. The run's global set-up
 * (tests/support/database-templates.ts) migrates and seeds once per target and leaves templates: a PGlite dump
 * each database starts from, and PostgreSQL databases that `create database … template` copies. Without them (a
 * file run outside Vitest's set-up) every database is migrated and seeded as before.
 */
export type TemplateKind = 'migrated' | 'seeded';

export interface TestDatabaseTarget {
  name: 'pglite' | 'postgres';
  open(): Promise<DatabaseHandle>;
  /** A database already in the template's state, or null when the run has no templates. */
  openFromTemplate(kind: TemplateKind): Promise<DatabaseHandle | null>;
}

/** Where the global set-up left its templates (an environment variable, so every worker process sees it). */
export interface DatabaseTemplates {
  pglite: Record<TemplateKind, string>;
  postgres?: Record<TemplateKind, string>;
}

export const TEMPLATES_VARIABLE = 'RIDGELINE_TEST_DATABASE_TEMPLATES';

function templates(): DatabaseTemplates | null {
  const raw = process.env[TEMPLATES_VARIABLE];
  return raw ? (JSON.parse(raw) as DatabaseTemplates) : null;
}

/** The run's PostgreSQL template database of `kind`, for a test that opens its own pool on a copy. */
export function postgresTemplate(kind: TemplateKind): string | undefined {
  return templates()?.postgres?.[kind];
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

/** A new database on the TEST_DATABASE_URL server (empty, or a copy of `template`): its URL, and how to drop it. */
export async function createPostgresDatabase(
  prefix = 'ridgeline_test',
  template?: string,
): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name}${template ? ` template ${template}` : ''}`);
  const url = new URL(postgresUrl!);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => dropDatabase(name) };
}

/**
 * Drops a test database, ending its connections. An autovacuum worker (the server's own role) may be on a
 * freshly filled database, and ending it is refused ("must be a member of the role whose process is being
 * terminated"): try again shortly; a database left behind after that costs nothing but disk, so it is reported,
 * not thrown (a test's outcome never hangs on its clean-up).
 */
export async function dropDatabase(name: string): Promise<void> {
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

async function openFreshPostgres(template?: string): Promise<DatabaseHandle> {
  const database = await createPostgresDatabase('ridgeline_test', template);
  const handle = await openPostgres(database.url, { poolMax: 4 });
  return {
    ...handle,
    async close() {
      await handle.close();
      await database.drop();
    },
  };
}

// A worker reads each dump once; every database of the worker then starts from a copy of it in memory.
const dumps = new Map<string, Uint8Array<ArrayBuffer>>();

function pgliteFromDump(path: string): Promise<DatabaseHandle> {
  let dump = dumps.get(path);
  if (!dump) {
    dump = new Uint8Array(readFileSync(path));
    dumps.set(path, dump);
  }
  return openPglite(null, { loadDataDir: new Blob([dump]) });
}

export const testDatabaseTargets: TestDatabaseTarget[] = [
  {
    name: 'pglite',
    open: () => openPglite(null),
    async openFromTemplate(kind) {
      const path = templates()?.pglite[kind];
      return path ? pgliteFromDump(path) : null;
    },
  },
  ...(postgresUrl
    ? [
        {
          name: 'postgres' as const,
          open: () => openFreshPostgres(),
          async openFromTemplate(kind: TemplateKind) {
            const template = postgresTemplate(kind);
            return template ? openFreshPostgres(template) : null;
          },
        },
      ]
    : []),
];

/** A migrated database on the given target. */
export async function openMigrated(target: TestDatabaseTarget): Promise<DatabaseHandle> {
  const copy = await target.openFromTemplate('migrated');
  if (copy) return copy;
  const handle = await target.open();
  await handle.migrate();
  return handle;
}

/** A migrated database with the demo store seeded, on the given target. */
export async function openSeeded(target: TestDatabaseTarget): Promise<DatabaseHandle> {
  const copy = await target.openFromTemplate('seeded');
  if (copy) return copy;
  const handle = await openMigrated(target);
  await seedDemoStore(handle.db);
  return handle;
}
