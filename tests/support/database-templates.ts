import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { type DatabaseHandle, openPglite, openPostgres } from '#server/db/database.ts';
import { seedDemoStore } from '#server/seed/seed.ts';
import {
  createPostgresDatabase,
  type DatabaseTemplates,
  dropDatabase,
  TEMPLATES_VARIABLE,
  type TemplateKind,
} from './test-databases.ts';

/**
 * Vitest's global set-up: migrates and seeds one database per target, once per run, and leaves it as a template
 * (see test-databases.ts). Built from this checkout's migrations and seed every run, so a template is never stale.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const folder = mkdtempSync(join(tmpdir(), 'ridgeline-templates-'));
  const built: DatabaseTemplates = {
    pglite: { migrated: join(folder, 'migrated.tar'), seeded: join(folder, 'seeded.tar') },
  };

  const pglite = await openPglite(null);
  await pglite.migrate();
  await dumpTo(pglite, built.pglite.migrated);
  await seedDemoStore(pglite.db);
  await dumpTo(pglite, built.pglite.seeded);
  await pglite.close();

  const postgresNames: string[] = [];
  if (process.env.TEST_DATABASE_URL) {
    const names = {} as Record<TemplateKind, string>;
    for (const kind of ['migrated', 'seeded'] as const) {
      const database = await createPostgresDatabase(`ridgeline_template_${kind}`);
      postgresNames.push(database.name);
      // Closed before any test copies it: `create database … template` refuses a template with connections.
      const handle = await openPostgres(database.url, { poolMax: 2 });
      try {
        await handle.migrate();
        if (kind === 'seeded') await seedDemoStore(handle.db);
      } finally {
        await handle.close();
      }
      names[kind] = database.name;
    }
    built.postgres = names;
  }

  process.env[TEMPLATES_VARIABLE] = JSON.stringify(built);
  return async () => {
    for (const name of postgresNames) await dropDatabase(name);
    rmSync(folder, { recursive: true, force: true });
  };
}

async function dumpTo(handle: DatabaseHandle, path: string): Promise<void> {
  // drizzle keeps its driver's client as `$client`; PGlite writes its whole data folder as one tarball.
  const client = (handle.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir('none');
  writeFileSync(path, Buffer.from(await dump.arrayBuffer()));
}
